/// Whether HEVC's in-loop filters (deblocking and sample-adaptive offset) run when a HEIC's
/// primary image is decoded for a much smaller thumbnail.
///
/// A HEIF still is intra-coded, and HEVC intra prediction reads samples from before those
/// filters, so skipping them loses only their own smoothing of block edges (a few pixels
/// either side of an edge). Once the image is downscaled 4x or more per axis that is under a
/// level of the output, and it saves a third of libde265's work, which is nearly all of a HEIC
/// thumbnail's time. JPEG's DCT scaling makes the same trade. AVIF is never affected.
public enum HEVCLoopFilterPolicy: String, Sendable, Codable, CaseIterable {
    /// Skip them when the decoded primary is at least `minimumDownscale` times the output
    /// per axis. The default.
    case skipWhenDownscaling = "auto"
    /// Always run them (`--full-decode`): the exact picture the encoder meant.
    case always

    /// The downscale (per axis) from which the filters' effect is below a level of the output.
    public static let minimumDownscale = 4

    /// What to do for a decoded image of `decoded` size made into one that fits `box`.
    public func loopFilters(decoded: PixelSize, box: PixelSize?, isHEVC: Bool) -> HEVCLoopFilters {
        guard self == .skipWhenDownscaling, isHEVC, let box else { return .applied }
        let output = ShrinkOnLoad.outputSize(stored: decoded, orientation: .up, box: box)
        let factor = Self.minimumDownscale
        return decoded.width >= output.width * factor && decoded.height >= output.height * factor ? .skipped : .applied
    }
}

/// Whether HEVC's in-loop filters ran for a decoded HEIC image (see `HEVCLoopFilterPolicy`).
public enum HEVCLoopFilters: String, Sendable, Codable {
    /// They ran: the exact picture the encoder meant.
    case applied
    /// Skipped for a much smaller thumbnail (see `HEVCLoopFilterPolicy.skipWhenDownscaling`).
    case skipped
}
