import CPNG

/// PNG decoder over the CPNG shim.
enum PNGDecoder: FormatDecoder {
    static func probe(_ bytes: [UInt8], limits: DecodeLimits) throws(ImageError) -> ImageInfo {
        throw ImageError(.unsupportedFormat, "PNG decoding is not built yet")
    }

    static func decode(_ bytes: [UInt8], options: DecodeOptions) throws(ImageError) -> DecodedImage {
        throw ImageError(.unsupportedFormat, "PNG decoding is not built yet")
    }
}
