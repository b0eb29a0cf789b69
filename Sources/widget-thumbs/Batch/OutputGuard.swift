import Glibc
import WidgetThumbnails

/// Decides, just before a thumbnail is written, what may be at its output path. An output is
/// never written over an input of the run (compared by device and inode, so `--out` spelt
/// another way, a hard link or a symlink cannot hide it), and never over a file widget-thumbs
/// did not make (one no manifest or journal in `--out` records with that size) unless the
/// user passed `--overwrite`. When nothing is there, the write may not replace anything that
/// appears meanwhile.
struct OutputGuard: Sendable {
    /// What `--overwrite` says about files in `--out` that widget-thumbs did not make.
    enum ForeignFiles: Sendable {
        /// Keep them: the input fails with a reason (the default).
        case keep
        /// Replace them (`--overwrite`). Inputs of the run are kept all the same.
        case replace
    }

    /// Every input of the run, by identity, with its path for the message.
    let inputs: [FileIdentity: String]
    let foreignFiles: ForeignFiles

    init(inputs: [BatchInput], foreignFiles: ForeignFiles) {
        var identities: [FileIdentity: String] = [:]
        for input in inputs { if let identity = input.identity { identities[identity] = identities[identity] ?? input.path } }
        self.inputs = identities
        self.foreignFiles = foreignFiles
    }

    /// How the thumbnail may be put at `path`; `recordedBytes` is the size a manifest or
    /// journal records for this output, when one does. Throws when it must not be written.
    func replacement(at path: String, recordedBytes: Int?) throws(ImageError) -> AtomicFile.Replacement {
        var link = stat()
        guard RawPath.withCString(path, { lstat($0, &link) }) == 0 else {
            guard errno == ENOENT else {
                throw ImageError(.io, "cannot check the output path: \(String(cString: strerror(errno)))", file: path)
            }
            return .nothing
        }
        var target = stat()
        let followed = (link.st_mode & S_IFMT) == S_IFLNK && RawPath.withCString(path, { stat($0, &target) }) == 0
        for identity in [FileIdentity(link)] + (followed ? [FileIdentity(target)] : []) {
            if let input = inputs[identity] {
                throw ImageError(.invalidArgument,
                                 "the thumbnail would overwrite \(input), an input of this run; choose another --out",
                                 file: path)
            }
        }
        switch link.st_mode & S_IFMT {
        case S_IFREG where recordedBytes == Int(link.st_size):
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
