import WidgetThumbnails
import WidgetThumbsBatch

/// `widget-thumbs explain [LINE | -] [--catalog FILE] [--json]`: what WidgetKit's failure
/// lines in a pasted line, a device log or an Xcode console export mean, and the fix.
struct ExplainCommand: Command {
    static let line = ArgumentSpec(
        "line", arity: .optional,
        help: "One pasted log line; '-' or nothing reads standard input (a whole device log or Xcode console export).")
    static let json = OptionSpec.flag("json", help: "Print one JSON document instead of text.")

    static let spec = CommandSpec(
        name: "explain",
        abstract: "Say what WidgetKit's and Android's failure lines mean: the device or screen, the slot, and the command that fixes it.",
        discussion: """
            Finds these failures in any line, whatever surrounds them: \
            archival errors ('Widget archival failed due to image being too large [N] - (W, H), \
            totalArea: A > max[M]' or 'imageTooLarge(size: (W, H), maximumSize: (MW, MH))', the \
            numbers as Swift or Objective-C print them, 349905.6, 349905.600000, \
            620.4000000000001 or 3.49905e+05; a Double printed in full is read to 15 significant \
            digits), where the widget shows its \
            placeholder: the maximum is matched against every slot's cap in the catalogue (a cap \
            is the slot's pixel area times its rule's multiplier, 4.4 for the system families, \
            1.44 for watch complications: M / 4.4 is the slot's area, MW / 2.2 x MH / 2.0 its \
            sides), and each family with that cap is given with its devices, the largest size of \
            the image's shape that fits, and the 'widget-thumbs thumbnail' command that makes a \
            conforming file; an iPad slot also matches on its displayed Home Screen frame x 4.4 \
            (the report says which frame), and a line naming its widget (kind: "K", family: \
            systemSmall or systemMedium::W/H/R) shows them and narrows the family. \
            A maximum no row has is reported unknown, with the slot each rule \
            implies and a --catalog row to fill in. Timeline archive failures ('too large \
            timeline archive N') are broken down into entries x bytes against the timeline \
            limit; 'EXC_RESOURCE ... limit=N MB', 'exceeded mem limit: ActiveHard N MB (fatal)' \
            and 'memorystatus: killing_specific_process ... NKB' give the memory kill and what \
            slot-sized images cost decoded ('Crossed High Water Mark (Limit N MB)' is a \
            warning, not a kill); 'CHSErrorDomain Code=1050' is a failed reload, explained with \
            both causes (a timeline archive too large, or the extension stuck) and how to tell \
            them apart. \
            Android's logcat lines too: 'RemoteViews for widget update exceeds maximum bitmap \
            memory usage (used: N, max: M)' gives the screen (the cap is 6 x W x H bytes, so M / 6 \
            is its pixels: the catalogued screen, else a W x H with a common width; a maximum that \
            is not 6 x a common screen is said so), how far over (N / M), the largest ARGB_8888 \
            bitmap that fits alone (M / 4 px, and its square) and the 'widget-thumbs thumbnail \
            --platform android' command; 'TransactionTooLargeException: data parcel size N bytes' \
            is measured against the 1 MB binder buffer; Glance's "Can't show content" gets its \
            likely causes, pointing at a cap or binder line of the same log. \
            A failure repeated on many lines is listed once with its count. \
            Text from the input is printed escaped. Exit status 0 (also when nothing was found), \
            1 when standard input cannot be read.
            """,
        arguments: [line],
        options: [json, DeviceArguments.catalog])

    /// Lines longer than this are matched on their first this many bytes.
    static let maxLineBytes = 1 << 16

    var input: String?
    var asJSON: Bool
    var catalog: WidgetCatalog

    init(_ arguments: ParsedArguments) throws(UsageError) {
        let given = arguments.values(Self.line).first
        input = given == "-" ? nil : given
        asJSON = arguments.isSet(Self.json)
        catalog = try DeviceArguments.catalog(arguments)
    }

    func run(_ console: Console) throws(ImageError) -> ExitStatus {
        var log = WidgetLogReader()
        if let input {
            for line in input.split(separator: "\n", omittingEmptySubsequences: false) { log.take(line) }
        } else {
            try StandardInput.forEachLine(maxLineBytes: Self.maxLineBytes) { bytes in log.take(bytes) }
        }
        let report = log.explanation(catalog: catalog)
        if asJSON { console.write(json: try JSONOutput.encode(report)) } else { console.write(report.text) }
        return .success
    }
}
