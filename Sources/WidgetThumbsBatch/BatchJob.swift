import Glibc
import WidgetThumbnails

/// What one job produced: the report entry, and the manifest entry to keep (nil for failures).
package struct BatchOutcome: Sendable {
    package var report: BatchItemReport
    var manifestName: String?
    var manifestEntry: BatchManifest.Entry?
    /// The error to print, for a failed input.
    package var error: ImageError?
}

/// Thumbnails one input: skips it when up to date, opens (or reads) and probes it, waits for memory,
/// runs the shared pipeline, and writes the thumbnail atomically. Never throws: every
/// failure becomes that input's outcome, so the batch goes on.
package struct BatchJob: Sendable {
    package var pipeline: ThumbnailPipeline
    package var admission: MemoryAdmission
    package var outDirectory: String
    /// Each output's settings fingerprint (`BatchSettings.outputFingerprints`).
    package var settings: OutputFingerprints
    package var force: Bool
    package var manifest: BatchManifest
    package var outputGuard: OutputGuard
    package var staging: StagingFolder
    package var durability: Durability
    /// Whether reports carry the per-device render cost (only the outputs that print it).
    package var withRenderCost: Bool
    /// `--families`: one output per family; nil for one output per input.
    package var families: [WidgetFamily]?
    /// Where each output is recorded as soon as it is in place, and where a journal that
    /// cannot be written is reported.
    package var journal: BatchJournal
    package var records: RecordProblems

    package init(pipeline: ThumbnailPipeline, admission: MemoryAdmission, outDirectory: String, settings: OutputFingerprints,
                 force: Bool, manifest: BatchManifest, outputGuard: OutputGuard, staging: StagingFolder,
                 durability: Durability, withRenderCost: Bool, families: [WidgetFamily]?, journal: BatchJournal,
                 records: RecordProblems) {
        self.pipeline = pipeline
        self.admission = admission
        self.outDirectory = outDirectory
        self.settings = settings
        self.force = force
        self.manifest = manifest
        self.outputGuard = outputGuard
        self.staging = staging
        self.durability = durability
        self.withRenderCost = withRenderCost
        self.families = families
        self.journal = journal
        self.records = records
    }

    /// The outcomes of `planned`: one, or with `--families` one per family (an input that
    /// fails before its outputs are made fails once).
    package func run(_ planned: PlannedInput) -> [BatchOutcome] {
        let input = planned.input
        if let error = input.discoveryError { return [failure(input.path, error)] }
        let base: String
        switch planned.name {
        case .base(let name): base = name
        case .collision(let taken):
            return [failure(input.path, ImageError(
                .invalidArgument, "its thumbnail name '\(taken)' (and its whole file name) is an earlier input's; rename one of them"))]
        case .refused(let name, let reason):
            return [failure(input.path, ImageError(.invalidArgument, "its thumbnail name '\(name)' \(reason); rename one of them"))]
        }
        // With --families every output's name ends in its family: no family name holds a dot,
        // so two inputs' outputs meet only where their names do (which `OutputNaming` prevents).
        let outputs: [Output] = families.map { $0.map { Output(name: "\(base).\($0.rawValue)", family: $0) } }
            ?? [Output(name: base, family: nil)]
        let stat = InputStat(path: input.path)
        let recorded = outputs.map { manifest.record(for: $0.name) }
        // Each output is judged by its own record: a family that joins the run is made
        // without redoing the families already up to date.
        let current: [BatchManifest.Entry?] = zip(outputs, recorded).map { output, entry in
            guard !force, let stat, let entry, BatchManifest.isUpToDate(
                entry, input: input, stat: stat, settings: settings.digest(for: output.family), outDirectory: outDirectory)
            else { return nil }
            return entry
        }
        let stale = outputs.indices.filter { current[$0] == nil }
        var outcomes: [BatchOutcome] = zip(outputs, current).compactMap { output, entry in
            entry.map { entry in
                BatchOutcome(report: entry.skippedReport(input: input.path, outDirectory: outDirectory, withRenderCost: withRenderCost,
                                                         devices: pipeline.options.chosenDevices),
                             manifestName: output.name, manifestEntry: entry)
            }
        }
        guard !stale.isEmpty else { return outcomes }
        do throws(ImageError) {
            outcomes += try make(input, outputs: stale.map { outputs[$0] }, stat: stat, recorded: stale.map { recorded[$0] })
        } catch {
            outcomes.append(failure(input.path, error.naming(input.path), sourceBytes: stat?.bytes))
        }
        // In the families' order, as the run lists them (a failure of the whole input first).
        let order = Dictionary(uniqueKeysWithValues: outputs.enumerated().map { ($1.family, $0) })
        func rank(_ outcome: BatchOutcome) -> Int { order[outcome.report.family, default: -1] }
        return outcomes.sorted { rank($0) < rank($1) }
    }

    /// One output of an input: its name under `--out` without the extension, and its family
    /// with `--families`.
    package struct Output {
        package var name: String
        package var family: WidgetFamily?
    }

    private func make(_ input: BatchInput, outputs: [Output], stat: InputStat?,
                      recorded: [BatchManifest.Entry?]) throws(ImageError) -> [BatchOutcome] {
        let start = Stopwatch()
        // A PNG or JPEG stays in its file and streams (memory grows with its width, not its size).
        let source = try ThumbnailInput.open(atPath: input.path, maxBytes: pipeline.options.limits.maxFileBytes)
        // Opened once: the session whose header facts size the admission is the one that decodes.
        return try source.withSession(limits: pipeline.options.limits, strictness: pipeline.options.strictness) {
            (session) throws(ImageError) -> [BatchOutcome] in
            try make(input, outputs: outputs, stat: stat, recorded: recorded, session: session, source: source, start: start)
        }
    }

    private func make(_ input: BatchInput, outputs: [Output], stat: InputStat?, recorded: [BatchManifest.Entry?],
                      session: DecodeSession, source: ThumbnailInput, start: Stopwatch) throws(ImageError) -> [BatchOutcome] {
        // `source` was opened from its path, so its sizes are known.
        let (heldBytes, fileBytes) = (source.heldBytes ?? 0, source.fileBytes ?? 0)
        // The families still to make (with --families): those up to date are not redone.
        let families = families.map { _ in outputs.compactMap(\.family) }
        let estimate = DecodeMemoryEstimate.bytes(for: session.info, fileBytes: heldBytes, options: pipeline.options,
                                                  families: families)
        let readTime = start.seconds
        return try admission.admit(estimate) { () throws(ImageError) -> [BatchOutcome] in
            let made: [Result<Thumbnail, ImageError>] = if let families {
                try pipeline.thumbnails(.session(session), families: families, file: input.path)
            } else {
                [.success(try pipeline.thumbnail(.session(session), file: input.path))]
            }
            // Every output's place is checked before the first is written, so a file in the
            // way of one family leaves the others' earlier files as they were.
            var placed: [(index: Int, relative: String, output: OutputPlacement.CheckedOutput, thumbnail: Thumbnail)] = []
            var outcomes: [BatchOutcome?] = Array(repeating: nil, count: outputs.count)
            for (index, (output, result)) in zip(outputs, made).enumerated() {
                switch result {
                case .failure(let error):
                    outcomes[index] = failure(input.path, error, sourceBytes: fileBytes, family: output.family)
                case .success(let thumbnail):
                    let relative = OutputNaming.outputPath(base: output.name, fileExtension: thumbnail.format.fileExtension)
                    let path = PathComponents.join(outDirectory, relative)
                    do throws(ImageError) {
                        let checked = try outputGuard.check(
                            path, bytes: thumbnail.bytes, recordedBytes: recorded[index]?.recordedBytes(at: relative))
                        placed.append((index, relative, checked, thumbnail))
                    } catch {
                        outcomes[index] = failure(input.path, error, sourceBytes: fileBytes, family: output.family)
                    }
                }
            }
            for place in placed {
                let (index, output, thumbnail) = (place.index, outputs[place.index], place.thumbnail)
                let writeStart = Stopwatch()
                do throws(ImageError) {
                    try OutputDirectories.create(parentOf: place.output.path)
                    try OutputPlacement.write(thumbnail.bytes, to: place.output, staging: .folder(staging),
                                              durability: durability)
                } catch {
                    // This output fails alone (a full disk, a file size limit, a file that
                    // appeared): the families before it are in place and journaled, so the
                    // input's report must not say none was made, and the ones after are tried.
                    outcomes[index] = failure(input.path, error, sourceBytes: fileBytes, family: output.family)
                    continue
                }
                let write = writeStart.seconds
                let stages = thumbnail.timings
                // The reading is the first output's, as the decode is.
                let timings = BatchItemReport.Timings(decode: stages.decode, resample: stages.resample, encode: stages.encode,
                                                      write: write, total: (index == 0 ? readTime : 0) + stages.total + write)
                let report = BatchItemReport.made(input.path, output: place.output.path, sourceBytes: fileBytes,
                                                  thumbnail: thumbnail, timings: timings, withRenderCost: withRenderCost)
                // Recorded against the stat taken before reading: a file changed meanwhile is redone next time.
                let entry = stat.map {
                    BatchManifest.Entry(settings: settings.digest(for: output.family), relativePath: input.relativePath,
                                        inputBytes: $0.bytes, inputModified: $0.modified, output: place.relative, item: report,
                                        bytesPerPixel: thumbnail.renderBytesPerPixel)
                }
                // Journaled as soon as it is in place: a run killed before the next family keeps it.
                if let entry, let error = journal.append(name: output.name, entry: entry) { records.report(error) }
                outcomes[index] = BatchOutcome(report: report, manifestName: output.name, manifestEntry: entry)
            }
            return outcomes.compactMap { $0 }
        }
    }

    private func failure(_ path: String, _ error: ImageError, sourceBytes: Int? = nil,
                         family: WidgetFamily? = nil) -> BatchOutcome {
        let named = error.naming(path)
        var report = BatchItemReport.failed(path, named, sourceBytes: sourceBytes)
        report.family = family
        return BatchOutcome(report: report, error: named)
    }
}
