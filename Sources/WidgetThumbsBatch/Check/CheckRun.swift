import WidgetThumbnails

/// `check` over files: finds the images (`CheckInputs`), reads each one's facts from its header
/// (and its pixels with `measuresAppearance`), hands them to every rule (`CheckRules`) and each
/// finding to the reporter, counting as it goes. General traversal once, rules as values.
package struct CheckRun {
    package var context: CheckContext
    /// Also decode each image and measure its rendering-mode warnings.
    package var measuresAppearance: Bool

    package init(context: CheckContext, measuresAppearance: Bool) {
        self.context = context
        self.measuresAppearance = measuresAppearance
    }

    /// Checks `paths` and the current image of each snapshot container in `containers`. A
    /// realtime reporter's lines go to `emit` as each finding is made (memory stays flat
    /// however many images); the summary holds the findings only for a document reporter.
    package func run(paths: [String], containers: [String], reporter: any CheckReporter, toolName: String, toolVersion: String,
                     emit: @escaping (String) -> Void) -> CheckSummary {
        var sink = Sink(config: context.config, reporter: reporter, emit: emit)
        let plans = CheckPlans()
        let found = CheckInputs(paths: paths)
        for failure in found.failures {
            sink.add(UnreadableRule.finding(failure.path, reason: DisplayText.escaped(failure.reason)))
        }
        for image in found.images { check(image, plans: plans, into: &sink) }
        for container in containers { checkContainer(container, plans: plans, into: &sink) }
        return CheckSummary(tally: sink.tally, findings: sink.findings, unchecked: found.unchecked,
                            toolName: toolName, toolVersion: toolVersion)
    }

    /// Where findings go: counted, suppressed by the config, then printed or kept.
    private struct Sink {
        let config: CheckConfig
        let reporter: any CheckReporter
        let emit: (String) -> Void
        var tally = CheckTally()
        var findings: [CheckFinding] = []

        init(config: CheckConfig, reporter: any CheckReporter, emit: @escaping (String) -> Void) {
            self.config = config
            self.reporter = reporter
            self.emit = emit
        }

        mutating func add(_ finding: CheckFinding) {
            let counted = tally.count(finding, config: config)
            if type(of: reporter).isRealtime {
                reporter.line(for: counted).map(emit)
            } else {
                findings.append(counted)
            }
        }
    }

    private func check(_ image: CheckImage, plans: CheckPlans, into sink: inout Sink) {
        let limits = DecodeLimits.default
        let bytes: [UInt8]
        let info: ImageInfo
        do throws(ImageError) {
            bytes = try InputFile.read(image.path, maxBytes: limits.maxFileBytes)
            info = try ImageDecoder.probe(bytes, file: image.path, limits: limits)
        } catch {
            sink.add(UnreadableRule.finding(image.path, reason: "cannot be read as an image: \(error.reasonText)"))
            return
        }
        check(image, info: info, bytes: bytes, note: nil, plans: plans, into: &sink)
    }

    private func check(_ image: CheckImage, info: ImageInfo, bytes: [UInt8], note: String?, plans: CheckPlans, into sink: inout Sink) {
        sink.tally.images += 1
        var facts = ImageFacts(path: image.path, size: info.orientedSize, fileBytes: bytes.count,
                               bytesPerPixel: info.renderBytesPerPixel, scale: image.scale, drawnAtScales: image.drawnAtScales,
                               platforms: image.platforms,
                               assetSet: image.assetSet, note: note)
        if measuresAppearance {
            // A picture the decoder refuses is reported, never measured as clean.
            do throws(ImageError) {
                let decoded = try ImageDecoder.decode(bytes, file: image.path)
                var measured: [WidgetFamily: [String]] = [:]
                for family in context.families(for: facts) {
                    measured[family] = RenderAppearance(measuring: decoded.image, storesAlpha: info.hasAlpha, family: family)
                        .warnings.map(\.message)
                }
                facts.appearance = measured
            } catch {
                sink.add(UnreadableRule.finding(image.path, reason: "cannot be decoded to measure its appearance: \(error.reasonText)"))
            }
        }
        for finding in CheckRules.evaluate(facts, in: context, plans: plans) { sink.add(finding) }
    }

    /// The container's current revision: its image, read and verified by the store's reader.
    private func checkContainer(_ container: String, plans: CheckPlans, into sink: inout Sink) {
        let reading = SnapshotReader<JSONValue>(containerAt: container).read(maxAge: nil)
        guard let snapshot = reading.snapshot else {
            sink.add(UnreadableRule.finding(container, reason: "no current revision to check (read: \(reading))"))
            return
        }
        guard let image = reading.image else { return }
        let path = container + "/" + image.reference.relativePath
        guard image.status == .ok, let bytes = image.bytes else {
            sink.add(UnreadableRule.finding(path, reason: "revision \(snapshot.revision): image \(image.status.rawValue): "
                                                + DisplayText.escaped(image.reason ?? "")))
            return
        }
        do throws(ImageError) {
            let info = try ImageDecoder.probe(bytes, file: path)
            check(CheckImage(path: path, scale: nil, platforms: [], assetSet: nil), info: info, bytes: bytes,
                  note: "revision \(snapshot.revision)", plans: plans, into: &sink)
        } catch {
            sink.add(UnreadableRule.finding(path, reason: "revision \(snapshot.revision): \(error.reasonText)"))
        }
    }
}
