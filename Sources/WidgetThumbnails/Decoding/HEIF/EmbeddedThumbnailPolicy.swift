/// Whether a decoder may use a thumbnail embedded in the file (HEIF's `thmb` items) instead
/// of decoding the full primary image.
public enum EmbeddedThumbnailPolicy: String, Sendable, Codable, CaseIterable {
    /// Use an embedded thumbnail with the primary's aspect ratio (within 1%) when it is at
    /// least twice the output size per axis (the headroom JPEG DCT scaling keeps), or when the
    /// primary is over the decode limits and the thumbnail still covers the output. The default.
    case whenLargeEnough = "auto"
    /// Always decode the primary image (`--full-decode`).
    case never
}
