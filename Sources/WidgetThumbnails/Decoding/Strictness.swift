/// What to do with damaged input that a library can still decode (a truncated JPEG scan,
/// a PNG with a bad ancillary-chunk CRC).
public enum Strictness: String, Sendable, Codable, CaseIterable {
    /// Decode what is there (the missing part of a truncated JPEG comes out grey). The default
    /// for thumbnails, as in libvips: a partial picture beats no picture.
    case lenient
    /// Any library warning refuses the image.
    case strict
}
