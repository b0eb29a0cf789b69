/// The user's catalogue file read from disk: the file read is the library's (`InputFile`, a
/// size cap checked before reading), so `WidgetRules` itself opens no file.
extension WidgetCatalog {
    /// The built-in catalogue with the rows of the user's catalogue file at `path` added.
    public static func builtIn(addingFileAt path: String) throws(CatalogError) -> WidgetCatalog {
        let bytes: [UInt8]
        do {
            bytes = try InputFile.read(path, maxBytes: 4 << 20)
        } catch {
            throw CatalogError(file: path, reason: error.reason)
        }
        return try builtIn.adding(bytes, file: path)
    }
}
