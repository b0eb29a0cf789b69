import Glibc
import WidgetThumbnails

/// Every input of a batch, known before the first output is put in place: a first walk of the
/// same discovery (names and `stat` identities only; nothing is opened or decoded) records the
/// identity of each input inside `--out`, and of any input that is the preview page's file,
/// in the run's `InputIdentities`. The real walk then goes as the workers ask, and every
/// output is checked against that complete set (`OutputOccupant`).
///
/// Why a census first rather than checking each output against the inputs found so far: with
/// streaming discovery an output can be put in place before the input it lands on is found (a
/// `--files-from` list or a later folder argument naming a file in `--out`), and then the
/// original is already gone: a later check could only report the loss. Why not keep thumbnails
/// back until the walk ends: that holds every output (or its temporary file) and its report
/// until then, which is what streaming avoids.
///
/// An input inside `--out` that the real walk finds but the census did not appeared after the
/// run began (most likely a thumbnail of this run, in a folder argument inside `--out`): it
/// fails with that reason instead of being thumbnailed.
///
/// Cost: folders are listed twice (a `readdir` and an `lstat` per entry), and work starts only
/// once a `--files-from -` pipe is closed. Memory: 16 bytes per input inside `--out` (none when
/// `--out` is elsewhere) and the walk's own; the list is copied to a temporary file in the
/// staging folder, not to memory, so standard input can be read twice.
package struct InputCensus {
    package let inputs: InputIdentities
    /// The preview page's path, when one is asked for: an input that is that file is recorded.
    package let previewPage: String?

    package init(inputs: InputIdentities, previewPage: String?) {
        self.inputs = inputs
        self.previewPage = previewPage
    }

    /// Takes the census with `discovery(list)` and returns the discovery to run, reading the
    /// same `--files-from` list (copied to a spool in `staging`).
    package func take(filesFrom: String?, separator: InputList.Separator, staging: StagingFolder,
              discovery: (InputList?) -> InputDiscovery) throws(ImageError) -> InputDiscovery {
        let spool = try filesFrom.map { _ throws(ImageError) in
            try OutputPlacement.spoolFile(in: staging, purpose: "a temporary copy of the --files-from list")
        }
        defer { if let spool { close(spool) } }
        let list = filesFrom.map { InputList(source: $0, separator: separator, copyingTo: spool) }
        let census = discovery(list)
        let page = previewPage.map(FileIdentity.both) ?? []
        while let planned = census.next() {
            if let identity = planned.input.identity { inputs.insert(identity) }
            // A stat per input only when a preview page is already there to be replaced.
            if !page.isEmpty, let identity = FileIdentity(path: planned.input.path), page.contains(identity) {
                inputs.insert(identity)
            }
        }
        guard let list, let spool else { return discovery(nil) }
        return discovery(list.replay(from: spool))
    }

}
