import WidgetThumbnails

/// `--screen`, `--density`, `--cells`, `--bitmaps` and `--target-sdk`: what an Android widget
/// image is made or budgeted for (`AndroidTarget`), read once here. They apply when
/// `--platform android` chooses Android's rules (`WidgetPlatforms`); given without it they are
/// refused, so a forgotten `--platform` never sizes for WidgetKit silently.
enum AndroidArguments {
    static let screen = OptionSpec.value(
        "screen", valueName: "WxH|name", presence: .optional,
        help: "With --platform android: the display's real size in pixels in its current mode (1080x2400), or a catalogued "
            + "screen's id or name; its cap is 6 x W x H bytes of bitmaps per widget update.")
    static let density = OptionSpec.value(
        "density", valueName: "D", presence: .optional,
        help: "With --platform android: px a dp (2.625 for 420 dpi) or a bucket (xxhdpi); default the catalogued screen's.")
    static let cells = OptionSpec.value(
        "cells", valueName: "CxR", presence: .optional,
        help: "With --platform android: the widget's cell span, columns x rows (4x2); its slot is the span's largest frame. "
            + "'thumbnail' and 'batch' take several (2x2,4x2): one file each (NAME.android-2x2.<ext>), from one decode; "
            + "'budget' lists each.")
    static let bitmaps = OptionSpec.value(
        "bitmaps", valueName: "N", presence: .optional,
        help: "With --platform android: distinct bitmaps one update carries across every size (default 1); each gets the cap / N.")
    static let targetSDK = OptionSpec.value(
        "target-sdk", valueName: "N", presence: .optional,
        help: "With --platform android: the app's target SDK; 37 or later gets Android 17's stricter count.")

    static var specs: [OptionSpec] { [screen, density, cells, bitmaps, targetSDK] }

    /// Whether `--platform` chose Android.
    static func isChosen(_ arguments: ParsedArguments) -> Bool {
        arguments.values(DeviceArguments.platform).contains { WidgetPlatforms.named($0) is AndroidPlatform }
    }

    /// The target the options describe, or nil when `--platform android` was not given. With
    /// `requireSlot`, the density and the cell span must be known (a thumbnail needs its box).
    /// One span at most: a list is `targets`'.
    static func target(_ arguments: ParsedArguments, catalog: WidgetCatalog, requireSlot: Bool) throws(UsageError) -> AndroidTarget? {
        guard let all = try targets(arguments, catalog: catalog, requireSlot: requireSlot) else { return nil }
        guard all.count == 1 else {
            throw UsageError("'--cells' lists several spans; only 'thumbnail' makes one file each (give one span here)")
        }
        return all[0]
    }

    /// One target per span of `--cells` (one with no span when it is not given), or nil when
    /// `--platform android` was not given.
    static func targets(_ arguments: ParsedArguments, catalog: WidgetCatalog, requireSlot: Bool) throws(UsageError) -> [AndroidTarget]? {
        guard isChosen(arguments) else {
            if let given = specs.first(where: { arguments.wasGiven($0) }) {
                throw UsageError("'\(given.longForm)' sizes for Android: add '--platform android'")
            }
            return nil
        }
        if arguments.values(DeviceArguments.platform).count > 1 {
            throw UsageError("'--platform android' cannot be combined with another --platform")
        }
        for other in [FamiliesArgument.spec, OptionSpec.perDevice] where arguments.wasGiven(other) {
            throw UsageError("'\(other.longForm)' sizes for WidgetKit's families; with '--platform android' give '--cells'")
        }
        for other in [DeviceArguments.device, DeviceArguments.os] where arguments.wasGiven(other) {
            throw UsageError("'\(other.longForm)' chooses WidgetKit devices; with '--platform android' give '--screen'")
        }
        guard let screenText = arguments.value(screen) else {
            throw UsageError("'--platform android' needs '--screen WxH' (the display's real size in pixels), e.g. --screen 1080x2400")
        }
        let catalogued = catalog.androidScreen(named: screenText)
        guard let size = catalogued?.pixels ?? PixelSize(commandLine: screenText) else {
            throw UsageError("'--screen' expects WxH in pixels (1-65535 a side) or a catalogued screen "
                + "(see 'widget-thumbs devices --platform android'); got '\(DisplayText.escaped(screenText, limit: 80))'")
        }
        let chosenDensity = try arguments.value(density, expected: "px a dp such as 2.625 (a whole number of dpi / 160) or a bucket such as xxhdpi") {
            AndroidDensity(text: $0)
        }
        var spans: [AndroidCellSpan] = []
        for text in arguments.value(cells).map({ $0.split(separator: ",", omittingEmptySubsequences: false).map(String.init) }) ?? [] {
            guard let size = PixelSize(commandLine: text) else {
                throw UsageError("'--cells' expects columns x rows such as 4x2 (or a list, 2x2,4x2); got '\(DisplayText.escaped(text, limit: 80))'")
            }
            guard let found = catalog.androidCells?.span(columns: size.width, rows: size.height) else {
                let known = catalog.androidCells?.spans.map(\.description).joined(separator: ", ") ?? "none"
                throw UsageError("'--cells \(size.width)x\(size.height)': the cell table has no such span (known: \(known))")
            }
            guard !spans.contains(found) else { throw UsageError("'--cells' lists \(found) twice") }
            spans.append(found)
        }
        let count = try arguments.value(bitmaps, expected: "a whole number of bitmaps from 1 to 1000") {
            Int($0).flatMap { (1...1000).contains($0) ? $0 : nil }
        }
        let sdk = try arguments.value(targetSDK, expected: "an API level such as 36 or 37") {
            Int($0).flatMap { (1...999).contains($0) ? $0 : nil }
        }
        let targets = (spans.isEmpty ? [nil] : spans.map { Optional($0) }).map { span in
            AndroidTarget(screen: size, catalogued: catalogued ?? catalog.androidScreens.first { $0.pixels == size },
                          density: chosenDensity, cells: span, bitmaps: count ?? 1, targetSDK: sdk)
        }
        if requireSlot {
            guard targets[0].density != nil else {
                throw UsageError("'--platform android': the screen \(size.width)x\(size.height) is not catalogued; give '--density D'")
            }
            guard !spans.isEmpty else { throw UsageError("'--platform android' needs '--cells CxR' (the widget's span, e.g. 4x2) to size a picture") }
        }
        return targets
    }
}
