extension ICCProfile {
    /// Our encoders write RGB pixels, so the profile must describe RGB data: embedding a GRAY
    /// or CMYK profile would make viewers misread the colours (and libpng refuses it).
    func checkEmbeddable(in format: ImageFormat) throws(ImageError) {
        guard data.count >= 132 else {
            throw ImageError(.invalidArgument,
                             "an ICC profile of \(data.count) bytes is too short to embed in \(format.messageName) (the header alone is 132)")
        }
        guard colorSpace == "RGB " else {
            let space = colorSpace.map { "'\($0)'" } ?? "an unreadable"
            throw ImageError(.invalidArgument,
                             "an ICC profile for \(space) data cannot describe RGB pixels in \(format.messageName); convert to sRGB instead")
        }
    }
}

extension ImageFormat {
    /// "JPEG", "PNG", "WebP", "HEIF": how messages name the format.
    var messageName: String {
        switch self {
        case .jpeg: "JPEG"
        case .png: "PNG"
        case .webp: "WebP"
        case .heif: "HEIF"
        }
    }
}
