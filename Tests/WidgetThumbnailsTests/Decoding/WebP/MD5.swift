import Foundation

/// MD5 (RFC 1321), only to compare decodes with libwebp's published `dwebp -pam` md5s.
/// Not for anything security-related. Checked against the RFC's test vectors.
enum MD5 {
    static func hex(_ message: [UInt8]) -> String {
        digest(message).map { String($0, radix: 16).leftPadded(to: 2) }.joined()
    }

    static func digest(_ message: [UInt8]) -> [UInt8] {
        var state: (UInt32, UInt32, UInt32, UInt32) = (0x6745_2301, 0xEFCD_AB89, 0x98BA_DCFE, 0x1032_5476)
        var padded = message
        padded.append(0x80)
        while padded.count % 64 != 56 { padded.append(0) }
        let bitLength = UInt64(message.count) &* 8
        for index in 0..<8 { padded.append(UInt8(truncatingIfNeeded: bitLength >> (8 * UInt64(index)))) }

        var words = [UInt32](repeating: 0, count: 16)
        for block in stride(from: 0, to: padded.count, by: 64) {
            for index in 0..<16 {
                let base = block + index * 4
                words[index] = UInt32(padded[base]) | UInt32(padded[base + 1]) << 8
                    | UInt32(padded[base + 2]) << 16 | UInt32(padded[base + 3]) << 24
            }
            var (a, b, c, d) = state
            for step in 0..<64 {
                let f: UInt32, g: Int
                switch step / 16 {
                case 0: f = (b & c) | (~b & d); g = step
                case 1: f = (d & b) | (~d & c); g = (5 * step + 1) % 16
                case 2: f = b ^ c ^ d; g = (3 * step + 5) % 16
                default: f = c ^ (b | ~d); g = (7 * step) % 16
                }
                let sum = a &+ f &+ constants[step] &+ words[g]
                (a, d, c) = (d, c, b)
                b = b &+ (sum << shifts[step] | sum >> (32 - shifts[step]))
            }
            state = (state.0 &+ a, state.1 &+ b, state.2 &+ c, state.3 &+ d)
        }
        return [state.0, state.1, state.2, state.3].flatMap { word in
            (0..<4).map { UInt8(truncatingIfNeeded: word >> (8 * UInt32($0))) }
        }
    }

    private static let shifts: [UInt32] = [7, 12, 17, 22].repeated(4) + [5, 9, 14, 20].repeated(4)
        + [4, 11, 16, 23].repeated(4) + [6, 10, 15, 21].repeated(4)

    /// floor(2^32 * |sin(i + 1)|), as the RFC defines them.
    private static let constants: [UInt32] = (0..<64).map { UInt32(abs(sin(Double($0 + 1))) * 4_294_967_296) }
}

private extension Array {
    func repeated(_ times: Int) -> [Element] { (0..<times).flatMap { _ in self } }
}

private extension String {
    func leftPadded(to width: Int) -> String { String(repeating: "0", count: Swift.max(0, width - count)) + self }
}
