import WidgetThumbnails

/// The formats widget-thumbs reads, once: the names help gives them and the file extensions a
/// folder walk takes for each (`InputDiscovery`). Help text is built from this list, so a
/// format added here is named wherever the tool says what it reads.
enum ReadableFormats {
    struct Format {
        /// The decoder that reads it (HEIC and AVIF share the HEIF container and decoder).
        var decoded: SourceFormat
        /// Its name for people: "JPEG", "HEIC".
        var name: String
        /// The extensions a folder walk takes for it, lower case (matched ignoring case).
        var extensions: [String]
    }

    static let all: [Format] = [
        Format(decoded: .jpeg, name: "JPEG", extensions: ["jpg", "jpeg"]),
        Format(decoded: .png, name: "PNG", extensions: ["png"]),
        Format(decoded: .webp, name: "WebP", extensions: ["webp"]),
        Format(decoded: .heif, name: "HEIC", extensions: ["heic", "heif", "hif"]),
        Format(decoded: .heif, name: "AVIF", extensions: ["avif"]),
    ]

    /// Every extension a folder walk takes, in the order of `all`.
    static var walkedExtensions: [String] { all.flatMap(\.extensions) }

    /// "JPEG, PNG, WebP, HEIC and AVIF" (`conjunction` "or" for one file of any of them).
    static func names(_ conjunction: String = "and") -> String {
        let names = all.map(\.name)
        return names.dropLast().joined(separator: ", ") + " \(conjunction) " + names.last!
    }
}
