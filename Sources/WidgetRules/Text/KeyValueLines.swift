/// Human output as aligned `key: value` lines, values starting in one column.
package enum KeyValueLines {
    package static func format(_ pairs: [(key: String, value: String)]) -> String {
        let width = (pairs.map(\.key.count).max() ?? 0) + 1
        return pairs.map { pair in
            let label = pair.key + ":"
            return label + String(repeating: " ", count: width - label.count + 1) + pair.value
        }.joined(separator: "\n")
    }
}
