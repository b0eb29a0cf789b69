/// What `explain` says about one Android failure line: the screen its cap comes from and a
/// size that fits, the binder buffer, or the causes of Glance's placeholder.
package struct AndroidLogExplanation: Encodable, Sendable {
    /// The bitmap cap line read against the catalogue's screens.
    package struct BitmapMemory: Encodable, Sendable {
        package var usedBytes: Int
        package var maxBytes: Int
        /// used / max.
        package var overFactor: Double
        /// M / 6, or nil when M is not a multiple of 6.
        package var screenPixels: Int?
        /// Catalogue screens with this cap: `id`, `WxH`, density.
        package var screens: [Screen]
        /// Otherwise, `WxH` of common shape with M / 6 pixels.
        package var commonScreens: [String]
        /// Whether M is 6 x a catalogued or common screen.
        package var commonScreen: Bool
        /// When not: `WxH` screens that M / 4 (Android 4.x's one-screen cap) would be.
        package var olderCapScreens: [String]
        /// M / 4: the pixels of the largest ARGB_8888 bitmap that fits alone.
        package var largestARGBPixels: Int
        /// The side of that bitmap as a square, and of an RGB_565 one.
        package var largestARGBSquare: Int
        package var largestRGB565Square: Int
        /// The commands that show the budget and make a fitting file.
        package var budgetCommand: String
        package var thumbnailCommand: String
        /// Why the line cannot be what it says (used not over max), or nil.
        package var contradiction: String?
    }

    /// A screen as the explanation lists it.
    package struct Screen: Encodable, Sendable {
        package var id: String
        package var label: String
        package var pixels: [Int]
        package var density: String
    }

    /// The binder line.
    package struct TransactionTooLarge: Encodable, Sendable {
        package var parcelBytes: Int?
        package var bufferBytes: Int
        package var bufferSource: String
        /// The side of the largest ARGB_8888 square a parcel of the buffer's size could hold,
        /// for bitmaps sent inside the parcel (before Android 12).
        package var largestARGBSquareInBuffer: Int
        package var causes: [String]
    }

    package var bitmapMemory: BitmapMemory?
    package var transactionTooLarge: TransactionTooLarge?
    /// For "Can't show content": the likely causes, most likely first.
    package var cantShowContent: [String]?
    /// What this log itself says about the placeholder (a cap or binder line in it), or nil.
    package var inThisLog: String?

    /// The causes of Glance's "Can't show content", most likely first.
    package static let cantShowContentCauses = [
        "the update's bitmaps were over the cap 6 x W x H bytes: logcat has 'exceeds maximum bitmap memory usage (used: N, max: M)' "
            + "from AppWidgetService; explain reads it",
        "an exception while composing or translating the widget (in provideGlance or a composable): logcat has the app's stack trace "
            + "from GlanceAppWidget near the same time",
        "the update was over the binder buffer: TransactionTooLargeException in the app's log",
        "on Android 17 with target SDK 37 or later: bitmap-backed Icons and every size-bucket layout count too, so an update under "
            + "the old count can be over the new one",
        "a layout RemoteViews cannot inflate (an unsupported view or modifier), which the launcher logs as an inflation error",
    ]

    package init(_ event: AndroidLogEvent, catalog: WidgetCatalog) {
        switch event {
        case .bitmapMemory(let used, let maximum):
            bitmapMemory = Self.bitmapMemory(used: used, maximum: maximum, catalog: catalog)
        case .transactionTooLarge(let bytes):
            transactionTooLarge = TransactionTooLarge(
                parcelBytes: bytes, bufferBytes: AndroidPlatform.binderBufferBytes, bufferSource: AndroidPlatform().transferLimit.source,
                largestARGBSquareInBuffer: AndroidBitmapCap.largestSquareSide(within: AndroidPlatform.binderBufferBytes, .argb8888),
                causes: [
                    "on Android 12 and later bitmaps travel as shared memory: what fills the parcel is the layouts, actions and text, "
                        + "times every size-mapped layout (RemoteViews(Map<SizeF, RemoteViews>), Glance SizeMode.Responsive)",
                    "before Android 12 the bitmaps' pixels are in the parcel: keep their sum well under the buffer",
                    "the buffer is shared by every transaction the process has in flight: several widgets updated at once add up",
                ])
        case .cantShowContent:
            cantShowContent = Self.cantShowContentCauses
        }
    }

    private static func bitmapMemory(used: Int, maximum: Int, catalog: WidgetCatalog) -> BitmapMemory {
        let reading = AndroidScreenGuess.reading(maxBytes: maximum, catalog: catalog)
        let screen = reading.catalogued.first?.pixels ?? reading.common.first
        let density = reading.catalogued.first?.density
        let screenWord: FixCommand.Word = screen.map { .literal("\($0.width)x\($0.height)") } ?? .placeholder("WxH")
        let budget = FixCommand([.literal("widget-thumbs"), .literal("budget"), .literal("--platform"), .literal("android"),
                                 .literal("--screen"), screenWord])
        let thumbnail = FixCommand([.literal("widget-thumbs"), .literal("thumbnail"), .placeholder("IMAGE.EXT"), .literal("-o"),
                                    .placeholder("IMAGE.android.EXT"), .literal("--platform"), .literal("android"),
                                    .literal("--screen"), screenWord, .literal("--density"),
                                    density.map { .literal($0.description) } ?? .placeholder("D"), .literal("--cells"),
                                    .placeholder("CxR")])
        let text = { (size: PixelSize) in "\(size.width)x\(size.height)" }
        return BitmapMemory(
            usedBytes: used, maxBytes: maximum, overFactor: Double(used) / Double(maximum),
            screenPixels: reading.screenPixels,
            screens: reading.catalogued.map {
                Screen(id: DisplayText.escaped($0.id, limit: 200), label: DisplayText.escaped($0.label, limit: 200),
                       pixels: [$0.pixels.width, $0.pixels.height], density: $0.density.description)
            },
            commonScreens: reading.common.map(text), commonScreen: reading.isCommonScreen, olderCapScreens: reading.olderCap.map(text),
            largestARGBPixels: maximum / AndroidBitmapCap.PixelConfig.argb8888.bytesPerPixel,
            largestARGBSquare: AndroidBitmapCap.largestSquareSide(within: maximum, .argb8888),
            largestRGB565Square: AndroidBitmapCap.largestSquareSide(within: maximum, .rgb565),
            budgetCommand: budget.description, thumbnailCommand: thumbnail.description,
            contradiction: used > maximum ? nil : "used \(TableText.grouped(used)) is not over max \(TableText.grouped(maximum))")
    }

    // MARK: - Text

    package var lines: [String] {
        if let memory = bitmapMemory { return Self.text(memory) }
        if let binder = transactionTooLarge { return Self.text(binder) }
        var out = ["  Glance's \"Can't show content\": the widget failed to render and shows Glance's error placeholder. Likely causes:"]
        for (number, cause) in (cantShowContent ?? []).enumerated() { out.append("    \(number + 1). \(cause)") }
        if let here = inThisLog { out.append("  in this log: \(here)") }
        return out
    }

    private static func text(_ memory: BitmapMemory) -> [String] {
        var out = ["  Android bitmap cap: the update's bitmaps took \(TableText.grouped(memory.usedBytes)) bytes, over the cap of "
            + "\(TableText.grouped(memory.maxBytes)) (\(TableText.fixed(memory.overFactor, 2))x): AppWidgetService dropped the update "
            + "and the widget shows \"Can't show content\"."]
        if let contradiction = memory.contradiction {
            out.append("  but this line contradicts itself: \(contradiction); it may be cut or edited, so check its numbers.")
        }
        out.append("  the cap is 6 x W x H bytes, W x H the display's real size in its current resolution mode (AppWidgetServiceImpl).")
        if let pixels = memory.screenPixels {
            out.append("  screen: \(TableText.grouped(pixels)) px (max / 6)")
            for screen in memory.screens {
                out.append("    \(screen.pixels[0])x\(screen.pixels[1]): \(screen.label) (\(screen.id), density \(screen.density))")
            }
            if !memory.commonScreens.isEmpty {
                out.append("    " + memory.commonScreens.joined(separator: ", ")
                    + ": W x H with that many pixels and a common width (not in the catalogue; add it with --catalog)")
            }
        }
        if !memory.commonScreen {
            out.append("  not 6 x a common screen: " + (memory.screenPixels == nil
                ? "max is not a multiple of 6"
                : "no catalogued screen and no common width gives \(TableText.grouped(memory.screenPixels ?? 0)) px")
                + "; a vendor build may compute its own cap.")
            if !memory.olderCapScreens.isEmpty {
                out.append("    max / 4 is " + memory.olderCapScreens.joined(separator: ", ")
                    + ": Android 4.x capped at one screen (4 x W x H)")
            }
        }
        out.append("  fits: one ARGB_8888 bitmap of at most \(TableText.grouped(memory.largestARGBPixels)) px alone (max / 4), "
            + "\(memory.largestARGBSquare)x\(memory.largestARGBSquare) as a square (RGB_565: \(memory.largestRGB565Square)x\(memory.largestRGB565Square)); "
            + "several bitmaps share it, and partial updates add up")
        out.append("  budget: \(DisplayText.guarded(memory.budgetCommand))")
        out.append("  fix: \(DisplayText.guarded(memory.thumbnailCommand))")
        return out
    }

    private static func text(_ binder: TransactionTooLarge) -> [String] {
        let size = binder.parcelBytes.map {
            "a parcel of \(TableText.grouped($0)) bytes (\(TableText.fixed(Double($0) / Double(binder.bufferBytes), 2))x the buffer)"
        } ?? "a parcel"
        var out = ["  Android binder: \(size) was over the \(TableText.grouped(binder.bufferBytes))-byte transaction buffer "
            + "(\(binder.bufferSource)); the update was not delivered."]
        out += binder.causes.map { "    - \($0)" }
        out.append("  fix: pass images by content:// URI (a FileProvider; setImageViewUri or ImageProvider(uri)), slot-sized, since the "
            + "launcher decodes them at full size; an ARGB_8888 bitmap inside the parcel alone must stay under "
            + "\(binder.largestARGBSquareInBuffer)x\(binder.largestARGBSquareInBuffer)")
        return out
    }
}
