/// What help and the folder walk say about the formats widget-thumbs reads, read from their
/// declarations (`SourceFormat`), so a format added there is named wherever the tool says
/// what it reads.
package enum ReadableFormats {
    /// Every extension a folder walk takes (`InputDiscovery`), lower case, matched ignoring case.
    package static var walkedExtensions: [String] { SourceFormat.walkedExtensions }

    /// "JPEG, PNG, WebP, HEIC and AVIF" (`conjunction` "or" for one file of any of them).
    package static func names(_ conjunction: String = "and") -> String {
        SourceFormat.fileKindNames(conjunction)
    }
}
