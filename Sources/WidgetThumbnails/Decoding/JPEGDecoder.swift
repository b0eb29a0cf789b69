import CTurboJPEG

/// JPEG decoder over the CTurboJPEG shim.
enum JPEGDecoder: FormatDecoder {
    static func probe(_ bytes: [UInt8], limits: DecodeLimits) throws(ImageError) -> ImageInfo {
        throw ImageError(.unsupportedFormat, "JPEG decoding is not built yet")
    }

    static func decode(_ bytes: [UInt8], options: DecodeOptions) throws(ImageError) -> DecodedImage {
        throw ImageError(.unsupportedFormat, "JPEG decoding is not built yet")
    }
}
