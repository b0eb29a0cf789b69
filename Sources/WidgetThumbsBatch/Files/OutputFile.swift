import Glibc
import WidgetSnapshots
import WidgetThumbnails

/// Writes widget-thumbs' outputs (thumbnails, PAM images, manifests, contact sheets) so that
/// nobody ever sees part of one, for `OutputPlacement`, which judges the path first (the
/// writes are internal to this module: the CLI reaches them only through it), with the store's own writers: `FileReplacer` (a temporary file
/// renamed over the target) and `ImmutableFilePublisher` (a nameless or temporary file given a
/// name that never replaces anything). This only turns a path into a directory and a name,
/// picks where the temporary file goes and words the errors; on any failure the temporary file
/// is removed and the target is left as it was.
///
/// Files get 0666 less the umask, what a plain `open` would give them.
package enum OutputFile {
    /// What may already be at the target.
    enum Replacement: Sendable {
        /// Whatever is there is replaced (rename).
        case anything
        /// Nothing may be there: something that appeared since the caller checked is kept and
        /// the write fails (a link, which never replaces).
        case nothing
    }

    /// Where a temporary file with a name is made.
    package enum Staging: Sendable {
        /// Beside the target.
        case besideTarget
        /// A folder the caller cleans (`StagingFolder`); beside the target when the folder is
        /// on another file system than the target.
        case folder(StagingFolder)
    }

    static let mode = FileMode.lessUmask(0o666)

    static func write(_ bytes: [UInt8], toPath path: String, replacing: Replacement = .anything,
                      staging: Staging = .besideTarget, durability: Durability = .each) throws(ImageError) {
        guard replacing == .nothing else {
            return try write(toPath: path, staging: staging, durability: durability) { append throws(ImageError) in
                try append(bytes)
            }
        }
        let target = try OutputTarget(path)
        defer { target.close() }
        let publisher = ImmutableFilePublisher(operations: .system, method: .automatic, mode: mode, flush: durability.flush)
        let outcome = try run(path) { () throws(Failure) in
            try withTemporary(staging, for: target) { temporary throws(Failure) in
                do throws(SystemCallError) {
                    return try publisher.publish(bytes, in: target.descriptor, directoryName: target.directory,
                                                 as: target.name, temporary: temporary)
                } catch {
                    throw .system(error)
                }
            }
        }
        if outcome == .nameTaken {
            throw ImageError(.io, "a file appeared at the output path while it was written; it is kept", file: path)
        }
    }

    /// Writes `bytes` into the FIFO or character device at `path`: opened without O_CREAT or
    /// O_TRUNC, so nothing is made or replaced. The open does not block (O_NONBLOCK): a FIFO
    /// that nobody reads fails at once (ENXIO) instead of hanging; the writes then block as
    /// usual. What was opened is checked again (a FIFO or a device, not an input), so a file
    /// swapped in since `examine` is never written into.
    static func writeInto(_ bytes: [UInt8], path: String, inputs: InputIdentities) throws(ImageError) {
        let descriptor = RawPath.withCString(path) { open($0, O_WRONLY | O_NONBLOCK | O_NOCTTY | O_CLOEXEC) }
        guard descriptor >= 0 else {
            let reason = errno == ENXIO ? "no process is reading the FIFO" : SystemCallError.text(errno)
            throw ImageError(.io, "cannot open: \(reason); nothing was written", file: path)
        }
        var isOpen = true
        defer { if isOpen { Glibc.close(descriptor) } }
        var status = stat()
        guard fstat(descriptor, &status) == 0, [S_IFIFO, S_IFCHR].contains(status.st_mode & S_IFMT),
              !inputs.contains(FileIdentity(status)) else {
            throw ImageError(.io, "the output path changed while it was checked; nothing was written", file: path)
        }
        _ = fcntl(descriptor, F_SETFL, fcntl(descriptor, F_GETFL) & ~O_NONBLOCK)
        if let code = DescriptorWriter.writeAll(bytes, to: descriptor) {
            throw ImageError(.io, "cannot write: \(SystemCallError.text(code))", file: path)
        }
        isOpen = false
        guard Glibc.close(descriptor) == 0 || errno == EINTR else {
            throw ImageError(.io, "cannot write: \(SystemCallError.text(errno))", file: path)
        }
    }

    /// The same, replacing whatever is there, for content made piece by piece (`produce` calls
    /// `append` as often as it likes), so a large file never has to be held whole in memory.
    /// `produce` may be called a second time (when the staging folder is on another file
    /// system): it must start afresh.
    static func write(toPath path: String, staging: Staging = .besideTarget, durability: Durability = .each,
                      _ produce: (_ append: ([UInt8]) throws(ImageError) -> Void) throws(ImageError) -> Void) throws(ImageError) {
        let target = try OutputTarget(path)
        defer { target.close() }
        let replacer = FileReplacer(operations: .system, mode: mode, flush: durability.flush)
        try run(path) { () throws(Failure) in
            try withTemporary(staging, for: target) { temporary throws(Failure) in
                try replacer.replace(target.name, in: target.descriptor, directoryName: target.directory,
                                     temporary: temporary, mapping: Failure.system) { append throws(Failure) in
                    // The content's appends throw the content's error (ImageError) and are mapped back.
                    try withoutActuallyEscaping(append) { (append) throws(Failure) in
                        do throws(ImageError) {
                            try produce { bytes throws(ImageError) in
                                do throws(Failure) { try append(bytes) } catch { throw error.imageError(path) }
                            }
                        } catch {
                            throw .content(error)
                        }
                    }
                }
            }
        }
    }

    /// A failed write: a system call (kept whole, so EXDEV can be retried), or the content's own error.
    private enum Failure: Error {
        case system(SystemCallError)
        case content(ImageError)

        /// The error to report for the output at `path`.
        func imageError(_ path: String) -> ImageError {
            switch self {
            case .content(let error): return error
            case .system(let error):
                let what = switch error.operation {
                case .openNoFollow, .openTemporary: "cannot create a temporary file in \(OutputTarget.split(error.path).directory)"
                case .write: "cannot write"
                case .fsync: "cannot flush \(error.path)"
                case .close: "cannot close \(error.path)"
                default: "cannot move into place"
                }
                return ImageError(.io, "\(what): \(SystemCallError.text(error.errno))", file: path)
            }
        }
    }

    private static func run<Result>(_ path: String, _ body: () throws(Failure) -> Result) throws(ImageError) -> Result {
        do {
            return try body()
        } catch {
            throw error.imageError(path)
        }
    }

    /// Runs `body` with the staging folder as the temporary file's place, and again beside the
    /// target when the folder turns out to be on another file system (EXDEV).
    private static func withTemporary<Result>(_ staging: Staging, for target: OutputTarget,
                                              _ body: (TemporaryLocation) throws(Failure) -> Result) throws(Failure) -> Result {
        guard case .folder(let folder) = staging else { return try body(.besideTarget) }
        let descriptor = RawPath.withCString(folder.path) { open($0, O_RDONLY | O_DIRECTORY | O_CLOEXEC) }
        guard descriptor >= 0 else { return try body(.besideTarget) }
        defer { Glibc.close(descriptor) }
        do {
            return try body(.directory(descriptor, directoryName: folder.path, name: folder.temporaryName()))
        } catch .system(let error) where error.errno == EXDEV {
            return try body(.besideTarget)
        }
    }
}
