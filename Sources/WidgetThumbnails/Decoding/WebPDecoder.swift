import CWebP

/// WebP decoder over the CWebP shim.
enum WebPDecoder: FormatDecoder {
    static func probe(_ bytes: [UInt8], limits: DecodeLimits) throws(ImageError) -> ImageInfo {
        throw ImageError(.unsupportedFormat, "WebP decoding is not built yet")
    }

    static func decode(_ bytes: [UInt8], options: DecodeOptions) throws(ImageError) -> DecodedImage {
        throw ImageError(.unsupportedFormat, "WebP decoding is not built yet")
    }
}
