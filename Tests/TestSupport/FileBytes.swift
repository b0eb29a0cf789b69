#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Whole-file reads for tests, with plain `read(2)`.
///
/// Not `Data(contentsOf:)` or `FileManager.contents(atPath:)`: on an empty file Foundation's
/// reader leaks its 4 KiB buffer, and LeakSanitizer fails the sanitized CI run on it
/// (the corpus's `heic/empty.heic` is such a file).
public enum FileBytes {
    public struct ReadError: Error, CustomStringConvertible {
        public let path: String
        public let errno: Int32
        public var description: String { "cannot read \(path): \(String(cString: strerror(errno)))" }
    }

    public static func contents(of path: String) throws -> [UInt8] {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { throw ReadError(path: path, errno: errno) }
        defer { close(descriptor) }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let count = chunk.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            if count < 0 {
                if errno == EINTR { continue }
                throw ReadError(path: path, errno: errno)
            }
            if count == 0 { return bytes }
            bytes.append(contentsOf: chunk[..<count])
        }
    }
}
