/// One encode the budget search made.
public struct EncodeAttempt: Sendable, Hashable, CustomStringConvertible {
    public var size: PixelSize
    /// nil for PNG.
    public var quality: Int?
    public var byteCount: Int
    public var fits: Bool

    public var description: String {
        let setting = quality.map { "q\($0)" } ?? "lossless"
        return "\(size) \(setting): \(byteCount) bytes\(fits ? "" : " (over)")"
    }
}

/// The budget search's result: the bytes to publish and how they were found.
public struct EncodedImage: Sendable, Equatable {
    public var bytes: [UInt8]
    public var format: ImageFormat
    /// The quality used; nil for PNG.
    public var quality: Int?
    /// The pixel size encoded (smaller than the input when the search had to shrink).
    public var size: PixelSize
    /// Every encode, in order; the chosen one is among them.
    public var attempts: [EncodeAttempt]

    public var encodeCount: Int { attempts.count }
}
