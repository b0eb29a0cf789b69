/// The bytes one widget image may take. "KB" in the README is 1000 bytes (as file managers
/// and App Store sizes count), so the default cap is 300,000 bytes and the hard ceiling 500,000.
/// The encoder's `ByteBudget` and `check`'s `file-bytes` rule take both figures from here.
public enum ImageByteLimit {
    /// 300 KB: the top of the 100-300 KB a widget's thumbnail is given.
    public static let defaultCap = 300_000
    /// 500 KB: no option lifts a thumbnail above this.
    public static let hardCeiling = 500_000
}
