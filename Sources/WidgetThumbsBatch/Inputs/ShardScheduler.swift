/// `--shard auto` and `--shard auto/N`: the shard read from the environment a batch scheduler
/// gives each task of an array job, so one command line serves every task. Each scheduler is
/// one row of `all`; a scheduler added there is read, refused when ambiguous and documented
/// (Docs/batch.md lists the same variables) with nothing else to change.
package struct ShardScheduler: Sendable, Equatable {
    package let name: String
    /// The task's index; the scheduler sets it only inside an array job.
    package let indexVariable: String
    /// The number of tasks, where the scheduler says it; otherwise `auto/N` must.
    package let countVariable: String?
    /// Slurm numbers a task by its array id (`--array=1-16` starts at 1): the lowest id and the
    /// step between ids turn it into a 0-based index.
    package let lowestIdVariable: String?
    package let stepVariable: String?

    package static let all: [ShardScheduler] = [
        ShardScheduler(name: "Kubernetes Indexed Job", indexVariable: "JOB_COMPLETION_INDEX", countVariable: nil,
                       lowestIdVariable: nil, stepVariable: nil),
        ShardScheduler(name: "AWS Batch array job", indexVariable: "AWS_BATCH_JOB_ARRAY_INDEX",
                       countVariable: "AWS_BATCH_JOB_ARRAY_SIZE", lowestIdVariable: nil, stepVariable: nil),
        ShardScheduler(name: "Cloud Run job", indexVariable: "CLOUD_RUN_TASK_INDEX", countVariable: "CLOUD_RUN_TASK_COUNT",
                       lowestIdVariable: nil, stepVariable: nil),
        ShardScheduler(name: "Google Cloud Batch job", indexVariable: "BATCH_TASK_INDEX", countVariable: "BATCH_TASK_COUNT",
                       lowestIdVariable: nil, stepVariable: nil),
        ShardScheduler(name: "Slurm job array", indexVariable: "SLURM_ARRAY_TASK_ID", countVariable: "SLURM_ARRAY_TASK_COUNT",
                       lowestIdVariable: "SLURM_ARRAY_TASK_MIN", stepVariable: "SLURM_ARRAY_TASK_STEP"),
    ]

    /// The shard `text` names (`K/N`, `auto` or `auto/N`), `environment` read for `auto`, and
    /// where an `auto` shard came from (`scheduler` nil for `K/N`).
    package struct Resolution: Sendable, Equatable {
        package let shard: Shard
        package let scheduler: ShardScheduler?
        /// The variables read, `NAME=value`, in the order read.
        package let variables: [String]
    }

    /// Why `auto` found no shard; `description` is the sentence after `'--shard auto': `.
    package enum Failure: Error, Sendable, Equatable, CustomStringConvertible {
        case noScheduler
        case severalSchedulers([String])
        case notANumber(variable: String, value: String)
        case noCount(ShardScheduler)
        case countsDisagree(ShardScheduler, given: Int, scheduler: Int)
        case outOfRange(ShardScheduler, index: Int, count: Int)

        package var description: String {
            switch self {
            case .noScheduler:
                "none of the schedulers' index variables is set ("
                    + ShardScheduler.all.map(\.indexVariable).joined(separator: ", ") + "); give the shard as K/N"
            case .severalSchedulers(let variables):
                "more than one scheduler's index variable is set (" + variables.joined(separator: ", ")
                    + "), so which scheduler runs this task is ambiguous; give the shard as K/N"
            case .notANumber(let variable, let value):
                "\(variable) is '\(value)', not a whole number"
            case .noCount(let scheduler):
                "a \(scheduler.name) gives no task count; give it as auto/N (N the number of tasks)"
            case .countsDisagree(let scheduler, let given, let count):
                "auto/\(given) disagrees with the \(scheduler.name)'s \(count) tasks (\(scheduler.countVariable ?? ""))"
            case .outOfRange(let scheduler, let index, let count):
                "the \(scheduler.name)'s task is index \(index) of \(count), outside 0..<\(count)"
                    + (scheduler.lowestIdVariable == nil ? "" : " (array ids must be a range, a-b or a-b:step)")
            }
        }
    }

    /// nil when `text` is neither `K/N` nor `auto[/N]`: an invalid value, for the caller to say so.
    package static func resolve(_ text: String, environment: [String: String]) -> Result<Resolution, Failure>? {
        if let shard = Shard(commandLine: text) { return .success(Resolution(shard: shard, scheduler: nil, variables: [])) }
        let parts = text.split(separator: "/", omittingEmptySubsequences: false)
        guard parts.first == "auto", parts.count <= 2 else { return nil }
        var given: Int?
        if parts.count == 2 {
            guard let count = Int(parts[1]), count >= 1 else { return nil }
            given = count
        }
        return Result { () throws(Failure) in try auto(count: given, environment: environment) }
    }

    private static func auto(count given: Int?, environment: [String: String]) throws(Failure) -> Resolution {
        let present = all.filter { environment[$0.indexVariable] != nil }
        guard let scheduler = present.first else { throw .noScheduler }
        guard present.count == 1 else { throw .severalSchedulers(present.map(\.indexVariable)) }
        var variables: [String] = []
        func number(_ variable: String) throws(Failure) -> Int? {
            guard let value = environment[variable] else { return nil }
            variables.append("\(variable)=\(value)")
            guard let number = Int(value) else { throw .notANumber(variable: variable, value: value) }
            return number
        }
        var index = try number(scheduler.indexVariable) ?? 0
        if let lowest = try scheduler.lowestIdVariable.flatMap(number) {
            let step = try scheduler.stepVariable.flatMap(number) ?? 1
            let offset = index - lowest
            index = step >= 1 && offset % step == 0 ? offset / step : -1
        }
        let counted = try scheduler.countVariable.flatMap(number)
        if let given, let counted, given != counted { throw .countsDisagree(scheduler, given: given, scheduler: counted) }
        guard let count = counted ?? given else { throw .noCount(scheduler) }
        guard let shard = Shard(commandLine: "\(index)/\(count)") else {
            throw .outOfRange(scheduler, index: index, count: count)
        }
        return Resolution(shard: shard, scheduler: scheduler, variables: variables)
    }
}
