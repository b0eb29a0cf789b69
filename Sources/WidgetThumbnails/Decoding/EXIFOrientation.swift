/// EXIF orientation (TIFF tag 0x0112): how the stored pixels must be transformed to be upright.
public enum EXIFOrientation: Int, Sendable, Codable, CaseIterable {
    case up = 1             // as stored
    case upMirrored = 2     // flip left-right
    case down = 3           // rotate 180°
    case downMirrored = 4   // flip top-bottom
    case leftMirrored = 5   // transpose (flip across the main diagonal)
    case right = 6          // rotate 90° clockwise to display
    case rightMirrored = 7  // transverse (flip across the anti-diagonal)
    case left = 8           // rotate 90° counter-clockwise to display

    /// Orientations 5-8 exchange width and height.
    public var swapsAxes: Bool { rawValue >= 5 }

    /// The size of the upright image for stored pixels of `size`.
    public func orientedSize(_ size: PixelSize) -> PixelSize { swapsAxes ? size.transposed : size }
}
