/// The error text a C shim wrote into a caller's buffer, NUL-terminated.
struct ShimMessage {
    var buffer: [CChar]

    init(capacity: Int = 256) { buffer = [CChar](repeating: 0, count: capacity) }

    var text: String {
        let bytes = buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }
        return String(decoding: bytes, as: UTF8.self)
    }
}
