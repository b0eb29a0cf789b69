/// A decoder's result: the stored pixels (not yet oriented) and the probe's facts.
public struct DecodedImage: Sendable {
    /// RGBA8 pixels as stored, possibly shrunk on load (see `scaleDenominator`).
    public var image: RGBAImage
    /// What the header probe found (format, stored size, orientation, colour profile, ...).
    public var info: ImageInfo
    /// How much the decoder shrank on load: the image is about `info.size / scaleDenominator`
    /// (1 when decoded at full size). JPEG: 8/k for TurboJPEG's k/8 scales; WebP: any value;
    /// PNG: always 1.
    public var scaleDenominator: Double

    /// `scaleDenominator` defaults to 1: decoded at full size.
    public init(image: RGBAImage, info: ImageInfo, scaleDenominator: Double = 1) {
        self.image = image
        self.info = info
        self.scaleDenominator = scaleDenominator
    }
}
