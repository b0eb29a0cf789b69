import CWebP

/// A WebP file's structure as read from its headers: the facts for `ImageInfo` and where the
/// bitstream to decode sits (the whole file for a still image, the first frame's chunks for an
/// animation). Limits are checked from the chunk walk before libwebp allocates anything.
struct WebPFile {
    var info: ImageInfo
    /// Byte range of the bitstream to decode, within the file's bytes.
    var bitstream: Range<Int>
    var isAnimated: Bool
    /// The first frame's offset on the canvas and its stored size.
    var frameX: Int
    var frameY: Int
    var frameSize: PixelSize
    /// Problems a lenient decode lives with and a strict one refuses, worded for the user.
    var damage: [String]

    init(_ bytes: [UInt8], limits: DecodeLimits) throws(ImageError) {
        guard !bytes.isEmpty else { throw ImageError(.corruptImage, "the file is empty") }
        DecodeTrace.record(.webpChunkWalk)
        let header = try WebPLibrary.readHeader(bytes, maxChunks: WebPDecoder.maxChunks)
        // The declared canvas (up to 2^24 per side for VP8X) is checked before libwebpdemux
        // or the decoder allocate: a tiny file cannot make us reserve gigabytes.
        try limits.check(header.size)

        let raw = try WebPLibrary.probe(bytes)
        let canvas = PixelSize(width: Int(raw.canvas_width), height: Int(raw.canvas_height))
        try limits.check(canvas)
        isAnimated = raw.has_animation != 0
        frameX = Int(raw.frame_x)
        frameY = Int(raw.frame_y)
        frameSize = PixelSize(width: Int(raw.frame_width), height: Int(raw.frame_height))
        bitstream = try Self.range(offset: raw.frame_offset, size: raw.frame_size, in: bytes, what: "image data")

        damage = []
        if raw.container_damaged != 0 { damage.append("libwebpdemux refuses the container, so its metadata is unreadable") }
        if raw.container_complete == 0 && raw.container_damaged == 0 { damage.append("truncated (the container ends early)") }

        let exif = try Self.range(offset: raw.exif_offset, size: raw.exif_size, in: bytes, what: "EXIF chunk")
        // The orientation tag sits in the first IFD, at the start of the block: reading at most
        // the metadata limit's worth keeps a huge EXIF chunk from costing anything.
        let orientation = exif.isEmpty ? EXIFOrientation.up
            : EXIFReader.orientation(inEXIF: bytes[exif.prefix(limits.maxMetadataBytes)])
        let iccp = try Self.range(offset: raw.iccp_offset, size: raw.iccp_size, in: bytes, what: "ICCP chunk")
        guard iccp.count <= limits.maxMetadataBytes else {
            // Dropping a colour profile would silently change the colours: refuse instead.
            throw ImageError(.tooLarge, "the ICC profile is \(iccp.count) bytes, over the \(limits.maxMetadataBytes)-byte metadata limit")
        }

        let alphaFlag: UInt32 = 0x10
        let frameCoversCanvas = frameX == 0 && frameY == 0 && frameSize == canvas
        let hasAlpha = raw.vp8x_flags & alphaFlag != 0 || raw.frame_has_alpha != 0 || !frameCoversCanvas
        info = ImageInfo(format: .webp, size: canvas, orientation: orientation,
                         colorModel: hasAlpha ? .rgba : .rgb, hasAlpha: hasAlpha, bitDepth: 8,
                         iccProfile: iccp.isEmpty ? nil : ICCProfile(data: Array(bytes[iccp])),
                         webp: WebPDetails(frameCount: max(1, Int(raw.frame_count)),
                                           isLossless: Int(raw.frame_format) == Int(WT_WEBP_FORMAT_LOSSLESS)))
    }

    /// A range the shim reported, checked against the file before Swift slices with it.
    private static func range(offset: Int, size: Int, in bytes: [UInt8], what: String) throws(ImageError) -> Range<Int> {
        guard offset >= 0, size >= 0, offset <= bytes.count, size <= bytes.count - offset else {
            throw ImageError(.corruptImage, "the \(what) lies outside the file")
        }
        return offset..<offset + size
    }
}
