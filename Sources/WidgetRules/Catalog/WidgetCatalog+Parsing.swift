import WidgetSnapshots

extension WidgetCatalog {
    /// Reads a whole catalogue (the built-in one's form): `schemaVersion`, `sources`,
    /// `capRules`, `memoryLimits`, `unsizedSlots`, `devices`, and optionally `androidScreens`
    /// and `androidCells`. Every field is checked; the error names the row and field.
    public init(parsing bytes: [UInt8], file: String) throws(CatalogError) {
        let document = try CatalogReader.document(bytes, file: file,
                                                  allowed: ["schemaVersion", "about", "sources", "capRules", "memoryLimits",
                                                            "unsizedSlots", "devices", "androidScreens", "androidCells"])
        let reader = CatalogReader(file: file)
        sources = try reader.sources(document["sources"], required: true)
        capRules = try reader.capRules(document["capRules"])
        memoryLimits = try reader.memoryLimits(document["memoryLimits"])
        unsizedSlots = try reader.unsizedSlots(document["unsizedSlots"])
        devices = try reader.rows(document["devices"], sources: Set(sources.map(\.id)), rules: capRules)
        try reader.checkNoRowTwice(devices)
        androidScreens = try reader.androidScreens(document["androidScreens"], sources: Set(sources.map(\.id)))
        androidCells = try reader.androidCells(document["androidCells"], sources: Set(sources.map(\.id)))
        for (index, row) in devices.enumerated() where !memoryLimits.contains(where: { $0.platforms.contains(row.platform) }) {
            throw CatalogError(file: file, row: "row \(index) (\(row.id))", field: "platform",
                               reason: "no memory limit is given for \(row.platform.rawValue)")
        }
    }

    /// The catalogue with the rows of a user's file (`schemaVersion`, `devices` or
    /// `androidScreens` or both, optional `sources`) added: a row or Android screen with a
    /// built-in one's id replaces it. The user's rows get their
    /// caps from this catalogue's rules. A row that repeats a built-in screen and OS under
    /// another id, or any malformed field, is refused with the row and field named.
    public func adding(_ bytes: [UInt8], file: String) throws(CatalogError) -> WidgetCatalog {
        let document = try CatalogReader.document(bytes, file: file,
                                                  allowed: ["schemaVersion", "about", "sources", "devices", "androidScreens"])
        let reader = CatalogReader(file: file)
        let addedSources = try reader.sources(document["sources"], required: false)
        let allSources = sources.filter { old in !addedSources.contains { $0.id == old.id } } + addedSources
        // A file that only adds an Android screen has no WidgetKit rows.
        let added = document["devices"] == nil && document["androidScreens"] != nil
            ? [] : try reader.rows(document["devices"], sources: Set(allSources.map(\.id)), rules: capRules)
        let addedScreens = try reader.androidScreens(document["androidScreens"], sources: Set(allSources.map(\.id)))
        let addedScreenIDs = Set(addedScreens.map(\.id))
        let screens = androidScreens.filter { !addedScreenIDs.contains($0.id) } + addedScreens
        try reader.checkNoRowTwice(added)
        let addedIDs = Set(added.map(\.id))
        let kept = devices.filter { !addedIDs.contains($0.id) }
        var keptScreens: [CatalogReader.ScreenKey: String] = [:]
        for row in kept {
            for key in CatalogReader.ScreenKey.keys(of: row) { keptScreens[key] = row.id }
        }
        for (index, row) in added.enumerated() {
            if let clash = CatalogReader.ScreenKey.keys(of: row).lazy.compactMap({ keptScreens[$0] }).first {
                throw CatalogError(file: file, row: "row \(index) (\(row.id))", field: "id",
                                   reason: "describes the same screen and OS as the built-in row \(clash); use that id to replace it")
            }
        }
        return WidgetCatalog(sources: allSources, capRules: capRules, memoryLimits: memoryLimits,
                             unsizedSlots: unsizedSlots, devices: kept + added, androidScreens: screens, androidCells: androidCells)
    }
}

/// Reads catalogue JSON field by field, so every error can say where it is. Internal, not
/// private: the Android sections (Platforms/Android/AndroidCatalog+Parsing.swift) use its readers.
struct CatalogReader {
    let file: String

    static func document(_ bytes: [UInt8], file: String, allowed: Set<String>) throws(CatalogError) -> JSONObject {
        let value: JSONValue
        do {
            value = try JSONValue(parsing: bytes)
        } catch {
            throw CatalogError(file: file, reason: "not JSON (\(error))")
        }
        let reader = CatalogReader(file: file)
        let document = try reader.object(value, row: nil, field: "the document", allowed: allowed)
        guard case .number(let number)? = document["schemaVersion"], let version = number.int64Value else {
            throw CatalogError(file: file, field: "schemaVersion", reason: "missing; this library reads schemaVersion \(WidgetCatalog.schemaVersion)")
        }
        guard version == WidgetCatalog.schemaVersion else {
            throw CatalogError(file: file, field: "schemaVersion",
                               reason: "is \(number.text); this library reads schemaVersion \(WidgetCatalog.schemaVersion)")
        }
        return document
    }

    /// No id twice, and no two rows for the same screen, scale and OS version. One pass with
    /// two dictionaries: a 20,000-row user file is checked in linear time (comparing each row
    /// with every earlier one took a minute).
    func checkNoRowTwice(_ rows: [DeviceClass]) throws(CatalogError) {
        var ids: [String: String] = [:]
        var screens: [ScreenKey: String] = [:]
        for (index, row) in rows.enumerated() {
            if let earlier = ids.updateValue(row.id, forKey: row.id) {
                throw CatalogError(file: file, row: "row \(index) (\(row.id))", field: "id", reason: "repeats row \(earlier)")
            }
            for key in ScreenKey.keys(of: row) {
                if let earlier = screens.updateValue(row.id, forKey: key) {
                    throw CatalogError(file: file, row: "row \(index) (\(row.id))", field: "screen", reason: "repeats row \(earlier)")
                }
            }
        }
    }

    /// A row's screen, scale, Home Screen setting and one of its OS versions: two rows with a
    /// key in common describe the same screen and OS. Rows without a screen have no key.
    struct ScreenKey: Hashable {
        var platform: Platform
        var width: Double
        var height: Double
        var scale: Int
        var setting: DeviceClass.Setting?
        var os: Int

        static func keys(of row: DeviceClass) -> [ScreenKey] {
            guard let screen = row.screen else { return [] }
            return Set(row.osVersions).map {
                ScreenKey(platform: row.platform, width: screen.width, height: screen.height, scale: row.scale, setting: row.setting, os: $0)
            }
        }
    }

    // MARK: sections

    func sources(_ value: JSONValue?, required: Bool) throws(CatalogError) -> [WidgetCatalog.Source] {
        guard let value else {
            if required { throw CatalogError(file: file, field: "sources", reason: "missing") }
            return []
        }
        var result: [WidgetCatalog.Source] = []
        for (index, item) in try array(value, row: nil, field: "sources").enumerated() {
            let field = "sources[\(index)]"
            let object = try object(item, row: nil, field: field, allowed: ["id", "kind", "reference"])
            let id = try string(object["id"], row: nil, field: "\(field).id")
            guard !result.contains(where: { $0.id == id }) else {
                throw CatalogError(file: file, field: "\(field).id", reason: "the source \"\(id)\" is listed twice")
            }
            result.append(WidgetCatalog.Source(id: id, kind: try choice(object["kind"], row: nil, field: "\(field).kind"),
                                               reference: try string(object["reference"], row: nil, field: "\(field).reference")))
        }
        return result
    }

    func capRules(_ value: JSONValue?) throws(CatalogError) -> [WidgetCatalog.CapRule] {
        var rules: [WidgetCatalog.CapRule] = []
        for (index, item) in try array(value, row: nil, field: "capRules").enumerated() {
            let field = "capRules[\(index)]"
            let object = try object(item, row: nil, field: field,
                                    allowed: ["id", "platforms", "families", "surfaces", "multiplier", "basis", "reference"])
            rules.append(WidgetCatalog.CapRule(
                id: try string(object["id"], row: nil, field: "\(field).id"),
                platforms: try choices(object["platforms"], row: nil, field: "\(field).platforms"),
                families: try choices(object["families"], row: nil, field: "\(field).families"),
                surfaces: try choices(object["surfaces"], row: nil, field: "\(field).surfaces"),
                multiplier: try multiplier(object["multiplier"], field: "\(field).multiplier"),
                basis: try choice(object["basis"], row: nil, field: "\(field).basis"),
                reference: try string(object["reference"], row: nil, field: "\(field).reference")))
        }
        guard let last = rules.last, last.platforms.isEmpty, last.families.isEmpty, last.surfaces.isEmpty else {
            throw CatalogError(file: file, field: "capRules", reason: "the last rule must match every slot (no platforms, families or surfaces)")
        }
        return rules
    }

    func memoryLimits(_ value: JSONValue?) throws(CatalogError) -> [WidgetCatalog.MemoryLimit] {
        var limits: [WidgetCatalog.MemoryLimit] = []
        for (index, item) in try array(value, row: nil, field: "memoryLimits").enumerated() {
            let field = "memoryLimits[\(index)]"
            let object = try object(item, row: nil, field: field, allowed: ["platforms", "megabytes", "reference"])
            let platforms: [Platform] = try choices(object["platforms"], row: nil, field: "\(field).platforms")
            for platform in platforms where limits.contains(where: { $0.platforms.contains(platform) }) {
                throw CatalogError(file: file, field: "\(field).platforms", reason: "\(platform.rawValue) has a limit already")
            }
            limits.append(WidgetCatalog.MemoryLimit(
                platforms: platforms, megabytes: try positive(object["megabytes"], row: nil, field: "\(field).megabytes"),
                reference: try string(object["reference"], row: nil, field: "\(field).reference")))
        }
        return limits
    }

    func unsizedSlots(_ value: JSONValue?) throws(CatalogError) -> [WidgetCatalog.UnsizedSlot] {
        var slots: [WidgetCatalog.UnsizedSlot] = []
        for (index, item) in try array(value, row: nil, field: "unsizedSlots").enumerated() {
            let field = "unsizedSlots[\(index)]"
            let object = try object(item, row: nil, field: field, allowed: ["platform", "surface", "family", "note"])
            slots.append(WidgetCatalog.UnsizedSlot(
                platform: try choice(object["platform"], row: nil, field: "\(field).platform"),
                surface: try choice(object["surface"], row: nil, field: "\(field).surface"),
                family: try choice(object["family"], row: nil, field: "\(field).family"),
                note: try string(object["note"], row: nil, field: "\(field).note")))
        }
        return slots
    }

    func rows(_ value: JSONValue?, sources: Set<String>, rules: [WidgetCatalog.CapRule]) throws(CatalogError) -> [DeviceClass] {
        var rows: [DeviceClass] = []
        for (index, item) in try array(value, row: nil, field: "devices").enumerated() {
            rows.append(try self.row(item, index: index, sources: sources, rules: rules))
        }
        guard !rows.isEmpty else { throw CatalogError(file: file, field: "devices", reason: "lists no device") }
        return rows
    }

    func row(_ value: JSONValue, index: Int, sources: Set<String>, rules: [WidgetCatalog.CapRule]) throws(CatalogError) -> DeviceClass {
        var row = "row \(index)"
        let fields: Set<String> = ["id", "platform", "screen", "scale", "os", "label", "names", "droppedBy", "note", "status",
                                   "setting", "slots"]
        let object = try object(value, row: row, field: nil, allowed: nil)
        let id = try string(object["id"], row: row, field: "id")
        row += " (\(id))"
        try check(object, row: row, field: nil, allowed: fields)
        let platform: Platform = try choice(object["platform"], row: row, field: "platform")
        let screen = try object["screen"].map { value throws(CatalogError) in
            let sides = try pair(value, row: row, field: "screen")
            return PointSize(Double(sides.width), Double(sides.height))
        }
        let scale = try positive(object["scale"], row: row, field: "scale")
        let osVersions = try positives(object["os"], row: row, field: "os")
        let label = try string(object["label"], row: row, field: "label")
        let names = try strings(object["names"], row: row, field: "names")
        let droppedBy = try object["droppedBy"].map { value throws(CatalogError) in try string(value, row: row, field: "droppedBy") }
        let note = try object["note"].map { value throws(CatalogError) in try string(value, row: row, field: "note") }
        let status: DeviceClass.Status = try object["status"].map { value throws(CatalogError) in
            try choice(value, row: row, field: "status")
        } ?? .sized
        let setting: DeviceClass.Setting? = try object["setting"].map { value throws(CatalogError) in
            try choice(value, row: row, field: "setting")
        }
        var slots: [DeviceClass.Slot] = []
        // An unsized row lists no slot, so "slots" may be left out; a sized one must list one.
        let slotItems = status == .unsized && object["slots"] == nil ? [] : try array(object["slots"], row: row, field: "slots")
        for (slotIndex, item) in slotItems.enumerated() {
            let field = "slots[\(slotIndex)]"
            let slot = try self.object(item, row: row, field: field,
                                       allowed: ["family", "surface", "pixels", "displayed", "displayedSource", "os", "source"])
            let family: WidgetFamily = try choice(slot["family"], row: row, field: "\(field).family")
            let surface: WidgetSurface = try choice(slot["surface"], row: row, field: "\(field).surface")
            guard !slots.contains(where: { $0.family == family && $0.surface == surface }) else {
                throw CatalogError(file: file, row: row, field: "\(field).family",
                                   reason: "\(family.rawValue) on \(surface.rawValue) is listed twice")
            }
            let pixels = try pair(slot["pixels"], row: row, field: "\(field).pixels")
            let slotOS = try slot["os"].map { value throws(CatalogError) in try positives(value, row: row, field: "\(field).os") } ?? osVersions
            for version in slotOS where !osVersions.contains(version) {
                throw CatalogError(file: file, row: row, field: "\(field).os", reason: "\(version) is not one of the row's os versions")
            }
            let source = try sourceID(slot["source"], sources: sources, row: row, field: "\(field).source")
            let displayed = try slot["displayed"].map { value throws(CatalogError) in try pair(value, row: row, field: "\(field).displayed") }
            let displayedSource = try slot["displayedSource"].map { value throws(CatalogError) in
                try sourceID(value, sources: sources, row: row, field: "\(field).displayedSource")
            }
            guard (displayed == nil) == (displayedSource == nil) else {
                throw CatalogError(file: file, row: row, field: "\(field).\(displayed == nil ? "displayed" : "displayedSource")",
                                   reason: "missing: displayed and displayedSource go together")
            }
            // The catalogue's last rule matches everything, so there is always one.
            let rule = rules.first { $0.matches(platform, family, surface) } ?? rules[rules.count - 1]
            slots.append(DeviceClass.Slot(family: family, surface: surface, pixels: pixels, displayed: displayed,
                                          displayedSource: displayedSource, osVersions: slotOS, source: source,
                                          capPixels: rule.multiplier.cap(forArea: pixels.area), capRule: rule.id, capBasis: rule.basis))
        }
        switch (status, slots.isEmpty) {
        case (.sized, true): throw CatalogError(file: file, row: row, field: "slots", reason: "lists no slot (an unsized row says \"status\": \"unsized\")")
        case (.unsized, false): throw CatalogError(file: file, row: row, field: "slots", reason: "an unsized row lists no slot")
        case (.sized, false), (.unsized, true): break
        }
        return DeviceClass(id: id, platform: platform, screen: screen, scale: scale, osVersions: osVersions, label: label,
                           names: names, droppedBy: droppedBy, note: note, status: status, setting: setting, slots: slots)
    }

    // MARK: values

    /// A source id that `sources` lists.
    func sourceID(_ value: JSONValue?, sources: Set<String>, row: String, field: String) throws(CatalogError) -> String {
        let source = try string(value, row: row, field: field)
        guard sources.contains(source) else {
            throw CatalogError(file: file, row: row, field: field, reason: "no source has the id \"\(source)\"")
        }
        return source
    }

    /// The object `value` holds, its member names checked against `allowed` (nil: later).
    func object(_ value: JSONValue?, row: String?, field: String?, allowed: Set<String>?) throws(CatalogError) -> JSONObject {
        guard case .object(let object)? = value else {
            throw CatalogError(file: file, row: row, field: field, reason: value == nil ? "missing" : "is not an object")
        }
        if let allowed { try check(object, row: row, field: field, allowed: allowed) }
        return object
    }

    /// Refuses a member `allowed` does not name (a typo would otherwise be ignored).
    func check(_ object: JSONObject, row: String?, field: String?, allowed: Set<String>) throws(CatalogError) {
        for member in object.members where !allowed.contains(member.key) {
            let place = [field, member.key].compactMap { $0 }.joined(separator: ".")
            throw CatalogError(file: file, row: row, field: place,
                               reason: "unknown field (known: \(allowed.sorted().joined(separator: ", ")))")
        }
    }

    func array(_ value: JSONValue?, row: String?, field: String) throws(CatalogError) -> [JSONValue] {
        guard case .array(let items)? = value else {
            throw CatalogError(file: file, row: row, field: field, reason: value == nil ? "missing" : "is not an array")
        }
        return items
    }

    func string(_ value: JSONValue?, row: String?, field: String) throws(CatalogError) -> String {
        guard case .string(let text)? = value, !text.isEmpty else {
            throw CatalogError(file: file, row: row, field: field, reason: value == nil ? "missing" : "is not a non-empty string")
        }
        return text
    }

    func strings(_ value: JSONValue?, row: String?, field: String) throws(CatalogError) -> [String] {
        var result: [String] = []
        for (index, item) in try array(value, row: row, field: field).enumerated() {
            result.append(try string(item, row: row, field: "\(field)[\(index)]"))
        }
        return result
    }

    /// A whole number from 1 to 65,535 (pixels, points, scales, versions, megabytes).
    func positive(_ value: JSONValue?, row: String?, field: String) throws(CatalogError) -> Int {
        guard case .number(let number)? = value else {
            throw CatalogError(file: file, row: row, field: field, reason: value == nil ? "missing" : "is not a number")
        }
        guard let whole = number.int64Value, (1...65_535).contains(whole) else {
            throw CatalogError(file: file, row: row, field: field, reason: "is \(number.text); expected a whole number from 1 to 65535")
        }
        return Int(whole)
    }

    func positives(_ value: JSONValue?, row: String?, field: String) throws(CatalogError) -> [Int] {
        let items = try array(value, row: row, field: field)
        guard !items.isEmpty else { throw CatalogError(file: file, row: row, field: field, reason: "is empty") }
        var result: [Int] = []
        for (index, item) in items.enumerated() { result.append(try positive(item, row: row, field: "\(field)[\(index)]")) }
        return result
    }

    func pair(_ value: JSONValue?, row: String?, field: String) throws(CatalogError) -> PixelSize {
        let sides = try positives(value, row: row, field: field)
        guard sides.count == 2 else { throw CatalogError(file: file, row: row, field: field, reason: "expected [width, height]") }
        return PixelSize(width: sides[0], height: sides[1])
    }

    func choice<Value: RawRepresentable & CaseIterable>(_ value: JSONValue?, row: String?, field: String) throws(CatalogError) -> Value
    where Value.RawValue == String {
        let text = try string(value, row: row, field: field)
        guard let choice = Value(rawValue: text) else {
            throw CatalogError(file: file, row: row, field: field,
                               reason: "unknown value \"\(text)\" (known: \(Value.allCases.map(\.rawValue).joined(separator: ", ")))")
        }
        return choice
    }

    func choices<Value: RawRepresentable & CaseIterable>(_ value: JSONValue?, row: String?, field: String) throws(CatalogError) -> [Value]
    where Value.RawValue == String {
        guard let value else { return [] }
        var result: [Value] = []
        for (index, item) in try array(value, row: row, field: field).enumerated() {
            result.append(try choice(item, row: row, field: "\(field)[\(index)]"))
        }
        return result
    }

    /// A positive decimal such as 4.4 or 1.44, kept exact (no exponent, at most 6 decimals).
    func multiplier(_ value: JSONValue?, field: String) throws(CatalogError) -> WidgetCatalog.CapMultiplier {
        guard case .number(let number)? = value else {
            throw CatalogError(file: file, field: field, reason: value == nil ? "missing" : "is not a number")
        }
        let parts = number.text.split(separator: ".", omittingEmptySubsequences: false)
        let decimals = parts.count == 2 ? parts[1].count : 0
        guard parts.count <= 2, decimals <= 6, parts.allSatisfy({ !$0.isEmpty && $0.allSatisfy(\.isASCIIDigit) }),
              let numerator = Int(parts.joined()), numerator > 0, numerator <= 1_000_000_000 else {
            throw CatalogError(file: file, field: field, reason: "is \(number.text); expected a positive decimal such as 4.4")
        }
        var denominator = 1
        for _ in 0..<decimals { denominator *= 10 }
        return WidgetCatalog.CapMultiplier(numerator: numerator, denominator: denominator, description: number.text)
    }
}

private extension Character {
    var isASCIIDigit: Bool { ("0"..."9").contains(self) }
}
