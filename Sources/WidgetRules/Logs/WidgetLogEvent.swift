/// A WidgetKit failure read from one line of a device log or an Xcode console: the archival
/// cap, the timeline archive's size, or the extension's memory limit. `parse` finds it in a line
/// (timestamps, process names and other text around it are ignored).
public enum WidgetLogEvent: Sendable, Hashable {
    /// `Widget archival failed due to image being too large [14] - (1200, 400), totalArea:
    /// 480000 > max[349905.600000]` or `imageTooLarge(size: (1024.0, 1024.0), maximumSize:
    /// (1042.8, 948.0))`: the image was over the slot's archival cap; the widget shows its
    /// placeholder.
    case archivalCap(ArchivalCapLog)
    /// `reload: failed with too large timeline archive 11307528`: chronod refused the timeline.
    case timelineArchive(bytes: Int)
    /// `EXC_RESOURCE RESOURCE_TYPE_MEMORY (limit=30 MB, ...)`: the extension was killed.
    case memoryLimit(megabytes: Int)

    /// The failure `line` reports, or nil when it reports none this library knows. Each
    /// pattern is tried only on a line holding its key words (a plain substring search), and
    /// no pattern scans ahead without a bound, so a line costs time linear in its length
    /// however it repeats the key words.
    public static func parse(_ line: Substring) -> WidgetLogEvent? {
        if line.contains("totalArea"), let match = line.firstMatch(of: totalArea) {
            let image = match.output.w.flatMap { w in match.output.h.flatMap { h in LoggedNumber.size(w, h) } }
            guard let maximum = LoggedNumber(match.output.max) else { return nil }
            return .archivalCap(ArchivalCapLog(image: image, maximumArea: maximum, maximumSize: nil,
                                               loggedArea: LoggedNumber(match.output.area)))
        }
        if line.contains("imageTooLarge"), let match = line.firstMatch(of: imageTooLarge) {
            let output = match.output
            guard let width = LoggedNumber(output.mw), let height = LoggedNumber(output.mh),
                  let area = width.times(height) else { return nil }
            return .archivalCap(ArchivalCapLog(image: LoggedNumber.size(output.w, output.h), maximumArea: area,
                                               maximumSize: (width, height)))
        }
        if line.contains("too large timeline archive"), let match = line.firstMatch(of: timeline), let bytes = Int(match.output.bytes) {
            return .timelineArchive(bytes: bytes)
        }
        // The limit after the first EXC_RESOURCE: found from there once (a lazy `.*?` tried at
        // every EXC_RESOURCE of a hostile line was quadratic). A limit of 0 MB is no limit a
        // process was killed at: the line is not read as one.
        if let start = line.firstRange(of: "EXC_RESOURCE"), let match = line[start.upperBound...].firstMatch(of: memory),
           let megabytes = Int(match.output.mb), megabytes > 0 {
            return .memoryLimit(megabytes: megabytes)
        }
        return nil
    }

    // Numbers as logs spell them: `349905.600000`, `349905.6`, `564`, `564.0`. CGSize may
    // print its labels, `(width: 620.4, height: 564.0)`.
    nonisolated(unsafe) private static let totalArea =
        /(?:\((?<w>\d{1,9}(?:\.\d{1,9})?),\s*(?<h>\d{1,9}(?:\.\d{1,9})?)\),\s*)?totalArea:\s*(?<area>\d{1,18}(?:\.\d{1,9})?)\s*>\s*max\[(?<max>\d{1,12}(?:\.\d{1,9})?)\]/
    nonisolated(unsafe) private static let imageTooLarge =
        /imageTooLarge\(size:\s*\((?:width:\s*)?(?<w>\d{1,9}(?:\.\d{1,9})?),\s*(?:height:\s*)?(?<h>\d{1,9}(?:\.\d{1,9})?)\),\s*maximumSize:\s*\((?:width:\s*)?(?<mw>\d{1,9}(?:\.\d{1,9})?),\s*(?:height:\s*)?(?<mh>\d{1,9}(?:\.\d{1,9})?)\)\)/
    nonisolated(unsafe) private static let timeline = /too large timeline archive\s+(?<bytes>\d{1,18})/
    nonisolated(unsafe) private static let memory = /limit=(?<mb>\d{1,9})\s*MB/
}

/// An archival failure's numbers as logged.
public struct ArchivalCapLog: Sendable, Hashable {
    /// The image's pixel size, when the line gives it.
    public let image: PixelSize?
    /// The largest pixel area WidgetKit would have archived (M of `max[M]`, or the product of
    /// `maximumSize`), exact as logged.
    public let maximumArea: LoggedNumber
    /// `maximumSize: (MW, MH)`, when the line gives it.
    public let maximumSize: (width: LoggedNumber, height: LoggedNumber)?
    /// `totalArea: A`, when the line gives it.
    public let loggedArea: LoggedNumber?

    /// A failure's numbers; `loggedArea` is the line's own `totalArea`, when it has one.
    public init(image: PixelSize?, maximumArea: LoggedNumber, maximumSize: (width: LoggedNumber, height: LoggedNumber)?,
                loggedArea: LoggedNumber? = nil) {
        self.image = image
        self.maximumArea = maximumArea
        self.maximumSize = maximumSize
        self.loggedArea = loggedArea
    }

    /// Why the line cannot be what it says, or nil: an area at or under the maximum is not
    /// over it, and an image whose own area is would have been archived.
    public var contradiction: String? {
        if let loggedArea, loggedArea.double <= maximumArea.double {
            return "the line gives totalArea \(loggedArea), which is not over its max[\(maximumArea)]"
        }
        if let image, loggedArea == nil, Double(image.area) <= maximumArea.double {
            return "the line's image, \(image) = \(image.area) px, is not over its maximum of \(maximumArea) px"
        }
        return nil
    }

    public static func == (lhs: ArchivalCapLog, rhs: ArchivalCapLog) -> Bool {
        lhs.image == rhs.image && lhs.maximumArea == rhs.maximumArea && lhs.loggedArea == rhs.loggedArea
            && lhs.maximumSize?.width == rhs.maximumSize?.width && lhs.maximumSize?.height == rhs.maximumSize?.height
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(image)
        hasher.combine(maximumArea)
        hasher.combine(loggedArea)
        hasher.combine(maximumSize?.width)
        hasher.combine(maximumSize?.height)
    }

    /// The whole-pixel cap: the logged maximum rounded down, as the catalogue keeps caps
    /// (`DeviceClass.Slot.capPixels`), so an image fits exactly when its area is at most it.
    public var capPixels: Int { maximumArea.floor }

    /// Every slot of `catalog` (dropped devices included) whose archival cap is this one, in
    /// catalogue order.
    public func matches(in catalog: WidgetCatalog) -> [CatalogSlot] {
        catalog.devices.flatMap { row in
            row.slots.filter { $0.capPixels == capPixels }.map { CatalogSlot(device: row, slot: $0) }
        }
    }

    /// The largest size of the logged image's shape (the slot's, without one) whose area is at
    /// most `cap`, and never larger than the logged image itself.
    public func largestFitting(cap: Int, shape: PixelSize) -> PixelSize {
        let shape = image ?? shape
        if image != nil, shape.area <= cap { return shape }
        let scale = (Double(cap) / Double(shape.area)).squareRoot()
        var width = max(1, Int((Double(shape.width) * scale).rounded(.down)))
        var height = max(1, Int((Double(shape.height) * scale).rounded(.down)))
        while width * height > cap, width > 1, height > 1 {
            if width * shape.height >= height * shape.width { width -= 1 } else { height -= 1 }
        }
        // A side of one pixel (a picture thinner than the cap allows) stays one; the other is
        // cut to what the cap leaves, never to zero.
        if width * height > cap {
            if height == 1 { width = max(1, cap) } else { height = max(1, cap / width) }
        }
        return PixelSize(width: width, height: height)
    }

    /// The slot each of `catalog`'s cap multipliers implies (`maximumArea / multiplier`), for a
    /// maximum no row has: its area, and its sides when `maximumSize` gives the shape (2.2 w x
    /// 2.0 h for 4.4, 1.2 per axis for 1.44, per the catalogue's cap rules), else a square's.
    public func impliedSlots(in catalog: WidgetCatalog) -> [ImpliedSlot] {
        var seen: [WidgetCatalog.CapMultiplier] = []
        return catalog.capRules.compactMap { rule in
            guard !seen.contains(rule.multiplier) else { return nil }
            seen.append(rule.multiplier)
            let area = maximumArea.double * Double(rule.multiplier.denominator) / Double(rule.multiplier.numerator)
            var pixels = PixelSize(width: max(1, Int(area.squareRoot().rounded())), height: max(1, Int(area.squareRoot().rounded())))
            if let maximumSize, let axes = rule.multiplier.axisFactors {
                pixels = PixelSize(width: max(1, Int((maximumSize.width.double / axes.width).rounded())),
                                   height: max(1, Int((maximumSize.height.double / axes.height).rounded())))
            }
            return ImpliedSlot(rule: rule, area: area, pixels: pixels)
        }
    }
}

/// What a maximum means under one cap rule: the slot area (and sides) it would be.
public struct ImpliedSlot: Sendable, Hashable {
    /// The rule whose multiplier divides the maximum.
    public let rule: WidgetCatalog.CapRule
    /// maximum / multiplier, in pixels.
    public let area: Double
    /// The sides: from maximumSize when logged, else the square of that area.
    public let pixels: PixelSize
    /// Whether the division leaves a whole-pixel area of whole-pixel sides (a real slot's).
    public var isWhole: Bool { abs(area - Double(pixels.area)) < 0.01 }
}

/// A slot of a catalogue row, named with its row.
public struct CatalogSlot: Sendable, Hashable {
    /// The row.
    public let device: DeviceClass
    /// One of its slots.
    public let slot: DeviceClass.Slot
}

extension WidgetCatalog.CapMultiplier {
    /// How WidgetKit splits the multiplier between the axes of `maximumSize`: 4.4 is 2.2 w x
    /// 2.0 h and 1.44 is 1.2 x 1.2 (the logs the catalogue's cap rules cite); nil for others.
    public var axisFactors: (width: Double, height: Double)? {
        switch (numerator, denominator) {
        case (44, 10): (2.2, 2.0)
        case (144, 100): (1.2, 1.2)
        default: nil
        }
    }
}

/// A non-negative decimal number exactly as a log wrote it (`349905.600000` is 3499056 / 10).
public struct LoggedNumber: Sendable, Hashable, CustomStringConvertible {
    /// The digits without the decimal point.
    public let digits: Int
    /// How many of them follow the point.
    public let fractionDigits: Int

    /// `text` (digits, at most one point, at most 18 digits), or nil.
    public init?(_ text: Substring) {
        let parts = text.split(separator: ".", omittingEmptySubsequences: false)
        guard (1...2).contains(parts.count), parts.allSatisfy({ !$0.isEmpty && $0.allSatisfy(\.isASCII) && $0.allSatisfy(\.isNumber) }),
              text.count <= 19, let value = Int(parts.joined()) else { return nil }
        var digits = value
        var fraction = parts.count == 2 ? parts[1].count : 0
        // Trailing zeros after the point say nothing: 564.0 == 564.
        while fraction > 0, digits % 10 == 0 {
            digits /= 10
            fraction -= 1
        }
        self.init(digits: digits, fractionDigits: fraction)
    }

    private init(digits: Int, fractionDigits: Int) {
        self.digits = digits
        self.fractionDigits = fractionDigits
    }

    private static func power(_ exponent: Int) -> Int { (0..<exponent).reduce(1) { value, _ in value * 10 } }

    /// Rounded down to a whole number.
    public var floor: Int { digits / Self.power(fractionDigits) }
    /// As a floating-point number.
    public var double: Double { Double(digits) / Double(Self.power(fractionDigits)) }

    /// The exact product, or nil when it does not fit.
    public func times(_ other: LoggedNumber) -> LoggedNumber? {
        let (product, overflow) = digits.multipliedReportingOverflow(by: other.digits)
        guard !overflow, fractionDigits + other.fractionDigits <= 18 else { return nil }
        return LoggedNumber(digits: product, fractionDigits: fractionDigits + other.fractionDigits)
    }

    /// `349905.6`: the shortest exact spelling.
    public var description: String {
        guard fractionDigits > 0 else { return String(digits) }
        let text = String(digits)
        let padded = String(repeating: "0", count: max(0, fractionDigits + 1 - text.count)) + text
        return padded.dropLast(fractionDigits) + "." + padded.suffix(fractionDigits)
    }

    /// A logged image size rounded to whole pixels (`(1024.0, 1024.0)`), or nil.
    static func size(_ width: Substring, _ height: Substring) -> PixelSize? {
        guard let w = LoggedNumber(width), let h = LoggedNumber(height), w.floor > 0, h.floor > 0 else { return nil }
        return PixelSize(width: Int(w.double.rounded()), height: Int(h.double.rounded()))
    }
}
