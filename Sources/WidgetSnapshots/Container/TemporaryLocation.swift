/// Where a writer makes the temporary file that becomes the target.
package enum TemporaryLocation: Sendable {
    /// In the target's directory, named by the writer (`TemporaryName`).
    case besideTarget
    /// In another directory on the same file system, under `name`; `directoryName` labels it
    /// in errors. For a caller that removes what crashed runs leave there (widget-thumbs'
    /// staging folder). A directory on another file system fails the move with EXDEV.
    case directory(Int32, directoryName: String, name: String)
}

/// A temporary file's directory, name and label, wherever its `TemporaryLocation` puts it.
struct TemporaryFile {
    let directory: Int32
    let name: String
    let label: String

    /// Beside the target in `directory` (labelled under `directoryName`, or bare for the
    /// container itself) with the writer's `name`, or in the location's own directory.
    init(_ location: TemporaryLocation, directory: Int32, directoryName: String?, name: String) {
        switch location {
        case .besideTarget:
            self.directory = directory
            self.name = name
            label = directoryName.map { "\($0)/\(name)" } ?? name
        case .directory(let other, let otherName, let fileName):
            self.directory = other
            self.name = fileName
            label = "\(otherName)/\(fileName)"
        }
    }
}
