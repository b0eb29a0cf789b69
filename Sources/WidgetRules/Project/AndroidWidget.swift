/// An Android app widget as its module's resources describe it, read by the engine's
/// `AndroidWidgetReader` (an `<appwidget-provider>` file in `res/xml*/`, the receiver that names
/// it in `AndroidManifest.xml`, its layouts and the bitmaps they draw), so `AndroidSlotRule` can
/// compare each bundled bitmap with the slot it is drawn in without opening a file.
public struct AndroidWidget: Sendable, Equatable {
    /// The `<appwidget-provider>` file (`.../res/xml/widget_info.xml`), as a path under the
    /// checked folder.
    public var providerFile: String
    /// The provider's resource name (`widget_info`: what `@xml/widget_info` names).
    public var resourceName: String
    /// The qualifiers of its folder (`v31` for `xml-v31`): a variant of the provider for those
    /// devices.
    public var qualifiers: [String]
    /// The `<receiver android:name>` whose `android.appwidget.provider` meta-data names it; nil
    /// when no manifest beside the resources does.
    public var receiver: String?
    /// `android:initialLayout`'s resource name, nil when missing.
    public var initialLayout: String?
    /// `android:previewLayout`'s resource name (Android 12's picker preview), nil when missing.
    public var previewLayout: String?
    /// The layout files read for it (every variant of both layouts and what they include).
    public var layoutFiles: [String]
    /// What the provider says about its size.
    public var size: AndroidWidgetSize
    /// The bitmaps its layouts draw, one entry per file and view size.
    public var bitmaps: [AndroidDrawnBitmap]

    /// A widget; the lists default to empty.
    public init(providerFile: String, resourceName: String, qualifiers: [String] = [], receiver: String? = nil,
                initialLayout: String? = nil, previewLayout: String? = nil, layoutFiles: [String] = [],
                size: AndroidWidgetSize = AndroidWidgetSize(), bitmaps: [AndroidDrawnBitmap] = []) {
        self.providerFile = providerFile
        self.resourceName = resourceName
        self.qualifiers = qualifiers
        self.receiver = receiver
        self.initialLayout = initialLayout
        self.previewLayout = previewLayout
        self.layoutFiles = layoutFiles
        self.size = size
        self.bitmaps = bitmaps
    }
}

/// The size attributes of an `<appwidget-provider>`, in dp (`@dimen` references resolved where
/// the module's `values*/dimens.xml` gives them; nil when missing or not in dp).
public struct AndroidWidgetSize: Sendable, Equatable {
    /// `android:minWidth`: the width before Android 12, and where no `targetCellWidth` is given.
    public var minWidth: Double?
    /// `android:minHeight`.
    public var minHeight: Double?
    /// `android:minResizeWidth`.
    public var minResizeWidth: Double?
    /// `android:minResizeHeight`.
    public var minResizeHeight: Double?
    /// `android:maxResizeWidth` (Android 12): the widest a resizable widget gets.
    public var maxResizeWidth: Double?
    /// `android:maxResizeHeight` (Android 12).
    public var maxResizeHeight: Double?
    /// `android:targetCellWidth` (Android 12): the cells it takes across.
    public var targetCellWidth: Int?
    /// `android:targetCellHeight`.
    public var targetCellHeight: Int?
    /// `android:resizeMode`.
    public var resizeMode: AndroidResizeMode

    /// A size; every attribute defaults to missing, the resize mode to none (Android's default).
    public init(minWidth: Double? = nil, minHeight: Double? = nil, minResizeWidth: Double? = nil, minResizeHeight: Double? = nil,
                maxResizeWidth: Double? = nil, maxResizeHeight: Double? = nil, targetCellWidth: Int? = nil,
                targetCellHeight: Int? = nil, resizeMode: AndroidResizeMode = []) {
        self.minWidth = minWidth
        self.minHeight = minHeight
        self.minResizeWidth = minResizeWidth
        self.minResizeHeight = minResizeHeight
        self.maxResizeWidth = maxResizeWidth
        self.maxResizeHeight = maxResizeHeight
        self.targetCellWidth = targetCellWidth
        self.targetCellHeight = targetCellHeight
        self.resizeMode = resizeMode
    }
}

/// `android:resizeMode`: the axes the user can resize the widget along.
public struct AndroidResizeMode: OptionSet, Sendable, Hashable {
    /// The raw bits.
    public let rawValue: Int
    /// A mode of `rawValue`.
    public init(rawValue: Int) { self.rawValue = rawValue }

    /// `horizontal`.
    public static let horizontal = AndroidResizeMode(rawValue: 1)
    /// `vertical`.
    public static let vertical = AndroidResizeMode(rawValue: 2)

    /// The mode an attribute value spells (`horizontal|vertical`, `none`); nil when a word is
    /// none of these.
    public init?(attribute: String) {
        var mode: AndroidResizeMode = []
        for word in attribute.split(separator: "|") {
            switch word.filter({ $0 != " " && $0 != "\t" }) {
            case "horizontal": mode.insert(.horizontal)
            case "vertical": mode.insert(.vertical)
            case "none": break
            default: return nil
            }
        }
        self = mode
    }
}

/// The density a resource folder's bitmaps are made for (`drawable-xhdpi`): the factor from dp
/// to px Android scales them by, from developer.android.com's density qualifier table
/// (studio/write/resource-manager; 160 dpi is 1x). `AndroidDensity.buckets` are these.
public enum AndroidDensityBucket: String, Sendable, CaseIterable, Codable {
    /// 120 dpi, 0.75x.
    case ldpi
    /// 160 dpi, 1x; also a bitmap in a folder with no density qualifier (`drawable/`).
    case mdpi
    /// 213 dpi, 1.33x.
    case tvdpi
    /// 240 dpi, 1.5x.
    case hdpi
    /// 320 dpi, 2x.
    case xhdpi
    /// 480 dpi, 3x.
    case xxhdpi
    /// 640 dpi, 4x.
    case xxxhdpi
    /// Never scaled: drawn as it is on every screen.
    case nodpi
    /// Chosen on any screen before the buckets (meant for vectors); a bitmap there is not scaled.
    case anydpi

    /// The bucket a qualifier names, nil when it names none.
    public init?(qualifier: String) { self.init(rawValue: qualifier) }

    /// Its dots per inch (nil for `nodpi` and `anydpi`).
    public var dotsPerInch: Int? {
        switch self {
        case .ldpi: 120
        case .mdpi: 160
        case .tvdpi: 213
        case .hdpi: 240
        case .xhdpi: 320
        case .xxhdpi: 480
        case .xxxhdpi: 640
        case .nodpi, .anydpi: nil
        }
    }

    /// The pixels a dp takes on the screens whose bitmaps this bucket holds. A bitmap that is
    /// never scaled (`nodpi`, `anydpi`) is drawn on the densest screens too: the densest
    /// bucket's factor, the largest slot it meets.
    public var scale: Double {
        Double(dotsPerInch ?? AndroidDensityBucket.xxxhdpi.dotsPerInch!) / 160
    }
}

/// One bitmap file a widget's layout draws, and the view it is drawn in.
public struct AndroidDrawnBitmap: Sendable, Equatable {
    /// The file (`.../res/drawable-xhdpi/cover.png`), as a path under the checked folder.
    public var path: String
    /// The drawable's resource name (`cover`).
    public var resourceName: String
    /// The density its folder is for.
    public var density: AndroidDensityBucket
    /// Its folder's other qualifiers, kept as written (`night`, `v26`, `land`).
    public var qualifiers: [String]
    /// Its size in pixels, read from its header (nil when it could not be read: the reader
    /// says why).
    public var pixels: PixelSize?
    /// The file's size in bytes.
    public var fileBytes: Int?
    /// The layout file whose view draws it.
    public var layoutFile: String
    /// The attribute that names it, as written (`android:src`, `app:srcCompat`, or
    /// `android:background`), and through which XML drawable when one wraps it.
    public var drawnThrough: String
    /// The view's width in dp where the layout gives it; nil: as wide as the widget (`match_parent`,
    /// `wrap_content` or a weight, all bounded by the widget).
    public var viewWidth: Double?
    /// The view's height in dp where the layout gives it; nil: as high as the widget.
    public var viewHeight: Double?

    /// A drawn bitmap.
    public init(path: String, resourceName: String, density: AndroidDensityBucket, qualifiers: [String] = [],
                pixels: PixelSize?, fileBytes: Int? = nil, layoutFile: String, drawnThrough: String,
                viewWidth: Double? = nil, viewHeight: Double? = nil) {
        self.path = path
        self.resourceName = resourceName
        self.density = density
        self.qualifiers = qualifiers
        self.pixels = pixels
        self.fileBytes = fileBytes
        self.layoutFile = layoutFile
        self.drawnThrough = drawnThrough
        self.viewWidth = viewWidth
        self.viewHeight = viewHeight
    }

    /// Whether its view fills the widget on both axes.
    public var fillsWidget: Bool { viewWidth == nil && viewHeight == nil }
}
