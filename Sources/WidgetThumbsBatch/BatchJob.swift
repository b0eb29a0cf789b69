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
    /// One output per variant (`BatchSettings.variants`: `--families`, or several `--cells`
    /// spans); nil for one output per input.
    package var variants: [OutputVariant]?
    /// Where each output is recorded as soon as it is in place, and where a journal that
    /// cannot be written is reported.
    package var journal: BatchJournal
    package var records: RecordProblems

    package init(pipeline: ThumbnailPipeline, admission: MemoryAdmission, outDirectory: String, settings: OutputFingerprints,
                 force: Bool, manifest: BatchManifest, outputGuard: OutputGuard, staging: StagingFolder,
                 durability: Durability, withRenderCost: Bool, variants: [OutputVariant]?, journal: BatchJournal,
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
        self.variants = variants
        self.journal = journal
        self.records = records
    }

    /// The outcomes of `planned`: one, or one per variant (an input that fails before its
    /// outputs are made fails once, before the variants already up to date).
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
        // With variants every output's name ends in its variant's suffix: no suffix holds a
        // dot, so two inputs' outputs meet only where their names do (which `OutputNaming` prevents).
        let outputs: [Output] = variants.map { $0.map { Output(name: "\(base).\($0.suffix)", variant: $0) } }
            ?? [Output(name: base, variant: nil)]
        let stat = InputStat(path: input.path)
        let recorded = outputs.map { manifest.record(for: $0.name) }
        // Each output is judged by its own record: a family or span that joins the run is made
        // without redoing those already up to date.
        let current: [BatchManifest.Entry?] = zip(outputs, recorded).map { output, entry in
            guard !force, let stat, let entry, BatchManifest.isUpToDate(
                entry, input: input, stat: stat, settings: settings.digest(for: output.variant), outDirectory: outDirectory)
            else { return nil }
            return entry
        }
        let stale = outputs.indices.filter { current[$0] == nil }
        // One place per output, in the variants' order, as the run lists them.
        var outcomes: [BatchOutcome?] = zip(outputs, current).map { output, entry in
            entry.map { entry in
                BatchOutcome(report: entry.skippedReport(input: input.path, outDirectory: outDirectory, withRenderCost: withRenderCost,
                                                         devices: pipeline.options.chosenDevices),
                             manifestName: output.name, manifestEntry: entry)
            }
        }
        guard !stale.isEmpty else { return outcomes.compactMap { $0 } }
        do throws(ImageError) {
            let made = try make(input, outputs: stale.map { outputs[$0] }, stat: stat, recorded: stale.map { recorded[$0] })
            for (index, outcome) in zip(stale, made) { outcomes[index] = outcome }
        } catch {
            // A failure of the whole input comes first.
            return [failure(input.path, error.naming(input.path), sourceBytes: stat?.bytes)] + outcomes.compactMap { $0 }
        }
        return outcomes.compactMap { $0 }
    }

    /// One output of an input: its name under `--out` without the extension, and its variant
    /// when the input has several outputs.
    package struct Output {
        package var name: String
        package var variant: OutputVariant?
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
        // The variants still to make: those up to date are not redone.
        let stale = variants.map { _ in outputs.compactMap(\.variant) }
        // Sized for the largest output's decode (`DecodeMemoryEstimate`), each output counted.
        let estimate = DecodeMemoryEstimate.bytes(for: session.info, fileBytes: heldBytes, options: pipeline.options,
                                                  outputs: stale.map { $0.map { $0.options(pipeline.options) } })
        let readTime = start.seconds
        return try admission.admit(estimate) { () throws(ImageError) -> [BatchOutcome] in
            let made: [Result<Thumbnail, ImageError>] = if let stale {
                try thumbnails(session, stale, file: input.path)
            } else {
                [.success(try pipeline.thumbnail(.session(session), file: input.path))]
            }
            // Every output's place is checked before the first is written, so a file in the
            // way of one output leaves the others' earlier files as they were.
            var placed: [(index: Int, relative: String, output: OutputPlacement.CheckedOutput, thumbnail: Thumbnail)] = []
            var outcomes: [BatchOutcome?] = Array(repeating: nil, count: outputs.count)
            for (index, (output, result)) in zip(outputs, made).enumerated() {
                switch result {
                case .failure(let error):
                    outcomes[index] = failure(input.path, error, sourceBytes: fileBytes, variant: output.variant)
                case .success(let thumbnail):
                    let relative = OutputNaming.outputPath(base: output.name, fileExtension: thumbnail.format.fileExtension)
                    let path = PathComponents.join(outDirectory, relative)
                    do throws(ImageError) {
                        let checked = try outputGuard.check(
                            path, bytes: thumbnail.bytes, recordedBytes: recorded[index]?.recordedBytes(at: relative))
                        placed.append((index, relative, checked, thumbnail))
                    } catch {
                        outcomes[index] = failure(input.path, error, sourceBytes: fileBytes, variant: output.variant)
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
                    // appeared): the outputs before it are in place and journaled, so the
                    // input's report must not say none was made, and the ones after are tried.
                    outcomes[index] = failure(input.path, error, sourceBytes: fileBytes, variant: output.variant)
                    continue
                }
                let write = writeStart.seconds
                let stages = thumbnail.timings
                // The reading is the first output's, as the decode is.
                let timings = BatchItemReport.Timings(decode: stages.decode, resample: stages.resample, encode: stages.encode,
                                                      write: write, total: (index == 0 ? readTime : 0) + stages.total + write)
                var report = BatchItemReport.made(input.path, output: place.output.path, sourceBytes: fileBytes,
                                                  thumbnail: thumbnail, timings: timings, withRenderCost: withRenderCost)
                // A span's thumbnail has no family: the report names its span.
                report.cells = output.variant?.cells
                // Recorded against the stat taken before reading: a file changed meanwhile is redone next time.
                let entry = stat.map {
                    BatchManifest.Entry(settings: settings.digest(for: output.variant), relativePath: input.relativePath,
                                        inputBytes: $0.bytes, inputModified: $0.modified, output: place.relative, item: report,
                                        bytesPerPixel: thumbnail.renderBytesPerPixel)
                }
                // Journaled as soon as it is in place: a run killed before the next output keeps it.
                if let entry, let error = journal.append(name: output.name, entry: entry) { records.report(error) }
                outcomes[index] = BatchOutcome(report: report, manifestName: output.name, manifestEntry: entry)
            }
            return outcomes.compactMap { $0 }
        }
    }

    /// The several outputs of one decode: all families (`--families`) or all spans, as the
    /// command line never mixes them.
    private func thumbnails(_ session: DecodeSession, _ variants: [OutputVariant],
                            file: String) throws(ImageError) -> [Result<Thumbnail, ImageError>] {
        let families = variants.compactMap(\.family)
        if families.count == variants.count {
            return try pipeline.thumbnails(.session(session), families: families, file: file)
        }
        let boxes = variants.compactMap { variant -> (box: PixelSize, name: String)? in
            guard case .androidSpan(_, let box) = variant else { return nil }
            return (box, variant.suffix)
        }
        guard boxes.count == variants.count else {
            throw ImageError(.invalidArgument, "families and Android spans cannot be made in one run", file: file)
        }
        return try pipeline.thumbnails(.session(session), boxes: boxes, file: file)
    }

    private func failure(_ path: String, _ error: ImageError, sourceBytes: Int? = nil,
                         variant: OutputVariant? = nil) -> BatchOutcome {
        let named = error.naming(path)
        var report = BatchItemReport.failed(path, named, sourceBytes: sourceBytes)
        report.family = variant?.family
        report.cells = variant?.cells
        return BatchOutcome(report: report, error: named)
    }
}
