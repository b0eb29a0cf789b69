import Testing
@testable import WidgetSnapshots

/// Linux file names are bytes: `RawPath` must carry every byte string through a `String` and
/// back unchanged, and `DisplayText` must keep every one of them on one honest line.
@Suite struct RawPathTests {
    @Test func everyByteStringRoundTrips() {
        var generator = Xorshift(seed: 0x5EED)
        for length in 0..<64 {
            for _ in 0..<200 {
                // Biased towards the bytes that make UTF-8 hard: continuation and lead bytes.
                let bytes = (0..<length).map { _ -> UInt8 in
                    let roll = generator.next()
                    return roll % 3 == 0 ? UInt8(truncatingIfNeeded: roll >> 8) | 0x80 : UInt8(truncatingIfNeeded: roll >> 16)
                }.filter { $0 != 0 }
                #expect(RawPath.encode(RawPath.decode(bytes)) == bytes, "\(bytes)")
            }
        }
    }

    @Test func validUTF8IsPlainText() {
        let name = "café/日本/😀.jpg"
        #expect(RawPath.decode(Array(name.utf8)) == name)
        #expect(RawPath.encode(name) == Array(name.utf8))
    }

    @Test func namesThatDifferOnlyInInvalidBytesStayDifferent() {
        let latin1 = RawPath.decode([0x63, 0x61, 0x66, 0xE9])       // "caf\xe9"
        let replaced = RawPath.decode(Array("caf\u{FFFD}".utf8))   // what String(cString:) made of it
        #expect(latin1 != replaced)
        #expect(RawPath.encode(latin1) == [0x63, 0x61, 0x66, 0xE9])
    }

    /// A name that really holds one of the 128 escape scalars must not be taken for raw bytes.
    @Test func theEscapeScalarsThemselvesRoundTrip() {
        let bytes = Array("a\u{10FFE9}b".utf8)
        let decoded = RawPath.decode(bytes)
        #expect(RawPath.encode(decoded) == bytes)
        #expect(decoded != RawPath.decode([0x61, 0xE9, 0x62]))
    }

    @Test func systemCallsSeeTheRawBytes() {
        let name = RawPath.decode([0x2F, 0x74, 0x6D, 0x70, 0x2F, 0xFF, 0xFE])
        let seen = RawPath.withCString(name) { pointer in
            Array(UnsafeBufferPointer(start: UnsafeRawPointer(pointer).assumingMemoryBound(to: UInt8.self), count: 7))
        }
        #expect(seen == [0x2F, 0x74, 0x6D, 0x70, 0x2F, 0xFF, 0xFE])
    }

    @Test(arguments: [
        ("line\nforged", "line\\u{a}forged"),
        ("\u{1B}[2K\rclean", "\\u{1b}[2K\\u{d}clean"),
        ("csi\u{9B}31m", "csi\\u{9b}31m"),
        ("bidi\u{202E}gpj.exe", "bidi\\u{202e}gpj.exe"),
        ("sep\u{2028}x", "sep\\u{2028}x"),
        ("plain café.jpg", "plain café.jpg"),
    ])
    func displayTextEscapesWhatCouldForgeALine(text: String, shown: String) {
        #expect(DisplayText.escaped(text) == shown)
    }

    @Test func displayTextShowsRawBytesAsHex() {
        #expect(DisplayText.escaped(RawPath.decode([0x61, 0xFF, 0x0A])) == "a\\xff\\u{a}")
        #expect(RawPath.readable(RawPath.decode([0x61, 0xE9])) == "a\\xe9")
    }

    /// `\xe9` stands for the byte 0xE9, so a name holding the text `\xe9` shows its backslash
    /// doubled: no two names print alike.
    @Test func aBackslashIsDoubledSoNoTwoNamesPrintAlike() {
        let byte = RawPath.decode([0x78, 0xE9])
        let text = #"x\xe9"#
        #expect(RawPath.readable(byte) == #"x\xe9"#)
        #expect(RawPath.readable(text) == #"x\\xe9"#)
        #expect(DisplayText.escaped(text) == #"x\\xe9"#)
        #expect(DisplayText.escaped("a\\b\n") == #"a\\b\u{a}"#)
        #expect(DisplayText.escaped(byte) != DisplayText.escaped(text))
    }

    /// A description whose names are escaped where it was built is guarded, not escaped
    /// again: its escapes print as they are, anything left raw still cannot drive the terminal.
    @Test func aDescriptionIsGuardedNotEscapedTwice() {
        let name = "a\\b\u{1B}[2J"
        let error = ConfinementError.notFound(name)
        #expect(error.description == #"a\\b\u{1b}[2J: no such file"#)
        #expect(DisplayText.guarded(error.description) == error.description)
        #expect(DisplayText.guarded("raw \u{1B}[2J \u{202E} \\ ") == #"raw \u{1b}[2J \u{202e} \ "#)
        #expect(DisplayText.guarded(RawPath.decode([0x61, 0xFF])) == #"a\xff"#)
    }

    @Test func errorsPrintOnOneLine() {
        let error = ConfinementError.notRegularFile("x\nwidget-thumbs: all clean\u{1B}]0;pwned\u{07}", kind: "a FIFO")
        #expect(!error.description.contains("\n"))
        #expect(!error.description.unicodeScalars.contains { $0.value < 0x20 })
    }
}

/// A small reproducible generator for the round-trip test.
struct Xorshift {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state ^= state << 13
        state ^= state >> 7
        state ^= state << 17
        return state
    }
}
