import WidgetThumbnails

/// `widget-thumbs budget <WxH | file> [--family F] [--json]`: what a thumbnail of that size
/// costs a widget, per family and device class.
struct BudgetCommand: Command {
    static let subject = ArgumentSpec(
        "size-or-file", help: "A thumbnail size such as 500x375, or an image file (its upright size is used).")
    static let family = OptionSpec.widgetFamily(
        help: "Show every device class for this family instead of one line per family.")
    static let json = OptionSpec.flag("json", help: "Print one JSON document instead of a table.")

    static let spec = CommandSpec(
        name: "budget",
        abstract: "Show the render cost of a thumbnail size for every widget family and device class.",
        discussion: """
            WidgetKit refuses an image whose pixel area is over an archival cap tied to the \
            widget's slot (about 4.4 x the slot's pixel area for home-screen families; the \
            accessory families' cap is unknown, so their slot's own area), and a widget \
            extension lives in about 30 MB. The table gives the decoded RGBA bytes, their share \
            of that memory, and per family the devices where the size is over the cap.
            """,
        arguments: [subject],
        options: [family, json])

    enum Subject {
        case size(PixelSize)
        case file(String)
    }

    enum Output {
        case table
        case json
    }

    var subject: Subject
    var family: WidgetFamily?
    var output: Output

    init(_ arguments: ParsedArguments) throws(UsageError) {
        let text = arguments.required(Self.subject)
        subject = PixelSize(commandLine: text).map(Subject.size) ?? .file(text)
        family = arguments.value(Self.family).flatMap(WidgetFamily.init(rawValue:))
        output = arguments.isSet(Self.json) ? .json : .table
    }

    func run(_ console: Console) throws(ImageError) -> ExitStatus {
        let cost = try renderCost()
        switch output {
        case .json:
            console.write(try JSONOutput.encode(cost))
        case .table:
            console.write(BudgetTable(cost: cost, family: family).text)
        }
        return .success
    }

    private func renderCost() throws(ImageError) -> RenderCost {
        switch subject {
        case .size(let size):
            return RenderCost(size: size)
        case .file(let path):
            let limits = DecodeLimits.default
            let bytes = try InputFile.read(path, maxBytes: limits.maxFileBytes)
            let info = try ImageDecoder.probe(bytes, file: path, limits: limits)
            // A 16-bit or wide-colour source renders as is in an extended-range bitmap: 8 B/px.
            let wideColour = info.iccProfile.map { $0.colorSpace == "RGB " && !ColorConverter.isEquivalentToSRGB($0) } ?? false
            return RenderCost(size: info.orientedSize, bytesPerPixel: info.bitDepth > 8 || wideColour ? 8 : 4)
        }
    }
}
