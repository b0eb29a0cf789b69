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
/// The output extension is only known once the format is (`--format auto` picks by alpha),
/// so names are decided without it: two inputs never differ only by the output extension.
///
/// Memory: one 64-bit hash per name taken, not the names; and only for the group at hand when
/// the run has a single folder argument (its folders' names cannot meet: rule 3 cannot apply).
struct OutputNaming {
    /// How long a taken name is remembered.
    enum Scope: Sendable {
        /// Within its group only: the run has one folder argument.
        case eachGroup
        /// For the whole run: several arguments or a list, whose names can meet.
        case wholeRun
    }

    enum Name: Equatable, Sendable {
        /// The output path relative to `--out`, without the extension.
        case base(String)
        /// Still colliding: this name is already another input's.
        case collision(String)
    }

    let scope: Scope
    private var taken: Set<UInt64> = []

    init(scope: Scope = .wholeRun) {
        self.scope = scope
    }

    /// Names for inputs found together (rule 2 applies among them), in their order.
    mutating func names(forGroup inputs: [BatchInput]) -> [Name] {
        if scope == .eachGroup { taken.removeAll(keepingCapacity: true) }
        var candidates = inputs.map { Self.stem($0.relativePath) }
        for index in Self.collidingIndices(candidates) { candidates[index] = inputs[index].relativePath }
        return zip(inputs, candidates).map { input, candidate in
            if take(candidate) { return .base(candidate) }
            if candidate != input.relativePath, take(input.relativePath) { return .base(input.relativePath) }
            return .collision(candidate)
        }
    }

    /// Takes `name` (ignoring case); false when an earlier input has it.
    private mutating func take(_ name: String) -> Bool {
        taken.insert(Shard.fnv1a(name.lowercased())).inserted
    }

    /// The thumbnail's path relative to `--out`.
    static func outputPath(base: String, fileExtension: String) -> String {
        base + "." + fileExtension
    }

    /// `sub/a.jpg` -> `sub/a`; a name with no extension (or only a leading dot) is kept.
    static func stem(_ relativePath: String) -> String {
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
