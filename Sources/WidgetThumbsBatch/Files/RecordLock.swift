import Glibc
import WidgetThumbnails

/// One run at a time over one set of record files in `--out` (the manifest and journal of a
/// whole run, or of one shard): two runs sharing them (two `batch` runs on one `--out`, or a
/// shard and its retried pod, which Kubernetes' Indexed Jobs allow) would append to one
/// journal, and the first to finish would compact and remove it under the other, losing the
/// other's records. The lock is held from before the records are read until the manifest is
/// written, so the second run reads the first one's manifest and skips what it made; other
/// shards, whose record files are their own, run side by side.
///
/// The lock is `<stem>.lock` in the staging folder (hidden, and never one of the staging
/// folder's temporary names, so `StagingFolder.removeLeftovers` leaves it alone; the run
/// removes it at its end, a killed run's is taken over by the next), locked with an open
/// file description lock (`F_OFD_SETLKW`): it belongs to the descriptor, the kernel drops it
/// when the run dies (SIGKILL, an evicted pod), and on NFS it is a byte-range lock the server
/// arbitrates between hosts (a lost client's lock expires with its lease; `flock` is not used:
/// an NFS mount with `local_lock=flock` keeps it on one host). A file system that refuses
/// locks (some FUSE mounts) cannot keep two runs apart: the run goes on, and `unlocked` says
/// why so that it is reported.
package final class RecordLock: Sendable {
    package static let suffix = ".lock"

    private let descriptor: Locked<Int32>
    private let path: String
    /// Why the records are not locked (the file system refuses locks), or nil when they are.
    package let unlocked: String?

    /// Locks the record files named `stem` (`BatchManifest.stem`) of the batch whose staging
    /// folder is `staging`, waiting while another run holds them; `waiting` is called once,
    /// with the lock file's path, before the first wait.
    package init(staging: StagingFolder, stem: String, waiting: (_ lockFile: String) -> Void) throws(ImageError) {
        let path = PathComponents.join(staging.path, stem + Self.suffix)
        self.path = path
        var hasWaited = false
        while true {
            let opened = try Self.open(path)
            var refusal = Self.lock(opened, wait: false)
            if refusal == EAGAIN || refusal == EACCES || refusal == EWOULDBLOCK {
                if !hasWaited { waiting(path) }
                hasWaited = true
                refusal = Self.lock(opened, wait: true)
            }
            if refusal == 0 && FileIdentity.both(path).first != FileIdentity(Self.status(opened)) {
                // The run we waited for removed it on its way out: lock the file now at its name.
                close(opened)
                continue
            }
            descriptor = Locked(opened)
            unlocked = refusal == 0 ? nil : "the file system does not lock files (\(String(cString: strerror(refusal)))): "
                + "another run on this --out at the same time could lose records"
            return
        }
    }

    /// The lock file at `path`, opened (created when missing): a regular file, never through a symlink.
    private static func open(_ path: String) throws(ImageError) -> Int32 {
        let opened = RawPath.withCString(path) { Glibc.open($0, O_RDWR | O_CREAT | O_NOFOLLOW | O_CLOEXEC | O_NONBLOCK, 0o644) }
        guard opened >= 0 else {
            let reason = errno == ELOOP ? "it is a symlink" : String(cString: strerror(errno))
            throw ImageError(.io, "cannot open the lock of the batch records: \(reason)", file: path)
        }
        guard (status(opened).st_mode & S_IFMT) == S_IFREG else {
            let kind = FileKind.name(of: status(opened).st_mode)
            close(opened)
            throw ImageError(.io, "the lock of the batch records is not used: it is \(kind), not a regular file", file: path)
        }
        return opened
    }

    private static func status(_ descriptor: Int32) -> stat {
        var status = stat()
        _ = fstat(descriptor, &status)
        return status
    }

    /// Linux's open file description lock commands (`<asm-generic/fcntl.h>`; Glibc's module
    /// leaves them out, as they need _GNU_SOURCE).
    private static let ofdSetLock: Int32 = 37, ofdSetLockWaiting: Int32 = 38

    /// 0 when `descriptor` is locked, or the errno: the OFD lock, or a process-wide POSIX lock
    /// on a kernel without OFD locks (before 3.15; this process opens the file once, so no
    /// other close drops it).
    private static func lock(_ descriptor: Int32, wait: Bool) -> Int32 {
        var whole = flock()
        whole.l_type = Int16(F_WRLCK)
        whole.l_whence = Int16(SEEK_SET)
        var command = wait ? ofdSetLockWaiting : ofdSetLock
        while true {
            if fcntl(descriptor, command, &whole) == 0 { return 0 }
            if errno == EINTR { continue }
            guard errno == EINVAL, command == ofdSetLock || command == ofdSetLockWaiting else { return errno }
            command = wait ? F_SETLKW : F_SETLK
        }
    }

    /// Lets the next run in: the file is removed while it is still locked (so `--out` keeps no
    /// trace of it; a run waiting on it finds its name gone and locks the next file there), then
    /// closed, which drops the lock (it is the description's only descriptor).
    package func release() {
        descriptor.withLock { descriptor in
            guard descriptor >= 0 else { return }
            if FileIdentity.both(path).first == FileIdentity(Self.status(descriptor)) {
                _ = RawPath.withCString(path) { unlink($0) }
            }
            close(descriptor)
            descriptor = -1
        }
    }

    deinit { release() }
}
