/// `android-slot`: a bitmap an app widget's layout draws (`res/drawable*/`, `res/mipmap*/`) is
/// larger than the slot it is drawn in, at its folder's density, on both axes: so whatever the
/// view's scale type, the launcher decodes pixels it never shows.
///
/// A layout's drawables are decoded by the launcher from the app's resources, not counted in
/// the `6 x W x H` bytes of bitmaps an update may carry; an oversized one costs
/// the launcher's memory, the APK's bytes, and, the day the same file is sent with
/// `setImageViewBitmap`, the update itself. Hence a warning.
///
/// Not a `CheckRule`: that protocol's scope is one image with its asset-catalog facts
/// (`CheckScope`), where this rule needs the widget that draws the bitmap; `evaluate` takes
/// what `AndroidWidgetReader` found and gives the same `CheckFinding`s.
public struct AndroidSlotRule: Sendable {
    /// Where a span of cells gets its dp; nil: the provider's own dp attributes.
    public var cellSizing: (any AndroidCellSpanSizing)?

    /// The rule, sizing a widget from its provider's dp attributes unless `cellSizing` is given.
    public init(cellSizing: (any AndroidCellSpanSizing)? = nil) {
        self.cellSizing = cellSizing
    }

    /// The rule's id, summary, level and rationale (its examples are widgets, not `ImageFacts`,
    /// so they live in its tests).
    public var description: RuleDescription {
        RuleDescription(
            id: "android-slot",
            summary: "Bitmap an Android widget's layout draws is larger than its slot at its density",
            defaultLevel: .warning,
            rationale: "a drawable or mipmap bitmap of a widget's layout is larger, on both axes, than the view it is drawn in "
                + "at its folder's density (slot px = dp x density; the widget's largest size): the launcher decodes pixels "
                + "it never shows")
    }

    /// What the rule found: findings, and the bitmaps it could not compare, with why.
    public struct Result: Sendable {
        /// One finding per bitmap file drawn larger than its largest slot.
        public var findings: [CheckFinding] = []
        /// Bitmaps whose slot or size is unknown.
        public var unchecked: [UncheckedAsset] = []
    }

    /// The findings for every bitmap of `widgets`. A file drawn in several views or by several
    /// widgets is reported once, against the largest slot it is drawn in.
    public func evaluate(_ widgets: [AndroidWidget]) -> Result {
        var result = Result()
        var order: [String] = []
        var uses: [String: [Use]] = [:]
        for widget in widgets {
            let widgetSlot = slot(of: widget.size)
            for bitmap in widget.bitmaps {
                let fit = Use(bitmap: bitmap, widget: widget, widgetSlot: widgetSlot)
                if uses[bitmap.path] == nil { order.append(bitmap.path) }
                uses[bitmap.path, default: []].append(fit)
            }
        }
        for path in order {
            let all = uses[path] ?? []
            guard let pixels = all.first?.bitmap.pixels else { continue }  // unreadable: the reader reported it
            let sized = all.compactMap { use in use.slotPixels.map { (use, $0) } }
            guard let largest = sized.max(by: { $0.1.area < $1.1.area }) else {
                let why = all.first?.widgetSlot.evidence ?? ""
                result.unchecked.append(UncheckedAsset(path: path, reason: "drawn by an Android widget whose largest size is unknown (\(why)): not checked"))
                continue
            }
            // The widest and the highest slot it meets, each from the use that gives it.
            let slot = PixelSize(width: sized.map(\.1.width).max() ?? 0, height: sized.map(\.1.height).max() ?? 0)
            guard pixels.width > slot.width, pixels.height > slot.height else { continue }
            result.findings.append(finding(largest.0, pixels: pixels, slot: slot))
        }
        return result
    }

    /// The largest size in dp `size` is drawn at, each axis with the attribute it comes from:
    /// a resizable axis its `maxResize...` (nil without one: it may grow to the grid), a fixed
    /// one the cell table's size for its target cells when `cellSizing` has it, else its
    /// `min...` size.
    public func slot(of size: AndroidWidgetSize) -> AndroidWidgetSlot {
        let cells = size.targetCellWidth.flatMap { columns in
            size.targetCellHeight.flatMap { rows in cellSizing?.largestSize(columns: columns, rows: rows) }
        }
        func axis(resizable: Bool, maxResize: Double?, maxName: String, cellSide: Double?, min: Double?,
                  minName: String) -> (Double?, String) {
            if resizable {
                guard let maxResize else { return (nil, "resizable with no \(maxName)") }
                return (maxResize, "\(maxName) \(Self.dp(maxResize))")
            }
            if let cellSide { return (cellSide, "its target cells' \(Self.dp(cellSide))") }
            guard let min else { return (nil, "no \(minName)") }
            return (min, "\(minName) \(Self.dp(min))")
        }
        let width = axis(resizable: size.resizeMode.contains(.horizontal), maxResize: size.maxResizeWidth,
                         maxName: "maxResizeWidth", cellSide: cells?.width, min: size.minWidth, minName: "minWidth")
        let height = axis(resizable: size.resizeMode.contains(.vertical), maxResize: size.maxResizeHeight,
                          maxName: "maxResizeHeight", cellSide: cells?.height, min: size.minHeight, minName: "minHeight")
        return AndroidWidgetSlot(width: width.0, height: height.0, evidence: "\(width.1), \(height.1)")
    }

    /// The pixels `dp` takes at `density`, rounded as Android rounds a dimension to pixels.
    public static func pixels(_ dp: Double, at density: AndroidDensityBucket) -> Int {
        Int((dp * density.scale + 0.5).rounded(.down))
    }

    /// The size `pixels` is scaled to so that it just covers `slot` (its aspect kept): what a
    /// centre crop needs, and no view shows more.
    public static func covering(_ slot: PixelSize, from pixels: PixelSize) -> PixelSize {
        // Integer cross products decide the binding axis, so no rounding flips it.
        if slot.width * pixels.height >= slot.height * pixels.width {
            return PixelSize(width: slot.width, height: (pixels.height * slot.width + pixels.width - 1) / pixels.width)
        }
        return PixelSize(width: (pixels.width * slot.height + pixels.height - 1) / pixels.height, height: slot.height)
    }

    /// One use of a bitmap: the view it is drawn in and that view's slot at its density.
    private struct Use {
        var bitmap: AndroidDrawnBitmap
        var widget: AndroidWidget
        var widgetSlot: AndroidWidgetSlot
        /// The view's dp: its own where given (bounded by the widget), else the widget's.
        var viewDP: (width: Double, height: Double)?
        var slotPixels: PixelSize?

        init(bitmap: AndroidDrawnBitmap, widget: AndroidWidget, widgetSlot: AndroidWidgetSlot) {
            self.bitmap = bitmap
            self.widget = widget
            self.widgetSlot = widgetSlot
            func side(_ view: Double?, _ widget: Double?) -> Double? {
                guard let view else { return widget }
                return widget.map { min($0, view) } ?? view
            }
            if let width = side(bitmap.viewWidth, widgetSlot.width), let height = side(bitmap.viewHeight, widgetSlot.height) {
                viewDP = (width, height)
                slotPixels = PixelSize(width: AndroidSlotRule.pixels(width, at: bitmap.density),
                                       height: AndroidSlotRule.pixels(height, at: bitmap.density))
            }
        }
    }

    private func finding(_ use: Use, pixels: PixelSize, slot: PixelSize) -> CheckFinding {
        let bitmap = use.bitmap
        let needed = Self.covering(slot, from: pixels)
        let density = bitmap.density
        let view = use.viewDP.map { "\(Self.number($0.width)) x \(Self.number($0.height)) dp" } ?? ""
        let viewText = bitmap.fillsWidget ? "the widget's \(view) (\(use.widgetSlot.evidence))" : "a \(view) view"
        // ARGB_8888: how BitmapFactory decodes a resource bitmap by default.
        let decoded = BitmapCost.decodedBytes(pixels, bytesPerPixel: 4)
        let neededBytes = BitmapCost.decodedBytes(needed, bytesPerPixel: 4)
        let factor = TableText.fixed(Double(pixels.area) / Double(needed.area), 1)
        let message = "\(pixels) px is larger than its \(slot) px slot, \(viewText) at \(density.rawValue)'s "
            + "\(Self.number(density.scale))x, drawn by \(DisplayText.escaped(bitmap.drawnThrough)) in "
            + "\(DisplayText.escaped(bitmap.layoutFile)) for \(DisplayText.escaped(use.widget.providerFile)): "
            + "\(factor)x the pixels of \(needed), the size that covers the slot; the launcher decodes "
            + "\(TableText.grouped(decoded)) bytes where \(TableText.grouped(neededBytes)) would do"
        return CheckFinding(file: bitmap.path, rule: description.id, level: description.defaultLevel,
                            devices: ["\(density.rawValue) screens"], message: message, fix: Self.fix(bitmap, needed: needed),
                            numbers: FindingNumbers(pixels: pixels, slot: slot, bytes: decoded, limitBytes: neededBytes))
    }

    /// `widget-thumbs thumbnail FILE -o NAME.FOLDER.EXT --max-side N`: the bitmap scaled to
    /// cover its slot, written to the working folder, not beside the original: a resource file
    /// name cannot hold a dot, so a new file in `res/` would break the build until it replaces
    /// the original.
    static func fix(_ bitmap: AndroidDrawnBitmap, needed: PixelSize) -> FixCommand {
        let components = bitmap.path.split(separator: "/", omittingEmptySubsequences: true)
        let folder = components.count >= 2 ? String(components[components.count - 2]) : "res"
        let name = components.last.map(String.init) ?? bitmap.path
        let ext = name.split(separator: ".").last.map(String.init) ?? "png"
        return FixCommand([.literal("widget-thumbs"), .literal("thumbnail"), .path(bitmap.path),
                           .literal("-o"), .path("\(bitmap.resourceName).\(folder).\(ext)"),
                           .literal("--max-side"), .literal(String(max(needed.width, needed.height)))])
    }

    /// `250 dp`, or `250.5 dp`.
    static func dp(_ value: Double) -> String { "\(number(value)) dp" }

    /// `250`, `1.33`: whole numbers without decimals, others with at most two.
    static func number(_ value: Double) -> String {
        value == value.rounded() && abs(value) < 1e9 ? "\(Int(value))" : TableText.fixed(value, 2)
    }
}

/// The largest size in dp an Android widget is drawn at, each axis nil when nothing bounds it.
public struct AndroidWidgetSlot: Sendable, Equatable {
    /// The width in dp, nil when unknown.
    public var width: Double?
    /// The height in dp, nil when unknown.
    public var height: Double?
    /// Which attributes gave them (`minWidth 250 dp, minHeight 110 dp`).
    public var evidence: String
}

/// Where a span of cells gets its largest size in dp: the catalogue's grid-cell table
/// (`AndroidCellTable`, the design guide's). Without one (a user catalogue may leave it out), a
/// widget with `targetCellWidth` and `targetCellHeight` is sized by its `minWidth` and
/// `minHeight`, which a launcher's cells may exceed: a bitmap just over such a slot may still
/// be right for the cells it gets.
public protocol AndroidCellSpanSizing: Sendable {
    /// The largest width and height in dp of a widget `columns` cells across and `rows` down;
    /// nil when the table has no such span.
    func largestSize(columns: Int, rows: Int) -> (width: Double, height: Double)?
}

extension AndroidCellTable: AndroidCellSpanSizing {
    /// The span's largest size in dp (`AndroidCellSpan.maximum`).
    public func largestSize(columns: Int, rows: Int) -> (width: Double, height: Double)? {
        span(columns: columns, rows: rows).map { (Double($0.maximum.width), Double($0.maximum.height)) }
    }
}
