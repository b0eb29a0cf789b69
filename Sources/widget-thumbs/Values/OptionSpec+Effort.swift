import WidgetThumbnails

extension OptionSpec {
    /// `--effort <0-6>`: encoder work for fewer bytes, shared by `batch` and `thumbnail`.
    static let effort = OptionSpec.value(
        "effort", valueName: "0-6", presence: .defaulted(EncodeEffort.standard.description),
        help: """
            Encoder work for fewer bytes at the same quality. WebP: libwebp's method (0 fastest, \
            6 smallest). JPEG: 0 standard Huffman tables, 1-4 optimised tables, 5-6 progressive. \
            4 needs about 17% fewer WebP bytes than 1 and 3% fewer JPEG bytes than 0 for the same \
            SSIM; 1 was the old WebP speed. AVIF: aom speed 9-4; HEIC: x265 preset ultrafast to \
            slower (4: speed 6, medium). PNG ignores it.
            """)
}

extension EncodeEffort {
    /// The effort `--effort` asked for, or the default.
    init(_ arguments: ParsedArguments) throws(UsageError) {
        let level = try arguments.value(OptionSpec.effort, expected: "a whole number, 0-6") {
            Int($0).flatMap { EncodeEffort.range.contains($0) ? $0 : nil }
        }
        self = level.flatMap { try? EncodeEffort($0) } ?? .standard
    }
}
