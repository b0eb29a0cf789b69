import Glibc
import WidgetThumbnails

/// Decides, just before a thumbnail is written, what may be at its output path. The rule of
/// every writer comes first (`OutputOccupant`: never over an input of the run, a directory,
/// a device, a FIFO or a read-only file); then a thumbnail never replaces a file widget-thumbs
/// did not make (one no manifest or journal in `--out` records with that size) unless the user
/// passed `--overwrite`. Every input inside `--out` is known before the first thumbnail is put
/// in place (`InputCensus`), so an original listed or walked later is protected too. A
/// thumbnail never lands outside `--out` through a symlinked folder inside it: that would put
/// it where the census's "inside `--out`" does not look. When nothing is there, the write may
/// not replace anything that appears meanwhile.
package struct OutputGuard: Sendable {
    /// What `--overwrite` says about files in `--out` that widget-thumbs did not make.
    package enum ForeignFiles: Sendable {
        /// Keep them: the input fails with a reason (the default).
        case keep
        /// Replace them (`--overwrite`). Inputs of the run are kept all the same.
        case replace
    }

    package let inputs: InputIdentities
    package let foreignFiles: ForeignFiles
    /// `--out` resolved (symlinks followed), with a trailing slash; nil when it cannot be.
    private let outRoot: String?

    package init(inputs: InputIdentities, foreignFiles: ForeignFiles, outDirectory: String) {
        self.inputs = inputs
        self.foreignFiles = foreignFiles
        outRoot = PathLookup.resolved(outDirectory).map { $0.hasSuffix("/") ? $0 : $0 + "/" }
    }

    /// How the thumbnail `bytes` may be put at `path`; `recordedBytes` is the size a manifest or
    /// journal records for this output, when one does. Throws when it must not be written.
    func replacement(at path: String, bytes: [UInt8], recordedBytes: Int?) throws(ImageError) -> OutputFile.Replacement {
        guard landsInsideOut(path) else {
            throw ImageError(.invalidArgument,
                             "a symlinked folder in --out leads this output outside --out; nothing is written there", file: path)
        }
        switch try OutputOccupant.examine(path, inputs: inputs) {
        case .nothing:
            return .nothing
        case .regularFile(let size) where recordedBytes == size:
            return .anything
        case .regularFile(let size) where size == bytes.count && (try? InputFile.read(path, maxBytes: bytes.count)) == bytes:
            // Exactly this thumbnail, made by a run killed before its journal line (or whose
            // last journal lines a power cut lost): writing it again changes nothing.
            return .anything
        case .regularFile, .symlink:
            guard foreignFiles == .replace else {
                throw ImageError(.invalidArgument,
                                 "a file that widget-thumbs did not make is at the output path; it is kept (--overwrite replaces it)",
                                 file: path)
            }
            return .anything
        case .stream(let kind):
            throw ImageError(.io, "\(kind) is at the output path; it is kept", file: path)
        }
    }

    /// Whether `path`'s nearest existing folder, resolved, lies inside `--out` (the folders
    /// still to be made are made inside it).
    private func landsInsideOut(_ path: String) -> Bool {
        guard let outRoot else { return true }
        var directory = OutputTarget.split(path).directory
        while true {
            if let resolved = PathLookup.resolved(directory) { return (resolved + "/").hasPrefix(outRoot) }
            let parent = OutputTarget.split(directory).directory
            if parent == directory { return true }
            directory = parent
        }
    }
}
