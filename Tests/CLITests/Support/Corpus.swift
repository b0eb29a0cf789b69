import Foundation
import Testing

/// The shared corpus (`../shared/corpus` from the package root), as in WidgetThumbnailsTests
/// (test targets cannot share files). Tests that need it carry
/// `.enabled(if: Corpus.isAvailable, Corpus.skipMessage)` and show up as skipped without it.
enum Corpus {
    static let packageRoot: URL = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()

    static let root: URL = {
        if let override = ProcessInfo.processInfo.environment["WIDGET_THUMBS_CORPUS"] {
            return URL(fileURLWithPath: override)
        }
        return packageRoot.deletingLastPathComponent().appendingPathComponent("shared/corpus")
    }()

    static var isAvailable: Bool { FileManager.default.fileExists(atPath: root.path) }

    static let skipMessage: Comment = "skipped: ../shared/corpus is absent (set WIDGET_THUMBS_CORPUS to its path)"

    static func path(_ relative: String) -> String { root.appendingPathComponent(relative).path }
}
