import CShimMessage

/// The calling convention all three encoder shims share: the shim allocates the output,
/// returns 0 or -1, and says why in a `wt_message`. This runs one such call, copies the bytes
/// into Swift memory and frees the C buffer on every path.
enum ShimEncodeCall {
    typealias Output = UnsafeMutablePointer<UnsafeMutablePointer<UInt8>?>
    typealias Size = UnsafeMutablePointer<Int>
    typealias Message = UnsafeMutablePointer<wt_message>

    /// `what` names the encoder in the error ("JPEG encoding failed: ...").
    static func run(
        _ what: String,
        free: (UnsafeMutablePointer<UInt8>?) -> Void,
        _ call: (Output, Size, Message) -> Int32
    ) throws(ImageError) -> [UInt8] {
        var buffer: UnsafeMutablePointer<UInt8>? = nil
        var size = 0
        let (status, text) = ShimMessage.call { message in call(&buffer, &size, message) }
        defer { free(buffer) }
        guard status == 0, let buffer else {
            // A failure after validated arguments is the library running out of memory or
            // refusing the dimensions: the caller asked for something it cannot do.
            throw ImageError(.invalidArgument, "\(what) encoding failed: \(text)")
        }
        return Array(UnsafeBufferPointer(start: buffer, count: size))
    }
}
