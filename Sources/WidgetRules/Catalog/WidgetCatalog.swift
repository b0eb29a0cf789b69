/// The device catalogue: every widget slot the library sizes and budgets for, with the rules
/// that turn a slot into an archival cap and the extension memory limits. The built-in one is
/// Data/widget-catalog.json, compiled in (`builtIn`); a user's file adds or replaces rows
/// (`adding(_:file:)`) for a device measured after this release.
public struct WidgetCatalog: Sendable, Equatable {
    /// The schema version this library reads; a file with another is refused.
    public static let schemaVersion = 1

    /// Where a figure comes from.
    public struct Source: Sendable, Hashable {
        /// How the figure was obtained.
        public enum Kind: String, Sendable, Codable, CaseIterable {
            /// Measured on a device or simulator.
            case measured
            /// Published by Apple.
            case published
            /// Worked out from other figures (said how in the reference).
            case inferred
            /// A developer's rough figure ("about 30-32 pt"), not a measurement of one device.
            case approximate
        }

        /// What slots name it by, e.g. `frameup-ios26`.
        public let id: String
        /// Measured, published or inferred.
        public let kind: Kind
        /// The reference text: who, where, when.
        public let reference: String
    }

    /// A multiplier of the slot's pixel area, kept exact as a decimal fraction (4.4 = 44/10),
    /// so a cap is never a floating-point pixel off.
    public struct CapMultiplier: Sendable, Hashable, CustomStringConvertible {
        /// The multiplier's digits without the decimal point (44 for 4.4).
        public let numerator: Int
        /// A power of ten (10 for 4.4).
        public let denominator: Int
        /// The multiplier as the catalogue writes it, e.g. `4.4`.
        public let description: String

        /// The cap for `area` pixels: the multiple, rounded down, so an image fits exactly when
        /// its whole-pixel area is at most the (fractional) logged maximum.
        public func cap(forArea area: Int) -> Int { area * numerator / denominator }
    }

    /// What an archival cap rests on.
    public enum CapBasis: String, Sendable, Codable, CaseIterable {
        /// Seen in real `imageTooLarge` error messages.
        case logged
        /// No cap has been logged there: a rule is assumed. By default an assumed cap never
        /// shrinks a family that has logged caps on the chosen devices (`FamilySizing`); going
        /// over it is reported as a risk, not a failure (`RenderCost`).
        case assumed
    }

    /// Which slots get which archival cap multiplier. The first rule that matches a slot wins;
    /// an empty criterion matches everything.
    public struct CapRule: Sendable, Hashable {
        /// What slots name it by, e.g. `system-families`.
        public let id: String
        /// The platforms it applies to (empty: all).
        public let platforms: [Platform]
        /// The families it applies to (empty: all).
        public let families: [WidgetFamily]
        /// The surfaces it applies to (empty: all).
        public let surfaces: [WidgetSurface]
        /// The multiple of the slot's pixel area WidgetKit archives.
        public let multiplier: CapMultiplier
        /// Logged (seen in real error messages) or assumed.
        public let basis: CapBasis
        /// Why: the logs, or that nothing was measured.
        public let reference: String

        func matches(_ platform: Platform, _ family: WidgetFamily, _ surface: WidgetSurface) -> Bool {
            (platforms.isEmpty || platforms.contains(platform)) && (families.isEmpty || families.contains(family))
                && (surfaces.isEmpty || surfaces.contains(surface))
        }
    }

    /// A widget extension's memory limit on some platforms.
    public struct MemoryLimit: Sendable, Hashable {
        /// The platforms it applies to.
        public let platforms: [Platform]
        /// The limit in MB (1 MB = 1,048,576 bytes, as the kernel's message counts).
        public let megabytes: Int
        /// Where the figure comes from.
        public let reference: String
        /// The limit in bytes.
        public var bytes: Int { megabytes * 1_048_576 }
    }

    /// A place a family is shown whose size nobody has published or measured: listed so that
    /// no number is guessed for it (StandBy and CarPlay scale the small widget up).
    public struct UnsizedSlot: Sendable, Hashable, Codable, CustomStringConvertible {
        /// The platform.
        public let platform: Platform
        /// Where it is shown.
        public let surface: WidgetSurface
        /// The family shown.
        public let family: WidgetFamily
        /// What is known.
        public let note: String

        /// `systemSmall on iOS standBy: <note>`.
        public var description: String { "\(family.rawValue) on \(platform.rawValue) \(surface.rawValue): \(note)" }
    }

    /// Every source a slot may name.
    public let sources: [Source]
    /// The cap rules, first match wins; the last matches every slot.
    public let capRules: [CapRule]
    /// The memory limits, one per platform.
    public let memoryLimits: [MemoryLimit]
    /// Surfaces with no size to budget against.
    public let unsizedSlots: [UnsizedSlot]
    /// Every row, those of devices the current OS releases dropped included.
    public let devices: [DeviceClass]
    /// The Android displays (a user catalogue may add one): `AndroidScreen`.
    public let androidScreens: [AndroidScreen]
    /// Android's widget frames per cell span, or nil in a catalogue without them.
    public let androidCells: AndroidCellTable?

    /// The default set of every command: the rows of devices the current OS releases run on,
    /// at the standard Home Screen settings (no Display Zoom, standard icons). Rows with no
    /// sized slot (`DeviceClass.Status.unsized`) are in it but size nothing.
    public var currentDevices: [DeviceClass] { devices.filter(\.isInDefaultSet) }

    /// The source named `id`.
    public func source(_ id: String) -> Source? { sources.first { $0.id == id } }

    /// The memory limit of a widget extension on `platform` (30 MB when the catalogue has none).
    public func memoryLimitBytes(for platform: Platform) -> Int {
        memoryLimits.first { $0.platforms.contains(platform) }?.bytes ?? 30 * 1_048_576
    }

    /// The rows `selection` chooses, with only the slots of its OS version when it names one.
    public func devices(_ selection: DeviceSelection) throws(CatalogError) -> [DeviceClass] {
        for name in selection.names where !devices.contains(where: { $0.isNamed(name) }) {
            throw CatalogError(file: nil, reason: "no device in the catalogue is named '\(name)' (see 'widget-thumbs devices')")
        }
        var chosen = selection.names.isEmpty
            ? currentDevices
            : devices.filter { row in selection.names.contains { row.isNamed($0) } }
        if !selection.platforms.isEmpty { chosen = chosen.filter { selection.platforms.contains($0.platform) } }
        if let version = selection.osVersion { chosen = chosen.compactMap { $0.narrowed(toOS: version) } }
        guard !chosen.isEmpty else {
            throw CatalogError(file: nil, reason: "no device in the catalogue matches \(selection)")
        }
        return chosen
    }
}

/// Which catalogue rows a command works for. Empty criteria choose every current device.
public struct DeviceSelection: Sendable, Hashable, CustomStringConvertible {
    /// Marketing names, row ids or labels, or screens such as `402x874@3`; empty: every current
    /// device (dropped devices only when named).
    public var names: [String]
    /// Only these platforms (empty: all).
    public var platforms: [Platform]
    /// Only rows describing this OS major version, and only their slots shown on it.
    public var osVersion: Int?

    /// Every parameter narrows the set; the defaults choose every current device.
    public init(names: [String] = [], platforms: [Platform] = [], osVersion: Int? = nil) {
        self.names = names
        self.platforms = platforms
        self.osVersion = osVersion
    }

    /// Which caps count for the devices chosen: every cap of devices someone named (by name or
    /// platform), else an assumed cap is a risk where the family has logged ones
    /// (`RenderCost.FamilyCost.assumedCaps`; `thumbnail`, `budget` and `check` decide alike).
    public var assumedCaps: FamilySizing.AssumedCaps {
        names.isEmpty && platforms.isEmpty ? .onlyWhereNothingIsLogged : .apply
    }

    /// The criteria as the command line spells them.
    public var description: String {
        let parts = names.map { "--device '\($0)'" } + platforms.map { "--platform \($0.rawValue)" }
            + (osVersion.map { ["--os \($0)"] } ?? [])
        return parts.isEmpty ? "the default set" : parts.joined(separator: " ")
    }
}

/// A catalogue file that cannot be used: the file, the row and field, and why. Thrown before
/// any work is done.
public struct CatalogError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The file, or nil for a choice that matches nothing.
    public var file: String?
    /// `row 3 (iphone-402x874@3-ios26)`, or nil for the document itself.
    public var row: String?
    /// The field, e.g. `slots[2].pixels`, or nil.
    public var field: String?
    /// What is wrong.
    public var reason: String

    /// An error at `row` and `field` of `file`.
    public init(file: String?, row: String? = nil, field: String? = nil, reason: String) {
        self.file = file
        self.row = row
        self.field = field
        self.reason = reason
    }

    /// `my.json: row 1 (ipad-x), field slots[0].family: unknown family "systemHuge"`.
    public var description: String {
        let place = [row, field.map { "field \($0)" }].compactMap { $0 }.joined(separator: ", ")
        return [file, place.isEmpty ? nil : place, reason].compactMap { $0 }.joined(separator: ": ")
    }
}
