import Glibc
import WidgetThumbnails

/// A file's device and inode: what "the same file" means on Linux, whatever names lead to it
/// (`a.jpg`, `./a.jpg`, a hard link, a symlink, `--out` spelt differently).
package struct FileIdentity: Hashable, Sendable {
    package var device: UInt64
    var inode: UInt64

    package init(_ status: stat) {
        device = UInt64(status.st_dev)
        inode = UInt64(status.st_ino)
    }

    /// The identity of what `path` names, following symlinks; nil when it does not exist.
    package init?(path: String) {
        var status = stat()
        guard RawPath.withCString(path, { stat($0, &status) }) == 0 else { return nil }
        self.init(status)
    }

    /// The identities of `path` itself (a symlink's own) and of where it leads; one for a file
    /// that is not a link, none when nothing is there.
    package static func both(_ path: String) -> [FileIdentity] {
        var link = stat()
        guard RawPath.withCString(path, { lstat($0, &link) }) == 0 else { return [] }
        guard (link.st_mode & S_IFMT) == S_IFLNK, let target = FileIdentity(path: path) else { return [FileIdentity(link)] }
        return [FileIdentity(link), target]
    }
}
