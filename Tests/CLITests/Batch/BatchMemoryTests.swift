import Foundation
import TestSupport
import Testing
import WidgetThumbnails

/// A PNG streams from its file: `batch`'s peak memory must not grow with the file's size.
///
/// Design: two files with the same pixels (a tall 640x2400 picture from the library's PNG
/// encoder), one as encoded (23 KB) and one padded to ~100 MB inside its image data. The
/// padding is ~20 million empty stored deflate blocks (5 bytes each, no pixels: what an
/// encoder that flushes zlib often writes) in IDAT chunks right after the zlib header, so
/// libpng reads every padding byte through the same path as pixel data. A reader that holds
/// the file needs ~100 MB more for the padded one (measured before streaming: 123 MB peak
/// against 31 MB); a streaming reader needs the same for both (28 MB each). The assertion:
/// the padded run stays under 64 MiB (the bound for any PNG), far below the padding alone. A
/// highly compressible image of huge dimensions would not do: its file is small, so reading
/// it whole costs little; and a truly huge image is too slow to decode in the debug build the
/// tests run.
///
/// The measure: the child's own VmHWM, sampled from /proc every 5 ms while it runs
/// (`ChildProcess.MemorySampling`). Its rusage peak would not do: at exec Linux folds the test
/// process's RSS into it, and during the full suite that floor is over 120 MB, hiding a
/// whole-file read. A whole-file read holds the file from the start to the end of the image
/// (over a second in a debug build), so no sample can miss it.
@Suite struct BatchMemoryTests {
    static let paddingChunks = 96
    /// An IDAT of 209,715 empty non-final stored blocks (BFINAL 0, BTYPE 00, LEN 0, NLEN
    /// 0xFFFF): 1 MiB - 1 byte of data, encoded once (its CRC is the slow part in a debug build).
    static let paddingChunk: [UInt8] = {
        var data = [UInt8](repeating: 0, count: 209_715 * 5)
        for block in stride(from: 0, to: data.count, by: 5) { data[block + 3] = 0xFF; data[block + 4] = 0xFF }
        return PNGChunk(type: "IDAT", data: data).bytes
    }()

    @Test func aPNGFilesSizeDoesNotRaiseBatchMemory() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let compact = try ImageEncoder.encode(BatchFixtures.pattern(width: 640, height: 2400, alpha: false),
                                              format: .png, quality: 0)
        let compactPath = try directory.write("compact.png", compact)
        let paddedPath = directory.file("padded.png")
        try Self.writePadded(compact, to: paddedPath)
        let padding = try #require(FileManager.default.attributesOfItem(atPath: paddedPath)[.size] as? Int) - compact.count
        #expect(padding > 96 << 20)

        var results: [String: ChildProcess.Result] = [:]
        var thumbnails: [String: [UInt8]] = [:]
        for (name, input) in [("compact", compactPath), ("padded", paddedPath)] {
            let out = directory.file("out-\(name)")
            let result = try WidgetThumbsBinary.run(["batch", input, "--out", out, "--jobs", "1", "--quiet"],
                                                    timeout: 120, memory: .sampled)
            #expect(result.status == 0, "\(name): \(result)")
            results[name] = result
            thumbnails[name] = try? InputFile.read(out + "/\(name).jpg", maxBytes: 1 << 20)
        }
        let compactRun = try #require(results["compact"]), paddedRun = try #require(results["padded"])
        #expect(thumbnails["compact"] != nil && thumbnails["compact"] == thumbnails["padded"],
                "the padding carries no pixels: the thumbnails are the same")
        let compactPeak = try #require(compactRun.sampledPeakRSSBytes, "no memory sample of the compact run")
        let paddedPeak = try #require(paddedRun.sampledPeakRSSBytes, "no memory sample of the padded run")
        #expect(compactPeak > 1 << 20, "the samples read the child's memory")
        // The bound for any PNG; a whole-file read needs the padding alone (96 MiB).
        #expect(paddedPeak < 64 << 20,
                "\(padding >> 20) MiB of file must not cost its size in memory:\ncompact: \(compactRun)\npadded: \(paddedRun)")
        let mebibytes = { (bytes: Int) in String(format: "%.1f MiB", Double(bytes) / 1_048_576) }
        print("batch peak RSS (sampled VmHWM): compact \(compact.count) B -> \(mebibytes(compactPeak)), "
              + "padded \(compact.count + padding) B -> \(mebibytes(paddedPeak))")
    }

    /// Writes `png` with empty stored deflate blocks inserted right after the zlib header (2
    /// bytes into the first IDAT): a deflate stream's first block starts on a byte boundary, so
    /// byte-aligned empty blocks before it leave the stream valid and its output unchanged.
    /// Written a chunk at a time: the test process must not hold the file (its RSS is the
    /// floor of the child's measured peak).
    static func writePadded(_ png: [UInt8], to path: String) throws {
        let chunks = try PNGChunk.split(png)
        let first = try #require(chunks.firstIndex { $0.type == "IDAT" })
        let data = chunks[first].data
        try #require(data.count > 2)
        #expect(FileManager.default.createFile(atPath: path, contents: nil))
        let file = try FileHandle(forWritingTo: URL(fileURLWithPath: path))
        defer { try? file.close() }
        try file.write(contentsOf: Array(png.prefix(8)) + chunks[..<first].flatMap(\.bytes))
        try file.write(contentsOf: PNGChunk(type: "IDAT", data: Array(data.prefix(2))).bytes)
        for _ in 0..<paddingChunks { try file.write(contentsOf: paddingChunk) }
        try file.write(contentsOf: PNGChunk(type: "IDAT", data: Array(data.dropFirst(2))).bytes)
        try file.write(contentsOf: chunks[(first + 1)...].flatMap(\.bytes))
    }
}

/// One PNG chunk, for rewriting files in tests.
struct PNGChunk {
    var type: String
    var data: [UInt8]

    /// Length, type, data, CRC-32 of type and data.
    var bytes: [UInt8] {
        let typeBytes = Array(type.utf8)
        return Self.be32(UInt32(data.count)) + typeBytes + data + Self.be32(Self.crc32(typeBytes + data))
    }

    /// The chunks after the 8-byte signature.
    static func split(_ png: [UInt8]) throws -> [PNGChunk] {
        var chunks: [PNGChunk] = []
        var position = 8
        while position + 12 <= png.count {
            let length = png[position..<position + 4].reduce(0) { $0 << 8 | Int($1) }
            try #require(position + 12 + length <= png.count, "chunk at \(position) runs past the end")
            let type = String(decoding: png[position + 4..<position + 8], as: UTF8.self)
            chunks.append(PNGChunk(type: type, data: Array(png[position + 8..<position + 8 + length])))
            position += 12 + length
        }
        return chunks
    }

    static func be32(_ value: UInt32) -> [UInt8] {
        [UInt8(value >> 24), UInt8(value >> 16 & 0xFF), UInt8(value >> 8 & 0xFF), UInt8(value & 0xFF)]
    }

    static let crcTable: [UInt32] = (0..<256).map { (n: UInt32) -> UInt32 in
        (0..<8).reduce(n) { c, _ in c & 1 != 0 ? 0xEDB8_8320 ^ (c >> 1) : c >> 1 }
    }

    static func crc32(_ bytes: [UInt8]) -> UInt32 {
        ~bytes.reduce(UInt32.max) { crcTable[Int(($0 ^ UInt32($1)) & 0xFF)] ^ ($0 >> 8) }
    }
}
