/// The source pixels at the smallest size worth keeping, ready to be resampled to any
/// thumbnail size at or below the first one asked for.
///
/// JPEG and WebP decode once, shrunk on load (DCT scaling, scaled decode), and keep that
/// decoded image, so the byte-budget search can resample smaller sizes without decoding
/// again. PNG has no scaled decode: its rows stream straight through the resampler (from
/// memory or from the open file), so memory grows with the width, not the area, and a
/// smaller size (rare) streams the file again.
///
/// HEIF decodes once, at full size or from an embedded thumbnail (libheif has no scaled
/// decode), and keeps libheif's own pixels: their rows stream through the resampler a band
/// at a time, so no second full-size RGBA copy is made.
enum ScaledSource {
    case decoded(DecodedImage)
    case pngRows([UInt8], DecodeOptions)
    case pngFile(OpenInputFile, DecodeOptions)
    case heifPixels(HEIFLibrary.Pixels, HEIFImageChoice, HEVCLoopFilters)
    /// A plain HEIC primary, decoded tile by tile for each size asked for; libheif takes over
    /// (`DecodeOptions` kept for it) if a tile will not decode.
    case hevcTiles(HEVCTileStream, DecodeOptions)

    static func open(_ input: ThumbnailInput, info: ImageInfo, options: DecodeOptions) throws(ImageError) -> ScaledSource {
        switch input {
        case .pngFile(let file):
            return .pngFile(file, options)
        case .bytes(let bytes):
            switch info.format {
            case .png:
                return .pngRows(bytes, options)
            case .jpeg, .webp:
                return .decoded(try ImageDecoder.decode(bytes, options: options))
            case .heif:
                let file = try HEIFFile(bytes, limits: options.limits)
                if let tiles = try file.tileStream(options) { return .hevcTiles(tiles, options) }
                let (pixels, choice, loopFilters) = try file.decode(options)
                return .heifPixels(pixels, choice, loopFilters)
            }
        }
    }

    /// Which image of a HEIF the pixels come from; nil for other formats.
    var heifImage: HEIFImageChoice? {
        switch self {
        case .heifPixels(_, let choice, _): choice
        case .hevcTiles: .primary
        default: nil
        }
    }

    /// Whether HEVC's in-loop filters ran for a HEIF's pixels; nil for other formats.
    var hevcLoopFilters: HEVCLoopFilters? {
        switch self {
        case .heifPixels(_, _, let loopFilters): loopFilters
        case .hevcTiles(let tiles, _): tiles.loopFilters
        default: nil
        }
    }

    /// The image resampled to `size` (stored orientation; never upscaled).
    func resampled(to size: PixelSize) throws(ImageError) -> RGBAImage {
        switch self {
        case .decoded(let decoded):
            return try Resampler.resize(decoded.image, to: size)
        case .heifPixels(let pixels, _, _):
            return try pixels.resampled(to: size)
        case .hevcTiles(let tiles, let options):
            do {
                return try tiles.resampled(to: size)
            } catch {
                // libheif decodes what libde265 alone would not (or names the damage).
                let (pixels, _, _) = try HEIFFile(tiles.bytes, limits: options.limits).decode(options)
                return try pixels.resampled(to: size)
            }
        case .pngRows(let bytes, let options):
            return try PNGRowReader.withReader(bytes, options: options) { (reader) throws(ImageError) -> RGBAImage in
                try Self.stream(&reader, to: size)
            }
        case .pngFile(let file, let options):
            return try PNGRowReader.withReader(file, options: options) { (reader) throws(ImageError) -> RGBAImage in
                try Self.stream(&reader, to: size)
            }
        }
    }

    private static func stream(_ reader: inout PNGRowReader, to size: PixelSize) throws(ImageError) -> RGBAImage {
        let stream = try ResamplingStream(sourceSize: reader.info.size, targetSize: size)
        try reader.forEachRow { _, row in stream.consume(row: row) }
        return stream.finish()
    }
}
