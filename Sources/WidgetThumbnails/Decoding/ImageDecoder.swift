/// The entry point for decoding whole images: sniffs the format by magic bytes and hands the
/// bytes to that format's decoder (`Decoders`). Errors name the file.
public enum ImageDecoder {
    /// The format of `bytes`, or `unsupportedFormat`.
    public static func format(of bytes: [UInt8], file: String? = nil) throws(ImageError) -> SourceFormat {
        switch FormatSniffer.sniff(bytes) {
        case .supported(let format):
            return format
        case .unsupported(let name):
            let readable = "not " + SourceFormat.names("or")
            let what = name.map { "\($0), \(readable)" } ?? readable
            throw ImageError(.unsupportedFormat, what, file: file)
        }
    }

    /// The header facts of `bytes` without decoding pixels, or the format decoder's error with
    /// `file` named in it. Refuses sizes over `limits` (default `DecodeLimits.default`).
    public static func probe(_ bytes: [UInt8], file: String? = nil,
                             limits: DecodeLimits = .default) throws(ImageError) -> ImageInfo {
        do {
            return try Decoders.decoder(for: format(of: bytes)).probe(bytes, limits: limits)
        } catch {
            throw error.naming(file)
        }
    }

    /// Decodes `bytes` with the decoder its format needs. Errors name `file` when given. Options
    /// default to a full-size, lenient decode within `DecodeLimits.default`.
    public static func decode(_ bytes: [UInt8], file: String? = nil,
                              options: DecodeOptions = DecodeOptions()) throws(ImageError) -> DecodedImage {
        do {
            return try Decoders.decoder(for: format(of: bytes)).decode(bytes, options: options)
        } catch {
            throw error.naming(file)
        }
    }

    /// Reads `path` (refusing files over `limits.maxFileBytes` before reading) and decodes it.
    public static func decodeFile(atPath path: String, options: DecodeOptions = DecodeOptions()) throws(ImageError) -> DecodedImage {
        let bytes = try InputFile.read(path, maxBytes: options.limits.maxFileBytes)
        return try decode(bytes, file: path, options: options)
    }
}
