import WidgetThumbnails

/// What `inspect` says about one file: the probe's facts plus the decode scale a thumbnail
/// for `box` would use (the session's: `DecodeSession.decodeScale(for:options:)`). Printed as
/// aligned lines or as one JSON document.
package struct InspectReport: Encodable {
    package struct ICCSummary: Encodable, Equatable {
        package var bytes: Int
        package var description: String?
        package var colorSpace: String?
    }

    package var file: String
    package var format: SourceFormat
    package var width: Int
    package var height: Int
    package var orientedWidth: Int
    package var orientedHeight: Int
    package var orientation: Int
    package var hasAlpha: Bool
    package var bitDepth: Int
    package var scanOrder: ImageInfo.ScanOrder
    package var colorModel: ImageInfo.ColorModel
    package var iccProfile: ICCSummary?
    package var frameCount: Int
    package var isLossless: Bool
    package var box: PixelSize
    package var decodeScale: DecodeScale
    package var heif: HEIFSummary?
    /// What a decode at `decodeScale` found wrong and decoded around (`DecodeSession.damage`);
    /// nil for a clean one, and for formats not decoded here.
    package var damage: String?

    package init(file: String, info: ImageInfo, box: PixelSize, decodeScale: DecodeScale,
         embeddedThumbnails: EmbeddedThumbnailPolicy = .whenLargeEnough,
         hevcLoopFilters: HEVCLoopFilterPolicy = .skipWhenDownscaling) {
        self.file = file
        format = info.format
        // HEIF: the stored size is the ispe before the transforms libheif applies.
        width = info.heif?.storedSize.width ?? info.size.width
        height = info.heif?.storedSize.height ?? info.size.height
        orientedWidth = info.orientedSize.width
        orientedHeight = info.orientedSize.height
        orientation = info.orientation.rawValue
        hasAlpha = info.hasAlpha
        bitDepth = info.bitDepth
        scanOrder = info.scanOrder
        colorModel = info.colorModel
        iccProfile = info.iccProfile.map {
            ICCSummary(bytes: $0.data.count, description: $0.description,
                       colorSpace: $0.colorSpace?.trimmingSpaces)
        }
        frameCount = info.webp?.frameCount ?? 1
        isLossless = info.webp?.isLossless ?? false
        self.box = box
        self.decodeScale = decodeScale
        heif = info.heif.map { HEIFSummary($0, size: info.size, box: box, embeddedThumbnails: embeddedThumbnails,
                                             hevcLoopFilters: hevcLoopFilters) }
        orientationName = String(describing: info.orientation)
    }

    /// Not in the JSON (the number is); shown in the human lines.
    private let orientationName: String

    private enum CodingKeys: String, CodingKey {
        case file, format, width, height, orientedWidth, orientedHeight, orientation, hasAlpha,
             bitDepth, scanOrder, colorModel, iccProfile, frameCount, isLossless, box, decodeScale, heif, damage
    }

    /// Written by hand so that a missing profile is `null`, not an absent key. The file name
    /// as `batch --json` gives names (`RawPath.readable`); the texts read from the file as they
    /// are (`JSONOutput` makes them safe on a terminal).
    package func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(RawPath.readable(file), forKey: .file)
        try container.encode(format, forKey: .format)
        try container.encode(width, forKey: .width)
        try container.encode(height, forKey: .height)
        try container.encode(orientedWidth, forKey: .orientedWidth)
        try container.encode(orientedHeight, forKey: .orientedHeight)
        try container.encode(orientation, forKey: .orientation)
        try container.encode(hasAlpha, forKey: .hasAlpha)
        try container.encode(bitDepth, forKey: .bitDepth)
        try container.encode(scanOrder, forKey: .scanOrder)
        try container.encode(colorModel, forKey: .colorModel)
        try container.encode(iccProfile, forKey: .iccProfile)
        try container.encode(frameCount, forKey: .frameCount)
        try container.encode(isLossless, forKey: .isLossless)
        try container.encode(box, forKey: .box)
        try container.encode(decodeScale, forKey: .decodeScale)
        try container.encodeIfPresent(heif, forKey: .heif)
        try container.encodeIfPresent(damage, forKey: .damage)
    }

    /// The human form: one aligned `key: value` line per fact. Every value is escaped
    /// (`DisplayText`): the file name and the texts read from the file (the ICC profile's
    /// description and colour space, the HEIF brand and item type) may hold anything, ESC and
    /// newlines included, and must not reach the terminal raw.
    package var lines: String {
        var pairs: [(key: String, value: String)] = [
            ("file", file),
            ("format", format.rawValue.uppercased()),
            ("stored size", "\(width)x\(height)"),
            ("oriented size", "\(orientedWidth)x\(orientedHeight)"),
            ("orientation", "\(orientation) (\(orientationName))"),
            ("alpha", hasAlpha ? "yes" : "no"),
            ("bit depth", "\(bitDepth)"),
            ("scan order", scanOrder.rawValue),
            ("colour model", colorModel.rawValue),
            ("ICC profile", iccProfile.map(Self.describe) ?? "none"),
        ]
        if let heif { pairs += heif.pairs }
        if format == .webp {
            pairs.append(("frames", "\(frameCount)"))
            pairs.append(("lossless", isLossless ? "yes" : "no"))
        }
        pairs.append(("decode scale", "\(decodeScale) for a \(box) box"))
        if let damage { pairs.append(("damage", InputDamage.message(damage))) }
        return KeyValueLines.format(pairs.map { ($0.key, DisplayText.escaped($0.value)) })
    }

    private static func describe(_ profile: ICCSummary) -> String {
        var text = "\(profile.bytes) bytes"
        if let description = profile.description { text += ", \"\(description)\"" }
        if let colorSpace = profile.colorSpace { text += " (\(colorSpace))" }
        return text
    }
}

private extension String {
    /// ICC signatures are padded with spaces ("RGB ").
    var trimmingSpaces: String {
        String(self.drop { $0 == " " }.reversed().drop { $0 == " " }.reversed())
    }
}
