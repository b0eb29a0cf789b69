import Glibc

/// Reads a whole input file with a size cap that is checked (by fstat) before reading.
public enum InputFile {
    /// The whole file at `path`, refused before reading when it is larger than `maxBytes`.
    public static func read(_ path: String, maxBytes: Int) throws(ImageError) -> [UInt8] {
        try OpenInputFile(path: path, maxBytes: maxBytes).readAll()
    }

    static func errnoText() -> String { String(cString: strerror(errno)) }
}
