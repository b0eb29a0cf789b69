import WidgetSnapshotsPlatform

/// A failed system call: which one, on which container-relative name (or path), and the errno.
package struct SystemCallError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The call that failed.
    package var operation: FileSystemOperation.Kind
    /// The label the caller gave the call: a container-relative name, or a path.
    package var path: String
    /// What the call set errno to.
    package var errno: Int32

    init(_ operation: FileSystemOperation.Kind, _ path: String, errno: Int32) {
        self.operation = operation
        self.path = path
        self.errno = errno
    }

    /// `renameat current.json: No space left on device`.
    package var description: String {
        let name = path.isEmpty ? "" : " \(path)"
        return "\(operation.rawValue)\(name): \(SystemCallError.text(errno))"
    }

    /// The system's sentence for an errno.
    package static func text(_ code: Int32) -> String { String(cString: strerror(code)) }
}
