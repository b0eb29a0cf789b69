import Testing
@testable import WidgetThumbsBatch

/// `--shard auto`: each scheduler's variables, as its documentation names them, given to the
/// resolver as an environment in process.
@Suite struct ShardSchedulerTests {
    private func resolved(_ text: String, _ environment: [String: String]) throws -> ShardScheduler.Resolution {
        let result = try #require(ShardScheduler.resolve(text, environment: environment), "\(text) was not understood")
        return try result.get()
    }

    private func failure(_ text: String, _ environment: [String: String]) throws -> ShardScheduler.Failure {
        let result = try #require(ShardScheduler.resolve(text, environment: environment), "\(text) was not understood")
        guard case .failure(let failure) = result else {
            Issue.record("\(text) with \(environment) resolved to \(result)")
            throw CancellationError()
        }
        return failure
    }

    private func shard(_ index: Int, _ count: Int) throws -> Shard {
        try #require(Shard(commandLine: "\(index)/\(count)"))
    }

    @Test func kubernetesGivesTheIndexAndTheCommandLineTheCount() throws {
        let resolution = try resolved("auto/8", ["JOB_COMPLETION_INDEX": "5", "HOSTNAME": "thumbs-5-x2"])
        #expect(resolution.shard == (try shard(5, 8)))
        #expect(resolution.scheduler?.name == "Kubernetes Indexed Job")
        #expect(resolution.variables == ["JOB_COMPLETION_INDEX=5"])
        // An Indexed Job says no count: auto alone is refused, naming the way out.
        let missing = try failure("auto", ["JOB_COMPLETION_INDEX": "5"])
        #expect(missing == .noCount(try #require(resolution.scheduler)))
        #expect(missing.description.contains("auto/N"))
        // An index the count cannot hold.
        #expect(try failure("auto/4", ["JOB_COMPLETION_INDEX": "5"]) == .outOfRange(try #require(resolution.scheduler), index: 5, count: 4))
    }

    @Test func awsBatchArrayJobsGiveIndexAndSize() throws {
        let resolution = try resolved("auto", ["AWS_BATCH_JOB_ARRAY_INDEX": "0", "AWS_BATCH_JOB_ARRAY_SIZE": "10"])
        #expect(resolution.shard == (try shard(0, 10)))
        #expect(resolution.variables == ["AWS_BATCH_JOB_ARRAY_INDEX=0", "AWS_BATCH_JOB_ARRAY_SIZE=10"])
        // auto/N agreeing with the scheduler is fine; disagreeing is refused.
        #expect(try resolved("auto/10", ["AWS_BATCH_JOB_ARRAY_INDEX": "9", "AWS_BATCH_JOB_ARRAY_SIZE": "10"]).shard == (try shard(9, 10)))
        let scheduler = try #require(ShardScheduler.all.first { $0.indexVariable == "AWS_BATCH_JOB_ARRAY_INDEX" })
        #expect(try failure("auto/8", ["AWS_BATCH_JOB_ARRAY_INDEX": "1", "AWS_BATCH_JOB_ARRAY_SIZE": "10"])
                == .countsDisagree(scheduler, given: 8, scheduler: 10))
    }

    @Test func cloudRunJobsGiveTaskIndexAndCount() throws {
        let resolution = try resolved("auto", ["CLOUD_RUN_TASK_INDEX": "3", "CLOUD_RUN_TASK_COUNT": "4", "CLOUD_RUN_EXECUTION": "e-1"])
        #expect(resolution.shard == (try shard(3, 4)))
        #expect(resolution.scheduler?.name == "Cloud Run job")
    }

    @Test func googleCloudBatchGivesTaskIndexAndCount() throws {
        let resolution = try resolved("auto", ["BATCH_TASK_INDEX": "1", "BATCH_TASK_COUNT": "2"])
        #expect(resolution.shard == (try shard(1, 2)))
        #expect(resolution.scheduler?.name == "Google Cloud Batch job")
    }

    @Test func slurmArrayIdsAreTurnedIntoZeroBasedIndexes() throws {
        // --array=1-16: ids 1..16 are shards 0..15.
        for id in 1...16 {
            let resolution = try resolved("auto", ["SLURM_ARRAY_TASK_ID": "\(id)", "SLURM_ARRAY_TASK_MIN": "1",
                                                   "SLURM_ARRAY_TASK_MAX": "16", "SLURM_ARRAY_TASK_COUNT": "16"])
            #expect(resolution.shard == (try shard(id - 1, 16)), "id \(id)")
        }
        // --array=0-3: already 0-based.
        #expect(try resolved("auto", ["SLURM_ARRAY_TASK_ID": "2", "SLURM_ARRAY_TASK_MIN": "0", "SLURM_ARRAY_TASK_COUNT": "4"]).shard
                == (try shard(2, 4)))
        // --array=1-7:2 (ids 1, 3, 5, 7): id 5 is the third task.
        #expect(try resolved("auto", ["SLURM_ARRAY_TASK_ID": "5", "SLURM_ARRAY_TASK_MIN": "1", "SLURM_ARRAY_TASK_STEP": "2",
                                      "SLURM_ARRAY_TASK_COUNT": "4"]).shard == (try shard(2, 4)))
        // Ids that are not a range (--array=1,2,9 says count 3): id 9 lands outside and is refused.
        let slurm = try #require(ShardScheduler.all.first { $0.indexVariable == "SLURM_ARRAY_TASK_ID" })
        #expect(try failure("auto", ["SLURM_ARRAY_TASK_ID": "9", "SLURM_ARRAY_TASK_MIN": "1", "SLURM_ARRAY_TASK_COUNT": "3"])
                == .outOfRange(slurm, index: 8, count: 3))
    }

    @Test func noneOrTwoSchedulersAreRefused() throws {
        let none = try failure("auto", ["HOME": "/root", "SLURM_JOB_ID": "12"])
        #expect(none == .noScheduler)
        for scheduler in ShardScheduler.all { #expect(none.description.contains(scheduler.indexVariable)) }
        let two = try failure("auto/4", ["JOB_COMPLETION_INDEX": "1", "SLURM_ARRAY_TASK_ID": "2", "SLURM_ARRAY_TASK_MIN": "0",
                                         "SLURM_ARRAY_TASK_COUNT": "4"])
        #expect(two == .severalSchedulers(["JOB_COMPLETION_INDEX", "SLURM_ARRAY_TASK_ID"]))
        #expect(two.description.contains("ambiguous"))
    }

    @Test func valuesThatAreNotNumbersAreRefusedAndOtherTextIsNotAuto() throws {
        #expect(try failure("auto", ["CLOUD_RUN_TASK_INDEX": "one", "CLOUD_RUN_TASK_COUNT": "2"])
                == .notANumber(variable: "CLOUD_RUN_TASK_INDEX", value: "one"))
        #expect(try failure("auto", ["BATCH_TASK_INDEX": "-1", "BATCH_TASK_COUNT": "2"]) != .noScheduler)
        #expect(try failure("auto", ["BATCH_TASK_INDEX": "0", "BATCH_TASK_COUNT": "0"]) != .noScheduler)
        for text in ["auto/0", "auto/x", "auto/2/3", "automatic", "Auto", "auto/"] {
            #expect(ShardScheduler.resolve(text, environment: ["JOB_COMPLETION_INDEX": "0"]) == nil, "\(text)")
        }
        // K/N needs no environment and ignores it.
        let plain = try resolved("1/3", ["JOB_COMPLETION_INDEX": "0", "BATCH_TASK_INDEX": "2"])
        #expect(plain.shard == (try shard(1, 3)) && plain.scheduler == nil)
    }
}
