import WidgetThumbnails

/// What a batch run says as it goes, for its front end to print: notes, record problems, the
/// end of discovery and each input's outcomes. Called from the workers one input at a time.
package protocol BatchRunListener: Sendable {
    /// A note or warning about the run (`note: ...`, `warning: ...`), texts from outside escaped.
    func note(_ text: String)
    /// A problem with the run's records (the thumbnails themselves are fine).
    func recordProblem(_ error: ImageError)
    /// Every input of this shard has been found: `total` of them.
    func foundAll(total: Int)
    /// The `index`th input's outputs are done (several with `--families` or several spans); `damagedPart` is the
    /// one of them that says the input's damage, once.
    func finished(index: Int, outcomes: [BatchOutcome], damagedPart: Int?)
}

/// One run of `batch`: inputs are found, named and sharded as the workers ask for them, each
/// finished item is journaled, handed to the listener and added to the totals at once, and at
/// the end the journal is compacted into the manifest and the preview page is written. Nothing
/// per item is kept, except for `--json` and `--preview`, which need every item at the end.
/// The front end (widget-thumbs' `BatchCommand`) parses, listens and prints.
package struct BatchRun {
    package var settings: BatchSettings
    /// The device the preview page's frames are drawn for (`--preview-device`).
    package var previewDevice: PreviewDevice

    package init(settings: BatchSettings, previewDevice: PreviewDevice) {
        self.settings = settings
        self.previewDevice = previewDevice
    }

    /// What a run ends with.
    package struct Result {
        /// The totals.
        package var summary: BatchSummary
        /// Every item in input order, kept for `--json` and the preview page only.
        package var items: [BatchItemReport]
        /// An input failed, the page could not be written, or the records had a problem.
        package var failed: Bool
    }

    package func run(_ listener: some BatchRunListener) throws(ImageError) -> Result {
        let clock = Stopwatch()
        let quiet = settings.output == .quiet
        if let shard = settings.shard, let page = settings.previewPage, !quiet {
            listener.note("note: --shard \(shard): the preview page shows this shard's outputs alone, in \(DisplayText.escaped(page))")
        }
        try OutputDirectories.create(settings.outDirectory)
        let staging = try StagingFolder(outDirectory: settings.outDirectory)
        _ = staging.removeLeftovers()
        // Held until the manifest is written: another run on these record files waits (`RecordLock`).
        let outDirectory = settings.outDirectory
        let recordLock = try RecordLock(staging: staging, stem: BatchManifest.stem(shard: settings.shard)) { lockFile in
            guard !quiet else { return }
            listener.note("note: waiting for another run on \(DisplayText.escaped(outDirectory)) (it holds \(DisplayText.escaped(lockFile)))")
        }
        defer { recordLock.release() }
        if let reason = recordLock.unlocked { listener.note("warning: \(reason)") }
        let inputs = InputIdentities()
        let discovery = try InputCensus(inputs: inputs, previewPage: settings.previewPage).take(
            filesFrom: settings.filesFrom, separator: settings.separator, staging: staging) { list in
                InputDiscovery(arguments: settings.inputs, list: list, depth: settings.depth, outDirectory: settings.outDirectory)
            }
        let manifest = BatchManifest(directory: settings.outDirectory, shard: settings.shard, durability: settings.durability,
                                     inputs: inputs)
        let records = RecordProblems { listener.recordProblem($0) }
        for problem in manifest.problems { records.report(problem) }
        let job = BatchJob(pipeline: ThumbnailPipeline(options: settings.thumbnail),
                           admission: MemoryAdmission(limitBytes: settings.memoryLimitBytes),
                           outDirectory: settings.outDirectory, settings: settings.outputFingerprints,
                           force: settings.force, manifest: manifest,
                           outputGuard: OutputGuard(inputs: inputs, foreignFiles: settings.foreignFiles,
                                                    outDirectory: settings.outDirectory),
                           staging: staging, durability: settings.durability,
                           withRenderCost: settings.output == .json || settings.output == .jsonLines
                               || settings.previewPage != nil,
                           variants: settings.variants, journal: manifest.journal, records: records)
        let source = PlannedInputs(discovery: discovery, shard: settings.shard, inputs: inputs)
        let results = Results(keepItems: settings.output == .json || settings.previewPage != nil,
                              summary: BatchSummary(jobs: settings.jobs, shard: settings.shard))
        BatchRunner(jobs: settings.jobs).stream {
            let next = source.next()
            if next == nil { listener.foundAll(total: source.count) }
            return next
        } work: { planned in
            job.run(planned)
        } finished: { index, outcomes in
            // With several outputs an input has several entries; its file's bytes count once, with
            // a made one when there is one (the others may be up to date).
            let countedEntry = outcomes.firstIndex { $0.report.status == .ok } ?? outcomes.firstIndex { $0.report.status != .failed }
            // An input's damage is its own, not its outputs': said once.
            listener.finished(index: index, outcomes: outcomes, damagedPart: outcomes.firstIndex { $0.report.damage != nil })
            for (part, outcome) in outcomes.enumerated() {
                results.add(outcome.report, index: index, part: part, countingInput: part == countedEntry)
            }
        }

        var summary = results.summary
        summary.wallSeconds = clock.seconds
        do throws(ImageError) {
            try manifest.finish(staging: staging, durability: settings.durability)
        } catch {
            records.report(error) // the thumbnails are fine, and the journal still records them
        }
        let items = results.items
        var pageFailed = false
        if let page = settings.previewPage {
            do throws(ImageError) {
                try PreviewPage.write(page, items: items, summary: summary, device: previewDevice, outDirectory: settings.outDirectory,
                                      embed: settings.previewEmbed, inputs: inputs) { fallback in
                    if !quiet { listener.note("note: \(DisplayText.escaped(page)): \(fallback)") }
                }
            } catch {
                listener.recordProblem(error)
                pageFailed = true
            }
        }
        return Result(summary: summary, items: items, failed: summary.failed > 0 || pageFailed || records.any)
    }
}

/// The discovery as the workers see it: the next input of this shard (every input of the run
/// is still found and named, so all shards agree on names). An input inside `--out` that the
/// census (`InputCensus`) did not see appeared after the run began: it fails, and is kept
/// like any input. Called one worker at a time (`BatchRunner.stream`).
package final class PlannedInputs: Sendable {
    private let shard: Shard?
    private let inputs: InputIdentities
    private let state: Locked<(discovery: InputDiscovery, count: Int)>

    init(discovery: sending InputDiscovery, shard: Shard?, inputs: InputIdentities) {
        self.shard = shard
        self.inputs = inputs
        state = Locked((discovery, 0))
    }

    /// Inputs of this shard handed out.
    var count: Int { state.withLock { $0.count } }

    func next() -> PlannedInput? {
        let inputs = inputs
        let shard = shard
        return state.withLock { state -> PlannedInput? in
            while var planned = state.discovery.next() {
                if let identity = planned.input.identity, inputs.insert(identity) {
                    planned.input.discoveryError = planned.input.discoveryError ?? ImageError(
                        .invalidArgument, "it appeared in --out after the run began (a thumbnail of this run?); it is not taken")
                }
                if shard?.contains(planned.input.relativePath) ?? true {
                    state.count += 1
                    return planned
                }
            }
            return nil
        }
    }
}

/// The totals, and (for `--json` and the preview page only) every item in input order.
package final class Results: Sendable {
    private let keepItems: Bool
    private let state: Locked<(totals: BatchSummary, kept: [(index: Int, part: Int, report: BatchItemReport)])>

    init(keepItems: Bool, summary: BatchSummary) {
        self.keepItems = keepItems
        state = Locked((summary, []))
    }

    /// Adds the `part`th output of the `index`th input; `countingInput`: its input's bytes
    /// are added with it (once per input).
    func add(_ item: BatchItemReport, index: Int, part: Int = 0, countingInput: Bool = true) {
        let keepItems = keepItems
        state.withLock { state in
            state.totals.add(item, countingInput: countingInput, newInput: part == 0)
            if keepItems { state.kept.append((index, part, item)) }
        }
    }

    var summary: BatchSummary { state.withLock { $0.totals } }
    var items: [BatchItemReport] {
        state.withLock { $0.kept.sorted { ($0.index, $0.part) < ($1.index, $1.part) }.map(\.report) }
    }
}

