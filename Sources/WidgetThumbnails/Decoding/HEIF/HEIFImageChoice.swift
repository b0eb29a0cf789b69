/// Which image of a HEIF file a thumbnail is made from: the primary image, or an embedded
/// thumbnail that is good enough for the output (see `EmbeddedThumbnailPolicy`).
public enum HEIFImageChoice: Sendable, Equatable, CustomStringConvertible {
    /// Why an embedded thumbnail was chosen over the primary image.
    public enum Reason: String, Sendable, Codable {
        /// At least twice the output size per axis: as good a source as the primary.
        case twiceTheOutput
        /// The primary is over the decode limits and this one still covers the output.
        case primaryOverLimits
    }

    /// The primary image, decoded (possibly shrunk on load).
    case primary
    /// An embedded thumbnail stands in for the primary, for the reason given.
    case embeddedThumbnail(HEIFEmbeddedImage, Reason)

    /// The largest relative difference of aspect ratio an embedded image may have.
    static let aspectTolerance = 0.01

    /// Decides for a primary of upright size `primary` and an output that fits `box` (nil: a
    /// full-size decode). Throws `tooLarge` when only the primary would do and it is over
    /// `limits`, before anything is decoded.
    public static func choose(primary: PixelSize, thumbnails: [HEIFEmbeddedImage], box: PixelSize?,
                              limits: DecodeLimits, policy: EmbeddedThumbnailPolicy) throws(ImageError) -> HEIFImageChoice {
        let overLimits: ImageError?
        do throws(ImageError) {
            try limits.check(primary)
            overLimits = nil
        } catch {
            overLimits = error
        }
        guard let box, policy == .whenLargeEnough else {
            if let overLimits { throw overLimits }
            return .primary
        }
        let output = ShrinkOnLoad.outputSize(stored: primary, orientation: .up, box: box)
        let usable = thumbnails
            .filter { sameAspect($0.size, primary) && (try? limits.check($0.size)) != nil }
            .sorted { $0.size.area < $1.size.area }
        // The smallest that keeps the 2x headroom is the cheapest good source.
        if let good = usable.first(where: { covers($0.size, output, times: ShrinkOnLoad.headroom) }) {
            return .embeddedThumbnail(good, .twiceTheOutput)
        }
        guard let overLimits else { return .primary }
        if let largest = usable.last, covers(largest.size, output, times: 1) {
            return .embeddedThumbnail(largest, .primaryOverLimits)
        }
        throw ImageError(.tooLarge, "\(overLimits.reason), and no embedded thumbnail covers the \(output) output")
    }

    /// Throws the limits' own error when the primary is over them and no embedded image of its
    /// shape is within them: then nothing in the file can make a thumbnail.
    static func checkSomethingFits(primary: PixelSize, thumbnails: [HEIFEmbeddedImage],
                                   limits: DecodeLimits) throws(ImageError) {
        do {
            try limits.check(primary)
        } catch {
            guard thumbnails.contains(where: { sameAspect($0.size, primary) && (try? limits.check($0.size)) != nil }) else {
                throw ImageError(error.code, "\(error.reason), and no embedded thumbnail can stand in")
            }
        }
    }

    static func sameAspect(_ a: PixelSize, _ b: PixelSize) -> Bool {
        guard a.width > 0, a.height > 0, b.width > 0, b.height > 0 else { return false }
        let ratioA = Double(a.width) / Double(a.height)
        let ratioB = Double(b.width) / Double(b.height)
        return abs(ratioA - ratioB) <= aspectTolerance * ratioB
    }

    private static func covers(_ size: PixelSize, _ output: PixelSize, times factor: Double) -> Bool {
        Double(size.width) >= Double(output.width) * factor && Double(size.height) >= Double(output.height) * factor
    }

    /// What was chosen and why, for logs and `inspect`.
    public var description: String {
        switch self {
        case .primary: "primary image"
        case .embeddedThumbnail(let image, .twiceTheOutput): "embedded thumbnail \(image.size) (at least twice the output)"
        case .embeddedThumbnail(let image, .primaryOverLimits): "embedded thumbnail \(image.size) (the primary is over the limits)"
        }
    }
}
