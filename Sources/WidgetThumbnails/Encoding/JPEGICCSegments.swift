/// ICC profiles in JPEG: APP2 segments tagged "ICC_PROFILE\0", each with a 1-based sequence
/// number and the total count, so a profile larger than one segment spans several (ICC.1
/// Annex B). We add them to TurboJPEG's output, which has no API for markers.
enum JPEGICCSegments {
    static let signature: [UInt8] = Array("ICC_PROFILE".utf8) + [0]
    /// 65535 (largest segment length) - 2 (the length field) - 12 (signature) - 2 (seq, count).
    static let maxChunk = 65_519
    /// The count is one byte.
    static let maxSegments = 255

    /// The segments for `profile`, markers included.
    static func segments(for profile: ICCProfile) throws(ImageError) -> [UInt8] {
        let data = profile.data
        let count = max(1, (data.count + maxChunk - 1) / maxChunk)
        guard count <= maxSegments else {
            throw ImageError(.invalidArgument,
                             "an ICC profile of \(data.count) bytes needs \(count) JPEG APP2 segments; at most \(maxSegments) fit")
        }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(data.count + count * 18)
        for index in 0..<count {
            let chunk = data[index * maxChunk..<min(data.count, (index + 1) * maxChunk)]
            let length = 2 + signature.count + 2 + chunk.count
            bytes += [0xFF, 0xE2, UInt8(length >> 8), UInt8(length & 0xFF)]
            bytes += signature
            bytes += [UInt8(index + 1), UInt8(count)]
            bytes += chunk
        }
        return bytes
    }

    /// `jpeg` with the profile's segments after SOI and, when present, the JFIF APP0 segment
    /// (JFIF requires APP0 to come first).
    static func insert(_ profile: ICCProfile, into jpeg: [UInt8]) throws(ImageError) -> [UInt8] {
        guard jpeg.count >= 4, jpeg[0] == 0xFF, jpeg[1] == 0xD8 else {
            throw ImageError(.invalidArgument, "cannot embed an ICC profile: the encoder's output does not start with SOI")
        }
        var offset = 2
        if jpeg[2] == 0xFF, jpeg[3] == 0xE0, jpeg.count >= 6 {
            offset = 4 + (Int(jpeg[4]) << 8 | Int(jpeg[5]))
            guard offset <= jpeg.count else {
                throw ImageError(.invalidArgument, "cannot embed an ICC profile: the encoder's APP0 segment is truncated")
            }
        }
        let segments = try segments(for: profile)
        var result: [UInt8] = []
        result.reserveCapacity(jpeg.count + segments.count)
        result += jpeg[..<offset]
        result += segments
        result += jpeg[offset...]
        return result
    }
}
