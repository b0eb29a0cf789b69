import CShimMessage
import CTurboJPEG

/// Turns the JPEG reader shim's status and message into an `ImageError`.
enum JPEGStatus {
    /// Where the call was: the headers, or the image data after them.
    enum Stage {
        case header
        case image
    }

    /// Runs `call` with a message and throws unless it returns `WT_JPEG_OK`.
    static func check(stage: Stage, _ call: (UnsafeMutablePointer<wt_message>) -> wt_jpeg_status) throws(ImageError) {
        let (status, text) = ShimMessage.call(call)
        guard status != WT_JPEG_OK else { return }
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
