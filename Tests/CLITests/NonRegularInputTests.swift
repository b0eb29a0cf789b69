import Foundation
import Glibc
import TestSupport
import Testing

/// A FIFO (or any file that is not a regular file) given as an input used to hang every
/// command forever in a blocking open. Each is refused at once, naming the file and its kind.
@Suite struct NonRegularInputTests {
    enum Command: String, CaseIterable, Sendable {
        case batch, inspect, decode, budget, commitImage = "commit --image", commitPayload = "commit --payload"

        func arguments(_ input: String, _ directory: TemporaryDirectory) -> [String] {
            switch self {
            case .batch: ["batch", input, "--out", directory.file("out")]
            case .inspect: ["inspect", input]
            case .decode: ["decode", input, "--out", directory.file("x.pam")]
            case .budget: ["budget", input]
            case .commitImage: ["commit", "--container", directory.file("c"), "--revision", "1", "--image", input]
            case .commitPayload: ["commit", "--container", directory.file("c"), "--revision", "1", "--payload", input]
            }
        }
    }

    @Test(arguments: Command.allCases)
    func aFIFOIsRefusedNotWaitedOn(command: Command) throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let fifo = directory.file("pipe.jpg")
        try #require(mkfifo(fifo, 0o644) == 0)
        let result = try WidgetThumbsBinary.run(command.arguments(fifo, directory), timeout: 10)
        #expect(result.ending == .exited(1), "\(command): \(result)")
        #expect(result.wallSeconds < 5, "\(command): \(result)")
        #expect(result.stderr.contains("widget-thumbs: \(fifo): I/O error: not a regular file (a FIFO)"),
                "\(command): \(result.stderr)")
        #expect(!FileManager.default.fileExists(atPath: directory.file("x.pam")))
    }

    @Test(arguments: ["/dev/zero", "/dev/null"])
    func aDeviceIsRefused(device: String) throws {
        let result = try WidgetThumbsBinary.run(["inspect", device], timeout: 10)
        #expect(result.ending == .exited(1), "\(result)")
        #expect(result.stderr.contains("not a regular file (a character device)"), "\(result.stderr)")
    }
}
