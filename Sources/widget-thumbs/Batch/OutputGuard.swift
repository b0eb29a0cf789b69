import Foundation
import Glibc
import WidgetThumbnails

/// Decides, just before a thumbnail is written, what may be at its output path. An output is
/// never written over an input of the run found so far (compared by device and inode, so
/// `--out` spelt another way, a hard link or a symlink cannot hide it), and never over a file
/// widget-thumbs did not make (one no manifest or journal in `--out` records with that size)
/// unless the user passed `--overwrite`: an original, found later or not, is never ours. When
/// nothing is there, the write may not replace anything that appears meanwhile.
struct OutputGuard: Sendable {
    /// What `--overwrite` says about files in `--out` that widget-thumbs did not make.
    enum ForeignFiles: Sendable {
        /// Keep them: the input fails with a reason (the default).
        case keep
        /// Replace them (`--overwrite`). Inputs of the run are kept all the same.
        case replace
    }

    /// The inputs of the run found so far, by identity (16 bytes each).
    final class Inputs: @unchecked Sendable {
        private let lock = NSLock()
        private var identities: Set<FileIdentity> = []

        func insert(_ identity: FileIdentity) { lock.withLock { _ = identities.insert(identity) } }
        func contains(_ identity: FileIdentity) -> Bool { lock.withLock { identities.contains(identity) } }
    }

    let inputs: Inputs
    let foreignFiles: ForeignFiles

    /// How the thumbnail `bytes` may be put at `path`; `recordedBytes` is the size a manifest or
    /// journal records for this output, when one does. Throws when it must not be written.
    func replacement(at path: String, bytes: [UInt8], recordedBytes: Int?) throws(ImageError) -> OutputFile.Replacement {
        var link = stat()
        guard RawPath.withCString(path, { lstat($0, &link) }) == 0 else {
            guard errno == ENOENT else {
                throw ImageError(.io, "cannot check the output path: \(String(cString: strerror(errno)))", file: path)
            }
            return .nothing
        }
        var target = stat()
        let followed = (link.st_mode & S_IFMT) == S_IFLNK && RawPath.withCString(path, { stat($0, &target) }) == 0
        for identity in [FileIdentity(link)] + (followed ? [FileIdentity(target)] : []) where inputs.contains(identity) {
            throw ImageError(.invalidArgument,
                             "the thumbnail would overwrite this file, an input of this run; choose another --out", file: path)
        }
        switch link.st_mode & S_IFMT {
        case S_IFREG where recordedBytes == Int(link.st_size):
            return .anything
        case S_IFREG where Int(link.st_size) == bytes.count && (try? InputFile.read(path, maxBytes: bytes.count)) == bytes:
            // Exactly this thumbnail, made by a run killed before its journal line (or whose
            // last journal lines a power cut lost): writing it again changes nothing.
            return .anything
        case S_IFREG, S_IFLNK:
            guard foreignFiles == .replace else {
                throw ImageError(.invalidArgument,
                                 "a file that widget-thumbs did not make is at the output path; it is kept (--overwrite replaces it)",
                                 file: path)
            }
            return .anything
        default:
            throw ImageError(.io, "\(FileKind.name(of: link.st_mode)) is at the output path; it is kept", file: path)
        }
    }
}
