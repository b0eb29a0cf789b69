import WidgetThumbnails

/// The files of one checked folder as the project readers see them: paths relative to the
/// root put together and taken apart as text, every open confined to the root (a path that
/// climbs out of it, an absolute path, or a link resolving outside it is a problem, never
/// opened), every read capped, and every problem kept with the file it is about.
struct ProjectFiles {
    /// The folder as the user gave it: every path returned is it joined with a relative path.
    let root: String
    /// The root with every link resolved, ending in `/` (what `CheckInputs.resolvesInside` takes).
    let resolvedRoot: String
    var problems: [ProjectProblem] = []

    /// The largest `project.pbxproj` read (a large app's is about 1 MB).
    static let maxProjectBytes = 32 << 20
    /// The largest Info.plist, xcconfig or YAML file read.
    static let maxSmallFileBytes = 1 << 20

    /// Nil when `root` cannot be reached.
    init?(root: String) {
        guard let resolved = PathLookup.resolved(root) else { return nil }
        self.root = root
        self.resolvedRoot = resolved.hasSuffix("/") ? resolved : resolved + "/"
    }

    /// `relative` as check names it: the root joined with it (the root itself for "").
    func path(_ relative: String) -> String {
        relative.isEmpty ? root : PathComponents.join(root, relative)
    }

    /// Keeps a problem about `relative` once (an xcconfig every target includes is missing once).
    mutating func note(_ relative: String, _ reason: String) {
        let problem = ProjectProblem(path: path(relative), reason: reason)
        if !problems.contains(problem) { problems.append(problem) }
    }

    /// `raw` (a path a project file says, relative to the folder `base`) as a path relative to
    /// the root, `.` and `..` taken out as text; nil, with a problem on `file`, when it is
    /// absolute or climbs out of the root.
    mutating func relative(_ raw: String, from base: String, file: String) -> String? {
        if raw.hasPrefix("/") {
            note(file, "names an absolute path (\(DisplayText.escaped(raw))): only files under the checked folder are read")
            return nil
        }
        guard let joined = Self.normalized(base.isEmpty ? raw : base + "/" + raw) else {
            note(file, "names a path leading outside the checked folder (\(DisplayText.escaped(raw))): not read")
            return nil
        }
        return joined
    }

    /// `path` with empty and `.` components dropped and each `..` taking the component before
    /// it; nil when a `..` has nothing to take (the path climbs out of where it starts).
    static func normalized(_ path: String) -> String? {
        var components: [Substring] = []
        for component in path.split(separator: "/", omittingEmptySubsequences: true) where component != "." {
            if component == ".." {
                guard components.popLast() != nil else { return nil }
            } else {
                components.append(component)
            }
        }
        return components.joined(separator: "/")
    }

    /// The folder part of a relative path ("" for a name at the root).
    static func folder(of relative: String) -> String {
        guard let slash = relative.lastIndex(of: "/") else { return "" }
        return String(relative[..<slash])
    }

    /// Whether something is at `relative`, and whether it may be opened.
    enum Presence { case inside, absent, outside }

    func presence(_ relative: String) -> Presence {
        guard PathLookup.resolved(path(relative)) != nil else { return .absent }
        return CheckInputs.resolvesInside(path(relative), root: resolvedRoot) ? .inside : .outside
    }

    func isFolder(_ relative: String) -> Bool {
        PathLookup.isDirectory(path(relative), followingLinks: true)
    }

    /// The bytes of `relative`, or nil with a problem saying why (absent, outside the root,
    /// larger than `maxBytes`, unreadable).
    mutating func read(_ relative: String, maxBytes: Int, what: String) -> [UInt8]? {
        switch presence(relative) {
        case .absent:
            note(relative, "\(what) not found")
            return nil
        case .outside:
            note(relative, "\(what) is a link leading outside the checked folder: not read")
            return nil
        case .inside:
            do throws(ImageError) {
                return try InputFile.read(path(relative), maxBytes: maxBytes)
            } catch {
                note(relative, "\(what) cannot be read: \(error.reasonText)")
                return nil
            }
        }
    }
}

extension ProjectFiles {
    /// The deepest folder a source walk goes into, and the most names it looks at: a project's
    /// folder is walked whole, so a hostile tree must not make it endless.
    static let maxWalkDepth = 32
    static let maxWalkEntries = 200_000

    /// The `.swift` files under `folder` (relative), byte-wise sorted as `FolderListing` lists
    /// them, but those `excluded` says; asset catalogs are not entered, links to folders not
    /// followed, a link to a file taken only when it resolves inside the root.
    mutating func swiftFiles(under folder: String, excluded: (String) -> Bool) -> [String] {
        var found: [String] = []
        var pending: [(relative: String, depth: Int)] = [(folder, 0)]
        var looked = 0
        while let (current, depth) = pending.popLast() {
            let listing: FolderListing
            switch FolderListing.list(path(current)) {
            case .success(let listed): listing = listed
            case .failure(let failure):
                problems.append(ProjectProblem(path: failure.path, reason: failure.reason))
                continue
            }
            problems += listing.unreachable.map { ProjectProblem(path: $0.path, reason: $0.reason) }
            var folders: [String] = []
            for entry in listing.entries {
                looked += 1
                if looked > Self.maxWalkEntries {
                    note(folder, "more than \(Self.maxWalkEntries) names under it: the rest is not looked at")
                    return found
                }
                let relative = current.isEmpty ? entry.name : current + "/" + entry.name
                if excluded(relative) { continue }
                switch entry.kind {
                case .folder where !entry.name.hasSuffix(".xcassets"):
                    if depth + 1 < Self.maxWalkDepth { folders.append(relative) } else { note(relative, "nested too deep: not walked") }
                case .file where entry.name.hasSuffix(".swift"):
                    found.append(relative)
                case .symbolicLink(toFolder: false) where entry.name.hasSuffix(".swift"):
                    if presence(relative) == .inside { found.append(relative) } else {
                        note(relative, "a link leading outside the checked folder: not read")
                    }
                default:
                    break
                }
            }
            pending += folders.reversed().map { ($0, depth + 1) }
        }
        return found
    }
}
