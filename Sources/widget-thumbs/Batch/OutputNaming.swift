/// Where each input's thumbnail goes under `--out`, decided for the whole input list before
/// any work (and before sharding), so it never depends on `--jobs`, timing or the shard.
///
/// The rule:
/// 1. An input's name is its relative path without the extension: `sub/a.jpg` -> `sub/a`.
///    The thumbnail is that name plus the output format's extension: `sub/a.jpg` (JPEG),
///    `sub/a.webp` (WebP), `sub/a.png` (PNG).
/// 2. Inputs whose names collide (compared ignoring case, so the outputs survive a copy to a
///    case-insensitive file system) keep their whole file name instead: `a.jpg` and `a.png`
///    become `a.jpg.jpg` and `a.png.webp` (or `a.png.jpg`).
/// 3. If names still collide after that (the same file name from two arguments, or a file
///    literally called `a.png.jpg` beside `a.png`), the first input in input order keeps the
///    name and the others fail with an error naming it; nothing is overwritten silently.
/// The output extension is only known once the format is (`--format auto` picks by alpha),
/// so names are decided without it: two inputs never differ only by the output extension.
enum OutputNaming {
    enum Name: Equatable, Sendable {
        /// The output path relative to `--out`, without the extension.
        case base(String)
        /// Still colliding: this input would overwrite the output of the input named here.
        case collision(String)
    }

    static func names(for inputs: [BatchInput]) -> [Name] {
        var candidates = inputs.map { stem($0.relativePath) }
        let firstRound = collidingIndices(candidates)
        for index in firstRound { candidates[index] = inputs[index].relativePath }
        var owners: [String: Int] = [:]
        return candidates.enumerated().map { index, candidate in
            let key = candidate.lowercased()
            if let owner = owners[key] { return .collision(inputs[owner].path) }
            owners[key] = index
            return .base(candidate)
        }
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
