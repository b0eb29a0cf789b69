import Foundation
import Testing
import WidgetThumbnails
@testable import widget_thumbs

@Suite struct AtomicFileTests {
    @Test func writesAndReplacesLeavingOnlyTheTarget() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let target = directory.file("out.pam")
        try AtomicFile.write(Array("first".utf8), toPath: target)
        try AtomicFile.write(Array("second, longer".utf8), toPath: target)
        #expect(try String(contentsOfFile: target, encoding: .utf8) == "second, longer")
        #expect(try directory.contents() == ["out.pam"])
    }

    @Test func failuresAreIOErrorsAndLeaveNothing() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let missing = directory.file("nope/out.pam")
        #expect(throws: ImageError.self) { try AtomicFile.write([1], toPath: missing) }
        do {
            try AtomicFile.write([1], toPath: missing)
        } catch {
            #expect(error.code == .io)
            #expect(error.file == missing)
            #expect(error.reason.hasPrefix("cannot create a temporary file in \(directory.path)/nope"))
        }
        // The target is a directory: the rename fails after the write; the temporary goes.
        try FileManager.default.createDirectory(atPath: directory.file("taken"), withIntermediateDirectories: false)
        try directory.write("taken/keep", [])
        #expect(throws: ImageError.self) { try AtomicFile.write([1, 2], toPath: directory.file("taken")) }
        #expect(try directory.contents() == ["taken"])
        #expect(throws: ImageError.self) { try AtomicFile.write([1], toPath: directory.path + "/") }
    }

    @Test(arguments: [("500x500", 500, 500), ("1X2", 1, 2), ("65535x1", 65_535, 1)])
    func boxesParse(text: String, width: Int, height: Int) {
        #expect(PixelSize(commandLine: text) == PixelSize(width: width, height: height))
    }

    @Test(arguments: ["", "500", "x500", "500x", "0x5", "5x0", "-5x5", "65536x1", "5x5x5", "axb", "5 x5"])
    func badBoxesDoNot(text: String) {
        #expect(PixelSize(commandLine: text) == nil)
    }
}
