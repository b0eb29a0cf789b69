import WidgetSnapshotsPlatform

/// The permissions a written file gets.
package enum FileMode: Sendable, Equatable {
    /// Exactly these bits, set with fchmod: the umask must not decide them (the store's
    /// read-only 0444 images and snapshots).
    case exactly(mode_t)
    /// These bits less the process's umask, as a plain `open` would give (0666 for what
    /// widget-thumbs writes, 0644 for `current.json`).
    case lessUmask(mode_t)

    /// The mode passed to `open` when the file is created.
    var creationBits: mode_t {
        switch self {
        case .exactly(let bits), .lessUmask(let bits): bits
        }
    }
}
