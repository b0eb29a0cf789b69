/// EXIF orientation (TIFF tag 0x0112): how the stored pixels must be transformed to be upright.
public enum EXIFOrientation: Int, Sendable, Codable, CaseIterable {
    /// As stored.
    case up = 1
    /// Flip left-right.
    case upMirrored = 2
    /// Rotate 180°.
    case down = 3
    /// Flip top-bottom.
    case downMirrored = 4
    /// Transpose (flip across the main diagonal).
    case leftMirrored = 5
    /// Rotate 90° clockwise to display.
    case right = 6
    /// Transverse (flip across the anti-diagonal).
    case rightMirrored = 7
    /// Rotate 90° counter-clockwise to display.
    case left = 8

    /// Orientations 5-8 exchange width and height.
    public var swapsAxes: Bool { rawValue >= 5 }

    /// The size of the upright image for stored pixels of `size`.
    public func orientedSize(_ size: PixelSize) -> PixelSize { swapsAxes ? size.transposed : size }
}
