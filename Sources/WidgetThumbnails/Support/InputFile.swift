import Glibc

/// Reads a whole input file with a size cap that is checked (by fstat) before reading.
public enum InputFile {
    public static func read(_ path: String, maxBytes: Int) throws(ImageError) -> [UInt8] {
        try OpenInputFile(path: path, maxBytes: maxBytes).readAll()
    }

    static func errnoText() -> String { String(cString: strerror(errno)) }
}
