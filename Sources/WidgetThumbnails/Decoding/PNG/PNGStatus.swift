import CPNG
import CShimMessage

/// Turns the CPNG shim's status and message into an `ImageError`.
enum PNGStatus {
    /// Runs `call` with a message and throws unless it returns `WT_PNG_OK`.
    static func check(_ call: (UnsafeMutablePointer<wt_message>) -> wt_png_status) throws(ImageError) {
        let (status, text) = ShimMessage.call(call)
        guard status != WT_PNG_OK else { return }
        switch status {
        case WT_PNG_TOO_LARGE: throw ImageError(.tooLarge, text)
        case WT_PNG_NO_MEMORY: throw ImageError(.tooLarge, "out of memory: \(text)")
        case WT_PNG_INVALID_ARGUMENT: throw ImageError(.invalidArgument, text)
        case WT_PNG_IO: throw ImageError(.io, text)
        default: throw ImageError(.corruptImage, text)
        }
    }
}
