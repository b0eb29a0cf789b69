import WidgetSnapshotsPlatform

/// Linux file names are bytes, not text. `RawPath` carries any byte string in a Swift `String`
/// without loss, so a name read from a directory or from argv reaches `open`, the output
/// folder and the messages unchanged, even when it is not valid UTF-8.
///
/// The mapping: valid UTF-8 decodes as usual; each byte that is not part of valid UTF-8
/// becomes the scalar U+10FF00 + byte (the last 128 scalars of plane 16, private use). A name
/// that really contains one of those 128 scalars has their bytes escaped the same way, so the
/// mapping is one-to-one and `encode(decode(b)) == b` for every byte string `b`.
///
/// `package`, not `public`: the store, WidgetThumbnails and widget-thumbs share it; a widget
/// extension gets its container's path from the system and never holds raw name bytes.
package enum RawPath {
    /// The first of the 128 scalars that stand for single bytes 0x80...0xFF.
    static let byteBase: UInt32 = 0x10FF00
    static let escapeRange: ClosedRange<UInt32> = 0x10FF80...0x10FFFF

    /// The `String` for a name's bytes (from readdir, argv or realpath).
    package static func decode<Bytes: Collection>(_ bytes: Bytes) -> String where Bytes.Element == UInt8 {
        if let text = String(validating: bytes, as: UTF8.self), !mayHoldEscapes(text) { return text }
        var scalars = String.UnicodeScalarView()
        var parser = Unicode.UTF8.ForwardParser()
        var iterator = bytes.makeIterator()
        // The parser does not hand back the bytes of a bad sequence, only its length: keep a copy.
        var source = Array(bytes)[...]
        while true {
            switch parser.parseScalar(from: &iterator) {
            case .valid(let encoded):
                let scalar = Unicode.UTF8.decode(encoded)
                if escapeRange.contains(scalar.value) {
                    for byte in source.prefix(encoded.count) { scalars.append(escape(byte)) }
                } else {
                    scalars.append(scalar)
                }
                source = source.dropFirst(encoded.count)
            case .error(let length):
                for byte in source.prefix(length) { scalars.append(escape(byte)) }
                source = source.dropFirst(length)
            case .emptyInput:
                return String(scalars)
            }
        }
    }

    /// The `String` for a NUL-terminated C name.
    package static func decode(cString: UnsafePointer<CChar>) -> String {
        decode(UnsafeBufferPointer(start: UnsafeRawPointer(cString).assumingMemoryBound(to: UInt8.self),
                                   count: strlen(cString)))
    }

    /// The bytes a `String` made by `decode` (or any other) stands for.
    package static func encode(_ path: String) -> [UInt8] {
        guard mayHoldEscapes(path) else { return Array(path.utf8) }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(path.utf8.count)
        for scalar in path.unicodeScalars {
            if escapeRange.contains(scalar.value) {
                bytes.append(UInt8(scalar.value - byteBase))
            } else {
                bytes.append(contentsOf: UTF8.encode(scalar)!)
            }
        }
        return bytes
    }

    /// Calls `body` with the NUL-terminated bytes of `path`, for a system call.
    package static func withCString<Result>(_ path: String,
                                           _ body: (UnsafePointer<CChar>) throws -> Result) rethrows -> Result {
        guard mayHoldEscapes(path) else { return try path.withCString(body) }
        var bytes = encode(path)
        bytes.append(0)
        return try bytes.withUnsafeBufferPointer { buffer in
            try buffer.withMemoryRebound(to: CChar.self) { try body($0.baseAddress!) }
        }
    }

    /// `path` for JSON and logs: each byte that is not UTF-8 written as `\xNN` and a backslash
    /// as `\\`, the rest unchanged. Doubling the backslash keeps this reversible: the byte 0xE9
    /// reads `\xe9`, and a name that holds the text `\xe9` reads `\\xe9`.
    package static func readable(_ path: String) -> String {
        guard mayHoldEscapes(path) || path.utf8.contains(UInt8(ascii: "\\")) else { return path }
        var text = ""
        for scalar in path.unicodeScalars {
            if let byte = escapedByte(scalar) {
                text += "\\x" + (byte < 16 ? "0" : "") + String(byte, radix: 16)
            } else if scalar == "\\" {
                text += "\\\\"
            } else {
                text.unicodeScalars.append(scalar)
            }
        }
        return text
    }

    /// The byte a scalar stands for, when it is one of the 128 escapes.
    package static func escapedByte(_ scalar: Unicode.Scalar) -> UInt8? {
        escapeRange.contains(scalar.value) ? UInt8(scalar.value - byteBase) : nil
    }

    private static func escape(_ byte: UInt8) -> Unicode.Scalar {
        Unicode.Scalar(byteBase + UInt32(byte))!
    }

    /// Every escape scalar is encoded in UTF-8 as F4 8F BE/BF xx: without an F4 byte there is none.
    private static func mayHoldEscapes(_ text: String) -> Bool {
        text.utf8.contains(0xF4)
    }
}
