import CTurboJPEG

/// Turns the JPEG reader shim's status and message into an `ImageError`.
enum JPEGStatus {
    /// Where the call was: the headers, or the image data after them.
    enum Stage {
        case header
        case image
    }

    /// Runs `call` with a message buffer and throws unless it returns `WT_JPEG_OK`.
    static func check(stage: Stage, _ call: (UnsafeMutablePointer<CChar>, Int) -> wt_jpeg_status) throws(ImageError) {
        var message = [CChar](repeating: 0, count: 512)
        let status = message.withUnsafeMutableBufferPointer { call($0.baseAddress!, $0.count) }
        guard status != WT_JPEG_OK else { return }
        let text = String(decoding: message.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        switch status {
        case WT_JPEG_WARNING:
            throw ImageError(.corruptImage, "damaged JPEG data (strict mode): \(text)")
        case WT_JPEG_TOO_MANY_SCANS:
            throw ImageError(.tooLarge, "progressive JPEG over the scan limit: \(text)")
        case WT_JPEG_IO:
            throw ImageError(.io, text)
        default:
            switch stage {
            case .header: throw ImageError(.corruptImage, "unreadable JPEG header: \(text)")
            case .image: throw ImageError(.corruptImage, "libjpeg could not decode it: \(text)")
            }
        }
    }
}
