import Glibc
import WidgetThumbnails

/// Finds a batch's inputs lazily, in a deterministic order, and names each one
/// (`OutputNaming`): the arguments in the order given, then the names listed by
/// `--files-from`; within a folder, names sorted byte-wise, files before the contents of
/// subfolders, recursing only with `--recursive`. Only one folder's listing per level of
/// depth is held at a time, so memory grows with the depth and the widest folder, not with
/// the number of inputs.
///
/// In folders only image extensions are taken, hidden names (leading dot) are skipped,
/// symbolic links to folders are not followed, a folder that contains itself (a bind mount)
/// is reported once and not entered again, and the output folder is never read back as input
/// (compared by device and inode). Nothing else is left out without a word: a folder that
/// cannot be listed or searched, and a name that cannot be looked at (a path longer than
/// PATH_MAX), each come out as a failed input naming it. A file argument or a listed file is
/// always taken, whatever its name: the decoders decide by content and say why they refuse.
/// Not thread-safe: the batch's workers call `next()` one at a time.
///
/// An input that lies inside the output folder (the only place a thumbnail could land on it)
/// carries its identity, for `OutputGuard`; the others do not, so a run keeps nothing per
/// input when `--out` is elsewhere.
package final class InputDiscovery {
    package enum Depth: Sendable {
        case topLevel
        case recursive
    }

    static let imageExtensions = Set(ReadableFormats.walkedExtensions)

    private let depth: Depth
    /// The output folder: never walked, and what "inside --out" means (its resolved path + "/").
    private let excluded: FileIdentity?
    private let outPrefix: String?
    private var naming: OutputNaming
    /// The arguments still to take; file arguments carry their name, decided together up front
    /// (rule 2 of `OutputNaming` applies among them), folders none.
    private var arguments: ArraySlice<(argument: String, name: OutputNaming.Name?)>
    private var list: InputList?
    private var frames: [Frame] = []

    /// One folder being walked: its files still to hand out, then its subfolders.
    private struct Frame {
        var directory: String
        var relative: String
        var identity: FileIdentity?
        var insideOut: Bool
        var files: ArraySlice<PlannedInput>
        var subdirectories: ArraySlice<String>
    }

    package init(arguments: [String], list: InputList?, depth: Depth, outDirectory: String) {
        self.depth = depth
        excluded = FileIdentity(path: outDirectory)
        outPrefix = PathLookup.resolved(outDirectory).map { $0.hasSuffix("/") ? $0 : $0 + "/" }
        self.list = list
        // One folder argument alone cannot name two inputs alike across its folders (their
        // relative folders differ): names are only remembered across folders when needed.
        naming = OutputNaming(scope: arguments.count == 1 && list == nil ? .eachGroup : .wholeRun)
        let isFolder = arguments.map { PathLookup.isDirectory($0, followingLinks: true) }
        let files = zip(arguments, isFolder).filter { !$1 }.map { BatchInput(path: $0.0, relativePath: PathComponents.lastComponent(of: $0.0)) }
        var names = naming.names(forGroup: files)[...]
        self.arguments = zip(arguments, isFolder).map { argument, folder in (argument, folder ? nil : names.popFirst()) }[...]
    }

    /// The next input with its output name; nil when there are no more.
    package func next() -> PlannedInput? {
        while true {
            if let planned = nextFromFolders() { return planned }
            if let (argument, name) = arguments.popFirst() {
                if let name {
                    return PlannedInput(input: BatchInput(path: argument, relativePath: PathComponents.lastComponent(of: argument),
                                                          identity: identityIfInsideOut(argument)), name: name)
                }
                if let failure = enter(directory: argument, relative: "", insideOut: isInsideOut(argument)) { return failure }
                continue
            }
            guard let listed = list?.next() else { return nil }
            if let planned = plan(listed) { return planned }
        }
    }

    private func nextFromFolders() -> PlannedInput? {
        while var frame = frames.popLast() {
            if let file = frame.files.popFirst() {
                frames.append(frame)
                return file
            }
            if depth == .recursive, let name = frame.subdirectories.popFirst() {
                frames.append(frame)
                let relative = frame.relative.isEmpty ? name : frame.relative + "/" + name
                if let failure = enter(directory: PathComponents.join(frame.directory, name), relative: relative,
                                       insideOut: frame.insideOut) { return failure }
            }
        }
        return nil
    }

    /// Lists `directory` and pushes it; a failure to report when it cannot be listed or loops.
    private func enter(directory: String, relative: String, insideOut: Bool) -> PlannedInput? {
        let identity = FileIdentity(path: directory)
        if let identity, identity == excluded { return nil }
        if let identity, frames.contains(where: { $0.identity == identity }) {
            return failure(directory, relative, "the folder contains itself (a bind mount loop); it is walked once")
        }
        let listing: FolderListing
        switch FolderListing.list(directory) {
        case .success(let listed): listing = listed
        case .failure(let failure): return self.failure(directory, relative, failure.reason)
        }
        var files: [BatchInput] = []
        var subdirectories: [String] = []
        for entry in listing.entries {
            let relativePath = relative.isEmpty ? entry.name : relative + "/" + entry.name
            switch entry.kind {
            case .folder:
                subdirectories.append(entry.name)
            case .file where Self.hasImageExtension(entry.name):
                files.append(BatchInput(path: entry.path, relativePath: relativePath, identity: insideOut ? FileIdentity(entry.status) : nil))
            case .symbolicLink(toFolder: false) where Self.hasImageExtension(entry.name):
                // A link to a folder is not walked. Any other link is taken: to a regular file
                // (where it points decides whether it is inside --out), or a loop, a dangling
                // link or a link to a FIFO, which the open then refuses with its reason, so
                // nothing is skipped silently.
                let target = Self.regularFileIdentity(entry.path)
                files.append(BatchInput(path: entry.path, relativePath: relativePath,
                                        identity: target != nil && (insideOut || isInsideOut(entry.path)) ? target : nil))
            default:
                continue
            }
        }
        let unreachable = listing.unreachable.map { item in
            failure(item.path, relative.isEmpty ? PathComponents.lastComponent(of: item.path)
                        : relative + "/" + PathComponents.lastComponent(of: item.path), item.reason)
        }
        let walked = depth == .recursive ? subdirectories.map { relative.isEmpty ? $0 : relative + "/" + $0 } : []
        let planned = zip(files, naming.names(forGroup: files, subfolders: walked)).map { PlannedInput(input: $0, name: $1) } + unreachable
        frames.append(Frame(directory: directory, relative: relative, identity: identity, insideOut: insideOut,
                            files: planned[...], subdirectories: subdirectories[...]))
        return nil
    }

    /// A `--files-from` name: mirrored under `--out` by its own path (`photos/2024/a.jpg`);
    /// folders in the list are skipped (list files: `find ... -type f`).
    private func plan(_ listed: InputList.Entry) -> PlannedInput? {
        switch listed {
        case .failure(let error):
            return PlannedInput(input: BatchInput(path: error.file ?? "-", relativePath: "-", discoveryError: error),
                                name: .collision("-"))
        case .path(let path):
            if PathLookup.isDirectory(path, followingLinks: true) { return nil }
            guard let relative = Self.mirroredPath(path) else {
                let error = ImageError(.invalidArgument,
                                       "a listed name with '..' cannot be mirrored under --out; list names below the current folder",
                                       file: path)
                return PlannedInput(input: BatchInput(path: path, relativePath: path, discoveryError: error), name: .collision(path))
            }
            let input = BatchInput(path: path, relativePath: relative, identity: identityIfInsideOut(path))
            return PlannedInput(input: input, name: naming.names(forGroup: [input])[0])
        }
    }

    /// Whether `path`, resolved (symlinks followed), lies inside the output folder.
    private func isInsideOut(_ path: String) -> Bool {
        guard let outPrefix, let resolved = PathLookup.resolved(path) else { return false }
        return (resolved + "/").hasPrefix(outPrefix)
    }

    private func identityIfInsideOut(_ path: String) -> FileIdentity? {
        isInsideOut(path) ? FileIdentity(path: path) : nil
    }

    private func failure(_ directory: String, _ relative: String, _ reason: String) -> PlannedInput {
        let error = ImageError(.io, reason, file: directory)
        let relativePath = relative.isEmpty ? "." : relative
        return PlannedInput(input: BatchInput(path: directory, relativePath: relativePath, discoveryError: error),
                            name: .collision(relativePath))
    }

    /// `./a/b.jpg` and `/data/a/b.jpg` -> `a/b.jpg` and `data/a/b.jpg`; nil with a `..` component.
    static func mirroredPath(_ path: String) -> String? {
        let components = path.split(separator: "/", omittingEmptySubsequences: true).filter { $0 != "." }
        guard !components.contains("..") , !components.isEmpty else { return nil }
        return components.joined(separator: "/")
    }

    static func hasImageExtension(_ name: String) -> Bool {
        guard let dot = name.lastIndex(of: "."), dot != name.startIndex else { return false }
        return imageExtensions.contains(name[name.index(after: dot)...].lowercased())
    }

    /// The identity of a regular file, or of a link to one (a link to a directory is not walked).
    private static func regularFileIdentity(_ path: String) -> FileIdentity? {
        var status = stat()
        guard RawPath.withCString(path, { stat($0, &status) }) == 0, (status.st_mode & S_IFMT) == S_IFREG else { return nil }
        return FileIdentity(status)
    }
}
