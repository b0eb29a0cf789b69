import Glibc
import WidgetThumbnails

/// `<out>/.widget-thumbs-staging/`: where a batch writes every file before putting it in place,
/// so that the temporary files a killed run leaves are all in one known folder, with names
/// that say who made them, and the next run can remove them without walking `--out`.
///
/// A temporary file is `<host>.<pid>.<random>.tmp`. A later run removes one when its process
/// is gone (same host, no such pid) or, for other hosts sharing `--out` and reused pids, when
/// it has not been written for `abandonedAfter`: a thumbnail is written in milliseconds, so a
/// file that old belongs to no live run. Nothing else in the folder is touched.
package struct StagingFolder: Sendable {
    package static let name = ".widget-thumbs-staging"
    static let abandonedAfterSeconds = 15 * 60

    package let path: String
    private let host: String

    /// The folder under `outDirectory`, created when missing. A symlink in its place is
    /// refused: temporary files (and the removal of leftovers) would go wherever it leads.
    package init(outDirectory: String) throws(ImageError) {
        path = PathComponents.join(outDirectory, Self.name)
        host = Self.hostName()
        try OutputDirectories.create(path)
        var status = stat()
        guard RawPath.withCString(path, { lstat($0, &status) }) == 0, (status.st_mode & S_IFMT) == S_IFDIR else {
            throw ImageError(.io, "the staging folder is not used: it is \(FileKind.name(of: status.st_mode)), not a folder",
                             file: path)
        }
    }

    /// A fresh name in the folder for a temporary file of this process.
    func temporaryName() -> String {
        "\(host).\(getpid()).\(UInt64.random(in: .min ... .max)).tmp"
    }

    /// Removes the temporary files of runs that are over; returns how many.
    package func removeLeftovers(now: Int = time(nil)) -> Int {
        var removed = 0
        for name in PathLookup.entries(of: path) ?? [] {
            guard let owner = Self.owner(of: name) else { continue }
            let file = "\(path)/\(name)"
            var status = stat()
            guard RawPath.withCString(file, { lstat($0, &status) }) == 0, (status.st_mode & S_IFMT) == S_IFREG else { continue }
            let abandoned = now - Int(status.st_mtim.tv_sec) >= Self.abandonedAfterSeconds
            let ownerGone = owner.host == host && owner.pid != getpid() && kill(owner.pid, 0) != 0 && errno == ESRCH
            if abandoned || ownerGone, RawPath.withCString(file, { unlink($0) }) == 0 { removed += 1 }
        }
        return removed
    }

    /// The host and pid in a temporary file's name; nil for any other name.
    package static func owner(of name: String) -> (host: String, pid: pid_t)? {
        let parts = name.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count == 4, parts[3] == "tmp", !parts[0].isEmpty, UInt64(parts[2]) != nil,
              let pid = pid_t(parts[1]), pid > 0 else { return nil }
        return (String(parts[0]), pid)
    }

    /// This machine's name, without dots or slashes so it parses back out of a file name.
    private static func hostName() -> String {
        var buffer = [CChar](repeating: 0, count: 256)
        guard gethostname(&buffer, buffer.count - 1) == 0 else { return "localhost" }
        let name = String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        let cleaned = String(name.map { $0 == "." || $0 == "/" || $0.isWhitespace ? "_" : $0 })
        return cleaned.isEmpty ? "localhost" : cleaned
    }
}
