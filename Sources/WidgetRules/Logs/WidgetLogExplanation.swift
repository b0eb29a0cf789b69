/// What `explain` says about the widget failures of a log (WidgetKit's and Android's): one entry per distinct failure
/// (a repeated one is counted, not repeated), each with what it means and the fix.
package struct WidgetLogExplanation: Encodable, Sendable {
    /// One distinct failure.
    package struct Entry: Encodable, Sendable {
        /// `archivalCap`, `timelineArchive`, `memoryLimit`, `chronoServices`, or Android's
        /// `androidBitmapMemory`, `androidTransactionTooLarge` and `androidCantShowContent`.
        package var kind: String
        /// How many lines reported it.
        package var count: Int
        /// The first of them (1-based).
        package var firstLine: Int
        /// That line, escaped and cut to 300 characters.
        package var text: String
        package var archivalCap: ArchivalCap?
        package var timelineArchive: TimelineArchive?
        package var memoryLimit: MemoryLimit?
        package var chronoServices: ChronoServices?
        package var android: AndroidLogExplanation?
    }

    /// An archival failure: the slots with that cap, or the slot it would be.
    package struct ArchivalCap: Encodable, Sendable {
        /// The logged image, `[w, h]`.
        package var image: [Int]?
        /// The logged maximum, exact (`349905.6`).
        package var maximumArea: String
        /// It rounded down: the catalogue's cap.
        package var capPixels: Int
        /// Whether a catalogue row has that cap.
        package var known: Bool
        /// Each family with that cap, its rows, the largest size that fits and the fix.
        package var families: [Family]
        /// When unknown: the slot each cap rule's multiplier implies.
        package var impliedSlots: [Implied]
        /// When unknown: a `--catalog` file to fill in (JSON text).
        package var catalogTemplate: String?
        /// Why the line cannot be what it says (an area not over its maximum), or nil.
        package var contradiction: String?
        /// The widget kind the line names (escaped), or nil.
        package var widgetKind: String?
        /// The family the line names, or nil; the families below are narrowed to it when the
        /// cap matches a slot of it.
        package var loggedFamily: WidgetFamily?
    }

    /// Which frame of a slot gave the matched cap: `rendered` (its pixels, on iPad the design
    /// canvas) or `displayed` (the iPad Home Screen frame), and that frame's pixels.
    package struct MatchedFrame: Encodable, Sendable {
        package var id: String
        package var frame: CatalogSlot.Frame
        package var pixels: [Int]
    }

    package struct Family: Encodable, Sendable {
        package var family: WidgetFamily
        /// The rows (and slots) whose cap is the logged one.
        package var devices: [RenderCost.DeviceFit]
        /// For each of `devices`, in order, the frame whose area x the multiplier is the cap.
        package var matchedFrames: [MatchedFrame]
        /// Those of them no current OS release runs on (an old log, or another slot's).
        package var droppedDevices: [String]
        /// The largest size of the logged image's shape (the slot's without one) under the cap.
        package var largestFitting: [Int]
        /// What `command` makes from the logged image (the slot's size without one).
        package var proposed: [Int]
        /// The `widget-thumbs` command that makes a conforming file.
        package var command: String
    }

    package struct Implied: Encodable, Sendable {
        package var capRule: String
        package var multiplier: String
        package var slotArea: Double
        package var slotPixels: [Int]
        package var wholePixels: Bool
    }

    package struct TimelineArchive: Encodable, Sendable {
        package var bytes: Int
        package var limits = TimelineReport.Limits()
        /// What the archive comes to per entry for a few entry counts, and what fits.
        package var perEntry: [PerEntry]

        private enum CodingKeys: String, CodingKey { case bytes, perEntry }

        package func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(bytes, forKey: .bytes)
            try container.encode(perEntry, forKey: .perEntry)
            try limits.encode(to: encoder)
        }
    }

    package struct PerEntry: Encodable, Sendable {
        package var entries: Int
        package var bytesPerEntry: Int
        /// The most file bytes per entry that fit this many entries, as data and decoded.
        package var fittingBytesAsData: Int
        package var fittingBytesDecoded: Int
    }

    package struct MemoryLimit: Encodable, Sendable {
        /// The limit in MB (1 MB = 1,048,576 bytes); for jetsam's kill, the footprint then.
        package var megabytes: Double
        /// The message: `excResource`, `jetsam` or `highWaterMark`.
        package var form: MemoryLimitLog.Form
        /// `ActiveHard` and the like, when the line names it.
        package var category: String?
        /// Whether the process was killed (false: a warning).
        package var killed: Bool
        /// The catalogue's limits, for comparison.
        package var catalogLimits: [String]
        /// Each system family's largest current slot and what it costs decoded.
        package var slotCosts: [SlotCost]
    }

    package struct SlotCost: Encodable, Sendable {
        package var family: WidgetFamily
        package var slotPixels: [Int]
        package var decodedBytes: Int
        package var shareOfLimit: Double
    }

    /// A CHSErrorDomain code: what it can mean, and how to tell which.
    package struct ChronoServices: Encodable, Sendable {
        package var code: Int
        package var widgetKind: String?
        package var loggedFamily: WidgetFamily?
        /// The causes it has been seen with.
        package var causes: [String]
        /// What tells them apart.
        package var tellApart: [String]
        /// What this log itself says: the line of a timeline-archive or memory failure it
        /// holds, or nil.
        package var inThisLog: String?
    }

    /// Lines read.
    package var lines: Int
    /// Lines that reported a failure.
    package var failures: Int
    package var entries: [Entry]

    /// The entry counts a timeline failure is shown for.
    package static let entryCounts = [1, 10, 20, 50]

    /// Builds the report for the `(event, first line number, line text, count)` of a log.
    package init(lines: Int, events: [(event: WidgetLogEvent, firstLine: Int, text: String, count: Int)], catalog: WidgetCatalog) {
        self.lines = lines
        failures = events.map(\.count).reduce(0, +)
        entries = events.map { item in
            var entry = Entry(kind: "", count: item.count, firstLine: item.firstLine, text: DisplayText.escaped(item.text, limit: 300))
            switch item.event {
            case .archivalCap(let log):
                entry.kind = "archivalCap"
                entry.archivalCap = Self.archival(log, catalog: catalog)
            case .timelineArchive(let bytes):
                entry.kind = "timelineArchive"
                entry.timelineArchive = Self.timeline(bytes)
            case .memoryLimit(let log):
                entry.kind = "memoryLimit"
                entry.memoryLimit = Self.memory(log, catalog: catalog)
            case .chronoServices(let code, let widget):
                entry.kind = "chronoServices"
                entry.chronoServices = Self.chronoServices(code, widget: widget)
            case .android(let event):
                switch event {
                case .bitmapMemory: entry.kind = "androidBitmapMemory"
                case .transactionTooLarge: entry.kind = "androidTransactionTooLarge"
                case .cantShowContent: entry.kind = "androidCantShowContent"
                }
                entry.android = AndroidLogExplanation(event, catalog: catalog)
            }
            return entry
        }
        // A 1050 next to a too-large-archive or a kill line in the same log: say which.
        let archiveLine = entries.first { $0.kind == "timelineArchive" }?.firstLine
        let killLine = entries.first { $0.memoryLimit?.killed == true }?.firstLine
        // Glance's placeholder next to a cap or binder line in the same log: that is its cause.
        let capLine = entries.first { $0.kind == "androidBitmapMemory" }?.firstLine
        let binderLine = entries.first { $0.kind == "androidTransactionTooLarge" }?.firstLine
        for index in entries.indices where entries[index].kind == "androidCantShowContent" {
            entries[index].android?.inThisLog = capLine.map { "line \($0) reports the bitmap cap: the first cause" }
                ?? binderLine.map { "line \($0) reports a binder transaction too large: the third cause" }
                ?? "no bitmap-cap or binder line in this log: look for the app's own stack trace (the second cause)"
        }
        for index in entries.indices where entries[index].chronoServices != nil {
            if let archiveLine {
                entries[index].chronoServices?.inThisLog = "line \(archiveLine) reports a too large timeline archive: the first cause"
            } else if let killLine {
                entries[index].chronoServices?.inThisLog = "line \(killLine) reports the extension killed over its memory limit: "
                    + "the second cause (the process died mid-reload)"
            } else {
                entries[index].chronoServices?.inThisLog = "no too-large-archive line in this log: more likely the second cause, "
                    + "unless the log was cut before it"
            }
        }
    }

    /// The two causes a CHSErrorDomain 1050 has been reported with. The first is documented
    /// in projects' issues (millianlmx/swimmich issue 19: 1050 with `too large timeline
    /// archive`); the second (the extension stuck, not answering chronod) is developers'
    /// reports, no Apple document: labelled so.
    package static let chronoServicesCauses = [
        "the timeline archive was too large (entries x the image bytes each carries, over chronod's limit): chronod refused the reload",
        "the widget extension was stuck or not answering (getTimeline never completing: a synchronous download, a deadlock, "
            + "a process killed mid-reload); reported by developers, not documented by Apple",
    ]

    package static let chronoServicesTellApart = [
        "the first logs 'reload: failed with too large timeline archive N' from chronod at the same time (explain reads it: "
            + "the bytes against the limit, per entry)",
        "the second has no such line: look for the extension's own lines stopping, a kill (EXC_RESOURCE, "
            + "memorystatus: killing_specific_process) or a timeout of its process near it",
    ]

    private static func chronoServices(_ code: Int, widget: LoggedWidget) -> ChronoServices {
        ChronoServices(code: code, widgetKind: widget.kind.map { DisplayText.escaped($0, limit: 200) }, loggedFamily: widget.family,
                       causes: chronoServicesCauses, tellApart: chronoServicesTellApart, inThisLog: nil)
    }

    private static func archival(_ log: ArchivalCapLog, catalog: WidgetCatalog) -> ArchivalCap {
        let matches = log.matches(in: catalog)
        var families: [Family] = []
        for family in WidgetFamily.allCases {
            let slots = matches.filter { $0.slot.family == family }
            guard let first = slots.first else { continue }
            var rows: [DeviceClass] = []
            for match in slots where !rows.contains(where: { $0.id == match.device.id }) { rows.append(match.device) }
            let source = log.image ?? first.pixels
            var proposed = FamilySizing.box(for: family, sourceSize: source, devices: rows)
            // A cap matched on the displayed frame is below the canvas's the catalogue sizes
            // for: the proposal is brought under the logged one.
            if proposed.area > log.capPixels {
                proposed = ArchivalCapLog(image: proposed, maximumArea: log.maximumArea, maximumSize: nil)
                    .largestFitting(cap: log.capPixels, shape: proposed)
            }
            let fitting = log.largestFitting(cap: log.capPixels, shape: first.pixels)
            // The output keeps the input's format (its extension): a PNG with alpha stays a PNG.
            let command = FixCommand([.literal("widget-thumbs"), .literal("thumbnail"), .placeholder("IMAGE.EXT"), .literal("-o"),
                                      .placeholder("IMAGE.\(family.rawValue).EXT"), .literal("--family"), .literal(family.rawValue)]
                                     + rows.flatMap { [FixCommand.Word.literal("--device"), .literal($0.id)] })
            families.append(Family(family: family,
                                   devices: slots.map { RenderCost.DeviceFit(device: $0.device, slot: $0.slot, fits: false) },
                                   matchedFrames: slots.map {
                                       MatchedFrame(id: $0.device.id, frame: $0.frame, pixels: [$0.pixels.width, $0.pixels.height])
                                   },
                                   droppedDevices: rows.filter { !$0.isCurrent }.map(\.id),
                                   largestFitting: [fitting.width, fitting.height], proposed: [proposed.width, proposed.height],
                                   command: command.description))
        }
        let implied = matches.isEmpty ? log.impliedSlots(in: catalog) : []
        return ArchivalCap(image: log.image.map { [$0.width, $0.height] }, maximumArea: log.maximumArea.description,
                           capPixels: log.capPixels, known: !matches.isEmpty, families: families,
                           impliedSlots: implied.map {
                               Implied(capRule: $0.rule.id, multiplier: $0.rule.multiplier.description, slotArea: $0.area,
                                       slotPixels: [$0.pixels.width, $0.pixels.height], wholePixels: $0.isWhole)
                           },
                           catalogTemplate: matches.isEmpty ? catalogTemplate(implied) : nil,
                           contradiction: log.contradiction,
                           widgetKind: log.widget.kind.map { DisplayText.escaped($0, limit: 200) },
                           loggedFamily: log.widget.family)
    }

    /// A `--catalog` file for an unknown maximum: the slot the first whole-pixel reading
    /// implies (the first rule's when none is whole), everything nobody logged left to fill.
    package static func catalogTemplate(_ implied: [ImpliedSlot]) -> String? {
        guard let slot = implied.first(where: \.isWhole) ?? implied.first else { return nil }
        let platform = slot.rule.platforms.first?.rawValue ?? "<platform: iOS, iPadOS, macOS, watchOS or visionOS>"
        let surface = slot.rule.surfaces.first?.rawValue ?? "homeScreen"
        let family = slot.rule.families.first.map { _ in "<family: one of \(slot.rule.families.map(\.rawValue).joined(separator: ", "))>" }
            ?? "<family>"
        return """
            {"schemaVersion": \(WidgetCatalog.schemaVersion),
             "sources": [{"id": "my-log", "kind": "measured", "reference": "<where the log came from: device, OS, family>"}],
             "devices": [{"id": "<row id>", "platform": "\(platform)", "screen": [<points wide>, <points high>], "scale": <scale>, "os": [<OS major version>],
                          "label": "<device name>", "names": ["<device name>"],
                          "slots": [{"family": "\(family)", "surface": "\(surface)", "pixels": [\(slot.pixels.width), \(slot.pixels.height)], "source": "my-log"}]}]}
            """
    }

    private static func timeline(_ bytes: Int) -> TimelineArchive {
        TimelineArchive(bytes: bytes, perEntry: entryCounts.map { entries in
                            PerEntry(entries: entries, bytesPerEntry: bytes / entries,
                                     fittingBytesAsData: TimelineBudget.maximumImageBytesPerEntry(entries: entries, .data),
                                     fittingBytesDecoded: TimelineBudget.maximumImageBytesPerEntry(entries: entries, .decoded))
                        })
    }

    private static func memory(_ log: MemoryLimitLog, catalog: WidgetCatalog) -> MemoryLimit {
        let limit = max(1, log.bytes)
        let current = catalog.currentDevices
        let slotCosts: [SlotCost] = WidgetFamily.allCases.filter { !$0.isAccessory }.compactMap { family in
            guard let largest = current.flatMap({ $0.slots(for: family) }).map(\.pixels).max(by: { $0.area < $1.area }) else { return nil }
            let bytes = largest.area * 4
            return SlotCost(family: family, slotPixels: [largest.width, largest.height], decodedBytes: bytes,
                            shareOfLimit: Double(bytes) / Double(limit))
        }
        return MemoryLimit(megabytes: log.megabytes, form: log.form, category: log.category, killed: log.fatal,
                           catalogLimits: catalog.memoryLimitPhrases,
                           slotCosts: slotCosts)
    }

    // MARK: - Text

    package var text: String {
        var out: [String] = []
        for entry in entries {
            out.append("\(entry.count)x line \(entry.firstLine): \(entry.text)")
            if let cap = entry.archivalCap { out += Self.text(cap) }
            if let timeline = entry.timelineArchive { out += Self.text(timeline) }
            if let memory = entry.memoryLimit { out += Self.text(memory) }
            if let chrono = entry.chronoServices { out += Self.text(chrono) }
            if let android = entry.android { out += android.lines }
            out.append("")
        }
        out.append("\(failures) widget failure line(s), \(entries.count) distinct, in \(lines) line(s) read.")
        return out.joined(separator: "\n")
    }

    private static func text(_ cap: ArchivalCap) -> [String] {
        let image = cap.image.map { "the image, \($0[0])x\($0[1]) = \(TableText.grouped($0[0] * $0[1])) px," } ?? "the image"
        var out = ["  archival cap: \(image) is over WidgetKit's maximum of \(cap.maximumArea) px for the slot it was drawn in,",
                   "  so the widget shows its placeholder (and every family of the widget fails with it)."]
        if cap.widgetKind != nil || cap.loggedFamily != nil {
            out.append("  widget: " + [cap.widgetKind.map { "kind \"\($0)\"" }, cap.loggedFamily.map { "family \($0.rawValue)" }]
                .compactMap { $0 }.joined(separator: ", ") + " (as the line names it)")
        }
        if let contradiction = cap.contradiction {
            out.append("  but this line contradicts itself: \(contradiction); it may be cut or edited, so check its numbers.")
        }
        for family in cap.families {
            out.append("  slot: \(family.family.rawValue), cap \(TableText.grouped(cap.capPixels)) px, on:")
            for (device, matched) in zip(family.devices, family.matchedFrames) {
                let dropped = family.droppedDevices.contains(device.id) ? "; no current OS runs on it: an old log, or another device" : ""
                let frame = matched.frame == .displayed
                    ? "its displayed Home Screen frame \(matched.pixels[0])x\(matched.pixels[1]) px x the multiplier, not its "
                        + "\(device.slotPixels[0])x\(device.slotPixels[1]) px canvas (perhaps an older iPadOS that renders at the displayed frame: unconfirmed)"
                    : "\(device.slotPixels[0])x\(device.slotPixels[1]) px"
                // A user catalogue's label and id are untrusted: escaped, a newline in them cannot forge a line.
                out.append("    \(DisplayText.escaped(device.deviceName)) (\(device.surface.rawValue), \(frame), "
                    + "rule \(device.capRule)\(dropped))")
            }
            out.append("  largest size that fits: \(family.largestFitting[0])x\(family.largestFitting[1])"
                + (cap.image == nil ? " (the slot's shape)" : " (the image's shape)"))
            out.append("  fix: \(DisplayText.guarded(family.command))")
            out.append("       (makes \(family.proposed[0])x\(family.proposed[1])\(cap.image == nil ? "" : " from this image"): covers the slot, under every cap of the family there)")
        }
        if !cap.known {
            out.append("  unknown: no catalogue row has a slot with this cap. What the maximum would be under each cap rule:")
            for implied in cap.impliedSlots {
                out.append("    \(implied.multiplier) x (\(implied.capRule)): slot area \(TableText.fixed(implied.slotArea, 2)) px = "
                    + "\(implied.slotPixels[0])x\(implied.slotPixels[1])\(implied.wholePixels ? " (whole pixels: a likely slot)" : " (not whole pixels)")")
            }
            if let template = cap.catalogTemplate {
                out.append("  if you know the device, fill in this row and pass it as --catalog FILE (see 'widget-thumbs devices --help'):")
                out += template.split(separator: "\n").map { "    " + $0 }
            }
        }
        return out
    }

    private static func text(_ timeline: TimelineArchive) -> [String] {
        var out = ["  timeline archive: \(TableText.grouped(timeline.bytes)) bytes, over the limit of "
            + "\(TableText.grouped(timeline.limits.limitBytes)) bytes (\(timeline.limits.limitSource)).",
                   "  chronod refused the whole timeline and retries in about an hour; the widget keeps its old entries until then.",
                   "  It is entries x the image bytes each entry carries:"]
        for row in timeline.perEntry {
            out.append("    \(row.entries) entries: \(TableText.grouped(row.bytesPerEntry)) bytes an entry; fits with at most "
                + "\(TableText.grouped(row.fittingBytesAsData)) file bytes an entry as data, \(TableText.grouped(row.fittingBytesDecoded)) decoded")
        }
        out.append("  fix: hand images over as data (UIImage(data:)): a decoded image (UIImage(cgImage:), Image(decorative:)) is stored "
            + "about \(TableText.fixed(timeline.limits.decodedFactor, 2))x larger (\(timeline.limits.decodedFactorSource));")
        out.append("       fewer entries, or smaller files: "
            + FixCommand([.literal("widget-thumbs"), .literal("thumbnail"), .placeholder("IMAGE.EXT"), .literal("-o"),
                          .placeholder("IMAGE.F.EXT"), .literal("--family"), .placeholder("F"), .literal("--max-bytes"),
                          .placeholder("N")]).description
            + "; " + FixCommand([.literal("widget-thumbs"), .literal("budget"), .placeholder("FILE"), .literal("--entries"),
                                 .placeholder("N")]).description + " checks a timeline")
        return out
    }

    private static func text(_ memory: MemoryLimit) -> [String] {
        let megabytes = memory.megabytes.rounded() == memory.megabytes ? String(Int(memory.megabytes)) : TableText.fixed(memory.megabytes, 1)
        // The category is shown as logged: no Apple document defines the four names.
        let category = memory.category.map { " (\($0), as the line names it)" } ?? ""
        let what: String
        switch (memory.form, memory.killed) {
        case (.highWaterMark, _):
            what = "  memory warning, not a kill: the widget extension crossed its high water mark, the \(megabytes) MB limit's "
                + "warning level; this line killed nothing (a kill logs EXC_RESOURCE or memorystatus: killing_specific_process) (catalogue: "
        case (.jetsam, _):
            what = "  memory: jetsam (memorystatus) killed the widget extension at a footprint of \(megabytes) MB (catalogue: "
        case (.excResource, true):
            what = "  memory: the widget extension was killed at its \(megabytes) MB limit\(category) (catalogue: "
        case (.excResource, false):
            what = "  memory warning, not a kill (non-fatal): the widget extension went over its \(megabytes) MB limit\(category) (catalogue: "
        }
        var out = [what + "\(memory.catalogLimits.joined(separator: ", "))); every widget rendered at once shares one process.",
                   "  A decoded image costs width x height x 4 bytes; the largest slots of the current devices cost:"]
        for cost in memory.slotCosts {
            out.append("    \(cost.family.rawValue) \(cost.slotPixels[0])x\(cost.slotPixels[1]): \(TableText.grouped(cost.decodedBytes)) bytes, "
                + "\(TableText.fixed(cost.shareOfLimit * 100, 2))% of \(megabytes) MB")
        }
        out.append("  fix: never decode a full-size photo in the extension; hand it slot-sized files made in the app: "
            + FixCommand([.literal("widget-thumbs"), .literal("thumbnail"), .placeholder("IMAGE.EXT"), .literal("-o"),
                          .placeholder("IMAGE.F.EXT"), .literal("--family"), .placeholder("F")]).description
            + " (" + FixCommand([.literal("widget-thumbs"), .literal("check"), .placeholder("FILES")]).description
            + " shows each file's decoded cost)")
        return out
    }

    private static func text(_ chrono: ChronoServices) -> [String] {
        var out = ["  CHSErrorDomain \(chrono.code): chronod's reload of the widget failed; the widget keeps its old timeline. Two causes:"]
        if chrono.widgetKind != nil || chrono.loggedFamily != nil {
            out.insert("  widget: " + [chrono.widgetKind.map { "kind \"\($0)\"" }, chrono.loggedFamily.map { "family \($0.rawValue)" }]
                .compactMap { $0 }.joined(separator: ", ") + " (as the line names it)", at: 0)
        }
        for (number, cause) in chrono.causes.enumerated() { out.append("    \(number + 1). \(cause)") }
        out.append("  to tell them apart:")
        for clue in chrono.tellApart { out.append("    - \(clue)") }
        if let here = chrono.inThisLog { out.append("  in this log: \(here)") }
        return out
    }
}
