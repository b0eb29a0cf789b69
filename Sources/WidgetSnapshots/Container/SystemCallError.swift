#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// A failed system call: which one, on which container-relative name, and the errno.
struct SystemCallError: Error, Sendable, Equatable, CustomStringConvertible {
    var operation: FileSystemOperation.Kind
    var path: String
    var errno: Int32

    init(_ operation: FileSystemOperation.Kind, _ path: String, errno: Int32) {
        self.operation = operation
        self.path = path
        self.errno = errno
    }

    var description: String {
        let name = path.isEmpty ? "" : " \(path)"
        return "\(operation.rawValue)\(name): \(SystemCallError.text(errno))"
    }

    static func text(_ code: Int32) -> String { String(cString: strerror(code)) }
}
