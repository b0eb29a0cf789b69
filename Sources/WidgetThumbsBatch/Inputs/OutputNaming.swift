import WidgetSnapshots
import WidgetThumbnails

/// Where each input's thumbnail goes under `--out`, decided as inputs are found, the same way
/// in every process of a sharded run (each names every input, then keeps its share), so a
/// name never depends on `--jobs`, timing or the shard.
///
/// The rule:
/// 1. An input's name is its relative path without the extension: `sub/a.jpg` -> `sub/a`.
///    The thumbnail is that name plus the output format's extension: `sub/a.jpg` (JPEG),
///    `sub/a.webp` (WebP), `sub/a.png` (PNG).
/// 2. Inputs found together (the files of one folder, or all the file arguments) whose names
///    collide, compared ignoring case (so the outputs survive a copy to a case-insensitive file
///    system), keep their whole file name instead: `a.jpg` and `a.png` become `a.jpg.jpg` and
///    `a.png.webp` (or `a.png.jpg`).
/// 3. A name already taken by an earlier input (another folder argument with the same
///    relative path, a file literally called `a.png.jpg` beside `a.png`, a listed file) takes
///    its whole file name; if that is taken too, the input fails with an error naming the
///    name: nothing is overwritten silently.
/// 4. A name never ends in a widget family (`a.systemSmall`, any case) or an Android span
///    (`a.android-2x2`): those names belong to `--families` outputs (`NAME.<family>.<ext>`)
///    and several `--cells` spans' (`NAME.android-<CxR>.<ext>`), so `a.systemSmall.png` takes
///    its whole file name (`a.systemSmall.png.jpg`). A plain run and a run with several
///    outputs per input on one `--out` then never write the same file or record.
/// 5. A name never meets a folder of outputs: when one of its possible outputs (`NAME.<ext>`
///    or `NAME.<family or span>.<ext>`, for every format, family and span, whatever this run writes) is a
///    folder that holds outputs (`a.jpg/` beside `a.png`, with `--recursive`), it takes its
///    whole file name; an input whose folder would be an earlier input's output fails, named.
///    Decided in input order, never by which write comes first.
/// The output extension is only known once the format is (`--format auto` picks by alpha),
/// so names are decided without it: two inputs never differ only by the output extension.
///
/// Memory: one 64-bit hash per name taken, not the names, and one or two per folder that holds
/// outputs; and only for the group at hand when the run has a single folder argument (its
/// folders' names cannot meet: rule 3 cannot apply, and rule 5 only between a folder's files
/// and its subfolders).
package struct OutputNaming {
    /// How long a taken name is remembered.
    package enum Scope: Sendable {
        /// Within its group only: the run has one folder argument.
        case eachGroup
        /// For the whole run: several arguments or a list, whose names can meet.
        case wholeRun
    }

    package enum Name: Equatable, Sendable {
        /// The output path relative to `--out`, without the extension.
        case base(String)
        /// Still colliding: this name is already another input's.
        case collision(String)
        /// Refused by rule 4 or 5: the name, and why (a sentence that follows it).
        case refused(String, reason: String)
    }

    package let scope: Scope
    private var taken: Set<UInt64> = []
    /// The names (lowercased, as hashes) one of whose possible outputs is a folder that holds
    /// outputs: rule 5 refuses them.
    private var blocked: Set<UInt64> = []

    package init(scope: Scope = .wholeRun) {
        self.scope = scope
    }

    /// Names for inputs found together (rule 2 applies among them), in their order.
    /// `subfolders` are the relative paths of the folders beside them that will be walked
    /// (with `--recursive`): rule 5 keeps the files' names off them.
    package mutating func names(forGroup inputs: [BatchInput], subfolders: [String] = []) -> [Name] {
        if scope == .eachGroup {
            taken.removeAll(keepingCapacity: true)
            blocked.removeAll(keepingCapacity: true)
        }
        for folder in subfolders { block(folder.lowercased()) }
        var candidates = inputs.map { Self.stem($0.relativePath) }
        for index in Self.collidingIndices(candidates) { candidates[index] = inputs[index].relativePath }
        return zip(inputs, candidates).map { input, candidate in
            var why = refusal(of: candidate)
            if why == nil, take(candidate) { return accept(candidate) }
            if candidate != input.relativePath {
                why = refusal(of: input.relativePath)
                if why == nil, take(input.relativePath) { return accept(input.relativePath) }
            }
            if let why { return .refused(why.name, reason: why.reason) }
            return .collision(candidate)
        }
    }

    /// Why `name` breaks rule 4 or 5; nil when it does not.
    private func refusal(of name: String) -> (name: String, reason: String)? {
        let lowered = name.lowercased()
        if let suffix = Self.variantSuffix(of: lowered) {
            return (name, suffix.hasPrefix(OutputVariant.androidPrefix)
                ? "ends in an Android cell span, which only the outputs of several --cells spans' names may"
                : "ends in a widget family, which only --families outputs' names may")
        }
        if blocked.contains(Shard.fnv1a(lowered)) {
            return (name, "would be the name of a folder that holds other inputs' thumbnails")
        }
        // With `.eachGroup` a name's folders were subfolders of an earlier group, whose files
        // already kept off them (`subfolders`): nothing is remembered to check them against.
        guard scope == .wholeRun else { return nil }
        for folder in Self.folders(of: name)
        where Self.possibleOwners(of: folder.lowercased()).contains(where: { taken.contains(Shard.fnv1a($0)) }) {
            return (name, "lies in the folder '\(folder)', which is the name of an earlier input's thumbnail")
        }
        return nil
    }

    /// Takes `name` and records its folders (rule 5).
    private mutating func accept(_ name: String) -> Name {
        for folder in Self.folders(of: name.lowercased()) { block(folder) }
        return .base(name)
    }

    /// Records a (lowercased) folder that holds outputs: the names it could be an output of
    /// are refused from now on.
    private mutating func block(_ folder: String) {
        for owner in Self.possibleOwners(of: folder) { blocked.insert(Shard.fnv1a(owner)) }
    }

    /// Takes `name` (ignoring case); false when an earlier input has it.
    private mutating func take(_ name: String) -> Bool {
        taken.insert(Shard.fnv1a(name.lowercased())).inserted
    }

    /// Every extension a thumbnail can have, lowercased.
    static let outputExtensions = StoredFormat.allCases.map { $0.fileExtension.lowercased() }
    private static let familyNames = WidgetFamily.allCases.map { $0.rawValue.lowercased() }

    /// The family or Android span (`OutputVariant.suffix`) a (lowercased) name ends in after
    /// a dot, if any.
    static func variantSuffix(of lowered: some StringProtocol) -> Substring? {
        guard let dot = lowered.lastIndex(of: "."), !lowered[dot...].contains("/") else { return nil }
        let suffix = lowered[lowered.index(after: dot)...]
        return familyNames.contains(String(suffix)) || OutputVariant.isAndroidSuffix(suffix) ? Substring(suffix) : nil
    }

    /// The names whose outputs (`NAME.<ext>`, `NAME.<family or span>.<ext>`) a (lowercased) folder
    /// path could be: `a.jpg` -> `a`, `a.systemsmall.jpg` -> `a.systemsmall` and `a`; none
    /// when it does not end in an output extension.
    private static func possibleOwners(of folder: String) -> [String] {
        guard let dot = folder.lastIndex(of: "."), !folder[dot...].contains("/"),
              outputExtensions.contains(String(folder[folder.index(after: dot)...])) else { return [] }
        let name = folder[..<dot]
        guard let family = variantSuffix(of: name) else { return [String(name)] }
        return [String(name), String(name.dropLast(family.count + 1))]
    }

    /// The folders a relative path lies in: `a/b/c` -> `a`, `a/b`.
    private static func folders(of name: String) -> [String] {
        name.indices.filter { name[$0] == "/" }.map { String(name[..<$0]) }
    }

    /// The thumbnail's path relative to `--out`.
    package static func outputPath(base: String, fileExtension: String) -> String {
        base + "." + fileExtension
    }

    /// `sub/a.jpg` -> `sub/a`; a name with no extension (or only a leading dot) is kept.
    package static func stem(_ relativePath: String) -> String {
        let nameStart = relativePath.lastIndex(of: "/").map { relativePath.index(after: $0) } ?? relativePath.startIndex
        guard let dot = relativePath[nameStart...].lastIndex(of: "."), dot != nameStart else { return relativePath }
        return String(relativePath[..<dot])
    }

    private static func collidingIndices(_ candidates: [String]) -> [Int] {
        var groups: [String: [Int]] = [:]
        for (index, candidate) in candidates.enumerated() {
            groups[candidate.lowercased(), default: []].append(index)
        }
        return groups.values.filter { $0.count > 1 }.flatMap { $0 }
    }
}
