/// One encode the budget search made.
public struct EncodeAttempt: Sendable, Hashable, CustomStringConvertible {
    /// The pixel size encoded.
    public var size: PixelSize
    /// nil for PNG. A whole number for JPEG; WebP's may have a fraction (quarter steps, from
    /// the budget search's last refinement).
    public var quality: Double?
    /// How many bytes the encode produced.
    public var byteCount: Int
    /// Whether those bytes were within the budget's cap.
    public var fits: Bool

    /// Size, quality and bytes, as "500x375 q80: 123456 bytes", marked "(over)" when it did not fit.
    public var description: String {
        let setting = quality.map { "q" + Self.text(quality: $0) } ?? "lossless"
        return "\(size) \(setting): \(byteCount) bytes\(fits ? "" : " (over)")"
    }

    /// A quality as people write it: "75", "74.25" (no ".0" on a whole number).
    static func text(quality: Double) -> String {
        quality.rounded() == quality && abs(quality) < 1e9 ? String(Int(quality)) : String(quality)
    }
}

/// The budget search's result: the bytes to publish and how they were found.
public struct EncodedImage: Sendable, Equatable {
    /// The encoded file, ready to publish.
    public var bytes: [UInt8]
    /// The format the bytes are in.
    public var format: StoredFormat
    /// The quality used; nil for PNG (see `EncodeAttempt.quality`).
    public var quality: Double?
    /// The pixel size encoded (smaller than the input when the search had to shrink).
    public var size: PixelSize
    /// Every encode, in order; the chosen one is among them.
    public var attempts: [EncodeAttempt]

    /// How many encodes the search made (`attempts.count`): 1 in the common case.
    public var encodeCount: Int { attempts.count }
}
