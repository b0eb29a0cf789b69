import Glibc
import WidgetSnapshots
import WidgetThumbnails

/// What is at an output path, judged just before anything is written there, and the one rule
/// every file widget-thumbs writes follows (through `OutputPlacement.check`: thumbnail `-o` and
/// its variants, decode `--out`, batch thumbnails, the preview page, the batch's manifest; the
/// journal by the same rule in `RecordFileLines.open`). `examine` refuses, naming the path:
/// - an input of the same command, or standard input's own file (`InputIdentities`): the file
///   at the path, or where a symlink there leads, compared by device and inode, so a hard
///   link, a symlink or another spelling of the path cannot hide it;
/// - a directory, a block device, a socket: nothing is written over them;
/// - a regular file that is read-only (no write permission bit, or one the process may not
///   write): replacing it by rename would ignore what its mode says.
///
/// What it lets through, each writer handles by its own policy (`OutputPlacement.Policy`), never
/// replacing a FIFO or a character device (a terminal, `/dev/null`, what `/dev/stdout` leads
/// to): those are written into (a command's own file) or refused (batch outputs and records,
/// which are only ever files).
package enum OutputOccupant {
    /// Nothing: the writer creates the file, never replacing one that appears meanwhile.
    case nothing
    /// A regular file of `bytes` bytes, at the path itself.
    case regularFile(bytes: Int)
    /// A symlink at the path, leading to a regular file or to nothing (dangling, a loop).
    case symlink
    /// A FIFO or a character device, at the path or where a symlink there leads: `kind` in
    /// words ("a FIFO", "a symlink to a character device").
    case stream(kind: String)

    static func examine(_ path: String, inputs: InputIdentities) throws(ImageError) -> OutputOccupant {
        var link = stat()
        guard RawPath.withCString(path, { lstat($0, &link) }) == 0 else {
            guard errno == ENOENT else {
                throw ImageError(.io, "cannot check the output path: \(String(cString: strerror(errno)))", file: path)
            }
            return .nothing
        }
        // Where a symlink leads, read once: the identities below and the kind come from it.
        var target = link
        let isLink = (link.st_mode & S_IFMT) == S_IFLNK
        let leads = isLink && RawPath.withCString(path, { stat($0, &target) }) == 0
        for identity in [FileIdentity(link)] + (leads ? [FileIdentity(target)] : []) where inputs.contains(identity) {
            throw ImageError(.invalidArgument,
                             "the output would replace this file, an input of this run; choose another output", file: path)
        }
        if isLink && !leads {
            return .symlink // dangling or a loop: only the link itself is there
        }
        let kind = (isLink ? "a symlink to " : "") + FileKind.name(of: target.st_mode)
        switch target.st_mode & S_IFMT {
        case S_IFIFO, S_IFCHR:
            return .stream(kind: kind)
        case S_IFREG where isLink:
            return .symlink
        case S_IFREG:
            if let reason = readOnlyReason(path, link) {
                throw ImageError(.io, "the file at the output path is read-only (\(reason)); it is kept", file: path)
            }
            return .regularFile(bytes: Int(link.st_size))
        default:
            throw ImageError(.io, "\(kind) is at the output path; it is kept", file: path)
        }
    }

    /// Why the regular file at `path` may not be replaced, or nil when it may: no write bit at
    /// all (root could replace it, but its mode says it is not to be changed), or `access`
    /// denies writing (another user's file, a read-only file system).
    private static func readOnlyReason(_ path: String, _ status: stat) -> String? {
        if status.st_mode & 0o222 == 0 { return "mode \(String(status.st_mode & 0o7777, radix: 8))" }
        guard RawPath.withCString(path, { access($0, W_OK) }) != 0 else { return nil }
        return String(cString: strerror(errno))
    }
}
