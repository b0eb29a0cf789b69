import WidgetThumbnails

/// `plan`: for each file, the stored size and the size our decoder shrinks it to on load for
/// the box, so the driver can run the decode floor (`djpeg -scale`, `dwebp -scale`) at the
/// very same scale.
struct DecodePlan {
    struct Entry: Codable {
        var file: String
        var format: String
        var storedWidth: Int
        var storedHeight: Int
        var decodedWidth: Int
        var decodedHeight: Int
        var orientation: Int
        var frameCount: Int
    }

    var files: [String]
    var box: Int
    var limits: DecodeLimits

    func entries() throws(ImageError) -> [Entry] {
        var entries: [Entry] = []
        for file in files {
            let options = DecodeOptions(limits: limits, targetBox: PixelSize(width: box, height: box))
            let info = try ImageDecoder.probe(try InputFile.read(file, maxBytes: options.limits.maxFileBytes), file: file, limits: limits)
            // PNG has no scaled decode: it streams at full size.
            let decoded = info.format == .png ? info.size : try ImageDecoder.decodeFile(atPath: file, options: options).image.size
            entries.append(Entry(file: file, format: "\(info.format)", storedWidth: info.size.width,
                                 storedHeight: info.size.height, decodedWidth: decoded.width,
                                 decodedHeight: decoded.height, orientation: info.orientation.rawValue, frameCount: info.webp?.frameCount ?? 1))
        }
        return entries
    }
}
