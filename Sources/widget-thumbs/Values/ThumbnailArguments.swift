import WidgetThumbnails

/// The options that shape one thumbnail (family or size, format, byte cap, quality, effort,
/// colour, strictness, full decode, and the devices a family is sized for), declared once as a
/// group, in the spirit of swift-argument-parser's `@OptionGroup`: `batch`, `thumbnail` and
/// `commit` list `specs` and read `options(_:)`, so the three take the same options with the
/// same help. Every default shown in help is read from the library (`ThumbnailOptions()`,
/// `ByteBudget`, the quality ranges below), which is what an option left out leaves in place.
enum ThumbnailArguments {
    /// The library's defaults: what each option left out keeps.
    static let defaults = ThumbnailOptions()

    static let family = OptionSpec.widgetFamily(
        help: "Size the thumbnail for this widget family (cover its largest slot, stay under its smallest archival cap) instead of --max-side.")
    static let format = OptionSpec.choice(
        "format", valueName: "format", default: defaults.format,
        help: "Output format; auto is JPEG for opaque images and WebP for images with transparency.")
    static let maxSide = OptionSpec.value(
        "max-side", valueName: "n", presence: .defaulted("\(max(defaults.box.width, defaults.box.height))"),
        help: "The longest side in pixels: the thumbnail fits an NxN box, never upscaled.")
    static let maxBytes = OptionSpec.value(
        "max-bytes", valueName: "n", presence: .defaulted("\(defaults.budget.cap)"),
        help: "The byte cap per thumbnail; at most \(ByteBudget.hardCeiling) (a larger value is clamped, with a note).")
    static let quality = OptionSpec.value(
        "quality", valueName: "q", presence: .optional,
        help: "Start quality of the lossy formats' quality search, 1-100 (default: \(WrittenFormats.startQualities)). "
            + "The floor stays each format's own (\(WrittenFormats.floorQualities)), or q if lower.")
    static let effort = OptionSpec.value(
        "effort", valueName: "\(EncodeEffort.range.lowerBound)-\(EncodeEffort.range.upperBound)",
        presence: .defaulted(defaults.effort.description),
        help: """
            Encoder work for fewer bytes at the same quality. WebP: libwebp's method (0 fastest, \
            6 smallest). JPEG: 0 standard Huffman tables, 1-4 optimised tables, 5-6 progressive. \
            4 needs about 17% fewer WebP bytes than 1 and 3% fewer JPEG bytes than 0 for the same \
            SSIM; 1 was the old WebP speed. AVIF: aom speed 9-4; HEIC: x265 preset ultrafast to \
            slower (4: speed 6, medium). PNG ignores it.
            """)
    static let color = OptionSpec.choice(
        "color", valueName: "policy", default: defaults.colorPolicy,
        help: "Tagged non-sRGB photos: convert to sRGB, or embed the source profile.")
    static let fit = OptionSpec.choice(
        "fit", valueName: "mode", default: defaults.fit,
        help: "contain: the whole picture inside the box. cover: cropped to the box's shape (with --family, "
            + "the shape of the family's largest slot on the chosen devices, under every cap), as a widget's .fill would crop it.")
    static let crop = OptionSpec.value(
        "crop", valueName: "position", presence: .defaulted(defaults.crop.name),
        allowedValues: CropPosition.named.map(\.name) + ["center"],
        help: "Where a cover crop goes: centre; entropy (the window with the most detail); attention (where edges, "
            + "saturated colour and skin tones gather). Implies --fit cover.")
    static let focus = OptionSpec.value(
        "focus", valueName: "x,y", presence: .optional,
        help: "Centre a cover crop on this point, fractions 0-1 of the upright picture's width and height "
            + "(a face your app found, say). Implies --fit cover.")
    static let strict = OptionSpec.flag(
        "strict", help: "Refuse damaged input that could still be decoded (a truncated scan).")

    /// The group, in the order help lists it.
    static var specs: [OptionSpec] {
        [family, format, maxSide, fit, crop, focus, maxBytes, quality, effort, color, strict, .fullDecode]
            + DeviceArguments.specs + AndroidArguments.specs
    }

    /// The first option of the group on the command line, if any: for a command that makes a
    /// thumbnail only on request (`commit` without `--image`).
    static func firstGiven(_ arguments: ParsedArguments) -> OptionSpec? {
        specs.first { arguments.wasGiven($0) }
    }

    /// The options of the group, sizing for the rows `catalog` (read once by the command,
    /// `DeviceArguments.catalog`) and the device options choose. With `--platform android`,
    /// sized for the first span of `--cells`; only a command that makes one file per span
    /// (`thumbnail`, `batch`) passes `severalSpans`, the others refuse a list.
    static func options(_ arguments: ParsedArguments, catalog: WidgetCatalog, severalSpans: Bool = false) throws(UsageError) -> ThumbnailOptions {
        var thumbnail = defaults
        if let side = try arguments.value(maxSide, expected: "a whole number of pixels, 1-65535", {
            Int($0).flatMap { (1...65_535).contains($0) ? $0 : nil }
        }) {
            thumbnail.box = PixelSize(width: side, height: side)
        }
        if let name = arguments.value(family) {
            if arguments.wasGiven(maxSide) {
                throw UsageError("'--family' sizes the thumbnail itself; it cannot be combined with '--max-side'")
            }
            thumbnail.family = WidgetFamily(rawValue: name)
        }
        // Android sizes through the box: the span's slot at the density, within the cap's share
        // (`AndroidTarget.box`); the rest of the pipeline is the --max-side path unchanged.
        if let android = try AndroidArguments.targets(arguments, catalog: catalog, requireSlot: true), let box = android.first?.box {
            if android.count > 1, !severalSpans {
                throw UsageError("'--cells' lists several spans; only 'thumbnail' and 'batch' make one file each (give one span here)")
            }
            for other in [family, maxSide] where arguments.wasGiven(other) {
                throw UsageError("'--platform android' sizes the thumbnail for its cell span; it cannot be combined with '\(other.longForm)'")
            }
            thumbnail.box = box
        } else {
            thumbnail.devices = try DeviceArguments.chosenDevices(arguments, in: catalog)
        }
        if DeviceArguments.namesDevices(arguments), !AndroidArguments.isChosen(arguments) { thumbnail.assumedCaps = .apply }
        if let family = thumbnail.family { try DeviceArguments.requireSlots(for: family, on: thumbnail.chosenDevices, option: Self.family) }
        if let format = OutputFormat(rawValue: arguments.required(format)) { thumbnail.format = format }
        if let cap = try arguments.value(maxBytes, expected: "a whole number of bytes, at least 1", {
            Int($0).flatMap { $0 >= 1 ? $0 : nil }
        }) {
            thumbnail.budget = ByteBudget(cap: cap)
        }
        if let start = try arguments.value(quality, expected: "a whole number, 1-100", {
            Int($0).flatMap { (1...100).contains($0) ? $0 : nil }
        }) {
            thumbnail.quality = .starting(at: start)
        }
        let effortRange = EncodeEffort.range
        if let level = try arguments.value(effort, expected: "a whole number, \(effortRange.lowerBound)-\(effortRange.upperBound)", {
            Int($0).flatMap { try? EncodeEffort($0) }
        }) {
            thumbnail.effort = level
        }
        try cropOptions(arguments, into: &thumbnail)
        if let policy = ColorPolicy(rawValue: arguments.required(color)) { thumbnail.colorPolicy = policy }
        if arguments.isSet(strict) { thumbnail.strictness = .strict }
        thumbnail.heif.embeddedThumbnails = EmbeddedThumbnailPolicy(arguments)
        thumbnail.heif.hevcLoopFilters = HEVCLoopFilterPolicy(arguments)
        return thumbnail
    }

    /// `--fit`, `--crop` and `--focus`: a crop or a focus asks for a cover crop; said
    /// together with `--fit contain`, or with each other, they contradict.
    private static func cropOptions(_ arguments: ParsedArguments, into thumbnail: inout ThumbnailOptions) throws(UsageError) {
        let fitGiven = arguments.wasGiven(fit)
        if let mode = FitMode(rawValue: arguments.required(fit)) { thumbnail.fit = mode }
        let cropGiven = arguments.wasGiven(crop)
        if let point = arguments.value(focus) {
            if cropGiven { throw UsageError("'--focus' places the crop itself; it cannot be combined with '--crop'") }
            let parts = point.split(separator: ",", omittingEmptySubsequences: false).map { Double($0) }
            guard parts.count == 2, let x = parts[0], let y = parts[1], (0...1).contains(x), (0...1).contains(y) else {
                throw UsageError("'--focus' expects x,y with each a fraction 0-1 of the picture, such as 0.3,0.4; got '\(point)'")
            }
            thumbnail.crop = .focus(x: x, y: y)
        } else {
            if let position = CropPosition(name: arguments.required(crop)) { thumbnail.crop = position }
        }
        let placed = cropGiven || arguments.wasGiven(focus)
        if placed, fitGiven, thumbnail.fit == .contain {
            throw UsageError("'\(cropGiven ? crop.longForm : focus.longForm)' places a cover crop; '--fit contain' keeps the whole picture")
        }
        if placed { thumbnail.fit = .cover }
    }

    /// The note a command prints on standard error for `--platform android`: the box and its
    /// cost against the cap's share, and that a file handed over by URI is decoded at full size.
    static func androidNote(_ arguments: ParsedArguments, catalog: WidgetCatalog) throws(UsageError) -> String? {
        guard let targets = try AndroidArguments.targets(arguments, catalog: catalog, requireSlot: true) else { return nil }
        let spans: [String] = targets.compactMap { target in
            guard let box = target.box, let density = target.density, let cells = target.cells else { return nil }
            let slot = cells.largestSlot(at: density)
            return "\(cells) cells at \(density): slot \(slot.width)x\(slot.height) px, "
                + (box == slot ? "" : "shrunk to \(box.width)x\(box.height), ")
                + "at most \(TableText.grouped(AndroidBitmapCap.bytes(of: box, .argb8888))) bytes as ARGB_8888, within "
                + "\(TableText.grouped(target.shareBytes)) of the \(TableText.grouped(target.capBytes))-byte cap "
                + "(\(target.bitmaps) bitmap\(target.bitmaps == 1 ? "" : "s"))"
        }
        guard !spans.isEmpty else { return nil }
        return "\(WidgetThumbs.name): note: android " + spans.joined(separator: "; ") + "; " + AndroidPlatform.uriNote
    }

    /// The note a command prints on standard error when `--max-bytes` asked for more than the
    /// library allows (the cap is clamped, not refused, so a config written for a looser limit
    /// still works).
    static func noteClampedBudget(_ options: ThumbnailOptions, _ console: Console) {
        let budget = options.budget
        guard budget.wasClamped else { return }
        console.write("\(WidgetThumbs.name): note: --max-bytes \(budget.requestedCap) is over the hard ceiling; "
            + "using \(budget.cap) bytes", to: .error)
    }
}
