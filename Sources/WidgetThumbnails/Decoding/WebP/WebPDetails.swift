/// What a WebP probe learns that other formats have no word for (`ImageInfo.webp`).
public struct WebPDetails: Sendable, Equatable {
    /// Frames in an animation (1 for a still image).
    public var frameCount: Int
    /// Whether the (first frame's) bitstream is lossless (VP8L).
    public var isLossless: Bool

    /// A still, lossy image unless told otherwise.
    public init(frameCount: Int = 1, isLossless: Bool = false) {
        self.frameCount = frameCount
        self.isLossless = isLossless
    }
}
