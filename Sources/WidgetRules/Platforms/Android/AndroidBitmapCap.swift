/// Android's cap on the bitmaps of one widget update: `6 x W x H` bytes, W x H the display's
/// real size in pixels in its current resolution mode (one and a half screens of ARGB_8888).
/// Over it, `AppWidgetService` drops the update ("RemoteViews for widget update exceeds maximum
/// bitmap memory usage") and the widget shows "Can't show content". The one place the formula
/// is written: `budget`, `thumbnail`, `explain` and `devices` take it from here.
public enum AndroidBitmapCap {
    /// Bytes of bitmap allowed per screen pixel: 1.5 screens x 4 bytes a pixel.
    public static let bytesPerScreenPixel = 6

    /// Where the formula comes from.
    public static let source = "AOSP frameworks/base/services/appwidget/java/com/android/server/appwidget/AppWidgetServiceImpl.java, "
        + "computeMaximumWidgetBitmapMemory(): display.getRealSize(size); \"Cap memory usage at 1.5 times the size of the display\"; "
        + "mMaxWidgetBitmapMemory = 6 * size.x * size.y; checked against RemoteViews.estimateMemoryUsage() (each distinct bitmap's "
        + "getAllocationByteCount()) in updateAppWidgetInstanceLocked. The AppWidgetManager.updateAppWidget reference says the same: "
        + "\"(screen width x screen height x 4 x 1.5) bytes\"."

    /// Before the factor became 6, Android 4.x builds capped at one screen, `4 x W x H`
    /// ("cannot exceed that required to fill the device's screen once"): `explain` tries it on
    /// a maximum that is not 6 x a screen.
    public static let olderBytesPerScreenPixel = 4

    /// The cap M in bytes for a display whose real size is `screen` (either orientation: the
    /// product is the same).
    public static func bytes(forScreen screen: PixelSize) -> Int {
        bytesPerScreenPixel * screen.width * screen.height
    }

    /// One bitmap's share when an update carries `bitmaps` distinct ones (at least 1), rounded down.
    public static func share(of capBytes: Int, bitmaps: Int) -> Int {
        capBytes / max(1, bitmaps)
    }

    /// How a bitmap stores its pixels (`Bitmap.Config`), and the bytes each takes.
    public enum PixelConfig: String, Sendable, Codable, CaseIterable {
        /// 4 bytes a pixel, with alpha: what `BitmapFactory` decodes a PNG or JPEG to by default.
        case argb8888 = "ARGB_8888"
        /// 2 bytes a pixel, no alpha: half the cost, for opaque pictures decoded with
        /// `inPreferredConfig = RGB_565`.
        case rgb565 = "RGB_565"

        /// Bytes a pixel.
        public var bytesPerPixel: Int {
            switch self {
            case .argb8888: 4
            case .rgb565: 2
            }
        }
    }

    /// The bytes a bitmap of `size` takes in `config` (`getAllocationByteCount`, no row padding).
    public static func bytes(of size: PixelSize, _ config: PixelConfig) -> Int {
        size.area * config.bytesPerPixel
    }

    /// The side of the largest square bitmap in `config` whose bytes are at most `bytes`.
    public static func largestSquareSide(within bytes: Int, _ config: PixelConfig) -> Int {
        integerSquareRoot(max(0, bytes) / config.bytesPerPixel)
    }

    /// The largest size of `shape`'s proportions, no side above `shape`'s, whose bytes in
    /// `config` are at most `bytes`: `shape` itself when it fits.
    public static func largestFitting(_ shape: PixelSize, within bytes: Int, _ config: PixelConfig) -> PixelSize {
        let pixels = max(0, bytes) / config.bytesPerPixel
        guard shape.area > pixels else { return shape }
        let factor = (Double(pixels) / Double(shape.area)).squareRoot()
        var width = max(1, Int(Double(shape.width) * factor))
        var height = max(1, Int(Double(shape.height) * factor))
        // Rounding can leave the product a pixel over: take the longer side down until it fits.
        while width * height > pixels, width > 1 || height > 1 {
            if width >= height { width -= 1 } else { height -= 1 }
        }
        return PixelSize(width: width, height: height)
    }

    /// The largest whole number whose square is at most `value`.
    static func integerSquareRoot(_ value: Int) -> Int {
        guard value > 0 else { return 0 }
        var root = Int(Double(value).squareRoot())
        while root * root > value { root -= 1 }
        while (root + 1) * (root + 1) <= value { root += 1 }
        return root
    }
}
