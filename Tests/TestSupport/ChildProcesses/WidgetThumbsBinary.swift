import Foundation
import Glibc
import Testing

/// The built `widget-thumbs` executable, found next to the test bundle (SwiftPM puts every
/// product of a configuration in one directory), or where `WIDGET_THUMBS_BIN` says.
public enum WidgetThumbsBinary {
    public static let path: String? = candidates.first { access($0, X_OK) == 0 }

    public static let notFoundMessage: Comment = "widget-thumbs binary not found; looked in: \(candidates.joined(separator: ", "))"

    private static var candidates: [String] {
        var list: [String] = []
        if let override = ProcessInfo.processInfo.environment["WIDGET_THUMBS_BIN"] { list.append(override) }
        // The running test bundle (an executable on Linux) lives in the products directory.
        if let runner = try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe") {
            list.append(URL(fileURLWithPath: runner).deletingLastPathComponent().appendingPathComponent("widget-thumbs").path)
        }
        list.append(Bundle.main.bundleURL.deletingLastPathComponent().appendingPathComponent("widget-thumbs").path)
        list.append(Bundle.main.bundleURL.appendingPathComponent("widget-thumbs").path)
        list.append(Corpus.packageRoot.appendingPathComponent(".build/debug/widget-thumbs").path)
        return list
    }

    /// Runs the binary with `arguments`; fails the test (rather than crashing) when it is missing.
    public static func run(_ arguments: [String], timeout: Double = 60, memory: ChildProcess.MemorySampling = .none,
                    standardOutput: String? = nil, standardInput: String? = nil) throws -> ChildProcess.Result {
        let binary = try #require(path, notFoundMessage)
        return try ChildProcess.run(binary, arguments, timeout: timeout, memory: memory, standardOutput: standardOutput,
                                    standardInput: standardInput)
    }
}
