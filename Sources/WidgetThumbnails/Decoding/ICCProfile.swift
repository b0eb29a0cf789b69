/// An embedded ICC colour profile, kept as bytes, with what we read from its header.
public struct ICCProfile: Sendable, Equatable {
    /// The whole profile, header included, exactly as embedded.
    public var data: [UInt8]

    /// Wraps profile bytes as they are; nothing is validated until a property reads the header.
    public init(data: [UInt8]) { self.data = data }

    /// The data colour space from the header ("RGB ", "GRAY", "CMYK"), when the header is there.
    public var colorSpace: String? { signature(at: 16) }

    /// The profile's description ('desc' tag: a v2 textDescriptionType or a v4
    /// multiLocalizedUnicodeType), or nil when absent or malformed.
    public var description: String? {
        guard let (offset, length) = tag("desc"), length >= 12, offset + length <= data.count else { return nil }
        let type = signature(at: offset)
        if type == "desc" {
            let count = Int(readUInt32(at: offset + 8) ?? 0)
            let start = offset + 12
            guard count > 0, start + count <= offset + length else { return nil }
            return String(decoding: data[start..<start + count].prefix { $0 != 0 }, as: UTF8.self)
        }
        if type == "mluc" {
            guard let records = readUInt32(at: offset + 8), records > 0,
                  let stringLength = readUInt32(at: offset + 20),
                  let stringOffset = readUInt32(at: offset + 24) else { return nil }
            let start = offset + Int(stringOffset)
            let end = start + Int(stringLength)
            guard end <= offset + length, end <= data.count else { return nil }
            var units: [UInt16] = []
            var index = start
            while index + 1 < end {
                units.append(UInt16(data[index]) << 8 | UInt16(data[index + 1]))
                index += 2
            }
            return String(decoding: units, as: UTF16.self).filter { $0 != "\0" }
        }
        return nil
    }

    /// True for the common sRGB profiles, by description (conversion then is a no-op).
    public var isSRGB: Bool {
        guard let description = description?.lowercased() else { return false }
        return description.contains("srgb") || description.contains("iec 61966-2")
    }

    private func tag(_ name: String) -> (offset: Int, length: Int)? {
        guard let count = readUInt32(at: 128), count < 1024 else { return nil }
        for index in 0..<Int(count) {
            let entry = 132 + index * 12
            guard signature(at: entry) == name,
                  let offset = readUInt32(at: entry + 4), let length = readUInt32(at: entry + 8) else { continue }
            return (Int(offset), Int(length))
        }
        return nil
    }

    private func signature(at offset: Int) -> String? {
        guard offset >= 0, offset + 4 <= data.count else { return nil }
        return String(decoding: data[offset..<offset + 4], as: UTF8.self)
    }

    private func readUInt32(at offset: Int) -> UInt32? {
        guard offset >= 0, offset + 4 <= data.count else { return nil }
        return data[offset..<offset + 4].reduce(0) { $0 << 8 | UInt32($1) }
    }
}
