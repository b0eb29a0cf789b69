extension ImageInfo {
    /// The bytes a pixel of this source takes once decoded by the widget (`BitmapCost`): its
    /// bit depth, and whether its ICC profile is a wide RGB one (not equivalent to sRGB).
    public var renderBytesPerPixel: Int {
        let wideColour = iccProfile.map { $0.colorSpace == "RGB " && !ColorConverter.isEquivalentToSRGB($0) } ?? false
        return BitmapCost.bytesPerPixel(bitDepth: bitDepth, wideColour: wideColour)
    }
}
