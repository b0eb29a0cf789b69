import Foundation
import Glibc

/// A fresh directory under the system temporary directory, for every test target: removed by
/// `remove()`, or with everything in it when the last reference goes (a suite's stored
/// `let scratch = TemporaryDirectory(prefix:)` lives as long as its test).
///
/// `file` names a path in it; `write` (throwing) is for test bodies, `plant` (trapping, and
/// making the folders on the way) for fixtures that plant files where nothing can throw.
public final class TemporaryDirectory: @unchecked Sendable {
    public let path: String

    /// A directory named `widget-thumbs-…`; throws when it cannot be made.
    public convenience init() throws {
        guard let made = Self.make("widget-thumbs") else {
            throw CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: FileManager.default.temporaryDirectory.path])
        }
        self.init(path: made)
    }

    /// A directory named `prefix-…`, for a suite's stored property, where nothing can throw:
    /// traps when it cannot be made.
    public convenience init(prefix: String) {
        guard let made = Self.make(prefix) else { preconditionFailure("mkdtemp failed for \(prefix)") }
        self.init(path: made)
    }

    private init(path: String) { self.path = path }

    deinit { remove() }

    private static func make(_ prefix: String) -> String? {
        let base = FileManager.default.temporaryDirectory.appendingPathComponent("\(prefix)-XXXXXX").path
        var template = Array(base.utf8CString)
        guard let made = mkdtemp(&template) else { return nil }
        return String(cString: made)
    }

    /// The path of `name` (a relative path) in this directory; the directory itself for "".
    public func file(_ name: String) -> String { name.isEmpty ? path : path + "/" + name }

    /// Writes `bytes` to `name` in this directory and returns its path.
    @discardableResult
    public func write(_ name: String, _ bytes: [UInt8]) throws -> String {
        let target = file(name)
        try Data(bytes).write(to: URL(fileURLWithPath: target))
        return target
    }

    /// The names in the directory, sorted (to check nothing was left behind).
    public func contents() throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: path).sorted()
    }

    public func remove() {
        try? FileManager.default.removeItem(atPath: path)
    }

    // MARK: planting files (the store tests)

    /// Writes `bytes` at `relative`, making the folders on the way and replacing whatever is
    /// there (a symlink too, not followed); traps when it cannot.
    public func plant(_ relative: String, _ bytes: [UInt8]) {
        let target = file(relative)
        try? FileManager.default.createDirectory(atPath: (target as NSString).deletingLastPathComponent,
                                                 withIntermediateDirectories: true)
        _ = unlink(target)
        precondition(FileManager.default.createFile(atPath: target, contents: Data(bytes)), "cannot write \(target)")
    }

    /// The bytes at `relative`, nil when it cannot be read.
    public func read(_ relative: String) -> [UInt8]? {
        FileManager.default.contents(atPath: file(relative)).map { [UInt8]($0) }
    }

    public func makeDirectory(_ relative: String) {
        try? FileManager.default.createDirectory(atPath: file(relative), withIntermediateDirectories: true)
    }

    /// Makes `relative` a symlink to `destination`, replacing whatever is there; traps when it cannot.
    public func symlink(_ relative: String, to destination: String) {
        _ = unlink(file(relative))
        precondition(Glibc.symlink(destination, file(relative)) == 0, "symlink failed: \(relative)")
    }

    /// Whether anything (a dangling symlink too) is at `relative`.
    public func exists(_ relative: String) -> Bool {
        var info = stat()
        return lstat(file(relative), &info) == 0
    }

    /// Every file under `relative` (recursively) with its inode, mtime and mode: a fingerprint
    /// that changes if anything is written, replaced or touched.
    public func fingerprint(_ relative: String = "") -> [String: String] {
        var result: [String: String] = [:]
        let base = file(relative)
        guard let walker = FileManager.default.enumerator(atPath: base) else { return result }
        while let name = walker.nextObject() as? String {
            var info = stat()
            guard lstat("\(base)/\(name)", &info) == 0 else { continue }
            result[name] = "ino=\(info.st_ino) mtime=\(info.st_mtim.tv_sec).\(info.st_mtim.tv_nsec) mode=\(String(info.st_mode, radix: 8)) size=\(info.st_size)"
        }
        return result
    }

    /// The permission bits of `relative` (not followed), nil when nothing is there.
    public func mode(_ relative: String) -> mode_t? {
        var info = stat()
        return lstat(file(relative), &info) == 0 ? info.st_mode & 0o7777 : nil
    }

    /// Sets a file's mtime `seconds` into the past (for grace-period tests).
    public func age(_ relative: String, by seconds: Int) {
        var times = [timespec(tv_sec: time(nil) - seconds, tv_nsec: 0), timespec(tv_sec: time(nil) - seconds, tv_nsec: 0)]
        _ = utimensat(AT_FDCWD, file(relative), &times, AT_SYMLINK_NOFOLLOW)
    }
}
