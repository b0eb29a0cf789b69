import WidgetThumbnails

/// The HEIF part of `inspect`: the transforms libheif applies, the EXIF tag it does not, what
/// else the file holds, where the colour comes from, and which image a thumbnail is made from.
package struct HEIFSummary: Encodable, Equatable {
    package var brand: String
    package var codedType: String?
    package var gridTiles: Int
    package var storedWidth: Int
    package var storedHeight: Int
    package var transforms: [String]
    package var exifOrientation: Int?
    /// Always "heifTransforms": HEIF geometry comes from the HEIF boxes only.
    package var orientationUsed: String
    package var thumbnails: [HEIFEmbeddedImage]
    package var topLevelImages: Int
    package var depthImages: Int
    package var otherAuxiliaryImages: Int
    package var colourSource: HEIFDetails.ColourSource
    package var nclx: String?
    /// "primary" or "embeddedThumbnail" for the box, and why.
    package var imageUsed: String
    package var imageUsedReason: String?
    /// For a HEVC primary decoded for the box: "applied" or "skipped" (at least 4x the box).
    package var hevcLoopFilters: HEVCLoopFilters?

    package init(_ details: HEIFDetails, size: PixelSize, box: PixelSize, embeddedThumbnails: EmbeddedThumbnailPolicy,
                 hevcLoopFilters loopFilterPolicy: HEVCLoopFilterPolicy = .skipWhenDownscaling) {
        brand = details.brand
        codedType = details.primaryType
        gridTiles = details.gridTiles
        storedWidth = details.storedSize.width
        storedHeight = details.storedSize.height
        transforms = details.transforms.map(\.description)
        exifOrientation = details.exifOrientation?.rawValue
        orientationUsed = "heifTransforms"
        thumbnails = details.thumbnails
        topLevelImages = details.topLevelImages
        depthImages = details.depthImages
        otherAuxiliaryImages = details.otherAuxiliaryImages
        colourSource = details.colourSource
        nclx = details.nclx?.description
        let choice = try? HEIFImageChoice.choose(primary: size, thumbnails: details.thumbnails, box: box,
                                                 limits: .default, policy: embeddedThumbnails)
        switch choice {
        case .embeddedThumbnail(_, let reason)?:
            imageUsed = "embeddedThumbnail"
            imageUsedReason = reason.rawValue
        case .primary?, nil:
            imageUsed = "primary"
            imageUsedReason = embeddedThumbnails == .never && !details.thumbnails.isEmpty ? "fullDecode" : nil
            if details.primaryIsHEVC {
                hevcLoopFilters = loopFilterPolicy.loopFilters(decoded: size, box: box, isHEVC: true)
            }
        }
        choiceText = choice?.description ?? "none (over the limits)"
        exifName = details.exifOrientation.map { "\($0.rawValue) (\($0))" }
    }

    private let choiceText: String
    private let exifName: String?

    private enum CodingKeys: String, CodingKey {
        case brand, codedType, gridTiles, storedWidth, storedHeight, transforms, exifOrientation, orientationUsed,
             thumbnails, topLevelImages, depthImages, otherAuxiliaryImages, colourSource, nclx, imageUsed,
             imageUsedReason, hevcLoopFilters
    }

    /// The images besides the primary, by kind: the primary is one of the top-level images
    /// (`topLevelImages` in the JSON counts it), so a one-image file says "none".
    private var otherImagesText: String {
        let others = [(max(0, topLevelImages - 1), "top-level"), (depthImages, "depth"),
                      (otherAuxiliaryImages, "other auxiliary")].filter { $0.0 > 0 }
        return others.isEmpty ? "none" : others.map { "\($0.0) \($0.1)" }.joined(separator: ", ") + " (not decoded)"
    }

    /// The human lines, after the common ones.
    package var pairs: [(key: String, value: String)] {
        let thumbnailText = thumbnails.isEmpty ? "none" : thumbnails.map { "\($0.size)" }.joined(separator: ", ")
        var lines: [(key: String, value: String)] = [
            ("HEIF brand", codedType.map { "\(brand), primary \($0)\(gridTiles > 0 ? " of \(gridTiles) tiles" : "")" } ?? brand),
            ("HEIF transforms", transforms.isEmpty ? "none" : transforms.joined(separator: ", ")),
            ("EXIF orientation", exifName.map { "\($0), ignored: the HEIF transforms decide" } ?? "none"),
            ("orientation used", transforms.isEmpty ? "as stored (no HEIF transforms)" : "HEIF transforms, applied by libheif"),
            ("thumbnails", thumbnailText),
            ("other images", otherImagesText),
            ("colour source", colourSource.rawValue),
        ]
        if let nclx { lines.append(("nclx", nclx)) }
        lines.append(("image used", choiceText))
        switch hevcLoopFilters {
        case .skipped?: lines.append(("HEVC filters", "deblocking and SAO skipped: the image is at least \(HEVCLoopFilterPolicy.minimumDownscale)x the box"))
        case .applied?: lines.append(("HEVC filters", "applied"))
        case nil: break
        }
        return lines
    }
}
