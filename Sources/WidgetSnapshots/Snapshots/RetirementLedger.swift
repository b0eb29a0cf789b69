#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import WidgetSnapshotsPlatform

/// When each old revision stopped being current, as an upper bound, for gc's grace period.
/// A revision's files keep the times of its commit, which may be long before a newer commit
/// replaced it a moment ago; a reader that read the old manifest may still be opening them.
///
/// The bound for revision r (below the committed one) is the earlier of
/// - the time gc first saw r below the committed revision (recorded in `.retired.json`,
///   written atomically under the writers' lock): r stopped being current before gc could
///   see it so;
/// - the time of the latest manifest swap, max(ctime, mtime) of `current.json` (a rename sets
///   the ctime of the renamed file): every earlier retirement happened at or before it.
/// Both bounds are never earlier than the truth, so neither is the earlier of the two. Both
/// are times of the file system's clock (`FileClock` for the records), the clock of the file
/// times they are compared with. `recoverManifest()` removes the record, because a recovered
/// manifest can make a retired revision current again.
struct RetirementLedger {
    static let fileName = ".retired.json"
    /// Records past this size are treated as missing (the swap time still bounds them).
    static let maximumBytes = 1024 * 1024

    /// Revision -> seconds since 1970 (file system clock) when gc first saw it retired.
    private(set) var firstSeenRetired: [UInt64: Double]
    private let loaded: [UInt64: Double]
    /// max(ctime, mtime) of current.json in seconds since 1970; nil without a manifest.
    let lastSwap: Double?

    init(container: ContainerDirectory, opener: ConfinedOpener, operations: FileSystemOperations) throws(SystemCallError) {
        var records: [UInt64: Double] = [:]
        if let bytes = try? opener.readFile(try! ContainerPath(Self.fileName), limit: Self.maximumBytes),
           case .object(let object)? = try? JSONValue(parsing: bytes) {
            for member in object.members {
                // The key must be a canonical revision, as in a layout name.
                guard case .snapshot(let revision)? = LayoutPath.entry("snapshot-\(member.key).json", in: LayoutPath.snapshotsDirectory),
                      case .number(let number) = member.value, let seconds = number.doubleValue else { continue }
                records[revision] = seconds
            }
        }
        firstSeenRetired = records
        loaded = records
        do {
            let info = try operations.status(in: container.descriptor, Manifest.fileName, label: Manifest.fileName)
            lastSwap = max(Self.seconds(info.st_ctim), Self.seconds(info.st_mtim))
        } catch where error.errno == ENOENT {
            lastSwap = nil
        }
    }

    /// Notes that `revision` is retired at `now`, a `FileClock` time (kept if already noted).
    mutating func observeRetired(_ revision: UInt64, now: Double) {
        if firstSeenRetired[revision] == nil { firstSeenRetired[revision] = now }
    }

    /// Keeps records only for `revisions` (the old ones still on disk).
    mutating func retain(only revisions: Set<UInt64>) {
        firstSeenRetired = firstSeenRetired.filter { revisions.contains($0.key) }
    }

    /// The upper bound of when `revision` (below the committed one) stopped being current; nil
    /// when nothing bounds it (no manifest and no record).
    func retiredAt(_ revision: UInt64) -> Double? {
        switch (firstSeenRetired[revision], lastSwap) {
        case (let seen?, let swap?): min(seen, swap)
        case (let seen?, nil): seen
        case (nil, let swap?): swap
        case (nil, nil): nil
        }
    }

    /// Writes the records if they changed (temporary file, fsync, rename, fsync).
    func save(container: ContainerDirectory, operations: FileSystemOperations) throws(SystemCallError) {
        guard firstSeenRetired != loaded else { return }
        let members = firstSeenRetired.sorted { $0.key < $1.key }
            .map { "\"\($0.key)\":\(Self.milliseconds($0.value))" }
        let bytes = Array("{\(members.joined(separator: ","))}\n".utf8)
        try FileReplacer(operations: operations).replace(Self.fileName, in: container.descriptor, with: bytes)
    }

    /// Seconds with three decimals (what `%.3f` wrote, without Foundation's String(format:)).
    static func milliseconds(_ seconds: Double) -> String {
        let total = Int64((seconds * 1000).rounded())
        let fraction = String(abs(total % 1000))
        let sign = total < 0 && total > -1000 ? "-" : ""
        return "\(sign)\(total / 1000).\(String(repeating: "0", count: 3 - fraction.count))\(fraction)"
    }

    /// Forgets every record (after a manifest was re-pointed).
    static func remove(container: ContainerDirectory, operations: FileSystemOperations) throws(SystemCallError) {
        do {
            try operations.unlink(in: container.descriptor, fileName, label: fileName)
        } catch where error.errno == ENOENT {
            return
        }
        try operations.fsync(container.descriptor, label: ".")
    }

    static func seconds(_ time: timespec) -> Double { Double(time.tv_sec) + Double(time.tv_nsec) / 1e9 }
}
