import WidgetThumbnails

/// Properties of the two path grammars, checked against an independent reading of them:
/// whatever `LayoutPath` or `ContainerPath` accepts must match the grammar, and every string
/// the layout grammar describes must be accepted.
enum PathProperties {
    static func check(_ text: String) {
        let layout = try? LayoutPath(parsing: text)
        let expected = LayoutGrammar.matches(text)
        require((layout != nil) == expected, "LayoutPath \(layout == nil ? "refused" : "accepted") \(text.debugDescription)")
        if let layout {
            require(layout.description == text, "LayoutPath(\(text.debugDescription)) prints as \(layout.description)")
        }
        if let path = try? ContainerPath(text) {
            require(path.description == text, "ContainerPath(\(text.debugDescription)) prints as \(path)")
            require(ContainerGrammar.matches(text), "ContainerPath accepted \(text.debugDescription)")
        } else {
            require(layout == nil, "LayoutPath accepted \(text.debugDescription), ContainerPath refused it")
        }
    }
}

/// The layout grammar written out again, separately from `LayoutPath`:
/// `images/thumbnail-<rev>.(png|jpg|webp)` or `snapshots/snapshot-<rev>.json`, where `<rev>`
/// is `0` or `[1-9][0-9]{0,18}` and at most 9,999,999,999,999,999,999.
enum LayoutGrammar {
    static func matches(_ text: String) -> Bool {
        let forms: [(prefix: String, suffixes: [String])] = [
            ("images/thumbnail-", [".png", ".jpg", ".webp"]),
            ("snapshots/snapshot-", [".json"]),
        ]
        for form in forms where text.hasPrefix(form.prefix) {
            let rest = text.dropFirst(form.prefix.count)
            for suffix in form.suffixes where rest.hasSuffix(suffix) {
                let digits = rest.dropLast(suffix.count)
                guard !digits.isEmpty, digits.count <= 19, digits.allSatisfy({ ("0"..."9").contains($0) }),
                      digits == "0" || digits.first != "0" else { continue }
                return UInt64(digits) != nil
            }
        }
        return false
    }
}

/// The container-path rules written out again: relative, at most 4095 bytes, components of
/// 1-255 bytes that are not `.` or `..`, no NUL, backslash or C0/C1 control character.
enum ContainerGrammar {
    static func matches(_ text: String) -> Bool {
        let bytes = Array(text.utf8)
        guard !bytes.isEmpty, bytes.count <= 4095, bytes.first != UInt8(ascii: "/") else { return false }
        guard !text.unicodeScalars.contains(where: { $0.value < 0x20 || $0.value == 0x5C || (0x7F...0x9F).contains($0.value) })
        else { return false }
        return text.split(separator: "/", omittingEmptySubsequences: false).allSatisfy {
            !$0.isEmpty && $0 != "." && $0 != ".." && $0.utf8.count <= 255
        }
    }
}
