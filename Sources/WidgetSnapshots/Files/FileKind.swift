import WidgetSnapshotsPlatform

/// The kind of a file from its `st_mode`, in words, for messages that refuse it. `package`: the
/// store's and WidgetThumbnails' refusals share the words; it is no part of the store's API.
package enum FileKind {
    /// "a FIFO", "a directory", ... for the file type bits of `mode`.
    package static func name(of mode: mode_t) -> String {
        switch mode & S_IFMT {
        case S_IFREG: "a regular file"
        case S_IFDIR: "a directory"
        case S_IFIFO: "a FIFO"
        case S_IFSOCK: "a socket"
        case S_IFCHR: "a character device"
        case S_IFBLK: "a block device"
        case S_IFLNK: "a symlink"
        default: "file type \(String(mode & S_IFMT, radix: 8))"
        }
    }
}
