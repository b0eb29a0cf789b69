import CHEIF

/// A HEIF/HEIC/AVIF file opened in libheif, with the facts for `ImageInfo` and `HEIFDetails`.
/// Our own box walk runs first, so a grid of a million tiles or a reference loop is refused
/// before libheif sees it; libheif's image size limit is set before it parses.
struct HEIFFile {
    let context: HEIFLibrary.Context
    let boxes: HEIFBoxes
    /// The file (shared storage): `tileStream` decodes its tiles from here.
    let bytes: [UInt8]
    var info: ImageInfo
    var details: HEIFDetails

    init(_ bytes: [UInt8], limits: DecodeLimits) throws(ImageError) {
        guard !bytes.isEmpty else { throw ImageError(.corruptImage, "the file is empty") }
        DecodeTrace.record(.heifOpen)
        guard let fileType = HEIFFileType(Array(bytes.prefix(HEIFFileType.sniffLength))), fileType.isHEIF else {
            throw ImageError(.unsupportedFormat, "no ftyp box with a HEIF or AVIF brand")
        }
        let boxes = try HEIFBoxes(bytes, maxTiles: limits.maxTiles)
        guard !boxes.primaryHasOddCleanAperture else {
            throw ImageError(.unsupportedFormat,
                             "the primary's clean aperture (clap) is not whole pixels with whole or half-pixel offsets")
        }
        self.boxes = boxes
        self.bytes = bytes
        context = try HEIFLibrary.Context(bytes, maxSide: limits.maxDimension, primary: boxes.masterOfPrimary)
        let raw = try context.info()
        let primary = raw.primary
        let size = PixelSize(width: Int(primary.width), height: Int(primary.height))
        guard size.width > 0, size.height > 0 else {
            throw ImageError(.corruptImage, "the primary image has no size (\(size))")
        }
        // Rotation and mirroring keep the stored size, a clean aperture only crops: anything
        // larger is a clap libheif 1.15 mishandles (FuzzHEIF: 65295x24 from a 64x64 image, and
        // a leak on its error path).
        let stored = PixelSize(width: Int(primary.ispe_width), height: Int(primary.ispe_height))
        guard Self.fits(size, within: stored) else {
            throw ImageError(.corruptImage, "the primary's transforms make \(size) out of a \(stored) image")
        }
        // libheif 1.15 decodes an image whose bit depth it cannot tell into wild allocations
        // and a crash (found by FuzzHEIF); heif-convert refuses it the same way.
        guard (1...16).contains(primary.luma_bits) else {
            throw ImageError(.corruptImage, "the primary image has no defined bit depth (\(primary.luma_bits))")
        }

        let listed = withUnsafeBytes(of: raw.thumbnails) { Array($0.bindMemory(to: wt_heif_image_facts.self)) }
        let thumbnails = listed.prefix(Int(max(0, min(raw.thumbnail_count, WT_HEIF_MAX_LISTED_THUMBNAILS))))
            .filter { $0.item_id != 0 && $0.width > 0 && $0.height > 0 && (1...16).contains($0.luma_bits)
                && Self.fits(PixelSize(width: Int($0.width), height: Int($0.height)),
                             within: PixelSize(width: Int($0.ispe_width), height: Int($0.ispe_height))) }
            .map { HEIFEmbeddedImage(itemID: $0.item_id, size: PixelSize(width: Int($0.width), height: Int($0.height)),
                                     bitDepth: Int($0.luma_bits), hasAlpha: $0.has_alpha != 0) }
        // Refuse now, in milliseconds, when only an over-limit primary could be decoded.
        try HEIFImageChoice.checkSomethingFits(primary: size, thumbnails: thumbnails, limits: limits)

        let hasICC = raw.color_flags & UInt32(WT_HEIF_COLOR_ICC) != 0
        let nclx = raw.color_flags & UInt32(WT_HEIF_COLOR_NCLX) != 0 ? Self.nclx(raw) : nil
        var profile: ICCProfile?
        if hasICC {
            guard raw.icc_size <= limits.maxMetadataBytes else {
                // Dropping a colour profile would silently change the colours: refuse instead.
                throw ImageError(.tooLarge, "the ICC profile is \(raw.icc_size) bytes, over the \(limits.maxMetadataBytes)-byte metadata limit")
            }
            profile = ICCProfile(data: try context.iccProfile(byteCount: raw.icc_size))
        } else if let nclx {
            profile = try nclx.profile()
        }

        // The orientation tag is read only to report it; a damaged or huge EXIF block costs
        // nothing but the report line.
        var exifOrientation: EXIFOrientation?
        if raw.exif_size > 4, raw.exif_size <= limits.maxMetadataBytes,
           let exif = try? context.exif(byteCount: raw.exif_size) {
            exifOrientation = Self.orientation(inHEIFExif: exif)
        }

        let bitDepth = Int(primary.luma_bits)
        let hasAlpha = primary.has_alpha != 0
        let gray = primary.chroma_bits <= 0
        info = ImageInfo(format: .heif, size: size, orientation: .up,
                         colorModel: gray ? (hasAlpha ? .grayAlpha : .gray) : (hasAlpha ? .rgba : .rgb),
                         hasAlpha: hasAlpha, bitDepth: bitDepth > 0 ? bitDepth : 8, iccProfile: profile)
        details = HEIFDetails(
            brand: fileType.majorBrand, primaryType: boxes.primaryType,
            gridTiles: boxes.primaryType == "grid" ? boxes.primaryInputs : 0, primaryIsHEVC: boxes.primaryIsHEVC,
            storedSize: PixelSize(width: Int(primary.ispe_width), height: Int(primary.ispe_height)),
            transforms: boxes.primaryTransforms, exifOrientation: exifOrientation, thumbnails: thumbnails,
            topLevelImages: Int(raw.top_level_images), depthImages: Int(raw.depth_images),
            otherAuxiliaryImages: Int(raw.other_auxiliary_images),
            colourSource: hasICC ? (nclx != nil ? .iccAndNCLX : .icc) : (nclx != nil ? .nclx : .none),
            nclx: nclx)
        info.heif = details
    }

    /// The image `options` call for, decoded with its transforms applied (never the EXIF
    /// orientation), which one it was, and whether HEVC's in-loop filters ran (skipped only for
    /// a primary much larger than the output): an embedded thumbnail found letterboxed, or not
    /// of its declared size, once decoded gives way to the primary.
    func decode(_ options: DecodeOptions)
        throws(ImageError) -> (pixels: HEIFLibrary.Pixels, choice: HEIFImageChoice, loopFilters: HEVCLoopFilters) {
        let primaryLoopFilters = primaryLoopFilters(options)
        let choice = try HEIFImageChoice.choose(primary: info.size, thumbnails: details.thumbnails, box: options.targetBox,
                                                limits: options.limits, policy: options.heif.embeddedThumbnails)
        var pixels: HEIFLibrary.Pixels
        var used = choice
        switch choice {
        case .primary:
            try checkDependencies(of: nil, limits: options.limits)
            pixels = try context.decode(thumbnail: nil, strictness: options.strictness, loopFilters: primaryLoopFilters)
        case .embeddedThumbnail(let image, let reason):
            try checkDependencies(of: image.itemID, limits: options.limits)
            pixels = try context.decode(thumbnail: image.itemID, strictness: options.strictness)
            if pixels.size != image.size || LetterboxCheck.isLetterboxed(pixels) {
                guard reason == .twiceTheOutput else {
                    throw ImageError(.tooLarge, "the primary image is over the limits and its embedded \(image.size) thumbnail is letterboxed or not its declared size")
                }
                used = .primary
                try checkDependencies(of: nil, limits: options.limits)
                pixels = try context.decode(thumbnail: nil, strictness: options.strictness, loopFilters: primaryLoopFilters)
            }
        }
        // A thumbnail that does not match its declared size gave way to the primary above.
        if used == .primary {
            let untransformed = details.transforms.allSatisfy { $0 == .rotation(degreesAnticlockwise: 0) }
            switch Self.reconcile(decoded: pixels.size, declared: info.size, untransformed: untransformed) {
            case .keep: break
            case .cropToDeclared where pixels.crop(to: info.size): break
            case .cropToDeclared, .refuse:
                throw ImageError(.corruptImage, "libheif decoded \(pixels.size) where the file declares \(info.size)")
            }
        }
        return (pixels, used, used == .primary ? primaryLoopFilters : .applied)
    }

    /// What to do with the size libheif decoded the primary at, given the size the file
    /// declares once transformed: no stage after the decoder may see a size the probe did not
    /// report. libheif 1.15.1-1+deb12u1 returned a coded size larger than ispe as it is (found
    /// by FuzzHEIF); untransformed, the declared top-left part is the picture, as newer libheif
    /// versions crop it (and 1.15.1-1+deb12u2 refuses such a file itself). Anything else
    /// (smaller, or rotated padding) is refused.
    enum DecodedSize: Equatable {
        case keep, cropToDeclared, refuse
    }

    static func reconcile(decoded: PixelSize, declared: PixelSize, untransformed: Bool) -> DecodedSize {
        if decoded == declared { return .keep }
        let larger = decoded.width >= declared.width && decoded.height >= declared.height
        return untransformed && larger ? .cropToDeclared : .refuse
    }

    /// The primary as tiles we decode ourselves (`HEVCTileStream`), when `options` ask for a
    /// thumbnail made from it and it is a plain opaque 8-bit HEIC; nil leaves it to `decode`.
    func tileStream(_ options: DecodeOptions) throws(ImageError) -> HEVCTileStream? {
        guard let box = options.targetBox, options.strictness == .lenient, !info.hasAlpha, details.primaryIsHEVC,
              try HEIFImageChoice.choose(primary: info.size, thumbnails: details.thumbnails, box: box,
                                         limits: options.limits, policy: options.heif.embeddedThumbnails) == .primary,
              let layout = HEVCTileLayout(boxes, maxTiles: options.limits.maxTiles),
              HEVCTileStream.orientation(degreesAnticlockwise: layout.degreesAnticlockwise)
                  .orientedSize(layout.storedSize) == info.size
        else { return nil }
        try checkDependencies(of: nil, limits: options.limits)
        return HEVCTileStream(bytes: bytes, layout: layout, nclx: details.nclx, loopFilters: primaryLoopFilters(options))
    }

    /// Whether HEVC's in-loop filters run when the primary is decoded for `options`, by either path.
    private func primaryLoopFilters(_ options: DecodeOptions) -> HEVCLoopFilters {
        options.heif.hevcLoopFilters.loopFilters(decoded: info.size, box: options.targetBox, isHEVC: details.primaryIsHEVC)
    }

    /// The box walk's checks of what decoding this image (nil: the primary) pulls in.
    private func checkDependencies(of thumbnail: UInt32?, limits: DecodeLimits) throws(ImageError) {
        guard let item = thumbnail ?? boxes.primaryItem else { return }
        try boxes.checkDependencies(of: item, limits: limits)
    }

    /// Whether an image of `size` can come out of one `stored` (ispe) by rotating, mirroring and
    /// cropping. Without an ispe (0x0) libheif has refused the file already.
    private static func fits(_ size: PixelSize, within stored: PixelSize) -> Bool {
        (size.width <= stored.width && size.height <= stored.height)
            || (size.width <= stored.height && size.height <= stored.width)
    }

    private static func nclx(_ raw: wt_heif_info) -> NCLXColour {
        let xy = withUnsafeBytes(of: raw.nclx_chromaticities) { Array($0.bindMemory(to: Float.self)) }
        return NCLXColour(primaries: Int(raw.nclx_primaries), transfer: Int(raw.nclx_transfer),
                          matrix: Int(raw.nclx_matrix), fullRange: raw.nclx_full_range != 0, chromaticities: xy)
    }

    /// HEIF's Exif item starts with a 4-byte offset to the TIFF header (ISO/IEC 23008-12 A.2.1).
    private static func orientation(inHEIFExif block: [UInt8]) -> EXIFOrientation? {
        guard block.count > 4 else { return nil }
        let offset = Int(block[0]) << 24 | Int(block[1]) << 16 | Int(block[2]) << 8 | Int(block[3])
        guard offset <= block.count - 4 else { return nil }
        return EXIFReader.orientation(inEXIF: block[(4 + offset)...])
    }
}
