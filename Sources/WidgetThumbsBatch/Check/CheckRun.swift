import WidgetThumbnails

/// `check` over files: finds the images (`CheckInputs`), reads each one's facts from its header
/// (and its pixels with `measuresAppearance`), hands them to every rule (`CheckRules`) and each
/// finding to the reporter, counting as it goes. General traversal once, rules as values.
package struct CheckRun {
    package var context: CheckContext
    /// Also decode each image and measure its rendering-mode warnings.
    package var measuresAppearance: Bool
    /// `--fix`: rewrite in place each image with an error a shrink fixes (`CheckFix`), then
    /// report what the rewritten file gives.
    package var fixes: Bool
    /// Whether a folder holding an Xcode or XcodeGen project is checked as that project's
    /// widget targets (`CheckProject`); false checks every image under it (`--all-images`).
    package var readsProjects: Bool

    package init(context: CheckContext, measuresAppearance: Bool, fixes: Bool = false, readsProjects: Bool = true) {
        self.context = context
        self.measuresAppearance = measuresAppearance
        self.fixes = fixes
        self.readsProjects = readsProjects
    }

    /// Checks `paths` and the current image of each snapshot container in `containers`. A
    /// realtime reporter's lines go to `emit` as each finding is made (memory stays flat
    /// however many images); the summary holds the findings only for a document reporter.
    package func run(paths: [String], containers: [String], reporter: any CheckReporter, toolName: String, toolVersion: String,
                     emit: @escaping (String) -> Void) -> CheckSummary {
        var sink = Sink(config: context.config, reporter: reporter, emit: emit)
        var plain: [String] = []
        var unchecked: [UncheckedAsset] = []
        var targets: [CheckedTarget] = []
        var outsideTargets = 0
        for path in paths {
            guard readsProjects, PathLookup.isDirectory(path, followingLinks: true) else {
                plain.append(path)
                continue
            }
            // An Android module's widgets (its own, or a Flutter or React Native app's
            // `android/`): their bitmaps against their slots per density bucket.
            let android = AndroidWidgetReader.read(root: path)
            if !android.widgets.isEmpty {
                let checked = android.checked(by: AndroidSlotRule(cellSizing: context.catalog.androidCells))
                sink.tally.images += android.bitmapFiles.count
                for finding in checked.findings { sink.add(finding) }
                unchecked += checked.unchecked
            }
            guard let project = CheckProject(root: path, base: context) else {
                // A folder whose only project is an Android one is that project, not a walk.
                if android.widgets.isEmpty { plain.append(path) }
                continue
            }
            for failure in project.failures {
                sink.add(UnreadableRule.finding(failure.path, reason: DisplayText.escaped(failure.reason)))
            }
            for target in project.targets {
                // Each target has its own devices, so its own plans.
                let plans = CheckPlans()
                for image in target.images { check(image, in: target.context, plans: plans, into: &sink) }
                targets.append(target.summary)
            }
            unchecked += project.unchecked
            outsideTargets += project.outsideTargets
        }
        let plans = CheckPlans()
        let found = CheckInputs(paths: plain)
        for failure in found.failures {
            sink.add(UnreadableRule.finding(failure.path, reason: DisplayText.escaped(failure.reason)))
        }
        for image in found.images { check(image, in: context, plans: plans, into: &sink) }
        for container in containers { checkContainer(container, plans: plans, into: &sink) }
        var summary = CheckSummary(tally: sink.tally, findings: sink.findings, unchecked: unchecked + found.unchecked,
                                   toolName: toolName, toolVersion: toolVersion)
        summary.fixed = sink.fixed
        summary.targets = targets
        summary.outsideTargets = outsideTargets
        return summary
    }

    /// Where findings go: counted, suppressed by the config, then printed or kept.
    private struct Sink {
        let config: CheckConfig
        let reporter: any CheckReporter
        let emit: (String) -> Void
        var tally = CheckTally()
        var findings: [CheckFinding] = []
        var fixed: [FixedImage] = []

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

    /// One file: its facts from its header (a JPEG or PNG is not read past it; `ThumbnailInput`
    /// reads the formats whose decoders want every byte whole), its pixels only to measure
    /// its appearance.
    private func check(_ image: CheckImage, in context: CheckContext, plans: CheckPlans, into sink: inout Sink, fixable: Bool = true) {
        let limits = DecodeLimits.default
        let info: ImageInfo
        let fileBytes: Int
        do throws(ImageError) {
            let input = try ThumbnailInput.open(atPath: image.path, maxBytes: limits.maxFileBytes)
            info = try input.probe(limits: limits)
            fileBytes = input.fileBytes ?? 0
        } catch {
            sink.add(UnreadableRule.finding(image.path, reason: "cannot be read as an image: \(error.reasonText)"))
            return
        }
        let bytes: () throws(ImageError) -> [UInt8] = { () throws(ImageError) in
            try InputFile.read(image.path, maxBytes: limits.maxFileBytes)
        }
        check(image, info: info, fileBytes: fileBytes, bytes: bytes, note: nil, in: context, plans: plans, into: &sink, fixable: fixable)
    }

    /// Whether `--fix` rewrites the image of `findings`: an error it fixes in place that the
    /// config does not suppress.
    private func hasFixableError(_ findings: [CheckFinding], config: CheckConfig) -> Bool {
        findings.contains { finding in
            finding.level == .error && finding.fix?.rewritesInPlace == true && config.ignore(finding.rule, at: finding.file) == nil
        }
    }

    private func check(_ image: CheckImage, info: ImageInfo, fileBytes: Int, bytes: () throws(ImageError) -> [UInt8], note: String?,
                       in context: CheckContext, plans: CheckPlans, into sink: inout Sink, fixable: Bool = false) {
        // The config says how an image is drawn over what the code seems to say.
        let configured = context.config.drawn(for: image.path) ?? image.assetSet.flatMap(context.config.drawn(for:))
        var facts = ImageFacts(path: image.path, size: info.orientedSize, fileBytes: fileBytes,
                               bytesPerPixel: info.renderBytesPerPixel, scale: image.scale, drawnAtScales: image.drawnAtScales,
                               platforms: image.platforms, assetSet: image.assetSet, note: note,
                               drawn: configured ?? image.drawn, drawnEvidence: configured != nil ? "config" : image.drawnEvidence)
        facts.mayNotBeDrawn = image.mayNotBeDrawn
        if measuresAppearance {
            // A picture the decoder refuses is reported, never measured as clean.
            do throws(ImageError) {
                let decoded = try ImageDecoder.decode(try bytes(), file: image.path)
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
        var findings = CheckRules.evaluate(facts, in: context, plans: plans)
        if fixable, hasFixableError(findings, config: context.config) {
            if fixes {
                // The size the printed command gives, worked out from the same scope.
                let scope = CheckScope(facts, in: context, plans: plans)
                if let size = scope.conformingSize {
                    do throws(ImageError) {
                        let maxBytes = findings.contains { $0.rule == FileBytesRule().description.id } ? ImageByteLimit.defaultCap : nil
                        let change = try CheckFix.rewrite(image.path, size: facts.size, bytes: facts.fileBytes, maxSide: size.maxSide,
                                                          maxBytes: maxBytes)
                        sink.fixed.append(change)
                        // What the rewritten file gives is what this run reports.
                        check(image, in: context, plans: plans, into: &sink, fixable: false)
                        return
                    } catch {
                        findings.append(UnreadableRule.finding(image.path, reason: "--fix could not rewrite it: \(error.reasonText)"))
                    }
                }
            } else {
                sink.tally.fixable += 1
            }
        }
        sink.tally.images += 1
        for finding in findings { sink.add(finding) }
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
            check(CheckImage(path: path, scale: nil, platforms: [], assetSet: nil), info: info, fileBytes: bytes.count,
                  bytes: { () throws(ImageError) in bytes }, note: "revision \(snapshot.revision)", in: context, plans: plans, into: &sink)
        } catch {
            sink.add(UnreadableRule.finding(path, reason: "revision \(snapshot.revision): \(error.reasonText)"))
        }
    }
}
