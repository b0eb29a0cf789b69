/// A widget failure read from one line of a device log, an Xcode console or logcat: WidgetKit's
/// archival cap, timeline archive, memory limit or a reload chronod gave up on, or one of
/// Android's (`AndroidLogEvent`). `parse` finds it in a line (timestamps, process names and
/// other text around it are ignored), asking each platform of `WidgetPlatforms.all` in turn.
public enum WidgetLogEvent: Sendable, Hashable {
    /// `Widget archival failed due to image being too large [14] - (1200, 400), totalArea:
    /// 480000 > max[349905.600000]` or `imageTooLarge(size: (1024.0, 1024.0), maximumSize:
    /// (1042.8, 948.0))`: the image was over the slot's archival cap; the widget shows its
    /// placeholder.
    case archivalCap(ArchivalCapLog)
    /// `reload: failed with too large timeline archive 11307528`: chronod refused the timeline.
    case timelineArchive(bytes: Int)
    /// `EXC_RESOURCE ... (limit=30 MB)`, `exceeded mem limit: ActiveHard 30 MB (fatal)`,
    /// `memorystatus: killing_specific_process ... 30720KB`: the extension was killed; or
    /// `Crossed High Water Mark (Limit 30 MB)`: a warning that it came near.
    case memoryLimit(MemoryLimitLog)
    /// `Error Domain=CHSErrorDomain Code=1050`: chronod's reload of the widget failed.
    case chronoServices(code: Int, widget: LoggedWidget)
    /// An Android app widget failure: the bitmap memory cap, a binder transaction too large,
    /// or Glance's "Can't show content".
    case android(AndroidLogEvent)

    /// The words one of every platform's patterns needs (`WidgetPlatform.logKeyWords`): a line
    /// holding none of them reports nothing, so `mayReport` can skip it on its raw bytes,
    /// before a String is made.
    public static let keyWords = WidgetPlatforms.all.flatMap(\.logKeyWords)

    /// The words one of WidgetKit's patterns needs.
    public static let widgetKitKeyWords = ["totalArea", "imageTooLarge", "too large timeline archive", "EXC_RESOURCE",
                                  "killing_specific_process", "High Water Mark", "CHSErrorDomain"]
    private static let keyWordBytes: [[UInt8]] = keyWords.map { Array($0.utf8) }

    /// Whether `bytes` (one raw line) holds one of `keyWords`: a byte scan with no String made
    /// and no Regex run, so the lines of a log that hold none (nearly all) cost a pass over
    /// their bytes.
    public static func mayReport(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        // One pass: a table says which bytes start a key word, and only there are the words
        // starting with that byte compared.
        var index = 0
        let count = bytes.count
        while index < count {
            let starts = firstByteWords[Int(bytes[index])]
            if !starts.isEmpty {
                for word in starts where matches(word, at: index, in: bytes) { return true }
            }
            index += 1
        }
        return false
    }

    /// For each byte value, the key words starting with it.
    private static let firstByteWords: [[[UInt8]]] = (0..<256).map { byte in keyWordBytes.filter { $0.first == UInt8(byte) } }

    /// The offset of the first `word` in `bytes`: a first-byte scan then a compare, linear
    /// in the line times the word's length at worst.
    static func find(_ word: [UInt8], in bytes: UnsafeBufferPointer<UInt8>) -> Int? {
        guard let first = word.first, bytes.count >= word.count else { return nil }
        var index = 0
        let last = bytes.count - word.count
        while index <= last {
            if bytes[index] == first, matches(word, at: index, in: bytes) { return index }
            index += 1
        }
        return nil
    }

    /// Whether `word` stands in `bytes` at `index` (its first byte already compared).
    private static func matches(_ word: [UInt8], at index: Int, in bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        guard index + word.count <= bytes.count else { return false }
        var matched = 1
        while matched < word.count, bytes[index + matched] == word[matched] { matched += 1 }
        return matched == word.count
    }

    /// Whether `line` holds `word` (the same byte scan as `mayReport`).
    static func holds(_ line: Substring, _ word: String) -> Bool {
        let bytes = Array(word.utf8)
        if let found = line.utf8.withContiguousStorageIfAvailable({ find(bytes, in: $0) != nil }) { return found }
        return Array(line.utf8).withUnsafeBufferPointer { find(bytes, in: $0) != nil }
    }

    /// The failure `line` reports, or nil when it reports none this library knows: each
    /// platform's reading in `WidgetPlatforms.all`'s order.
    public static func parse(_ line: Substring) -> WidgetLogEvent? {
        for platform in WidgetPlatforms.all {
            if let event = platform.logEvent(in: line) { return event }
        }
        return nil
    }

    /// The WidgetKit failure `line` reports, or nil. Each pattern is tried only on a line
    /// holding its key words (a plain substring search), and no pattern scans ahead without a
    /// bound, so a line costs time linear in its length however it repeats the key words.
    public static func parseWidgetKit(_ line: Substring) -> WidgetLogEvent? {
        if holds(line, "totalArea"), let match = line.firstMatch(of: totalArea) {
            let image = match.output.w.flatMap { w in match.output.h.flatMap { h in LoggedNumber.size(w, h) } }
            guard let maximum = LoggedNumber(match.output.max) else { return nil }
            return .archivalCap(ArchivalCapLog(image: image, maximumArea: maximum, maximumSize: nil,
                                               loggedArea: LoggedNumber(match.output.area), widget: LoggedWidget(line)))
        }
        if holds(line, "imageTooLarge"), let match = line.firstMatch(of: imageTooLarge) {
            let output = match.output
            guard let width = LoggedNumber(output.mw), let height = LoggedNumber(output.mh),
                  let area = width.times(height) else { return nil }
            return .archivalCap(ArchivalCapLog(image: LoggedNumber.size(output.w, output.h), maximumArea: area,
                                               maximumSize: (width, height), widget: LoggedWidget(line)))
        }
        if holds(line, "too large timeline archive"), let match = line.firstMatch(of: timeline), let bytes = Int(match.output.bytes) {
            return .timelineArchive(bytes: bytes)
        }
        // The limit after the first EXC_RESOURCE: found from there once (a lazy `.*?` tried at
        // every EXC_RESOURCE of a hostile line was quadratic). A limit of 0 is no limit a
        // process was killed at: the line is not read as one.
        if holds(line, "EXC_RESOURCE"), let start = line.firstRange(of: "EXC_RESOURCE"),
           let match = line[start.upperBound...].firstMatch(of: memory),
           let kilobytes = MemoryLimitLog.kilobytes(match.output.amount, unit: match.output.unit), kilobytes > 0 {
            return .memoryLimit(MemoryLimitLog(kilobytes: kilobytes, form: .excResource, category: match.output.category.map(String.init),
                                               fatal: match.output.fatal != "non-fatal"))
        }
        if holds(line, "killing_specific_process"), let start = line.firstRange(of: "killing_specific_process"),
           let match = line[start.upperBound...].firstMatch(of: jetsam), let kilobytes = Int(match.output.kb), kilobytes > 0 {
            return .memoryLimit(MemoryLimitLog(kilobytes: kilobytes, form: .jetsam, category: nil, fatal: true))
        }
        if holds(line, "High Water Mark"), let match = line.firstMatch(of: highWaterMark),
           let kilobytes = MemoryLimitLog.kilobytes(match.output.amount, unit: match.output.unit), kilobytes > 0 {
            return .memoryLimit(MemoryLimitLog(kilobytes: kilobytes, form: .highWaterMark, category: nil, fatal: false))
        }
        if holds(line, "CHSErrorDomain"), let start = line.firstRange(of: "CHSErrorDomain"),
           let match = line[start.upperBound...].prefixMatch(of: chsCode), let code = Int(match.output.code),
           ChronoServicesError.explained.contains(code) {
            return .chronoServices(code: code, widget: LoggedWidget(line))
        }
        return nil
    }

    // Numbers as Swift and Objective-C print them: `349905.600000` (%f), `349905.6` (Swift,
    // %g, NSNumber), `620.4000000000001` (a Double printed in full), `3.49905e+05` (%g of a
    // large number), `564`. Every repeat is bounded, so a match attempt costs a bounded scan.
    // CGSize may print its labels, `(width: 620.4, height: 564.0)`.
    nonisolated(unsafe) private static let totalArea =
        /(?:\((?<w>\d{1,20}(?:\.\d{1,20})?(?:[eE][+-]?\d{1,3})?),\s{0,8}(?<h>\d{1,20}(?:\.\d{1,20})?(?:[eE][+-]?\d{1,3})?)\),\s{0,8})?totalArea:\s{0,8}(?<area>\d{1,20}(?:\.\d{1,20})?(?:[eE][+-]?\d{1,3})?)\s{0,8}>\s{0,8}max\[(?<max>\d{1,20}(?:\.\d{1,20})?(?:[eE][+-]?\d{1,3})?)\]/
    nonisolated(unsafe) private static let imageTooLarge =
        /imageTooLarge\(size:\s{0,8}\((?:width:\s{0,8})?(?<w>\d{1,20}(?:\.\d{1,20})?(?:[eE][+-]?\d{1,3})?),\s{0,8}(?:height:\s{0,8})?(?<h>\d{1,20}(?:\.\d{1,20})?(?:[eE][+-]?\d{1,3})?)\),\s{0,8}maximumSize:\s{0,8}\((?:width:\s{0,8})?(?<mw>\d{1,20}(?:\.\d{1,20})?(?:[eE][+-]?\d{1,3})?),\s{0,8}(?:height:\s{0,8})?(?<mh>\d{1,20}(?:\.\d{1,20})?(?:[eE][+-]?\d{1,3})?)\)\)/
    nonisolated(unsafe) private static let timeline = /too large timeline archive\s{1,8}(?<bytes>\d{1,18})/
    // `limit=30 MB` (the crash report's exception line) or `exceeded mem limit: ActiveHard 30
    // MB (fatal)` (the kernel's EXC_RESOURCE console line); the category and fatality are kept.
    nonisolated(unsafe) private static let memory =
        /(?:limit=|mem limit:\s{0,8}(?:(?<category>(?:Active|Inactive)(?:Hard|Soft))\s{1,8})?)(?<amount>\d{1,12})\s{0,8}(?<unit>MB|KB)(?:\s{0,8}\((?<fatal>fatal|non-fatal)\))?/
    // jetsam's `killing_specific_process pid 1388 [X] (per-process-limit 3) 30720KB`: the
    // footprint it was killed at, in KB.
    nonisolated(unsafe) private static let jetsam = /(?<kb>\d{1,12})\s{0,8}KB/
    nonisolated(unsafe) private static let highWaterMark = /[Ll]imit:?\s{0,8}(?<amount>\d{1,12})\s{0,8}(?<unit>MB|KB)/
    // `Error Domain=CHSErrorDomain Code=1050`, `CHSErrorDomain 1050`, `CHSErrorDomain error 1050`.
    nonisolated(unsafe) private static let chsCode =
        /"?,?\s{0,8}(?:[Cc]ode\s{0,8}[=:]?\s{0,8}|error\s{0,8}|\(\s{0,8})?(?<code>\d{1,9})/
}

/// A memory line: the kernel's kill of a process over its limit, or its warning.
public struct MemoryLimitLog: Sendable, Hashable {
    /// Which message the line is.
    public enum Form: String, Sendable, Codable {
        /// `EXC_RESOURCE RESOURCE_TYPE_MEMORY (limit=30 MB)` or `EXC_RESOURCE -> X[1388]
        /// exceeded mem limit: ActiveHard 30 MB (fatal)`.
        case excResource
        /// `memorystatus: killing_specific_process pid N [X] (per-process-limit ...) 30720KB`:
        /// jetsam killed the process at that footprint.
        case jetsam
        /// `Crossed High Water Mark (Limit 30 MB)`: the process reached its limit's warning
        /// level; nothing was killed by this line.
        case highWaterMark
    }

    /// The limit (or, for jetsam, the footprint at the kill) in KB (1 KB = 1,024 bytes).
    public let kilobytes: Int
    /// The message.
    public let form: Form
    /// `ActiveHard`, `ActiveSoft`, `InactiveHard` or `InactiveSoft` when the line names it.
    public let category: String?
    /// Whether the process was killed (false: a warning, or a `(non-fatal)` line).
    public let fatal: Bool

    /// A memory line's reading.
    public init(kilobytes: Int, form: Form, category: String?, fatal: Bool) {
        self.kilobytes = kilobytes
        self.form = form
        self.category = category
        self.fatal = fatal
    }

    /// The limit in bytes.
    public var bytes: Int { kilobytes * 1024 }
    /// The limit in MB (1,048,576 bytes, as the kernel counts): 30720 KB is 30.
    public var megabytes: Double { Double(kilobytes) / 1024 }
    /// `30` or `29.3`.
    public var megabytesText: String {
        kilobytes % 1024 == 0 ? String(kilobytes / 1024) : TableText.fixed(megabytes, 1)
    }

    /// `amount` in `unit` (MB or KB) as KB, or nil when it does not fit.
    static func kilobytes(_ amount: Substring, unit: Substring) -> Int? {
        guard let value = Int(amount) else { return nil }
        guard unit == "MB" else { return value }
        let (kb, overflow) = value.multipliedReportingOverflow(by: 1024)
        return overflow ? nil : kb
    }
}

/// What a CHSErrorDomain (ChronoServices, chronod's framework) code means, for the codes
/// `explain` reads.
public enum ChronoServicesError {
    /// The codes explained: 1050, a reload that failed.
    public static let explained: Set<Int> = [1050]
}

/// The widget a line names, when it does: WidgetKit's lines often carry `kind: "MyWidget"`
/// and the family, `family: systemSmall` or `systemMedium::338.00/158.00/21.60`.
public struct LoggedWidget: Sendable, Hashable {
    /// The widget's kind string, as logged (untrusted text: escape it to print it).
    public let kind: String?
    /// The family the line names.
    public let family: WidgetFamily?

    /// Neither.
    public static let none = LoggedWidget(kind: nil, family: nil)

    /// A widget's kind and family.
    public init(kind: String?, family: WidgetFamily?) {
        self.kind = kind
        self.family = family
    }

    /// What `line` says of its widget. Only run on a line that reported a failure; both
    /// patterns are bounded.
    init(_ line: Substring) {
        kind = line.firstMatch(of: Self.kindPattern).map { String($0.output.1 ?? $0.output.2 ?? "") }.flatMap { $0.isEmpty ? nil : $0 }
        family = line.firstMatch(of: Self.familyPattern).flatMap { WidgetFamily(rawValue: String($0.output)) }
    }

    // `kind: "MyWidget"`, `kind=MyWidget`, `kind: MyWidget`.
    nonisolated(unsafe) private static let kindPattern =
        /\bkind\s{0,4}[:=]\s{0,4}(?:"([^"\n]{1,200})"|([A-Za-z0-9_.\-]{1,200}))/
    // The longest name first: systemExtraLargePortrait before systemExtraLarge.
    nonisolated(unsafe) private static let familyPattern =
        /system(?:ExtraLargePortrait|ExtraLarge|Small|Medium|Large)|accessory(?:Circular|Rectangular|Inline|Corner)/
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
    /// The widget kind and family the line names, when it does.
    public let widget: LoggedWidget

    /// A failure's numbers; `loggedArea` is the line's own `totalArea`, when it has one.
    public init(image: PixelSize?, maximumArea: LoggedNumber, maximumSize: (width: LoggedNumber, height: LoggedNumber)?,
                loggedArea: LoggedNumber? = nil, widget: LoggedWidget = .none) {
        self.image = image
        self.maximumArea = maximumArea
        self.maximumSize = maximumSize
        self.loggedArea = loggedArea
        self.widget = widget
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
        lhs.image == rhs.image && lhs.maximumArea == rhs.maximumArea && lhs.loggedArea == rhs.loggedArea && lhs.widget == rhs.widget
            && lhs.maximumSize?.width == rhs.maximumSize?.width && lhs.maximumSize?.height == rhs.maximumSize?.height
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(image)
        hasher.combine(maximumArea)
        hasher.combine(loggedArea)
        hasher.combine(widget)
        hasher.combine(maximumSize?.width)
        hasher.combine(maximumSize?.height)
    }

    /// The whole-pixel cap: the logged maximum rounded down, as the catalogue keeps caps
    /// (`DeviceClass.Slot.capPixels`), so an image fits exactly when its area is at most it.
    public var capPixels: Int { maximumArea.floor }

    /// Every slot of `catalog` (dropped devices included) whose archival cap is this one, in
    /// catalogue order: its rendered pixels' cap, or, on a slot shown at a smaller frame (the
    /// iPad Home Screen), that frame's area times the slot's cap-rule multiplier (the 820x1180
    /// iPad's medium 600x272 frame x 4.4 = 718,080, logged where its 684x310 canvas gives
    /// 933,016). Narrowed to the line's family when it names one the matches have.
    public func matches(in catalog: WidgetCatalog) -> [CatalogSlot] {
        let multipliers = Dictionary(catalog.capRules.map { ($0.id, $0.multiplier) }, uniquingKeysWith: { first, _ in first })
        let all = catalog.devices.flatMap { row in
            row.slots.compactMap { slot -> CatalogSlot? in
                if slot.capPixels == capPixels { return CatalogSlot(device: row, slot: slot, frame: .rendered) }
                if let displayed = slot.displayed, let multiplier = multipliers[slot.capRule],
                   multiplier.cap(forArea: displayed.area) == capPixels {
                    return CatalogSlot(device: row, slot: slot, frame: .displayed)
                }
                return nil
            }
        }
        if let family = widget.family, all.contains(where: { $0.slot.family == family }) {
            return all.filter { $0.slot.family == family }
        }
        return all
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

/// A slot of a catalogue row, named with its row, and which of its frames a cap matched.
public struct CatalogSlot: Sendable, Hashable {
    /// The frame whose area times the multiplier is the cap.
    public enum Frame: String, Sendable, Codable {
        /// `pixels`: what WidgetKit renders (on iPad the design canvas).
        case rendered
        /// `displayed`: the smaller frame the iPad Home Screen shows the canvas at.
        case displayed
    }

    /// The row.
    public let device: DeviceClass
    /// One of its slots.
    public let slot: DeviceClass.Slot
    /// Which frame gave the cap.
    public let frame: Frame

    /// A slot matched on `frame`.
    public init(device: DeviceClass, slot: DeviceClass.Slot, frame: Frame = .rendered) {
        self.device = device
        self.slot = slot
        self.frame = frame
    }

    /// The frame's pixels.
    public var pixels: PixelSize { frame == .displayed ? slot.displayed ?? slot.pixels : slot.pixels }
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

    /// Significant digits kept. A Double holds 15 decimal digits exactly (DBL_DIG): the
    /// digits past them in a Double printed in full (`620.4000000000001`, Swift's shortest
    /// round-trip spelling) are binary noise of the arithmetic, not part of the figure.
    /// WidgetKit computes its cap in Double, so the number rounded to 15 digits (half up) is
    /// the decimal it meant: 620.4000000000001 x 564.0 gives the catalogue's 349,905.6, as
    /// `620.4 x 564` does, and `1039262.3999999999` stays 1,039,262.4 instead of flooring to
    /// 1,039,261. A number of 15 digits or fewer is kept exact.
    public static let significantDigits = 15

    /// `text`, a number as Swift or Objective-C print it: digits, an optional point and
    /// fraction, an optional exponent (`3.49905e+05`, `1E3`), read with JSON's number grammar
    /// (`JSONNumber`, which Swift's and `%f`/`%g`'s spellings all are); or nil (a sign, more
    /// than 64 characters, or a value that does not fit).
    public init?(_ text: Substring) {
        guard text.utf8.count <= 64, let number = JSONNumber(String(text)) else { return nil }
        let parts = number.decimalParts
        guard !parts.negative else { return nil }
        let all = parts.digits
        var fractionDigits = -parts.exponent
        // Past 15 significant digits: rounded, half up (a carry is a digit more, still exact).
        var value = 0
        let kept = min(all.count, Self.significantDigits)
        for byte in all[..<kept] { value = value * 10 + Int(byte - 0x30) }
        if all.count > kept {
            if all[kept] >= 0x35 { value += 1 }
            fractionDigits -= all.count - kept
        }
        if value == 0 { fractionDigits = 0 }
        if fractionDigits < 0 {
            guard fractionDigits >= -18 else { return nil }
            for _ in 0..<(-fractionDigits) {
                let (product, overflow) = value.multipliedReportingOverflow(by: 10)
                guard !overflow else { return nil }
                value = product
            }
            fractionDigits = 0
        }
        // Trailing zeros after the point say nothing: 564.0 == 564.
        while fractionDigits > 0, value % 10 == 0 {
            value /= 10
            fractionDigits -= 1
        }
        guard fractionDigits <= 18 else { return nil }
        self.init(digits: value, fractionDigits: fractionDigits)
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
