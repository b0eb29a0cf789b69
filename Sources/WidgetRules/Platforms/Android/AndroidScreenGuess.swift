/// The screens a logged cap M can come from: the catalogue's whose `6 x W x H` is M, else
/// whole W x H of M / 6 pixels with a common phone or tablet width and shape.
public enum AndroidScreenGuess {
    /// Widths of common Android displays in pixels, an assumption (not a measured list): the
    /// panel widths of HD+, FHD+, QHD+ phones, tablets and foldables in their portrait
    /// orientation. A guess names its width as common, never as a known device.
    public static let commonWidths = [480, 540, 600, 720, 750, 768, 800, 828, 900, 1080, 1096, 1116, 1152, 1170, 1176, 1200,
                                      1220, 1236, 1240, 1242, 1260, 1264, 1280, 1344, 1440, 1600, 1644, 1800, 1812, 1840,
                                      1856, 1920, 2000, 2048, 2160, 2208, 2560]

    /// Height over width from square (foldables' inner screens) to 22:9 phones.
    static let shapes = 1.0...2.5

    /// What M says about the screen.
    public struct Reading: Sendable, Hashable {
        /// M / 6 when M is a multiple of 6, else nil: not 6 x a whole screen.
        public let screenPixels: Int?
        /// The catalogue's screens whose cap is M.
        public let catalogued: [AndroidScreen]
        /// Otherwise, W x H with M / 6 pixels, a common width and a screen's shape (portrait).
        public let common: [PixelSize]
        /// When neither gives a screen, W x H of M / 4 (the one-screen cap of Android 4.x) with a
        /// common width, or empty.
        public let olderCap: [PixelSize]

        /// Whether M is 6 x a catalogued or common screen.
        public var isCommonScreen: Bool { !catalogued.isEmpty || !common.isEmpty }
    }

    /// The reading of a logged maximum `maxBytes`, against `catalog`'s screens.
    public static func reading(maxBytes: Int, catalog: WidgetCatalog) -> Reading {
        let factor = AndroidBitmapCap.bytesPerScreenPixel
        let pixels = maxBytes > 0 && maxBytes % factor == 0 ? maxBytes / factor : nil
        let catalogued = catalog.androidScreens.filter { $0.capBytes == maxBytes }
        let common = catalogued.isEmpty ? pixels.map(screens(withPixels:)) ?? [] : []
        let older = factor != AndroidBitmapCap.olderBytesPerScreenPixel && catalogued.isEmpty && common.isEmpty
            && maxBytes % AndroidBitmapCap.olderBytesPerScreenPixel == 0
            ? screens(withPixels: maxBytes / AndroidBitmapCap.olderBytesPerScreenPixel) : []
        return Reading(screenPixels: pixels, catalogued: catalogued, common: common, olderCap: older)
    }

    /// Portrait W x H of `pixels` with a common width and a screen's shape, most common width first.
    public static func screens(withPixels pixels: Int) -> [PixelSize] {
        commonWidths.compactMap { width in
            guard pixels % width == 0 else { return nil }
            let height = pixels / width
            return shapes.contains(Double(height) / Double(width)) ? PixelSize(width: width, height: height) : nil
        }
    }
}
