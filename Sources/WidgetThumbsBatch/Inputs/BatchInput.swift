import WidgetThumbnails

/// One image the batch will thumbnail: where it is, and its path relative to the argument it
/// came from (the basis of its output name and its shard).
package struct BatchInput: Sendable, Equatable {
    /// The path to open: the argument itself, or the directory argument joined with `relativePath`.
    package var path: String
    /// `sub/a.jpg` under a directory argument; the file name alone for a file argument.
    package var relativePath: String
    /// Device and inode, for an input inside `--out` (the only place a thumbnail could land
    /// on it): no output may be written over any input of the run. Nil elsewhere.
    package var identity: FileIdentity? = nil
    /// Set when the input could not even be listed (an unreadable directory): reported as
    /// this input's failure.
    package var discoveryError: ImageError? = nil
}
