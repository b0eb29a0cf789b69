import Foundation
import Testing
import TestSupport
import WidgetRules

/// The widget targets of the corpus's six apps (`apps/README.md` in the corpus says, app by
/// app, what their code declares and draws), each folder's `.swift` files scanned as the
/// engine would hand them over.
@Suite(.enabled(if: FileManager.default.fileExists(atPath: Corpus.path("apps")), Corpus.skipMessage))
struct WidgetSourceScanCorpusTests {
    static let apps = Corpus.url("apps")

    /// The `.swift` files under `folder` (relative to `apps`), sorted, with paths relative to the app.
    static func sources(_ app: String, _ folders: String...) throws -> [(path: String, text: String)] {
        var found: [(path: String, text: String)] = []
        for folder in folders {
            let root = apps.appendingPathComponent(app).appendingPathComponent(folder)
            guard let walker = FileManager.default.enumerator(atPath: root.path) else { continue }
            for case let relative as String in walker where relative.hasSuffix(".swift") {
                let text = try String(contentsOf: root.appendingPathComponent(relative), encoding: .utf8)
                found.append((folder + "/" + relative, text))
            }
        }
        return found.sorted { $0.path < $1.path }
    }

    static func scan(_ app: String, _ folders: String...) throws -> WidgetCode {
        var files: [(path: String, text: String)] = []
        for folder in folders { files += try sources(app, folder) }
        #expect(!files.isEmpty, "no Swift files in \(app)/\(folders)")
        let code = WidgetSourceScan.scan(files)
        print("\(app) \(folders): families \(code.families.map { $0.map(\.rawValue) } ?? ["nil"]) (\(code.familiesEvidence))")
        for use in code.assets { print("  \(use.name) \(use.location) \(use.role)") }
        for location in code.unresolvedNames { print("  unresolved \(location)") }
        return code
    }

    static func names(_ code: WidgetCode) -> Set<String> {
        Set(code.assets.compactMap { if case .string(let name) = $0.name { name } else { nil } })
    }

    @Test func dump() throws {
        _ = try Self.scan("bravelocation__daysleft", "DaysLeftWidget")
        _ = try Self.scan("bravelocation__daysleft", "DaysLeft WatchKit Widget")
        _ = try Self.scan("Automattic__simplenote-ios", "SimplenoteWidgets")
        _ = try Self.scan("Automattic__pocket-casts-ios", "WidgetExtension")
        _ = try Self.scan("awaseem__foqos", "FoqosWidget")
        _ = try Self.scan("eerimoq__moblin", "Moblin Widget")
        _ = try Self.scan("eerimoq__moblin", "Moblin Live Activity")
        _ = try Self.scan("ruuvi__com.ruuvi.station.ios", "Apps/RuuviStation/Widgets")
    }
}
