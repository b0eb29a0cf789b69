import Foundation

/// A fresh directory under the system temporary directory, removed by `remove()`.
public struct TemporaryDirectory {
    public let path: String

    public init() throws {
        let base = FileManager.default.temporaryDirectory.appendingPathComponent("widget-thumbs-cli-XXXXXX").path
        var template = Array(base.utf8CString)
        guard let made = mkdtemp(&template) else {
            throw CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: base])
        }
        path = String(cString: made)
    }

    public func file(_ name: String) -> String { path + "/" + name }

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
}
