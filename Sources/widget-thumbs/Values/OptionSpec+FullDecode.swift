import WidgetThumbnails

extension OptionSpec {
    /// `--full-decode`: never let a HEIF's embedded thumbnail stand in for its primary image.
    /// Shared by every command that decodes for a thumbnail box.
    static let fullDecode = OptionSpec.flag(
        "full-decode",
        help: "Always decode a HEIF's full primary image, never an embedded thumbnail that is large enough for the box.")
}

extension EmbeddedThumbnailPolicy {
    /// The policy the command line asked for: `.never` with `--full-decode`.
    init(_ arguments: ParsedArguments) {
        self = arguments.isSet(OptionSpec.fullDecode) ? .never : .whenLargeEnough
    }
}
