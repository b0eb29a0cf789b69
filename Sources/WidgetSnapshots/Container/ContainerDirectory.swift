import WidgetSnapshotsPlatform

/// The container directory, opened once: every later access is relative to this descriptor,
/// never to a path string, so renaming or replacing the path cannot redirect it.
final class ContainerDirectory: Sendable {
    /// The path the caller gave (for messages only).
    let path: String
    let descriptor: Int32
    /// Files read from the container must live on this device (no mount crossing).
    let device: UInt64

    /// Opens `path` (following a symlink the caller chose), creating it first when asked.
    init(path: String, creation: ContainerCreation) throws(SystemCallError) {
        // The path's bytes exactly (`RawPath`): a name that is not UTF-8 must not become another.
        if creation == .createIfMissing, RawPath.withCString(path, { mkdir($0, 0o755) }) != 0, errno != EEXIST {
            throw SystemCallError(.makeDirectory, path, errno: errno)
        }
        let fd = RawPath.withCString(path) { open($0, O_RDONLY | O_DIRECTORY | O_CLOEXEC) }
        guard fd >= 0 else { throw SystemCallError(.openNoFollow, path, errno: errno) }
        var info = stat()
        guard fstat(fd, &info) == 0 else {
            let code = errno
            systemClose(fd)
            throw SystemCallError(.stat, path, errno: code)
        }
        self.path = path
        descriptor = fd
        device = UInt64(info.st_dev)
    }

    deinit { systemClose(descriptor) }
}

/// Whether opening a container may create its directory.
public enum ContainerCreation: Sendable, Equatable {
    /// The directory must exist (what a reader wants).
    case mustExist
    /// Create the directory (one level) when it does not exist.
    case createIfMissing
}

/// How a confined open resolves a relative path.
public enum ResolutionStrategy: Sendable, Equatable {
    /// openat2 with RESOLVE_BENEATH | NO_SYMLINKS | NO_MAGICLINKS | NO_XDEV; a component-by-
    /// component O_NOFOLLOW walk where the kernel lacks it (ENOSYS) or a sandbox forbids it (EPERM).
    case kernel
    /// Always the component walk (tests force it to check that it refuses the same paths).
    case componentWalk
}
