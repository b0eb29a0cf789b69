/// What is flushed to disk before a write counts as done.
package enum Flush: Sendable, Equatable {
    /// Nothing: a crash of the machine (not of the process) may leave the file empty or partial.
    case none
    /// The file's bytes, before it takes its name: whatever has the name is complete, but the
    /// name itself may be lost in a power cut.
    case file
    /// The file, then its directory once the name is in place: the name survives a power cut
    /// too (what the store needs for `current.json`, images and snapshots).
    case fileAndDirectory
}
