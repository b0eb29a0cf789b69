import Foundation

/// One file in a fresh directory of its own, for tests that need a path rather than bytes
/// (the file-backed decoders, the opened-once traces). `remove` deletes the file and its
/// directory.
public enum TemporaryFile {
    /// Writes `bytes` to `name` in a new temporary directory and returns the file's path.
    public static func write(_ bytes: [UInt8], name: String = "file") throws -> String {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("widget-thumbs-file-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let path = folder.appendingPathComponent(name).path
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        return path
    }

    /// Removes a file `write` made, and its directory.
    public static func remove(_ path: String) {
        try? FileManager.default.removeItem(atPath: URL(fileURLWithPath: path).deletingLastPathComponent().path)
    }
}
