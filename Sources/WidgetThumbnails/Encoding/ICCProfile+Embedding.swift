extension ICCProfile {
    /// Our encoders write RGB pixels, so the profile must describe RGB data: embedding a GRAY
    /// or CMYK profile would make viewers misread the colours (and libpng refuses it).
    func checkEmbeddable(in format: StoredFormat) throws(ImageError) {
        guard data.count >= 132 else {
            throw ImageError(.invalidArgument,
                             "an ICC profile of \(data.count) bytes is too short to embed in \(format.name) (the header alone is 132)")
        }
        guard colorSpace == "RGB " else {
            let space = colorSpace.map { "'\($0)'" } ?? "an unreadable"
            throw ImageError(.invalidArgument,
                             "an ICC profile for \(space) data cannot describe RGB pixels in \(format.name); convert to sRGB instead")
        }
    }
}
