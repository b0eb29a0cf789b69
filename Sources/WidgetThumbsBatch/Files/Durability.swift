import WidgetSnapshots

/// `--fsync`: whether files are flushed to disk before they are put in place.
///
/// What survives, in each mode:
/// - a killed process (SIGKILL, an evicted pod): in both modes every thumbnail in place is
///   complete (it is renamed or linked into place whole) and every finished item is in the
///   journal; temporary files are removed by the next run;
/// - a power cut or kernel crash, `each`: every thumbnail under its final name is complete
///   (flushed before the rename); the last renames and journal lines (at most a flush group,
///   `BatchJournal.flushGroup`) may be lost, and those items are made again;
/// - a power cut, `none`: files written in the last seconds may be empty or partial under
///   their final names, and journal lines may be lost: re-run with `--force --overwrite`.
package enum Durability: String, CaseIterable, Sendable {
    case each
    case none
}

extension Durability {
    /// What the store's writers flush in this mode: the file before it takes its name, or
    /// nothing. Never the directory: a lost rename only costs a redone thumbnail (see above).
    package var flush: Flush {
        switch self {
        case .each: .file
        case .none: .none
        }
    }
}
