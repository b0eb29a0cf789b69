/// Every input format's decoder, one row each: the one place a format's decoder is chosen.
/// A new input format adds its folder (its `SourceDecoder` and `DecodingSession`), a row
/// here and its row in `SourceFormat`.
enum Decoders {
    /// The decoders, in `SourceFormat`'s order.
    static var all: [any SourceDecoder.Type] {
        [JPEGDecoder.self, PNGDecoder.self, WebPDecoder.self, HEIFDecoder.self]
    }

    /// The decoder of `format` (every format has exactly one: `DecoderRegistryTests`).
    static func decoder(for format: SourceFormat) -> any SourceDecoder.Type {
        guard let decoder = all.first(where: { $0.format == format }) else {
            preconditionFailure("no decoder reads \(format.name)")
        }
        return decoder
    }
}
