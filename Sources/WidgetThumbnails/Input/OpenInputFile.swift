import Glibc

/// An input file, open for reading, whose size was checked (by fstat) against a cap before
/// anything was read. Reads are preads at explicit offsets, so the descriptor's own offset
/// never matters. The descriptor is closed when the object is released: code that hands
/// `descriptor` to C keeps the object alive meanwhile (`withExtendedLifetime`).
public final class OpenInputFile {
    /// The path as the caller gave it; errors name it.
    public let path: String
    /// The size fstat reported at opening. Reads past it return nothing, even if it grew.
    public let size: Int
    /// The open file's descriptor (closed when this value is released).
    public let descriptor: Int32

    /// Opens `path`, refusing anything but a regular file of at most `maxBytes` bytes.
    /// The open does not block (O_NONBLOCK): a FIFO with no writer, a tape or a terminal would
    /// otherwise hang here before its type could be checked. O_NONBLOCK changes nothing for
    /// the regular files that pass the check.
    public init(path: String, maxBytes: Int) throws(ImageError) {
        let fd = RawPath.withCString(path) { open($0, O_RDONLY | O_CLOEXEC | O_NONBLOCK | O_NOCTTY) }
        guard fd >= 0 else { throw ImageError(.io, "cannot open: \(InputFile.errnoText())", file: path) }
        var status = stat()
        guard fstat(fd, &status) == 0 else {
            let error = ImageError(.io, "cannot stat: \(InputFile.errnoText())", file: path)
            close(fd)
            throw error
        }
        guard (status.st_mode & S_IFMT) == S_IFREG else {
            close(fd)
            throw ImageError(.io, "not a regular file (\(FileKind.name(of: status.st_mode)))", file: path)
        }
        let size = Int(status.st_size)
        guard size <= maxBytes else {
            close(fd)
            throw ImageError(.tooLarge, "the file is \(size) bytes, over the limit of \(maxBytes)", file: path)
        }
        self.path = path
        self.size = size
        self.descriptor = fd
    }

    deinit { close(descriptor) }

    /// Up to `count` bytes from `offset`: fewer only past the size fstat gave at opening. A
    /// file that shrank since then is an error, never a silently shorter image.
    public func read(at offset: Int, count: Int) throws(ImageError) -> [UInt8] {
        let wanted = max(0, min(count, size - offset))
        // Array(unsafeUninitializedCapacity: 0) writes the shared empty-array singleton, a data
        // race (ThreadSanitizer caught two workers reading empty files at once).
        guard wanted > 0 else { return [] }
        var failure: Int32 = 0
        // Uninitialised capacity: no pass zeroing a buffer the read overwrites anyway.
        let bytes = [UInt8](unsafeUninitializedCapacity: wanted) { buffer, initialized in
            var filled = 0
            while filled < wanted {
                let got = pread(descriptor, buffer.baseAddress! + filled, wanted - filled, off_t(offset + filled))
                if got < 0 {
                    if errno == EINTR { continue }
                    failure = errno
                    break
                }
                if got == 0 { break }  // the file shrank while we read it
                filled += got
            }
            initialized = filled
        }
        guard failure == 0 else {
            throw ImageError(.io, "read failed: \(String(cString: strerror(failure)))", file: path)
        }
        guard bytes.count == wanted else {
            throw ImageError(.io, "the file shrank while it was read: \(offset + bytes.count) of the \(size) bytes it had when opened",
                             file: path)
        }
        return bytes
    }

    /// The whole file, in one read where the kernel allows.
    public func readAll() throws(ImageError) -> [UInt8] {
        try read(at: 0, count: size)
    }
}
