import WidgetThumbnails

extension OptionSpec {
    /// `--full-decode`: never let a HEIF's embedded thumbnail stand in for its primary image,
    /// and never skip HEVC's in-loop filters.
    /// Shared by every command that decodes for a thumbnail box.
    static let fullDecode = OptionSpec.flag(
        "full-decode",
        help: "Decode a HEIF's primary image in full: never an embedded thumbnail that is large enough for the box, and always with HEVC's in-loop filters (skipped by default when the image is at least 4x the thumbnail).")
}

extension HEVCLoopFilterPolicy {
    /// The policy the command line asked for: `.always` with `--full-decode`.
    init(_ arguments: ParsedArguments) {
        self = arguments.isSet(OptionSpec.fullDecode) ? .always : .skipWhenDownscaling
    }
}

extension EmbeddedThumbnailPolicy {
    /// The policy the command line asked for: `.never` with `--full-decode`.
    init(_ arguments: ParsedArguments) {
        self = arguments.isSet(OptionSpec.fullDecode) ? .never : .whenLargeEnough
    }
}
