/// Android app widgets (RemoteViews, and Glance on top of them): the bitmap cap per update from
/// the screen (`AndroidBitmapCap`), bitmap bytes per pixel config, the binder buffer, and
/// logcat's failure lines (`AndroidLogEvent`). The screens and the cell table are the
/// catalogue's (`WidgetCatalog.androidScreens`, `androidCells`).
public struct AndroidPlatform: WidgetPlatform {
    /// A value with no state: the rules are constants with their sources.
    public init() {}

    /// `android`.
    public var names: [String] { ["android"] }

    /// "Android app widgets (RemoteViews, Glance)".
    public var title: String { "Android app widgets (RemoteViews, Glance)" }

    /// The bitmap bytes of one update against `6 x W x H`.
    public var imageLimit: PlatformRule {
        PlatformRule(summary: "the distinct bitmaps of one widget update, earlier partial updates merged in, take at most "
                         + "6 x W x H bytes, W x H the display's real size in pixels in its current resolution mode; over it the "
                         + "update is dropped and the widget shows \"Can't show content\"",
                     source: AndroidBitmapCap.source)
    }

    /// Bitmap bytes per pixel config, and URI images decoded by the launcher.
    public var memoryRule: PlatformRule {
        PlatformRule(summary: "a bitmap counts its allocation: width x height x 4 bytes as ARGB_8888, x 2 as RGB_565; an image "
                         + "passed by URI is not counted, but the launcher decodes the file at full resolution in its own heap",
                     source: "AOSP core/java/android/widget/RemoteViews.java (BitmapCache.getBitmapMemory: the sum of "
                         + "getAllocationByteCount()); " + Self.android17Source)
    }

    /// The binder transaction buffer.
    public var transferLimit: TransferLimit {
        TransferLimit(bytes: Self.binderBufferBytes,
                      what: "the binder transaction buffer, shared by every transaction in progress for the process; on Android 12 "
                          + "and later bitmap pixels travel as shared memory (Bitmap.asShared), so layouts, actions, text and "
                          + "size-mapped layouts fill it",
                      source: "developer.android.com, TransactionTooLargeException: \"The Binder transaction buffer has a limited "
                          + "fixed size, currently 1Mb, which is shared by all transactions in progress for the process\"")
    }

    /// The binder buffer, 1 MB (taken as 1,048,576 bytes).
    public static let binderBufferBytes = 1_048_576

    /// What Android 17 counts for apps that target API level 37 or later.
    public static let android17Counts = [
        "bitmap-backed Icons too (Icon.createWithBitmap, createWithAdaptiveBitmap), besides setImageViewBitmap and Glance "
            + "ImageProvider(bitmap); each unique Bitmap once per RemoteViews hierarchy",
        "every orientation and size-bucket layout of the update (RemoteViews(Map<SizeF, RemoteViews>), Glance SizeMode.Responsive "
            + "or Exact): divide the cap by the distinct bitmaps across all sizes (--bitmaps)",
        "over the cap, the update throws IllegalArgumentException; apps targeting 36 or lower get only a logged warning (Slog.w)",
        "URI images (setImageViewUri, Icon.createWithContentUri, Glance ImageProvider(uri)) are still not counted",
    ]

    /// Where `android17Counts` comes from.
    public static let android17Source = "developer.android.com, Behavior changes: apps targeting Android 17, \"Memory limit widget\" "
        + "(https://developer.android.com/about/versions/17/behavior-changes-17)"

    /// The target SDK from which `android17Counts` applies.
    public static let android17TargetSDK = 37

    /// The note for files an app hands over by URI: they escape the count, not the decode.
    public static let uriNote = "a file passed by URI (setImageViewUri, ImageProvider(uri)) is not counted in the cap, but the "
        + "launcher decodes it at full resolution: a file handed over that way must already be slot-sized"

    /// The words of Android's bitmap-cap, binder and Glance lines.
    public var logKeyWords: [String] { AndroidLogEvent.keyWords }

    /// Android's failure in `line`.
    public func logEvent(in line: Substring) -> WidgetLogEvent? { AndroidLogEvent.parse(line).map(WidgetLogEvent.android) }
}
