import WidgetThumbnails

/// The options the four container commands share, declared once so their help reads alike,
/// and the parsers for their values.
enum StoreArguments {
    static let container = OptionSpec.value(
        "container", valueName: "dir", presence: .required,
        help: "The shared container directory (current.json, snapshots/, images/).")
    static let json = OptionSpec.flag("json", help: "Print one JSON document instead of lines.")

    /// The store of an existing container (maintenance commands never create one).
    static func existingStore(_ container: String, options: StoreOptions = StoreOptions()) throws(StoreError)
        -> SnapshotStore<JSONValue> {
        var options = options
        options.creation = .mustExist
        return try SnapshotStore<JSONValue>(containerAt: container, options: options)
    }

    /// A revision: decimal digits only, at most `LayoutPath.maximumRevision`.
    static func revision(_ text: String) -> UInt64? {
        guard !text.isEmpty, text.utf8.allSatisfy({ (0x30...0x39).contains($0) }),
              let value = UInt64(text), value <= LayoutPath.maximumRevision else { return nil }
        return value
    }

    /// A number of seconds from 0 to 10^12 (fractions allowed; the cap keeps the
    /// conversion to milliseconds exact and far from overflow).
    static func seconds(_ text: String) -> Duration? {
        guard let value = Double(text), value >= 0, value <= 1e12, !text.hasPrefix("+") else { return nil }
        return .milliseconds(Int64((value * 1000).rounded()))
    }

    /// A whole number from 0 up.
    static func count(_ text: String) -> Int? {
        guard text.utf8.allSatisfy({ (0x30...0x39).contains($0) }), let value = Int(text) else { return nil }
        return value
    }
}
