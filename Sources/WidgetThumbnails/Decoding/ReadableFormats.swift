/// The formats widget-thumbs reads, once: the names help gives them and the file extensions a
/// folder walk takes for each (`InputDiscovery`), taken from the `StoredFormat` declarations.
/// Help text is built from this list, so a format added here is named wherever the tool says
/// what it reads.
package enum ReadableFormats {
    package struct Format {
        /// Its name for people: "JPEG", "HEIC".
        package var name: String
        /// The extensions a folder walk takes for it, lower case (matched ignoring case).
        package var extensions: [String]

        /// A format we also write: its name and extensions are `stored`'s declarations, plus
        /// `alsoRead` for names other writers use.
        package init(_ stored: StoredFormat, alsoRead: [String] = []) {
            name = stored.name
            extensions = stored.fileExtensions + alsoRead
        }
    }

    package static let all: [Format] = [
        Format(.jpeg),
        Format(.png),
        Format(.webp),
        Format(.heic, alsoRead: ["hif"]),
        Format(.avif),
    ]

    /// Every extension a folder walk takes, in the order of `all`.
    package static var walkedExtensions: [String] { all.flatMap(\.extensions) }

    /// "JPEG, PNG, WebP, HEIC and AVIF" (`conjunction` "or" for one file of any of them).
    package static func names(_ conjunction: String = "and") -> String {
        let names = all.map(\.name)
        return names.dropLast().joined(separator: ", ") + " \(conjunction) " + names.last!
    }
}
