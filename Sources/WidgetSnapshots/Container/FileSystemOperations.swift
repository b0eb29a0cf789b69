import CFileSystem
import WidgetSnapshotsPlatform

/// The store's system calls, every one of them, behind one small value. Production code uses
/// `.system`; a test installs an interceptor that records each call or makes the Nth one fail,
/// which is how crash safety is tested without crashing anything.
///
/// Names passed here are already validated by the caller (`ContainerPath` or the layout
/// grammar): no NUL can reach the kernel. `label` is the container-relative name used in errors.
/// widget-thumbs writes its files through the same calls (`FileReplacer`, `ImmutableFilePublisher`),
/// with paths as labels.
package struct FileSystemOperations: Sendable {
    /// Called before each system call; returning an errno makes that call fail with it instead.
    typealias Interceptor = @Sendable (FileSystemOperation) -> Int32?

    var interceptor: Interceptor?

    /// The real system calls, nothing intercepted.
    package static let system = FileSystemOperations(interceptor: nil)

    private func check(_ kind: FileSystemOperation.Kind, _ label: String) throws(SystemCallError) {
        if let code = interceptor?(FileSystemOperation(kind: kind, path: label)) {
            throw SystemCallError(kind, label, errno: code)
        }
    }

    /// `rc` is a shim result: a descriptor or 0 on success, -errno on failure.
    private func result(_ rc: Int32, _ kind: FileSystemOperation.Kind, _ label: String) throws(SystemCallError) -> Int32 {
        guard rc >= 0 else { throw SystemCallError(kind, label, errno: -rc) }
        return rc
    }

    /// Calls `body` with both names as C strings. Names are bytes (`RawPath`): widget-thumbs
    /// passes file names that are not UTF-8 through here unchanged.
    private func twoNames(_ first: String, _ second: String,
                          _ body: (UnsafePointer<CChar>, UnsafePointer<CChar>) -> Int32) -> Int32 {
        RawPath.withCString(first) { first in RawPath.withCString(second) { body(first, $0) } }
    }

    /// A Glibc call that returns -1 and sets errno.
    private func posix(_ rc: Int32, _ kind: FileSystemOperation.Kind, _ label: String) throws(SystemCallError) -> Int32 {
        guard rc >= 0 else { throw SystemCallError(kind, label, errno: errno) }
        return rc
    }

    // MARK: Opening

    /// openat2 beneath `dir` (no `..` escape, no symlinks, no magic links, no mount crossing),
    /// with O_NOFOLLOW | O_CLOEXEC | O_NONBLOCK added.
    func openBeneath(_ dir: Int32, _ path: String, flags: Int32, label: String) throws(SystemCallError) -> Int32 {
        try check(.openBeneath, label)
        return try result(RawPath.withCString(path) { wt_openat2_beneath(dir, $0, flags, 0) }, .openBeneath, label)
    }

    /// openat of one name with O_NOFOLLOW | O_CLOEXEC added.
    func openNoFollow(_ dir: Int32, _ name: String, flags: Int32, mode: mode_t = 0, label: String) throws(SystemCallError) -> Int32 {
        try check(.openNoFollow, label)
        return try result(RawPath.withCString(name) { wt_openat_nofollow(dir, $0, flags, mode) }, .openNoFollow, label)
    }

    /// A nameless file in `dir`, open for writing.
    func openTemporaryFile(in dir: Int32, mode: mode_t, label: String) throws(SystemCallError) -> Int32 {
        try check(.openTemporary, label)
        return try result(wt_open_tmpfile(dir, mode), .openTemporary, label)
    }

    // MARK: Naming

    /// Names the nameless file `fd` as `name` in `dir`; EEXIST if the name is taken.
    func linkTemporaryFile(_ fd: Int32, in dir: Int32, as name: String, label: String) throws(SystemCallError) {
        try check(.linkTemporary, label)
        _ = try result(RawPath.withCString(name) { wt_link_tmpfile(fd, dir, $0) }, .linkTemporary, label)
    }

    /// A second name for an existing file (`to` in `toDir`, on the same file system); never
    /// replaces `to` (EEXIST).
    func link(in dir: Int32, _ from: String, to toDir: Int32, _ to: String, label: String) throws(SystemCallError) {
        try check(.link, label)
        _ = try posix(twoNames(from, to) { linkat(dir, $0, toDir, $1, 0) }, .link, label)
    }

    /// Moves `from` to `to` in `toDir`, never replacing `to` (EEXIST).
    func renameNoReplace(in dir: Int32, _ from: String, to toDir: Int32, _ to: String, label: String) throws(SystemCallError) {
        try check(.renameNoReplace, label)
        _ = try result(twoNames(from, to) { wt_rename_noreplace(dir, $0, toDir, $1) }, .renameNoReplace, label)
    }

    /// The atomic replace: `to` in `toDir` names the new file whether or not it existed.
    func rename(in dir: Int32, _ from: String, to toDir: Int32, _ to: String, label: String) throws(SystemCallError) {
        try check(.rename, label)
        _ = try posix(twoNames(from, to) { renameat(dir, $0, toDir, $1) }, .rename, label)
    }

    func unlink(in dir: Int32, _ name: String, label: String) throws(SystemCallError) {
        try check(.unlink, label)
        _ = try posix(RawPath.withCString(name) { unlinkat(dir, $0, 0) }, .unlink, label)
    }

    func makeDirectory(in dir: Int32, _ name: String, mode: mode_t, label: String) throws(SystemCallError) {
        try check(.makeDirectory, label)
        _ = try posix(RawPath.withCString(name) { mkdirat(dir, $0, mode) }, .makeDirectory, label)
    }

    // MARK: Data

    /// Writes every byte, across short writes and EINTR.
    func writeAll(_ fd: Int32, _ bytes: [UInt8], label: String) throws(SystemCallError) {
        try check(.write, label)
        var written = 0
        while written < bytes.count {
            let count = bytes.withUnsafeBytes { buffer in
                systemWrite(fd, buffer.baseAddress! + written, buffer.count - written)
            }
            if count < 0 {
                if errno == EINTR { continue }
                throw SystemCallError(.write, label, errno: errno)
            }
            written += count
        }
    }

    /// Reads to end of file, but never more than `limit + 1` bytes: a result longer than
    /// `limit` means the file is over the cap. `sizeHint` (what fstat said) reserves the buffer.
    /// `Bytes` is `[UInt8]` or `Data` (an image the reader hands out as `Data` is read straight
    /// into it, never copied from an array).
    func read<Bytes: RangeReplaceableCollection<UInt8>>(_ fd: Int32, limit: Int, sizeHint: Int = 0, label: String,
                                                        as: Bytes.Type = [UInt8].self) throws(SystemCallError) -> Bytes {
        try check(.read, label)
        var bytes = Bytes()
        bytes.reserveCapacity(min(max(sizeHint, 0), limit) + 1)
        var chunk = [UInt8](repeating: 0, count: min(limit, 64 * 1024 - 1) + 1)
        while bytes.count <= limit {
            let want = min(chunk.count, limit - bytes.count + 1)
            let count = chunk.withUnsafeMutableBytes { systemRead(fd, $0.baseAddress!, want) }
            if count < 0 {
                if errno == EINTR { continue }
                throw SystemCallError(.read, label, errno: errno)
            }
            if count == 0 { break }
            chunk.withUnsafeBufferPointer { bytes.append(contentsOf: UnsafeBufferPointer(rebasing: $0[0..<count])) }
        }
        return bytes
    }

    func fsync(_ fd: Int32, label: String) throws(SystemCallError) {
        try check(.fsync, label)
        _ = try posix(systemFsync(fd), .fsync, label)
    }

    /// Closes `fd`. EINTR counts as closed (Linux always releases the descriptor).
    func close(_ fd: Int32, label: String) throws(SystemCallError) {
        do {
            try check(.close, label)
        } catch {
            _ = systemClose(fd) // the descriptor must not leak even when a test fails the call
            throw error
        }
        if systemClose(fd) != 0 && errno != EINTR { throw SystemCallError(.close, label, errno: errno) }
    }

    // MARK: Metadata

    func status(_ fd: Int32, label: String) throws(SystemCallError) -> stat {
        try check(.stat, label)
        var info = stat()
        _ = try posix(fstat(fd, &info), .stat, label)
        return info
    }

    /// lstat-like status of `name` in `dir` (a symlink is described, not followed).
    func status(in dir: Int32, _ name: String, label: String) throws(SystemCallError) -> stat {
        try check(.statAt, label)
        var info = stat()
        _ = try posix(RawPath.withCString(name) { fstatat(dir, $0, &info, AT_SYMLINK_NOFOLLOW) }, .statAt, label)
        return info
    }

    func changeMode(_ fd: Int32, _ mode: mode_t, label: String) throws(SystemCallError) {
        try check(.changeMode, label)
        _ = try posix(fchmod(fd, mode), .changeMode, label)
    }

    /// Names in `dir` (without `.` and `..`).
    func listDirectory(_ dir: Int32, label: String) throws(SystemCallError) -> [String] {
        try check(.listDirectory, label)
        let copy = dup(dir)
        guard copy >= 0 else { throw SystemCallError(.listDirectory, label, errno: errno) }
        guard let stream = fdopendir(copy) else {
            let code = errno
            _ = systemClose(copy)
            throw SystemCallError(.listDirectory, label, errno: code)
        }
        defer { closedir(stream) }
        rewinddir(stream) // the duplicate shares its offset with `dir`
        var names = [String]()
        while let entry = readdir(stream) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
            }
            if name != "." && name != ".." { names.append(name) }
        }
        return names
    }

    // MARK: Locking

    /// An exclusive OFD lock (Linux), without waiting: EAGAIN (or EACCES) when another holds it.
    func lock(_ fd: Int32, label: String) throws(SystemCallError) {
        try check(.lock, label)
        _ = try result(wt_ofd_lock(fd, 0), .lock, label)
    }

    func unlock(_ fd: Int32, label: String) throws(SystemCallError) {
        try check(.unlock, label)
        _ = try result(wt_ofd_unlock(fd), .unlock, label)
    }

    /// An exclusive flock, without waiting: EWOULDBLOCK when another description holds it.
    func flock(_ fd: Int32, label: String) throws(SystemCallError) {
        try check(.flock, label)
        _ = try posix(systemFlock(fd, LOCK_EX | LOCK_NB), .flock, label)
    }

    func unflock(_ fd: Int32, label: String) throws(SystemCallError) {
        try check(.unflock, label)
        _ = try posix(systemFlock(fd, LOCK_UN), .unflock, label)
    }
}
