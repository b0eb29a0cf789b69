import WidgetThumbnails

/// `widget-thumbs budget <WxH | file> [--family F] [--device D ...] [--json]`: what a thumbnail
/// of that size costs a widget, per family and device; `budget --platform android --screen WxH
/// [--density D] [--cells CxR] [--bitmaps N] [--target-sdk N]`: Android's cap for that screen
/// and the slot of each cell span (`AndroidBudget`).
struct BudgetCommand: Command {
    static let subject = ArgumentSpec(
        "size-or-file", arity: .optional,
        help: "A thumbnail size such as 500x375 (1-65535 a side), or an image file (its upright size is used). "
            + "Not given with --platform android.")
    static let family = OptionSpec.widgetFamily(
        help: "Show every device and slot for this family instead of one line per family.")
    static let json = OptionSpec.flag("json", help: "Print one JSON document instead of a table.")
    static let spec = CommandSpec(
        name: "budget",
        abstract: "Show the render cost of a thumbnail size for every widget family and device.",
        discussion: """
            WidgetKit refuses an image whose pixel area is over an archival cap tied to the \
            widget's slot: \(capRules). A widget extension lives in \(memoryLimits). The table \
            gives the decoded RGBA bytes, their share of that memory, and per family the largest \
            slot, the smallest cap and the device it belongs to (the binding device), and the \
            devices where the size is over the cap. A cap is logged or assumed: where a family \
            has logged caps on the chosen devices, going over an assumed one (visionOS, Mac) is \
            printed as a risk, not a failure; where it has only assumed caps (Lock Screen \
            accessories, the Smart Stack), they are the caps. A family over its cap fails the \
            archive of every family of the widget, so a file several families share is bound by \
            the smallest cap among them. The devices are the default set (see 'widget-thumbs \
            devices --help'), or those --device, --platform and --os choose.

            --entries N adds the timeline's bytes: chronod refuses a timeline whose archive \
            passes \(TimelineBudget.limitBytes) bytes (\(TimelineBudget.limitSource)), and every \
            entry carries its images. Handed over as data (UIImage(data:)) an image costs its \
            file's bytes; decoded (UIImage(cgImage:), Image(decorative:)) about \
            \(TableText.fixed(TimelineBudget.decodedFactor, 2))x as much (\(TimelineBudget.decodedFactorSource)).

            --platform android --screen WxH gives Android's cap instead: \(AndroidPlatform().imageLimit.summary). \
            It prints M in bytes, each bitmap's share (--bitmaps N), the largest bitmap alone, and \
            for each cell span of the design guide's table (or --cells CxR) the largest slot in \
            pixels at the density (--density, or the catalogued screen's) with its ARGB_8888 and \
            RGB_565 bytes; --target-sdk 37 or later lists what Android 17 counts too.
            """,
        arguments: [subject],
        options: [family, json, EntriesArgument.spec] + DeviceArguments.specs + AndroidArguments.specs)

    /// The catalogue's cap rules in a sentence, so the help cannot disagree with the data.
    private static var capRules: String {
        WidgetCatalog.builtIn.capRules.map { rule in
            let scope = [rule.families.count == WidgetFamily.allCases.count ? [] : rule.families.map(\.rawValue),
                         rule.platforms.map(\.rawValue), rule.surfaces.map(\.rawValue)]
                .filter { !$0.isEmpty }.map { $0.joined(separator: ", ") }.joined(separator: " on ")
            return "\(rule.multiplier) x the slot's pixel area for \(scope.isEmpty ? "every other slot" : scope) (\(rule.basis))"
        }.joined(separator: "; ")
    }

    /// The catalogue's memory limits in a phrase.
    private static var memoryLimits: String { WidgetCatalog.builtIn.memoryLimitPhrases.joined(separator: ", ") }

    enum Subject {
        case size(PixelSize)
        case file(String)
    }

    enum Output {
        case table
        case json
    }

    var subject: Subject
    /// Set by `--platform android`: the command reports Android's budget instead, for these
    /// spans (one target each; one with no span for every span of the table).
    var android: AndroidTarget?
    var androidSpans: [AndroidCellSpan] = []
    var family: WidgetFamily?
    var output: Output
    var catalog: WidgetCatalog
    var devices: [DeviceClass]
    /// Every cap of named devices counts; else an assumed cap is a risk (`FamilyCost.assumedCaps`).
    var assumedCaps: FamilySizing.AssumedCaps
    var entryCount: Int?

    init(_ arguments: ParsedArguments) throws(UsageError) {
        catalog = try DeviceArguments.catalog(arguments)
        output = arguments.isSet(Self.json) ? .json : .table
        let androidTargets = try AndroidArguments.targets(arguments, catalog: catalog, requireSlot: false)
        android = androidTargets?.first
        androidSpans = androidTargets?.compactMap(\.cells) ?? []
        if android != nil {
            for option in [Self.family, EntriesArgument.spec] where arguments.wasGiven(option) {
                throw UsageError("'\(option.longForm)' is WidgetKit's; Android's budget is per screen and cell span")
            }
            if let given = arguments.values(Self.subject).first {
                throw UsageError("'--platform android' budgets a screen: give '--screen', not '\(DisplayText.escaped(given, limit: 80))'")
            }
            (subject, family, devices, assumedCaps, entryCount) = (.size(PixelSize(width: 1, height: 1)), nil, [], .apply, nil)
            return
        }
        guard let text = arguments.values(Self.subject).first else {
            throw UsageError("'budget' needs a size or a file (or '--platform android --screen WxH')")
        }
        if let size = PixelSize(commandLine: text) {
            subject = .size(size)
        } else if Self.looksLikeSize(text) {
            // `0x0` or `99999999x99999999` is a size out of range, not a file to open.
            throw UsageError("The size '\(text)' is invalid for '<\(Self.subject.name)>': expected both sides whole numbers from 1 to 65535")
        } else {
            subject = .file(text)
        }
        family = arguments.value(Self.family).flatMap(WidgetFamily.init(rawValue:))
        devices = try DeviceArguments.devices(arguments, in: catalog)
        assumedCaps = DeviceArguments.namesDevices(arguments) ? .apply : .onlyWhereNothingIsLogged
        entryCount = try EntriesArgument.value(arguments)
    }

    /// Digits, `x`, digits (signs allowed): what a size looks like, whatever its range.
    static func looksLikeSize(_ text: String) -> Bool {
        let sides = text.lowercased().split(separator: "x", omittingEmptySubsequences: false)
        return sides.count == 2 && sides.allSatisfy { side in
            let digits = side.first == "-" || side.first == "+" ? side.dropFirst() : side[...]
            return !digits.isEmpty && digits.allSatisfy { ("0"..."9").contains($0) }
        }
    }

    func run(_ console: Console) throws(ImageError) -> ExitStatus {
        if let android {
            let budget = AndroidBudget(android, spans: androidSpans, catalog: catalog)
            if output == .json { console.write(json: try JSONOutput.encode(budget)) } else { console.write(budget.text) }
            return .success
        }
        let (cost, fileBytes) = try renderCost()
        let timeline = entryCount.map { entries in
            TimelineReport(entries: entries, imageBytes: fileBytes ?? ByteBudget.defaultCap, fromFile: fileBytes != nil)
        }
        switch output {
        case .json:
            console.write(json: try JSONOutput.encode(BudgetDocument(cost: cost, timeline: timeline)))
        case .table:
            let table = BudgetTable(cost: cost, family: family, catalog: catalog, devices: devices).text
            console.write(timeline.map { table + "\n\n" + $0.text } ?? table)
        }
        return .success
    }

    /// The cost, and the file's byte count when the subject is a file.
    private func renderCost() throws(ImageError) -> (RenderCost, Int?) {
        switch subject {
        case .size(let size):
            return (RenderCost(size: size, devices: devices, catalog: catalog, assumedCaps: assumedCaps), nil)
        case .file(let path):
            let limits = DecodeLimits.default
            let bytes = try InputFile.read(path, maxBytes: limits.maxFileBytes)
            let info = try ImageDecoder.probe(bytes, file: path, limits: limits)
            return (RenderCost(size: info.orientedSize, bytesPerPixel: info.renderBytesPerPixel, devices: devices, catalog: catalog,
                               assumedCaps: assumedCaps),
                    bytes.count)
        }
    }
}
