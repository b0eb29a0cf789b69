/// The Swift names Xcode 15 and later generate for a catalog's images
/// (`ASSETCATALOG_COMPILER_GENERATE_SWIFT_ASSET_SYMBOL_EXTENSIONS`): `Image(.noPodcastArtwork)`
/// draws `no-podcast-artwork`. `WidgetSourceScan` reports such uses as `AssetUse.Name.symbol`;
/// matching one to an image set goes through this name.
public enum AssetSymbol {
    /// The identifier Xcode generates for `assetName` (an image set's name, without its
    /// folder): words split at `-`, `_`, spaces and dots, each after the first capitalised
    /// (`icon_new_note` -> `iconNewNote`, `device.battery` -> `deviceBattery`); a letter after
    /// a digit capitalised (`ic_24px` -> `ic24Px`); the first letter lowercased unless the
    /// first word is all capitals (`AppIcon` -> `appIcon`, `URL` stays); a leading digit
    /// prefixed with `_`, since an identifier cannot start with one. Whether Xcode also drops a
    /// trailing `Image` (as it is said to drop `Color` from colour names) is not settled here:
    /// the name is kept whole.
    public static func name(for assetName: String) -> String {
        var words: [[Character]] = [[]]
        for character in assetName {
            if character == "-" || character == "_" || character == " " || character == "." {
                if !(words.last?.isEmpty ?? true) { words.append([]) }
            } else {
                words[words.count - 1].append(character)
            }
        }
        words.removeAll { $0.isEmpty }
        guard !words.isEmpty else { return assetName }
        var result: [Character] = []
        for (number, word) in words.enumerated() {
            var word = word
            if number == 0 {
                let hasLower = word.contains { $0.isLowercase }
                if hasLower, let first = word.first { word[0] = Character(first.lowercased()) }
            } else if let first = word.first {
                word[0] = Character(first.uppercased())
            }
            result += word
        }
        // A letter right after a digit starts a word.
        for index in result.indices.dropFirst() where result[index - 1].isNumber && result[index].isLowercase {
            result[index] = Character(result[index].uppercased())
        }
        var name = String(result)
        if let first = name.first, first.isNumber { name = "_" + name }
        return name
    }
}
