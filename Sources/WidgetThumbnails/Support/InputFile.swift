import Glibc

/// Reads a whole input file with a size cap that is checked (by fstat) before reading.
public enum InputFile {
    public static func read(_ path: String, maxBytes: Int) throws(ImageError) -> [UInt8] {
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { throw ImageError(.io, "cannot open: \(errnoText())", file: path) }
        defer { close(fd) }
        var status = stat()
        guard fstat(fd, &status) == 0 else { throw ImageError(.io, "cannot stat: \(errnoText())", file: path) }
        guard (status.st_mode & S_IFMT) == S_IFREG else {
            throw ImageError(.io, "not a regular file", file: path)
        }
        let size = Int(status.st_size)
        guard size <= maxBytes else {
            throw ImageError(.tooLarge, "the file is \(size) bytes, over the limit of \(maxBytes)", file: path)
        }
        var bytes = [UInt8](repeating: 0, count: size)
        var filled = 0
        while filled < size {
            let count = bytes.withUnsafeMutableBytes { buffer in
                Glibc.read(fd, buffer.baseAddress! + filled, size - filled)
            }
            if count < 0 {
                if errno == EINTR { continue }
                throw ImageError(.io, "read failed: \(errnoText())", file: path)
            }
            if count == 0 { break } // the file shrank while we read it
            filled += count
        }
        return filled == size ? bytes : Array(bytes.prefix(filled))
    }

    static func errnoText() -> String { String(cString: strerror(errno)) }
}
