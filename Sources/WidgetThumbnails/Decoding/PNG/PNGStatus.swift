import CPNG

/// Turns the CPNG shim's status and message into an `ImageError`.
enum PNGStatus {
    /// Runs `call` with a message buffer and throws unless it returns `WT_PNG_OK`.
    static func check(_ call: (UnsafeMutablePointer<CChar>, Int) -> wt_png_status) throws(ImageError) {
        var message = [CChar](repeating: 0, count: 512)
        let status = message.withUnsafeMutableBufferPointer { call($0.baseAddress!, $0.count) }
        guard status != WT_PNG_OK else { return }
        let text = String(decoding: message.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        switch status {
        case WT_PNG_TOO_LARGE: throw ImageError(.tooLarge, text)
        case WT_PNG_NO_MEMORY: throw ImageError(.tooLarge, "out of memory: \(text)")
        case WT_PNG_INVALID_ARGUMENT: throw ImageError(.invalidArgument, text)
        case WT_PNG_IO: throw ImageError(.io, text)
        default: throw ImageError(.corruptImage, text)
        }
    }
}
