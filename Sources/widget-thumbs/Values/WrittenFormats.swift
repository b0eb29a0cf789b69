import WidgetThumbnails

/// What help says about the formats widget-thumbs writes, read from their declarations
/// (`StoredFormat`, and each encoder's `QualityScale`), so a format added there is named here.
/// The formats it reads are `ReadableFormats`.
enum WrittenFormats {
    /// ".jpg, .jpeg, .webp, .png": every extension an output name may end in.
    static var extensions: String {
        StoredFormat.allCases.flatMap(\.fileExtensions).map { "." + $0 }.joined(separator: ", ")
    }

    /// "JPEG 80, WebP 75": each lossy format's standard start quality.
    static var startQualities: String { qualities(\.start) }

    /// "JPEG 40, WebP 35": each lossy format's standard floor.
    static var floorQualities: String { qualities(\.floor) }

    private static func qualities(_ value: KeyPath<QualityRange, Int>) -> String {
        StoredFormat.allCases.compactMap { format in
            ImageEncoder.encoder(for: format).qualityScale.map { "\(format.name) \($0.standard[keyPath: value])" }
        }.joined(separator: ", ")
    }
}
