extension WidgetCatalog {
    /// Data/widget-catalog.json as compiled in (scripts/generate-catalog.py writes its text into
    /// the library), parsed with the same checks as a user's file. A test parses the file
    /// itself and compares, so the two cannot drift.
    public static let builtIn: WidgetCatalog = {
        do {
            return try WidgetCatalog(parsing: Array(builtInJSON.utf8), file: "Data/widget-catalog.json (compiled in)")
        } catch {
            preconditionFailure("the compiled-in catalogue is invalid: \(error)")
        }
    }()
}
