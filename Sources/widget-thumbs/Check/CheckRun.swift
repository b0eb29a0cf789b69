import Foundation
import WidgetSnapshots
import WidgetThumbnails

/// Checks each image against every family it may be drawn in, on the devices its scale and
/// idiom reach: the archival cap, the slot it fills, the decoded bytes, the file's bytes, and
/// with `appearance` the rendering modes. Sizes come from headers only unless `appearance`.
struct CheckRun {
    var catalog: WidgetCatalog
    /// The chosen devices (the command's options or the config's).
    var devices: [DeviceClass]
    /// The options that chose `devices` (`--platform iOS`, ...), repeated in the fix; empty
    /// for the catalogue's default set.
    var selection: [String]
    /// `--catalog`'s file, repeated in the fix.
    var catalogFile: String?
    /// `--family`/`--families`, or nil for the config's or the system families.
    var families: [WidgetFamily]?
    var config: CheckConfig
    var appearance: Bool
    var entries: Int?

    /// The findings, kept for a whole-document output (JSON, SARIF); empty when `stream` takes them.
    var findings: [CheckFinding] = []
    /// Where each finding goes as it is made (the line outputs: memory stays flat however
    /// many images), or nil to keep them in `findings`.
    var stream: ((CheckFinding) -> Void)?
    /// Unsuppressed errors and warnings, and suppressed findings, counted as they come.
    var errors = 0
    var warnings = 0
    var suppressed = 0
    var checked = 0
    /// Per scale and idiom, worked out once.
    let plans = CheckPlans()

    /// The system families: `check`'s default, since one image usually serves them all.
    static let systemFamilies = WidgetFamily.allCases.filter { !$0.isAccessory }

    mutating func check(_ image: CheckImage) {
        let limits = DecodeLimits.default
        let bytes: [UInt8]
        let info: ImageInfo
        do throws(ImageError) {
            bytes = try InputFile.read(image.path, maxBytes: limits.maxFileBytes)
            info = try ImageDecoder.probe(bytes, file: image.path, limits: limits)
        } catch {
            add(CheckFinding(file: image.path, rule: .unreadable, level: .error, family: nil, devices: [],
                             message: "cannot be read as an image: \(error.reasonText)", fix: nil))
            return
        }
        check(image, info: info, bytes: bytes, note: nil)
    }

    /// Checks `bytes` (probed as `info`) as `image`; `note` is said with the memory finding.
    mutating func check(_ image: CheckImage, info: ImageInfo, bytes: [UInt8], note: String?) {
        checked += 1
        let size = info.orientedSize
        let reach = plans.reach(scale: image.scale, platforms: image.platforms, devices: devices)
        let reached = reach.rows
        let wanted = families ?? config.families(for: image.path) ?? image.assetSet.flatMap(config.families(for:)) ?? Self.systemFamilies
        let shown = wanted.filter { !reach.family($0).rows.isEmpty }
        guard !shown.isEmpty else {
            let scale = image.scale.map { "@\($0)x " } ?? ""
            add(CheckFinding(file: image.path, rule: .notDrawn, level: .note, family: nil, devices: [],
                             message: "\(scale)variant not drawn in \(wanted.map(\.rawValue).joined(separator: ", ")) on any chosen device", fix: nil))
            return
        }
        var decoded: DecodedImage?
        if appearance {
            decoded = try? ImageDecoder.decode(bytes, file: image.path)
        }
        for family in shown {
            let plan = reach.family(family)
            let slots = plan.slots
            let familyRows = plan.rows
            let over = slots.filter { size.area > $0.1.capPixels }
            if !over.isEmpty {
                let smallest = over.min { $0.1.capPixels < $1.1.capPixels }!
                add(CheckFinding(
                    file: image.path, rule: .archivalCap, level: .error, family: family, devices: plans.names(over.map(\.0)),
                    message: "\(size) = \(TableText.grouped(size.area)) px is over the archival cap of \(family.rawValue) on "
                        + "\(over.count) of \(slots.count) slots (smallest: \(TableText.grouped(smallest.1.capPixels)) px, "
                        + "\(smallest.1.pixels) slot on \(smallest.0.label)): the widget shows its placeholder there, in every family",
                    fix: fixCommand(image.path, family: family, rows: familyRows)))
            }
            let upscaled = slots.map { ($0, max(Double($0.1.pixels.width) / Double(size.width), Double($0.1.pixels.height) / Double(size.height))) }
                .filter { $0.1 > 1.01 }
            if let worst = upscaled.max(by: { $0.1 < $1.1 }) {
                add(CheckFinding(
                    file: image.path, rule: .undersized, level: .warning, family: family, devices: plans.names(upscaled.map(\.0.0)),
                    message: "\(size) is smaller than the \(family.rawValue) slot it fills: drawn upscaled up to "
                        + "\(TableText.fixed(worst.1, 2))x (\(worst.0.1.pixels) on \(worst.0.0.label)), blurry",
                    fix: fixCommand(image.path, family: family, rows: familyRows, source: "LARGER-ORIGINAL")))
            }
            if let decoded {
                let measured = RenderAppearance(measuring: decoded.image, storesAlpha: info.hasAlpha, family: family)
                for warning in measured.warnings {
                    add(CheckFinding(file: image.path, rule: .appearance, level: .warning, family: family, devices: [],
                                     message: warning.message, fix: fixCommand(image.path, family: family, rows: familyRows)))
                }
            }
        }
        // Memory and bytes do not depend on the family.
        let family = shown[0]
        let familyRows = reach.family(family).rows
        let drawing = reached.filter { row in shown.contains { !row.slots(for: $0).isEmpty } }
        let limit = BitmapCost.memoryLimitBytes(of: drawing, in: catalog)
        let decodedBytes = BitmapCost.decodedBytes(size, bytesPerPixel: info.renderBytesPerPixel)
        if decodedBytes * 2 > limit {
            add(CheckFinding(
                file: image.path, rule: .decodedMemory, level: decodedBytes >= limit ? .error : .warning, family: nil,
                devices: plans.names(drawing.filter { catalog.memoryLimitBytes(for: $0.platform) == limit }),
                message: "decoded, \(size) takes \(TableText.grouped(decodedBytes)) bytes, "
                    + "\(TableText.fixed(Double(decodedBytes) / Double(limit) * 100, 1))% of the widget extension's "
                    + "\(limit / 1_048_576) MB (shared by every widget rendered at once)\(note.map { "; \($0)" } ?? "")",
                fix: fixCommand(image.path, family: family, rows: familyRows)))
        }
        if bytes.count > ByteBudget.defaultCap {
            add(CheckFinding(
                file: image.path, rule: .fileBytes, level: .warning, family: nil, devices: [],
                message: "\(TableText.grouped(bytes.count)) bytes, over the per-image budget of \(TableText.grouped(ByteBudget.defaultCap)) "
                    + "(every timeline entry carries them)",
                fix: fixCommand(image.path, family: family, rows: familyRows) + " --max-bytes \(ByteBudget.defaultCap)"))
        }
        if let entries {
            let budget = TimelineBudget(entries: entries, imageBytesPerEntry: bytes.count)
            if !budget.fits(.decoded) {
                add(CheckFinding(
                    file: image.path, rule: .timelineArchive, level: budget.fits(.data) ? .warning : .error, family: nil, devices: [],
                    message: "\(entries) entries of it: \(TableText.grouped(budget.archiveBytes(.data))) bytes as data, "
                        + "\(TableText.grouped(budget.archiveBytes(.decoded))) decoded, against the timeline limit of "
                        + "\(TableText.grouped(TimelineBudget.limitBytes)) bytes"
                        + (budget.fits(.data) ? ": hand it over as data (UIImage(data:)), not decoded" : ""),
                    fix: "widget-thumbs budget \(Self.quoted(image.path)) --entries \(entries)"))
            }
        }
    }

    /// Records `finding`, suppressed when the config ignores it.
    mutating func add(_ finding: CheckFinding) {
        var finding = finding
        finding.suppressed = config.ignore(finding.rule, at: finding.file)?.reason
        if finding.suppressed != nil {
            suppressed += 1
        } else if finding.level == .error {
            errors += 1
        } else if finding.level == .warning {
            warnings += 1
        }
        if let stream { stream(finding) } else { findings.append(finding) }
    }

    /// `widget-thumbs thumbnail SOURCE -o STEM.family.EXT --family F` with the device choice:
    /// the command's own options when `rows` are all its devices that show the family, else
    /// each row (a 3x variant's @3 rows) by id.
    func fixCommand(_ path: String, family: WidgetFamily, rows: [DeviceClass], source: String? = nil) -> String {
        let name = path.split(separator: "/").last ?? ""
        let ext = name.contains(".") ? String(name.split(separator: ".").last!) : "png"
        var words = ["widget-thumbs", "thumbnail", Self.quoted(source ?? path), "-o", Self.quoted("\(Self.stem(path)).\(family.rawValue).\(ext)"),
                     "--family", family.rawValue]
        if let catalogFile { words += ["--catalog", Self.quoted(catalogFile)] }
        words += plans.deviceWords(family: family, rows: rows, devices: devices, selection: selection)
        return words.joined(separator: " ")
    }

    private static let plainPunctuation = Set("@%+=:,./_-".utf8)

    /// The path without its last extension.
    static func stem(_ path: String) -> String {
        guard let slash = path.lastIndex(of: "/") ?? path.indices.first,
              let dot = path[slash...].lastIndex(of: "."), dot != path.startIndex else { return path }
        return String(path[..<dot])
    }

    /// `path` as one shell word (single-quoted when it holds anything but plain characters),
    /// escaped for the terminal.
    static func quoted(_ path: String) -> String {
        let plain = path.utf8.allSatisfy { byte in
            (0x30...0x39).contains(byte) || (0x41...0x5A).contains(byte) || (0x61...0x7A).contains(byte) || plainPunctuation.contains(byte)
        }
        return DisplayText.escaped(plain ? path : "'" + path.replacingOccurrences(of: "'", with: "'\\''") + "'")
    }

}

/// What `check` works out once per asset-catalog scale and idiom rather than per image (10,000
/// images are a handful of scales): the rows reached, each family's slots and rows, and the
/// device-name lists findings share.
final class CheckPlans {
    struct Reach {
        var rows: [DeviceClass]
        var families: [WidgetFamily: FamilyPlan]
        func family(_ family: WidgetFamily) -> FamilyPlan { families[family] ?? FamilyPlan(slots: [], rows: []) }
    }

    struct FamilyPlan {
        var slots: [(DeviceClass, DeviceClass.Slot)]
        var rows: [DeviceClass]
    }

    private struct Key: Hashable {
        var scale: Int?
        var platforms: [Platform]
    }

    private var reaches: [Key: Reach] = [:]
    private var words: [[String]: [String]] = [:]

    /// The fix's device options for `rows` showing `family`: the command's own `selection`
    /// when they are all its `devices` that show the family, else each row by id.
    func deviceWords(family: WidgetFamily, rows: [DeviceClass], devices: [DeviceClass], selection: [String]) -> [String] {
        let key = [family.rawValue] + rows.map(\.id)
        if let known = words[key] { return known }
        let all = rows.count == devices.filter { !$0.slots(for: family).isEmpty }.count
        let made = all ? selection : rows.flatMap { ["--device", $0.id] }
        words[key] = made
        return made
    }
    private var nameLists: [[String]: [String]] = [:]

    /// The rows of `devices` an image of `scale` (nil: every scale) and idiom `platforms`
    /// (empty: all) is drawn on.
    func reach(scale: Int?, platforms: [Platform], devices: [DeviceClass]) -> Reach {
        let key = Key(scale: scale, platforms: platforms)
        if let known = reaches[key] { return known }
        let rows = devices.filter { row in
            (scale.map { row.scale == $0 } ?? true) && (platforms.isEmpty || platforms.contains(row.platform))
        }
        var families: [WidgetFamily: FamilyPlan] = [:]
        for family in WidgetFamily.allCases {
            families[family] = FamilyPlan(slots: rows.flatMap { row in row.slots(for: family).map { (row, $0) } },
                                          rows: rows.filter { !$0.slots(for: family).isEmpty })
        }
        let reach = Reach(rows: rows, families: families)
        reaches[key] = reach
        return reach
    }

    /// The rows' names (`DeviceClass.description`), each once, in order; one shared array per
    /// distinct list.
    func names(_ rows: [DeviceClass]) -> [String] {
        var ids: [String] = []
        for row in rows where ids.last != row.id && !ids.contains(row.id) { ids.append(row.id) }
        if let known = nameLists[ids] { return known }
        var names: [String] = []
        for row in rows where !names.contains(row.description) { names.append(row.description) }
        nameLists[ids] = names
        return names
    }
}

extension ImageError {
    /// `code: reason` without the file name (the finding names the file), escaped.
    var reasonText: String {
        reason.isEmpty ? code.rawValue : "\(code.rawValue): \(DisplayText.escaped(reason))"
    }
}
