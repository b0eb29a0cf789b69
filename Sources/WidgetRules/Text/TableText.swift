/// Column alignment and number formatting shared by every report (`budget`, `devices`, `check`,
/// `explain`): numbers are written one way wherever they are printed.
package enum TableText {
    /// Columns padded to their widest cell; the last column is left ragged.
    package static func aligned(_ rows: [[String]]) -> [String] {
        let widths = (0..<(rows.first?.count ?? 0)).map { column in rows.map { $0[column].count }.max() ?? 0 }
        return rows.map { row in
            row.enumerated().map { index, cell in
                index == row.count - 1 ? cell : cell + String(repeating: " ", count: widths[index] + 2 - cell.count)
            }.joined()
        }
    }

    /// 1234567 as `1,234,567`.
    package static func grouped(_ value: Int) -> String {
        var digits = Array(String(value))
        var index = digits.count - 3
        while index > 0 {
            digits.insert(",", at: index)
            index -= 3
        }
        return String(digits)
    }

    /// `value` with exactly `places` decimals.
    package static func fixed(_ value: Double, _ places: Int) -> String {
        let scale = Double(Array(repeating: 10, count: places).reduce(1, *))
        let rounded = (value * scale).rounded() / scale
        var text = String(rounded)
        let decimals = text.split(separator: ".").last?.count ?? 0
        if decimals < places { text += String(repeating: "0", count: places - decimals) }
        return text
    }
}
