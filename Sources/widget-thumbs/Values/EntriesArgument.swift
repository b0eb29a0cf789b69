import WidgetThumbnails

/// `--entries N` of `budget` and `check`: one spec, one parse.
enum EntriesArgument {
    static let spec = OptionSpec.value(
        "entries", valueName: "N", presence: .optional,
        help: "N timeline entries each carry the image: the timeline archive's bytes, handed over as data and decoded, "
            + "against the timeline limit (for a size rather than a file, the image's bytes are the per-image byte budget, "
            + "\(ImageByteLimit.defaultCap) bytes).")

    /// `--entries N` of `budget` and `check`: 1 to 100,000 entries, or nil.
    static func value(_ arguments: ParsedArguments) throws(UsageError) -> Int? {
        try arguments.value(spec, expected: "a whole number of entries from 1 to 100000") {
            Int($0).flatMap { (1...100_000).contains($0) ? $0 : nil }
        }
    }
}
