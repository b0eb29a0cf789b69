/// One HEIF input opened for decoding: its box walk and libheif context (`HEIFFile`), which
/// the first decode takes, so libheif's copy of the file is freed as soon as the pixels no
/// longer need it; a later decode parses `bytes` again.
///
/// HEIF has no scaled decode. A plain HEIC's tiles are decoded by libde265 a row of tiles at a
/// time, straight into the resampler (`HEVCTileStream`), again for a second size; anything
/// else decodes once through libheif, at full size or from an embedded thumbnail, and keeps
/// libheif's own pixels, whose rows stream through the resampler a band at a time.
final class HEIFSession: DecodingSession {
    let info: ImageInfo
    private let bytes: [UInt8]
    private var file: HEIFFile?

    init(_ file: HEIFFile) {
        info = file.info
        bytes = file.bytes
        self.file = file
    }

    func source(for options: DecodeOptions) throws(ImageError) -> any ScaledSource {
        let file: HEIFFile
        if let opened = self.file.take() { file = opened } else { file = try HEIFFile(bytes, limits: options.limits) }
        if let tiles = try file.tileStream(options) { return HEVCTileSource(tiles: tiles, options: options) }
        let (pixels, choice, loopFilters) = try file.decode(options)
        return HEIFPixelSource(pixels: pixels, heif: HEIFDecodeResult(image: choice, loopFilters: loopFilters))
    }
}

/// libheif's decoded pixels, kept for every size asked for.
struct HEIFPixelSource: ScaledSource {
    let pixels: HEIFLibrary.Pixels
    let heif: HEIFDecodeResult?

    func resampled(to size: PixelSize, decodeSeconds: inout Double) throws(ImageError) -> RGBAImage {
        try pixels.resampled(to: size)
    }

    func materialized(fullSize: PixelSize, keeping needed: PixelSize) throws(ImageError) -> RGBAImage {
        guard let size = SourceReduction.reducedSize(pixels.size, keeping: needed) else { return pixels.rgbaImage() }
        return try pixels.resampled(to: size)
    }
}

/// A plain HEIC primary, decoded tile by tile for each size asked for; libheif takes over
/// (`options` kept for it) if a tile will not decode.
struct HEVCTileSource: ScaledSource {
    let tiles: HEVCTileStream
    let options: DecodeOptions

    var heif: HEIFDecodeResult? { HEIFDecodeResult(image: .primary, loopFilters: tiles.loopFilters) }

    func resampled(to size: PixelSize, decodeSeconds: inout Double) throws(ImageError) -> RGBAImage {
        do {
            return try tiles.resampled(to: size, decodeSeconds: &decodeSeconds)
        } catch {
            return try libheifPixels().resampled(to: size)
        }
    }

    func materialized(fullSize: PixelSize, keeping needed: PixelSize) throws(ImageError) -> RGBAImage {
        let size = SourceReduction.reducedSize(fullSize, keeping: needed) ?? fullSize
        var ignored = 0.0
        do {
            return try tiles.resampled(to: size, decodeSeconds: &ignored)
        } catch {
            return try SourceReduction.reduced(libheifPixels().rgbaImage(), keeping: needed)
        }
    }

    /// libheif decodes what libde265 alone would not (or names the damage).
    private func libheifPixels() throws(ImageError) -> HEIFLibrary.Pixels {
        try HEIFFile(tiles.bytes, limits: options.limits).decode(options).pixels
    }
}
