/// The choices of a decode that only HEIF has, kept with HEIF's types rather than on every
/// format's options (`DecodeOptions.heif`, `ThumbnailOptions.heif`). `--full-decode` sets
/// both to their exact settings.
public struct HEIFDecodeOptions: Sendable, Equatable {
    /// Whether an embedded thumbnail may stand in for the primary image when decoding for a
    /// target box. Default `.whenLargeEnough`; `.never` always decodes the primary.
    public var embeddedThumbnails: EmbeddedThumbnailPolicy = .whenLargeEnough
    /// Whether HEVC's in-loop filters may be skipped for a HEIC primary at least 4x the output
    /// per axis. Default `.skipWhenDownscaling`; `.always` runs them.
    public var hevcLoopFilters: HEVCLoopFilterPolicy = .skipWhenDownscaling

    /// Every parameter defaults to the value documented on its property.
    public init(embeddedThumbnails: EmbeddedThumbnailPolicy = .whenLargeEnough,
                hevcLoopFilters: HEVCLoopFilterPolicy = .skipWhenDownscaling) {
        self.embeddedThumbnails = embeddedThumbnails
        self.hevcLoopFilters = hevcLoopFilters
    }
}
