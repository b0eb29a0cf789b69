import CShimMessage

/// The calling convention all three encoder shims share: the shim allocates the output,
/// returns a `wt_status` as an `int` (`WT_STATUS_OK`, 0, or what kind of failure), and says why
/// in a `wt_message`. This runs one such call, copies the bytes into Swift memory and frees the
/// C buffer on every path.
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
        guard status == Int32(WT_STATUS_OK.rawValue), let buffer else {
            // Any other value (-1 included) that is no status reads as an argument the call refused.
            throw ShimStatus.error(wt_status(UInt32(bitPattern: status)), "\(what) encoding failed: \(text)")
        }
        return Array(UnsafeBufferPointer(start: buffer, count: size))
    }
}
