import Foundation
import Glibc
import Testing
import WidgetThumbnails
import TestSupport

/// Standard output on a full disk (/dev/full: every write fails with ENOSPC): whatever the
/// command, the report is not there, so the run must not say it went well. Exit status 1 and
/// one message naming standard output on standard error.
@Suite struct StandardOutputFailureTests {
    static let message = "widget-thumbs: standard output: I/O error: cannot write: No space left on device"

    /// A committed container, an image and a folder holding it: what the commands read.
    struct Inputs {
        let store: StoreFixture
        let folder: String

        init() throws {
            store = try StoreFixture()
            let commit = try WidgetThumbsBinary.run(try store.commitArguments(1))
            try #require(commit.status == 0, "\(commit)")
            folder = store.directory.file("folder")
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: false)
            try FileManager.default.copyItem(atPath: store.landscape, toPath: folder + "/a.png")
        }
    }

    static let commands: [[String]] = [
        ["read", "--container", "{container}", "--json"],
        ["read", "--container", "{container}"],
        ["verify", "--container", "{container}"],
        ["verify", "--container", "{container}", "--json"],
        ["inspect", "{image}"],
        ["inspect", "{image}", "--json"],
        ["budget", "500x375"],
        ["batch", "{folder}", "--out", "{out}", "--json"],
        ["batch", "{folder}", "--out", "{out}", "--json-lines"],
        ["batch", "{folder}", "--out", "{out}"],
        ["--help"],
        ["help", "batch"],
    ]

    @Test(arguments: commands)
    func aFullDiskOnStandardOutputIsAFailure(command: [String]) throws {
        let inputs = try Inputs()
        defer { inputs.store.remove() }
        let arguments = command.map {
            $0.replacingOccurrences(of: "{container}", with: inputs.store.container)
                .replacingOccurrences(of: "{image}", with: inputs.store.landscape)
                .replacingOccurrences(of: "{folder}", with: inputs.folder)
                .replacingOccurrences(of: "{out}", with: inputs.store.directory.file("out"))
        }
        let normal = try WidgetThumbsBinary.run(arguments)
        try #require(normal.status == 0 && !normal.stdout.isEmpty, "the command must print and succeed: \(normal)")
        let full = try WidgetThumbsBinary.run(arguments, standardOutput: "/dev/full")
        #expect(full.status == 1, "\(command): \(full)")
        let lines = full.stderr.split(separator: "\n")
        #expect(lines.filter { $0 == Self.message }.count == 1, "\(command): \(full.stderr)")
    }
}
