import CShimMessage

/// A shim's `wt_status` (wt_message.h) as an `ImageError`: every decoder and encoder shim
/// returns the same statuses with the same meanings, so this is the one place a status becomes
/// an error code. The reason is the shim's own sentence (`ShimMessage`).
enum ShimStatus {
    /// Runs `call` with an empty message and throws unless it returns `WT_STATUS_OK`.
    static func check(_ call: (UnsafeMutablePointer<wt_message>) -> wt_status) throws(ImageError) {
        let (status, text) = ShimMessage.call(call)
        guard status == WT_STATUS_OK else { throw error(status, text) }
    }

    /// The error for a status other than `WT_STATUS_OK`, explained by `reason`.
    static func error(_ status: wt_status, _ reason: String) -> ImageError {
        switch status {
        case WT_STATUS_CORRUPT, WT_STATUS_TRUNCATED: ImageError(.corruptImage, reason)
        case WT_STATUS_UNSUPPORTED: ImageError(.unsupportedFormat, reason)
        // Running out of memory is the image asking for more than this process can give it.
        case WT_STATUS_TOO_LARGE, WT_STATUS_NO_MEMORY: ImageError(.tooLarge, reason)
        case WT_STATUS_IO: ImageError(.io, reason)
        default: ImageError(.invalidArgument, reason)
        }
    }
}
