import WidgetSnapshotsPlatform

/// Opens files and directories strictly beneath the container's descriptor, then checks what
/// it opened through that same descriptor (fstat): the kind, at most one link, the same
/// device, the size. Nothing is ever reopened by name after a check.
struct ConfinedOpener: Sendable {
    enum Target { case regularFile, directory }

    let container: ContainerDirectory
    let strategy: ResolutionStrategy
    let operations: FileSystemOperations

    /// Reads a whole regular file (at most `limit` bytes) through one descriptor, as `[UInt8]`
    /// or, for an image handed to the widget, as `Data`.
    func readFile<Bytes: RangeReplaceableCollection<UInt8>>(_ path: ContainerPath, limit: Int,
                                                            as type: Bytes.Type = [UInt8].self) throws(ConfinementError) -> Bytes {
        let (fd, info) = try openChecked(path, as: .regularFile, sizeLimit: limit)
        defer { try? operations.close(fd, label: path.description) }
        let bytes: Bytes
        do {
            // The size fstat saw sizes the buffer: a widget reading a 300 KB image should not
            // hold the copies a growing array makes.
            bytes = try operations.read(fd, limit: limit, sizeHint: Int(info.st_size), label: path.description, as: type)
        } catch {
            throw .io(path.description, operation: error.operation.rawValue, errno: error.errno)
        }
        guard bytes.count <= limit else { throw .tooLarge(path.description, limit: limit) }
        return bytes
    }

    /// A checked descriptor for `path`; the caller closes it.
    func open(_ path: ContainerPath, as target: Target, sizeLimit: Int = .max) throws(ConfinementError) -> Int32 {
        try openChecked(path, as: target, sizeLimit: sizeLimit).fd
    }

    /// The checked descriptor and what fstat said about it.
    private func openChecked(_ path: ContainerPath, as target: Target,
                             sizeLimit: Int) throws(ConfinementError) -> (fd: Int32, info: stat) {
        let label = path.description
        let fd = try resolve(path, target: target)
        let info: stat
        do {
            info = try operations.status(fd, label: label)
            try check(info, path: label, target: target, sizeLimit: sizeLimit)
        } catch let error as ConfinementError {
            try? operations.close(fd, label: label)
            throw error
        } catch let error as SystemCallError {
            try? operations.close(fd, label: label)
            throw .io(label, operation: error.operation.rawValue, errno: error.errno)
        } catch {
            try? operations.close(fd, label: label)
            throw .io(label, operation: "fstat", errno: EIO)
        }
        return (fd, info)
    }

    private func check(_ info: stat, path: String, target: Target, sizeLimit: Int) throws(ConfinementError) {
        let kind = info.st_mode & S_IFMT
        switch target {
        case .regularFile:
            guard kind == S_IFREG else { throw .notRegularFile(path, kind: FileKind.name(of: kind)) }
            // 0 links: replaced or removed after we opened it (a lock-free reader's normal case);
            // its content is a whole old file, and no name anywhere can lead outside. Two or
            // more may be a hard link to a file outside the container.
            guard info.st_nlink <= 1 else { throw .multipleLinks(path, count: Int(info.st_nlink)) }
            guard Int(info.st_size) <= sizeLimit else { throw .tooLarge(path, limit: sizeLimit) }
        case .directory:
            guard kind == S_IFDIR else { throw .notRegularFile(path, kind: FileKind.name(of: kind)) }
        }
        guard UInt64(info.st_dev) == container.device else { throw .otherDevice(path) }
    }

    private func resolve(_ path: ContainerPath, target: Target) throws(ConfinementError) -> Int32 {
        let label = path.description
        var flags = O_RDONLY
        if target == .directory { flags |= O_DIRECTORY }
        if strategy == .kernel {
            var attempts = 0
            while true {
                do {
                    return try operations.openBeneath(container.descriptor, label, flags: flags, label: label)
                } catch {
                    // EAGAIN: a rename or mount somewhere on the host raced the lookup.
                    if error.errno == EAGAIN && attempts < 4 { attempts += 1; continue }
                    if error.errno == ENOSYS || error.errno == EPERM || error.errno == EINVAL { break }
                    throw ConfinementError.fromOpen(error, path: label)
                }
            }
        }
        return try walk(path, flags: flags)
    }

    /// The fallback: open each component with O_NOFOLLOW, checking each directory's device.
    /// Safe because `ContainerPath` admits no `..`, `.`, empty component or trailing slash, and
    /// O_NOFOLLOW refuses a symlink in every position.
    private func walk(_ path: ContainerPath, flags: Int32) throws(ConfinementError) -> Int32 {
        let label = path.description
        var current = container.descriptor
        defer { if current != container.descriptor { try? operations.close(current, label: label) } }
        do {
            for component in path.components.dropLast() {
                let next = try operations.openNoFollow(current, component, flags: O_RDONLY | O_DIRECTORY, label: label)
                if current != container.descriptor { try? operations.close(current, label: label) }
                current = next
                let info = try operations.status(current, label: label)
                guard UInt64(info.st_dev) == container.device else { throw ConfinementError.otherDevice(label) }
            }
            return try operations.openNoFollow(current, path.name, flags: flags | O_NONBLOCK, label: label)
        } catch let error as ConfinementError {
            throw error
        } catch let error as SystemCallError {
            throw ConfinementError.fromOpen(error, path: label)
        } catch {
            throw .io(label, operation: "openat", errno: EIO)
        }
    }
}
