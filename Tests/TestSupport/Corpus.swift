import Foundation
import Testing

/// The test corpus (`root`: the README's Quick start says what it holds), for both test targets.
/// Tests that need it carry `.enabled(if: Corpus.isAvailable, Corpus.skipMessage)` so they
/// show up as skipped, with the reason, where it is absent.
public enum Corpus {
    /// Tests/TestSupport/Corpus.swift, three levels down.
    public static let packageRoot: URL = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    public static let root: URL = {
        if let override = ProcessInfo.processInfo.environment["WIDGET_THUMBS_CORPUS"] {
            return URL(fileURLWithPath: override)
        }
        return packageRoot.deletingLastPathComponent().appendingPathComponent("shared/corpus")
    }()

    public static var isAvailable: Bool { FileManager.default.fileExists(atPath: root.path) }

    public static let skipMessage: Comment = "skipped: ../shared/corpus is absent (set WIDGET_THUMBS_CORPUS to its path)"

    public static func url(_ relative: String) -> URL { root.appendingPathComponent(relative) }

    public static func path(_ relative: String) -> String { url(relative).path }

    public static func bytes(_ relative: String) throws -> [UInt8] {
        try FileBytes.contents(of: path(relative))
    }

    /// File names in a corpus folder, sorted.
    public static func files(in folder: String, withExtension ext: String) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: url(folder).path)
            .filter { $0.hasSuffix(".\(ext)") }.sorted()
    }
}
