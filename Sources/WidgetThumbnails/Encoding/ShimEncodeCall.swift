/// The calling convention all three encoder shims share: the shim allocates the output,
/// returns 0 or -1, and copies its library's message into a caller buffer. This runs one such
/// call, copies the bytes into Swift memory and frees the C buffer on every path.
enum ShimEncodeCall {
    typealias Output = UnsafeMutablePointer<UnsafeMutablePointer<UInt8>?>
    typealias Size = UnsafeMutablePointer<Int>
    typealias ErrorText = UnsafeMutablePointer<CChar>

    static let errorCapacity = 256

    /// `what` names the encoder in the error ("JPEG encoding failed: ...").
    static func run(
        _ what: String,
        free: (UnsafeMutablePointer<UInt8>?) -> Void,
        _ call: (Output, Size, ErrorText, Int) -> Int32
    ) throws(ImageError) -> [UInt8] {
        var buffer: UnsafeMutablePointer<UInt8>? = nil
        var size = 0
        let result: Result<[UInt8], ImageError> = withUnsafeTemporaryAllocation(
            of: CChar.self, capacity: errorCapacity
        ) { text in
            text.initialize(repeating: 0)
            let status = call(&buffer, &size, text.baseAddress!, errorCapacity)
            defer { free(buffer) }
            guard status == 0, let buffer else {
                let message = String(cString: text.baseAddress!)
                // A failure after validated arguments is the library running out of memory or
                // refusing the dimensions: the caller asked for something it cannot do.
                return .failure(ImageError(.invalidArgument, "\(what) encoding failed: \(message)"))
            }
            return .success(Array(UnsafeBufferPointer(start: buffer, count: size)))
        }
        return try result.get()
    }
}
