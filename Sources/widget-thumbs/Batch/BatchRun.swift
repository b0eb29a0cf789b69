import Foundation
import WidgetThumbnails

/// One run of `batch`: discover, name, shard, thumbnail in parallel, then record the
/// manifest, write the contact sheet and report.
struct BatchRun {
    var settings: BatchSettings
    var console: Console

    func run() throws(ImageError) -> ExitStatus {
        let clock = Stopwatch()
        let budget = settings.thumbnail.budget
        if budget.wasClamped {
            console.write("\(WidgetThumbs.name): note: --max-bytes \(budget.requestedCap) is over the hard ceiling; "
                + "using \(budget.cap) bytes", to: .error)
        }
        try OutputDirectories.create(settings.outDirectory)
        let staging = try StagingFolder(outDirectory: settings.outDirectory)
        _ = staging.removeLeftovers()
        let discovery = InputDiscovery(depth: settings.depth,
                                       excludedDirectory: InputDiscovery.resolved(settings.outDirectory))
        let everything = discovery.inputs(for: settings.inputs)
        // Names are decided over every input before sharding, so all shards agree on them.
        let names = OutputNaming.names(for: everything)
        let planned = zip(everything, names).map { PlannedInput(input: $0, name: $1) }
            .filter { settings.shard?.contains($0.input.relativePath) ?? true }

        var manifest = BatchManifest(directory: settings.outDirectory, shard: settings.shard)
        let job = BatchJob(pipeline: ThumbnailPipeline(options: settings.thumbnail),
                           admission: MemoryAdmission(limitBytes: settings.memoryLimitBytes),
                           outDirectory: settings.outDirectory, settings: settings.fingerprint,
                           force: settings.force, manifest: manifest,
                           outputGuard: OutputGuard(inputs: everything, foreignFiles: settings.foreignFiles),
                           staging: staging)
        let outcomes = runAll(planned, job: job, journal: manifest.journal)
        let items = outcomes.map(\.report)
        let summary = BatchSummary(items: items, jobs: settings.jobs, shard: settings.shard, wallSeconds: clock.seconds)

        do throws(ImageError) {
            try manifest.save(outcomes.compactMap { outcome in outcome.manifestName.map { ($0, outcome.manifestEntry) } },
                              staging: staging)
        } catch {
            console.report(error) // the thumbnails are fine; only the next run's skipping suffers
        }
        var sheetFailed = false
        if let sheet = settings.contactSheet {
            do throws(ImageError) {
                try writeContactSheet(sheet, items: items, summary: summary)
            } catch {
                console.report(error)
                sheetFailed = true
            }
        }
        switch settings.output {
        case .json: console.write(try JSONOutput.encode(BatchReport(inputs: items.map(\.withReadablePaths), summary: summary)))
        case .table: console.write(SummaryTable.text(items: items, summary: summary))
        case .quiet: break
        }
        return summary.failed > 0 || sheetFailed ? .failure : .success
    }

    private func runAll(_ planned: [PlannedInput], job: BatchJob, journal: BatchJournal) -> [BatchOutcome] {
        let progress: ProgressBar? = switch TerminalStyle.forStandardError(quiet: settings.output == .quiet) {
        case .plain: nil
        case .terminal(let colour): planned.isEmpty ? nil : ProgressBar(total: planned.count, colour: colour)
        }
        let console = console
        let outcomes = BatchRunner(jobs: settings.jobs).run(count: planned.count) { index in
            job.run(planned[index])
        } finished: { _, outcome in
            // Recorded as soon as the thumbnail is in place: a run killed later keeps it.
            if outcome.report.status == .ok, let name = outcome.manifestName, let entry = outcome.manifestEntry,
               let error = journal.append(name: name, entry: entry) {
                console.report(error)
            }
            if let error = outcome.error {
                let line = "\(WidgetThumbs.name): \(error)"
                if let progress { progress.printAbove(line) } else { console.write(line, to: .error) }
            }
            progress?.completed(failed: outcome.error != nil)
        }
        progress?.finish()
        return outcomes
    }

    private func writeContactSheet(_ path: String, items: [BatchItemReport], summary: BatchSummary) throws(ImageError) {
        var thumbnails: [Int: [UInt8]] = [:]
        for (index, item) in items.enumerated() where item.status != .failed {
            guard let output = item.output else { continue }
            thumbnails[index] = try? InputFile.read(output, maxBytes: ByteBudget.hardCeiling * 2)
        }
        let html = ContactSheet.html(items: items.map(\.withReadablePaths), thumbnails: thumbnails, summary: summary)
        try OutputDirectories.create(parentOf: path)
        try AtomicFile.write(Array(html.utf8), toPath: path)
    }
}
