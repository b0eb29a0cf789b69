/// Names for files that exist only during a commit. A crash can leave them behind, so their
/// prefixes are fixed: `verify` warns about them and `gc` removes them after a grace period.
enum TemporaryName {
    /// In `images/` and `snapshots/`, when O_TMPFILE is not available.
    static let immutablePrefix = ".tmp-"
    /// Beside `current.json`.
    static let manifestPrefix = "current.json.tmp-"
    /// Beside gc's `.retired.json`.
    static let ledgerPrefix = ".retired.json.tmp-"

    /// `prefix` plus 128 random bits in hex.
    static func make(_ prefix: String) -> String {
        var generator = SystemRandomNumberGenerator()
        let high = generator.next() as UInt64
        let low = generator.next() as UInt64
        return prefix + hex(high) + hex(low)
    }

    static func isTemporary(_ name: String) -> Bool {
        name.hasPrefix(immutablePrefix) || name.hasPrefix(manifestPrefix) || name.hasPrefix(ledgerPrefix)
    }

    private static func hex(_ value: UInt64) -> String {
        let digits = String(value, radix: 16)
        return String(repeating: "0", count: 16 - digits.count) + digits
    }
}
