/// How a HEIF original was decoded for a thumbnail (`Thumbnail.heif`).
public struct HEIFDecodeResult: Sendable, Equatable {
    /// Which image the pixels came from: the primary, or an embedded thumbnail and why.
    public var image: HEIFImageChoice
    /// Whether HEVC's in-loop filters ran (see `HEVCLoopFilterPolicy`).
    public var loopFilters: HEVCLoopFilters

    /// The result of decoding `image` with or without the loop filters.
    public init(image: HEIFImageChoice, loopFilters: HEVCLoopFilters) {
        self.image = image
        self.loopFilters = loopFilters
    }
}
