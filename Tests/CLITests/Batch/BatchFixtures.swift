import Foundation
import WidgetThumbnails
import TestSupport

/// A folder of inputs made at test time with the library's encoders:
///
///     top/   9 good (JPEG, PNG with and without alpha, WebP; dup.jpg + dup.png collide by name),
///            4 bad (truncated JPEG, random bytes named .png, empty .webp, GIF named .jpg),
///            notes.txt and .hidden.jpg (both skipped), nested/
///     nested/ 3 good, 1 bad (text named .jpg)
///
/// With --recursive: 17 inputs, 12 good, 5 bad. Without: 13 inputs, 9 good, 4 bad.
struct BatchFixtures {
    static let goodTop = ["dup.jpg", "dup.png", "gradient.jpg", "logo.png", "opaque.png", "photo.webp",
                          "portrait.jpg", "UPPER.JPG", "wide.webp"]
    static let badTop = ["bad-random.png", "empty.webp", "gif-inside.jpg", "truncated.jpg"]
    static let goodNested = ["nested/a.jpg", "nested/b.png", "nested/c.webp"]
    static let badNested = ["nested/text.jpg"]

    let root: TemporaryDirectory
    var folder: String { root.file("in") }

    init() throws {
        root = try TemporaryDirectory()
        try FileManager.default.createDirectory(atPath: root.file("in/nested"), withIntermediateDirectories: true)
        let images: [(String, StoredFormat, Int, Int, Bool)] = [
            ("dup.jpg", .jpeg, 560, 420, false), ("dup.png", .png, 300, 200, true),
            ("gradient.jpg", .jpeg, 700, 240, false), ("logo.png", .png, 256, 256, true),
            ("opaque.png", .png, 520, 390, false), ("photo.webp", .webp, 560, 400, false),
            ("portrait.jpg", .jpeg, 360, 720, false), ("UPPER.JPG", .jpeg, 200, 150, false),
            ("wide.webp", .webp, 600, 240, true),
            ("nested/a.jpg", .jpeg, 520, 350, false), ("nested/b.png", .png, 330, 330, true),
            ("nested/c.webp", .webp, 480, 640, false),
        ]
        for (name, format, width, height, alpha) in images {
            try write(name, try ImageEncoder.encode(Self.pattern(width: width, height: height, alpha: alpha),
                                                    format: format, quality: 90))
        }
        let jpeg = try ImageEncoder.encode(Self.pattern(width: 400, height: 300, alpha: false), format: .jpeg, quality: 90)
        try write("truncated.jpg", Array(jpeg.prefix(150)))
        var generator = SystemRandomNumberGenerator()
        try write("bad-random.png", (0..<2000).map { _ in UInt8.random(in: 0...255, using: &generator) })
        try write("empty.webp", [])
        try write("gif-inside.jpg", Array("GIF89a".utf8) + [1, 0, 1, 0, 0, 0, 0])
        try write("nested/text.jpg", Array("not a picture\n".utf8))
        try write("notes.txt", Array("skipped: not an image extension\n".utf8))
        try write(".hidden.jpg", jpeg)
    }

    static var goodCount: Int { goodTop.count + goodNested.count }

    func path(_ name: String) -> String { folder + "/" + name }

    func remove() { root.remove() }

    private func write(_ name: String, _ bytes: [UInt8]) throws {
        try Data(bytes).write(to: URL(fileURLWithPath: path(name)))
    }

    /// The batch tests' picture: colour ramps with fine detail (x XOR y in blue), and a soft
    /// transparent edge when `alpha`.
    static func pattern(width: Int, height: Int, alpha: Bool) -> RGBAImage {
        SyntheticImage.gradient(width: width, height: height, blue: .xor, alpha: alpha)
    }
}

/// Every file under `directory` (relative paths, hidden ones included), with its bytes.
func filesUnder(_ directory: String) throws -> [String: Data] {
    var files: [String: Data] = [:]
    guard let walker = FileManager.default.enumerator(atPath: directory) else { return files }
    while let relative = walker.nextObject() as? String {
        var isDirectory: ObjCBool = false
        let path = directory + "/" + relative
        if FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), !isDirectory.boolValue {
            files[relative] = try Data(contentsOf: URL(fileURLWithPath: path))
        }
    }
    return files
}
