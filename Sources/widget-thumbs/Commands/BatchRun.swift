import Foundation
import WidgetThumbnails
import WidgetThumbsBatch

/// One run of `batch`: inputs are found, named and sharded as the workers ask for them, each
/// finished item is journaled, printed (`--json-lines`) and added to the totals at once, and at
/// the end the journal is compacted into the manifest, the preview page is written and the
/// summary printed. Nothing per item is kept, except for `--json` and `--preview`, which
/// need every item at the end.
struct BatchRun {
    var settings: BatchSettings
    var console: Console
    /// The device the preview page's frames are drawn for (`--preview-device`).
    var previewDevice: PreviewDevice

    func run() throws(ImageError) -> ExitStatus {
        let clock = Stopwatch()
        ThumbnailArguments.noteClampedBudget(settings.thumbnail, console)
        if let shard = settings.shard, let page = settings.previewPage, settings.output != .quiet {
            console.write("\(WidgetThumbs.name): note: --shard \(shard): the preview page shows this shard's outputs alone, "
                          + "in \(DisplayText.escaped(page))", to: .error)
        }
        try OutputDirectories.create(settings.outDirectory)
        let staging = try StagingFolder(outDirectory: settings.outDirectory)
        _ = staging.removeLeftovers()
        // Held until the manifest is written: another run on these record files waits (`RecordLock`).
        let recordLock = try RecordLock(staging: staging, stem: BatchManifest.stem(shard: settings.shard)) { lockFile in
            guard settings.output != .quiet else { return }
            console.write("\(WidgetThumbs.name): note: waiting for another run on \(DisplayText.escaped(settings.outDirectory)) "
                          + "(it holds \(DisplayText.escaped(lockFile)))", to: .error)
        }
        defer { recordLock.release() }
        if let reason = recordLock.unlocked { console.write("\(WidgetThumbs.name): warning: \(reason)", to: .error) }
        let inputs = InputIdentities()
        let discovery = try InputCensus(inputs: inputs, previewPage: settings.previewPage).take(
            filesFrom: settings.filesFrom, separator: settings.separator, staging: staging) { list in
                InputDiscovery(arguments: settings.inputs, list: list, depth: settings.depth, outDirectory: settings.outDirectory)
            }
        let manifest = BatchManifest(directory: settings.outDirectory, shard: settings.shard, durability: settings.durability,
                                     inputs: inputs)
        let records = RecordProblems { console.report($0) }
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
                           families: settings.families, journal: manifest.journal, records: records)
        let source = PlannedInputs(discovery: discovery, shard: settings.shard, inputs: inputs)
        let results = Results(keepItems: settings.output == .json || settings.previewPage != nil,
                              summary: BatchSummary(jobs: settings.jobs, shard: settings.shard))
        let warnings = WarningTally()
        runAll(source, job: job, results: results, warnings: warnings)
        for line in warnings.lines() { console.write(line, to: .error) }

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
                try writePreview(page, items: items, summary: summary, inputs: inputs)
            } catch {
                console.report(error)
                pageFailed = true
            }
        }
        switch settings.output {
        case .json: console.write(json: try JSONOutput.encode(BatchReport(inputs: items.map(\.withReadablePaths), summary: summary)))
        case .jsonLines: console.write(json: try JSONOutput.line(["summary": summary]))
        case .table: console.write(SummaryTable.text(summary: summary))
        case .quiet: break
        }
        return summary.failed > 0 || pageFailed || records.any ? .failure : .success
    }

    private func runAll(_ source: PlannedInputs, job: BatchJob, results: Results, warnings: WarningTally) {
        let progress: ProgressBar? = switch TerminalStyle.forStandardError(quiet: settings.output == .quiet) {
        case .plain: nil
        case .terminal(let colour): ProgressBar(colour: colour, console: console)
        }
        let console = console
        let output = settings.output
        let detail = settings.renderDetail
        BatchRunner(jobs: settings.jobs).stream {
            let next = source.next()
            if next == nil { progress?.foundAll(total: source.count) }
            return next
        } work: { planned in
            job.run(planned)
        } finished: { index, outcomes in
            // With --families an input has several entries; its file's bytes count once, with
            // a made one when there is one (the others may be up to date).
            let countedEntry = outcomes.firstIndex { $0.report.status == .ok } ?? outcomes.firstIndex { $0.report.status != .failed }
            // An input's damage is its own, not its families': said once.
            let damaged = outcomes.firstIndex { $0.report.damage != nil }
            for (part, outcome) in outcomes.enumerated() {
                var lines: [String] = []
                if let error = outcome.error { lines.append("\(WidgetThumbs.name): \(error)") }
                if part == damaged, output != .quiet, let damage = outcome.report.damage {
                    lines.append(RenderWarningLines.damageLine(input: outcome.report.input, damage: damage))
                }
                // Rendering-mode warnings: on the terminal in the table's place, grouped by kind at
                // the end (`WarningTally`); the JSON carries each output's.
                if output == .table, outcome.report.status == .ok {
                    warnings.add(outcome.report, index: index, part: part)
                }
                for line in lines {
                    if let progress { progress.printAbove(line) } else { console.write(line, to: .error) }
                }
                if output == .jsonLines, let line = try? JSONOutput.line(outcome.report.forJSONLines(detail)) {
                    console.write(json: line)
                }
                results.add(outcome.report, index: index, part: part, countingInput: part == countedEntry)
            }
            progress?.completed(failed: outcomes.contains { $0.error != nil })
        }
        progress?.finish()
    }

    /// The preview page at `path` (`PreviewPage.write`), with a note when it embeds the
    /// thumbnails for want of a relative way to `--out`.
    private func writePreview(_ path: String, items: [BatchItemReport], summary: BatchSummary,
                              inputs: InputIdentities) throws(ImageError) {
        try PreviewPage.write(path, items: items, summary: summary, device: previewDevice, outDirectory: settings.outDirectory,
                              embed: settings.previewEmbed, inputs: inputs) { fallback in
            if settings.output != .quiet {
                console.write("\(WidgetThumbs.name): note: \(DisplayText.escaped(path)): \(fallback)", to: .error)
            }
        }
    }
}

/// The discovery as the workers see it: the next input of this shard (every input of the run
/// is still found and named, so all shards agree on names). An input inside `--out` that the
/// census (`InputCensus`) did not see appeared after the run began: it fails, and is kept
/// like any input. Called one worker at a time (`BatchRunner.stream`).
final class PlannedInputs: Sendable {
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
final class Results: Sendable {
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

/// The rendering-mode warnings of a table run, grouped by kind (`--families all`
/// over 17 photos printed 36 lines, which drowned the failures): a kind that one output earns
/// prints its usual line; a kind that several earn prints one line with their count and the
/// first of them in input order (never by timing). Each output's warnings stay in the JSON.
final class WarningTally: Sendable {
    private struct Kind {
        var count: Int
        var first: (index: Int, part: Int)
        var line: String
    }

    private let kinds = Locked([RenderWarning.Code: Kind]())

    func add(_ report: BatchItemReport, index: Int, part: Int) {
        for warning in report.appearance?.warnings ?? [] {
            let line = RenderWarningLines.lines(input: report.input, family: report.family, warnings: [warning])[0]
            kinds.withLock { kinds in
                var kind = kinds[warning.code] ?? Kind(count: 0, first: (index, part), line: line)
                kind.count += 1
                if (index, part) < kind.first { (kind.first, kind.line) = ((index, part), line) }
                kinds[warning.code] = kind
            }
        }
    }

    /// One line per kind, by kind name.
    func lines() -> [String] {
        kinds.withLock { $0.sorted { $0.key.rawValue < $1.key.rawValue } }.map { code, kind in
            guard kind.count > 1 else { return kind.line }
            let prefix = "\(WidgetThumbs.name): warning: "
            return prefix + "\(code.rawValue) on \(kind.count) outputs (--json lists each), first "
                + kind.line.dropFirst(prefix.count)
        }
    }
}
