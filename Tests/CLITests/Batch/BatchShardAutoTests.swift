import Foundation
import Testing
import TestSupport

/// `batch --shard auto` run as a scheduler runs it: the binary with a Slurm array task's
/// variables in its environment (and every other scheduler's removed, so a test run inside a
/// real array job still tests this one).
@Suite struct BatchShardAutoTests {
    static let schedulerVariables = ["JOB_COMPLETION_INDEX", "AWS_BATCH_JOB_ARRAY_INDEX", "AWS_BATCH_JOB_ARRAY_SIZE",
                                     "CLOUD_RUN_TASK_INDEX", "CLOUD_RUN_TASK_COUNT", "BATCH_TASK_INDEX", "BATCH_TASK_COUNT",
                                     "SLURM_ARRAY_TASK_ID", "SLURM_ARRAY_TASK_COUNT", "SLURM_ARRAY_TASK_MIN", "SLURM_ARRAY_TASK_STEP"]

    /// The binary under `env`, with `set` as its only scheduler variables.
    static func run(_ arguments: [String], set: [String: String]) throws -> ChildProcess.Result {
        let binary = try #require(WidgetThumbsBinary.path, WidgetThumbsBinary.notFoundMessage)
        let unset = schedulerVariables.flatMap { ["-u", $0] }
        let assignments = set.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }
        return try ChildProcess.run("/usr/bin/env", unset + assignments + [binary] + arguments, timeout: 120)
    }

    @Test func slurmTasksSplitTheRunAndSayWhichShardTheyAre() throws {
        let fixtures = try BatchFixtures()
        defer { fixtures.remove() }
        let full = try BatchJSON(try WidgetThumbsBinary.run(["batch", fixtures.folder, "-r", "--out", fixtures.root.file("full"),
                                                             "--json"], timeout: 120).stdout)
        var seen: [String] = []
        // sbatch --array=1-3: ids 1, 2, 3 are shards 0, 1, 2.
        for id in 1...3 {
            let result = try Self.run(["batch", fixtures.folder, "-r", "--out", fixtures.root.file("sharded"), "--json",
                                       "--shard", "auto"],
                                      set: ["SLURM_ARRAY_TASK_ID": "\(id)", "SLURM_ARRAY_TASK_MIN": "1", "SLURM_ARRAY_TASK_COUNT": "3"])
            #expect(result.status == 0 || result.status == 1, "\(result)") // 1: a shard with some of the fixtures' bad inputs
            #expect(result.stderr.contains("widget-thumbs: note: --shard auto: shard \(id - 1)/3 of a Slurm job array "
                                           + "(SLURM_ARRAY_TASK_ID=\(id), SLURM_ARRAY_TASK_MIN=1, SLURM_ARRAY_TASK_COUNT=3)"),
                    "\(result.stderr)")
            let shard = try BatchJSON(result.stdout)
            #expect(Set(shard.inputs.map(\.input)).isDisjoint(with: seen))
            seen += shard.inputs.map(\.input)
        }
        #expect(seen.sorted() == full.inputs.map(\.input).sorted())
    }

    @Test(arguments: [
        ([:], "none of the schedulers' index variables is set"),
        (["JOB_COMPLETION_INDEX": "0", "BATCH_TASK_INDEX": "0", "BATCH_TASK_COUNT": "2"],
         "more than one scheduler's index variable is set (JOB_COMPLETION_INDEX, BATCH_TASK_INDEX)"),
        (["JOB_COMPLETION_INDEX": "0"], "a Kubernetes Indexed Job gives no task count; give it as auto/N"),
        (["CLOUD_RUN_TASK_INDEX": "\u{1B}[2J", "CLOUD_RUN_TASK_COUNT": "2"], "CLOUD_RUN_TASK_INDEX is '\\u{1b}[2J', not a whole number"),
    ])
    func unresolvableShardsAreUsageErrors(environment: [String: String], message: String) throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let result = try Self.run(["batch", directory.path, "--out", directory.file("out"), "--shard", "auto"], set: environment)
        #expect(result.status == 64, "\(result)")
        #expect(result.stderr.hasPrefix("Error: '--shard auto': "), "\(result.stderr)")
        #expect(result.stderr.contains(message), "\(result.stderr)")
        #expect(!result.stderr.contains("\u{1B}"))
        #expect(!FileManager.default.fileExists(atPath: directory.file("out")))
    }
}
