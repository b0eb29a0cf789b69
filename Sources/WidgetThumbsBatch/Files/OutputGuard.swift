import Glibc
import WidgetThumbnails

/// Decides, just before a thumbnail is written, what may be at its output path: the rule of
/// every writer and a batch thumbnail's policy (`OutputPlacement.check`, `.batchThumbnail`:
/// never over an input of the run, a directory, a device, a FIFO or a read-only file, nor a
/// file widget-thumbs did not make unless `--overwrite`). Every input inside `--out` is known
/// before the first thumbnail is put in place (`InputCensus`), so an original listed or walked
/// later is protected too. Here: a thumbnail never lands outside `--out` through a symlinked
/// folder inside it, which would put it where the census's "inside `--out`" does not look.
package struct OutputGuard: Sendable {
    package typealias ForeignFiles = OutputPlacement.ForeignFiles

    package let inputs: InputIdentities
    package let foreignFiles: ForeignFiles
    /// `--out` resolved (symlinks followed), with a trailing slash; nil when it cannot be.
    private let outRoot: String?

    package init(inputs: InputIdentities, foreignFiles: ForeignFiles, outDirectory: String) {
        self.inputs = inputs
        self.foreignFiles = foreignFiles
        outRoot = PathLookup.resolved(outDirectory).map { $0.hasSuffix("/") ? $0 : $0 + "/" }
    }

    /// Where and how the thumbnail `bytes` may be put at `path` (`OutputPlacement.check`);
    /// `recordedBytes` is the size a manifest or journal records for this output, when one
    /// does. Throws when it must not be written.
    package func check(_ path: String, bytes: [UInt8], recordedBytes: Int?) throws(ImageError) -> OutputPlacement.CheckedOutput {
        guard landsInsideOut(path) else {
            throw ImageError(.invalidArgument,
                             "a symlinked folder in --out leads this output outside --out; nothing is written there", file: path)
        }
        return try OutputPlacement.check(path, inputs: inputs, policy: .batchThumbnail(
            bytes: bytes, recordedBytes: recordedBytes, foreignFiles: foreignFiles))
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
