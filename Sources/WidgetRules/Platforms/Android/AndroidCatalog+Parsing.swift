import WidgetSnapshots

// The catalogue's Android sections, read with the same strict readers as its WidgetKit rows
// (Catalog/WidgetCatalog+Parsing.swift): unknown fields refused, the row and field named.
extension CatalogReader {
    /// `androidScreens`: each with `id`, `label`, `pixels` [w, h], `dpi`, `source`, optional
    /// `names` and `note`. No id twice, and no two screens with the same size and density.
    func androidScreens(_ value: JSONValue?, sources: Set<String>) throws(CatalogError) -> [AndroidScreen] {
        guard let value else { return [] }
        var screens: [AndroidScreen] = []
        for (index, item) in try array(value, row: nil, field: "androidScreens").enumerated() {
            var row = "androidScreens[\(index)]"
            let object = try object(item, row: row, field: nil, allowed: nil)
            let id = try string(object["id"], row: row, field: "id")
            row += " (\(id))"
            try check(object, row: row, field: nil, allowed: ["id", "label", "pixels", "dpi", "names", "note", "source"])
            let pixels = try pair(object["pixels"], row: row, field: "pixels")
            let dpi = try positive(object["dpi"], row: row, field: "dpi")
            guard let density = AndroidDensity(dpi: dpi) else {
                throw CatalogError(file: file, row: row, field: "dpi", reason: "is \(dpi); expected 1 to 2000")
            }
            let names = try object["names"].map { value throws(CatalogError) in try strings(value, row: row, field: "names") } ?? []
            let note = try object["note"].map { value throws(CatalogError) in try string(value, row: row, field: "note") }
            let source = try string(object["source"], row: row, field: "source")
            guard sources.contains(source) else {
                throw CatalogError(file: file, row: row, field: "source", reason: "no source has the id \"\(source)\"")
            }
            let screen = AndroidScreen(id: id, label: try string(object["label"], row: row, field: "label"), pixels: pixels,
                                       density: density, names: names, note: note, source: source)
            if let earlier = screens.first(where: { $0.id == id || ($0.pixels == pixels && $0.density == density) }) {
                throw CatalogError(file: file, row: row, field: earlier.id == id ? "id" : "pixels", reason: "repeats \(earlier.id)")
            }
            screens.append(screen)
        }
        return screens
    }

    /// `androidCells`: `source` and `spans`, each `cells` [columns, rows], `minDp` and `maxDp`
    /// [w, h], the minimum no larger than the maximum; no span twice.
    func androidCells(_ value: JSONValue?, sources: Set<String>) throws(CatalogError) -> AndroidCellTable? {
        guard let value else { return nil }
        let table = try object(value, row: nil, field: "androidCells", allowed: ["source", "spans"])
        let source = try string(table["source"], row: nil, field: "androidCells.source")
        guard sources.contains(source) else {
            throw CatalogError(file: file, field: "androidCells.source", reason: "no source has the id \"\(source)\"")
        }
        var spans: [AndroidCellSpan] = []
        for (index, item) in try array(table["spans"], row: nil, field: "androidCells.spans").enumerated() {
            let field = "androidCells.spans[\(index)]"
            let span = try object(item, row: nil, field: field, allowed: ["cells", "minDp", "maxDp"])
            let cells = try pair(span["cells"], row: nil, field: "\(field).cells")
            let minimum = try pair(span["minDp"], row: nil, field: "\(field).minDp")
            let maximum = try pair(span["maxDp"], row: nil, field: "\(field).maxDp")
            guard minimum.width <= maximum.width, minimum.height <= maximum.height else {
                throw CatalogError(file: file, field: "\(field).minDp", reason: "is larger than maxDp")
            }
            guard !spans.contains(where: { $0.columns == cells.width && $0.rows == cells.height }) else {
                throw CatalogError(file: file, field: "\(field).cells", reason: "\(cells.width)x\(cells.height) is listed twice")
            }
            spans.append(AndroidCellSpan(columns: cells.width, rows: cells.height,
                                         minimum: DPSize(width: minimum.width, height: minimum.height),
                                         maximum: DPSize(width: maximum.width, height: maximum.height)))
        }
        guard !spans.isEmpty else { throw CatalogError(file: file, field: "androidCells.spans", reason: "lists no span") }
        return AndroidCellTable(source: source, spans: spans)
    }
}
