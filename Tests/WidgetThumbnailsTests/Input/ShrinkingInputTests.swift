import Foundation
import Glibc
import Testing
@testable import WidgetThumbnails
import TestSupport

/// A file that shrinks between the size check and the read must fail as an I/O error for every
/// format: it once decoded as a grey JPEG with exit 0 (the missing bytes read as nothing).
@Suite struct ShrinkingInputTests {
    @Test(arguments: [StoredFormat.jpeg, .webp])
    func aWholeFileReadThatComesUpShortIsAnError(format: StoredFormat) throws {
        let pixels = RGBAImage(width: 320, height: 240, pixels: (0..<(320 * 240 * 4)).map { UInt8(truncatingIfNeeded: $0 * 7) })
        let bytes = try ImageEncoder.encode(pixels, format: format, quality: 90)
        let path = try TemporaryFile.write(bytes, name: "input.bin")
        defer { TemporaryFile.remove(path) }
        let file = try OpenInputFile(path: path, maxBytes: 1 << 20)
        #expect(truncate(path, off_t(bytes.count / 2)) == 0)
        do {
            _ = try file.readAll()
            Issue.record("a short read gave bytes")
        } catch {
            #expect(error.code == .io)
            #expect(error.file == path)
            #expect(error.reason.hasPrefix("the file shrank while it was read"), "\(error)")
        }
    }

    @Test func readsWithinTheOriginalSizeStillWork() throws {
        let path = try TemporaryFile.write(Array(0..<200), name: "input.bin")
        defer { TemporaryFile.remove(path) }
        let file = try OpenInputFile(path: path, maxBytes: 1 << 20)
        #expect(try file.read(at: 190, count: 50) == Array(190..<200))
        #expect(try file.read(at: 250, count: 10).isEmpty)
    }
}
