/// The most bytes one thumbnail may take, within `ImageByteLimit`'s figures.
public struct ByteBudget: Sendable, Hashable, CustomStringConvertible {
    /// 300 KB: the top of the 100-300 KB a widget's thumbnail is given. Results far below it are fine; we
    /// never pad.
    public static let defaultCap = ImageByteLimit.defaultCap
    /// 500 KB: no option lifts a thumbnail above this.
    public static let hardCeiling = ImageByteLimit.hardCeiling

    /// The default budget: `defaultCap` (300,000 bytes).
    public static let standard = ByteBudget()

    /// The cap in force: the requested cap, clamped to 0...hardCeiling.
    public let cap: Int
    /// What the caller asked for, so a front end can say it was clamped.
    public let requestedCap: Int

    /// A cap above `hardCeiling` is clamped to it (not an error, so a config written for a
    /// looser limit still works); a negative one counts as 0, which nothing fits.
    public init(cap: Int = defaultCap) {
        requestedCap = cap
        self.cap = min(max(cap, 0), Self.hardCeiling)
    }

    /// Whether the requested cap was changed (over `hardCeiling`, or negative), so a front end can say so.
    public var wasClamped: Bool { cap != requestedCap }

    /// Whether `byteCount` bytes fit: at most `cap`.
    public func admits(byteCount: Int) -> Bool { byteCount <= cap }

    /// The cap in force, as "300000 bytes".
    public var description: String { "\(cap) bytes" }
}
