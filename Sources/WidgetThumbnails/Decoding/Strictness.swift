/// What to do with damaged input that a library can still decode (a truncated JPEG scan,
/// a PNG with a bad ancillary-chunk CRC).
public enum Strictness: String, Sendable, Codable, CaseIterable {
    /// Decode what is there (the missing part of a truncated JPEG comes out grey). The default
    /// for thumbnails, as in libvips: a partial picture beats no picture.
    case lenient
    /// Any library warning refuses the image.
    case strict
}

extension Strictness {
    /// The reader `open` makes in this mode. A strict open that fails is tried again
    /// leniently, so that a file lenient mode refuses too fails with lenient mode's error, as
    /// when every probe was lenient and only the decode strict: strict mode stops at the first
    /// warning, and would otherwise report it instead of the error that follows it. A strict
    /// open that succeeds (every good file) opens once.
    func open<Reader: ~Copyable>(_ open: (Strictness) throws(ImageError) -> Reader) throws(ImageError) -> Reader {
        do {
            return try open(self)
        } catch {
            guard self == .strict else { throw error }
            _ = try open(.lenient)
            throw error
        }
    }
}
