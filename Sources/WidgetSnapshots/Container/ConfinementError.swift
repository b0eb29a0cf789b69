import WidgetSnapshotsPlatform

/// Why a confined open refused a path or a file. A program switches on the case; a person
/// reads `description`.
public enum ConfinementError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The text is not an acceptable relative path (lexical check, before any system call).
    case invalidPath(String, String)
    /// The kernel (or the fallback walk) saw a symlink, a `..` escape or a mount crossing.
    case escapeAttempt(String)
    /// The path names no file.
    case notFound(String)
    /// Not a regular file (a directory, FIFO, socket or device), or a path through a file.
    case notRegularFile(String, kind: String)
    /// A regular file with more than one name: possibly a hard link to a file outside.
    case multipleLinks(String, count: Int)
    /// On another file system than the container (a mount point or bind mount).
    case otherDevice(String)
    /// Over the size cap for what is read there.
    case tooLarge(String, limit: Int)
    /// A system call failed: which one, and its errno.
    case io(String, operation: String, errno: Int32)

    /// The refused path, as the caller or the JSON gave it.
    public var path: String {
        switch self {
        case .invalidPath(let path, _), .escapeAttempt(let path), .notFound(let path),
             .notRegularFile(let path, _), .multipleLinks(let path, _), .otherDevice(let path),
             .tooLarge(let path, _), .io(let path, _, _):
            path
        }
    }

    public var description: String {
        switch self {
        case .invalidPath(let path, let reason): "\(Self.quoted(path)): invalid path: \(reason)"
        case .escapeAttempt(let path): "\(Self.quoted(path)): refused: a symlink, `..` or mount crossing on the way"
        case .notFound(let path): "\(Self.quoted(path)): no such file"
        case .notRegularFile(let path, let kind): "\(Self.quoted(path)): refused: not a regular file (\(kind))"
        case .multipleLinks(let path, let count): "\(Self.quoted(path)): refused: the file has \(count) hard links"
        case .otherDevice(let path): "\(Self.quoted(path)): refused: on another file system than the container"
        case .tooLarge(let path, let limit): "\(Self.quoted(path)): refused: larger than \(limit) bytes"
        case .io(let path, let operation, let code): "\(Self.quoted(path)): \(operation) failed: \(SystemCallError.text(code))"
        }
    }

    /// Paths from hostile JSON may hold control characters: show them escaped, at most 200
    /// characters of them.
    static func quoted(_ path: String) -> String {
        DisplayText.escaped(path, limit: 200)
    }

    /// Maps a failed open to a refusal: ELOOP/EXDEV mean a symlink or escape.
    static func fromOpen(_ error: SystemCallError, path: String) -> ConfinementError {
        switch error.errno {
        case ELOOP, EXDEV: .escapeAttempt(path)
        case ENOENT: .notFound(path)
        case ENOTDIR: .notRegularFile(path, kind: "a path through something that is not a directory")
        case ENXIO: .notRegularFile(path, kind: "a socket or device")
        case ENAMETOOLONG: .invalidPath(path, "the name is too long")
        default: .io(path, operation: error.operation.rawValue, errno: error.errno)
        }
    }
}
