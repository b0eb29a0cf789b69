import Glibc
import WidgetThumbnails

/// An image `check` looks at, with the scale and idiom an asset catalog gives it.
package struct CheckImage: Sendable {
    /// The path as given or found (relative when the input was).
    package var path: String
    /// 1, 2 or 3 from an image set's Contents.json; nil: a single-scale image, drawn at every scale.
    package var scale: Int?
    /// The device scales that draw it (`ImageFacts.drawnAtScales`); nil: every scale.
    package var drawnAtScales: [Int]? = nil
    /// The platforms an image set's idiom limits it to (empty: all).
    package var platforms: [Platform]
    /// The asset set's folder, for the config's families (nil outside a catalog).
    package var assetSet: String?
    /// How big it is drawn (`ImageFacts.drawn`): filling the slot in a plain folder.
    package var drawn: DrawnRole = .fillsSlot
    /// Where `drawn` comes from.
    package var drawnEvidence: String?
    /// `ImageFacts.mayNotBeDrawn`.
    package var mayNotBeDrawn = false
    /// The name code draws it by: its image set's name, after the names of the folders above
    /// it that provide a namespace (`Icons/close` for `Icons/close.imageset` when `Icons`'s
    /// Contents.json says `provides-namespace`); nil outside a catalog.
    package var assetName: String?
}

/// Finds what `check` looks at in its paths: image files, the images of folders (walked with
/// the engine's `FolderListing`, the same names and rules as `batch`'s walk) and of Xcode asset
/// catalogs (`*.xcassets`; each `*.imageset`'s Contents.json gives the variants' scales and
/// idioms). Every open stays inside the trees it was given: a link is followed only when it
/// resolves inside the folder argument it was found under, and a Contents.json entry must name
/// a file in its own image set.
package struct CheckInputs {
    package private(set) var images: [CheckImage] = []
    package private(set) var unchecked: [UncheckedAsset] = []
    /// Paths that could not be read at all (reported as `unreadable` errors).
    package private(set) var failures: [(path: String, reason: String)] = []
    /// Whether a catalog folder provides a namespace, read once per folder.
    private var namespaces: [String: Bool] = [:]

    /// The extensions of bitmap files a folder walk takes.
    package static let bitmapExtensions = Set(ReadableFormats.walkedExtensions.map { $0.lowercased() })
    /// Vector files, listed as not checked.
    static let vectorExtensions: Set<String> = ["pdf", "svg"]
    /// The largest Contents.json read (Xcode writes a few hundred bytes).
    static let maxContentsBytes = 1 << 20

    /// Walks `paths` in order.
    package init(paths: [String]) {
        for path in paths {
            guard let resolved = PathLookup.resolved(path) else {
                failures.append((path, "no such file or folder"))
                continue
            }
            if PathLookup.isDirectory(path, followingLinks: true) {
                let root = resolved.hasSuffix("/") ? resolved : resolved + "/"
                var ancestors: [FileIdentity] = []
                addFolder(path, root: root, ancestors: &ancestors)
            } else {
                addFile(path, explicit: true)
            }
        }
    }

    /// Whether `path` names a bitmap or vector image by its extension (what a walk takes).
    package static func isImageName(_ path: String) -> Bool {
        let ext = pathExtension(PathComponents.lastComponent(of: path))
        return bitmapExtensions.contains(ext) || vectorExtensions.contains(ext)
    }

    private static func pathExtension(_ name: String) -> String {
        guard let dot = name.lastIndex(of: "."), dot != name.startIndex else { return "" }
        return name[name.index(after: dot)...].lowercased()
    }

    private mutating func addFile(_ path: String, explicit: Bool) {
        let ext = Self.pathExtension(PathComponents.lastComponent(of: path))
        if Self.vectorExtensions.contains(ext) {
            unchecked.append(UncheckedAsset(path: path, reason: "vector image (\(ext.uppercased())): drawn at any size, not checked"))
        } else if explicit || Self.bitmapExtensions.contains(ext) {
            images.append(CheckImage(path: path, scale: nil, platforms: [], assetSet: nil))
        }
    }

    private mutating func addFolder(_ path: String, root: String, ancestors: inout [FileIdentity]) {
        let name = PathComponents.lastComponent(of: path)
        let ext = Self.pathExtension(name)
        switch ext {
        case "imageset":
            addImageSet(path, root: root)
        case "xcassets", "":
            walk(path, root: root, ancestors: &ancestors)
        default:
            // Another asset set (appiconset, colorset, symbolset, dataset, ...) inside a catalog,
            // or an ordinary folder with a dot in its name.
            if path.split(separator: "/").contains(where: { $0.hasSuffix(".xcassets") }) || name.hasSuffix("set") {
                unchecked.append(UncheckedAsset(path: path, reason: "\(ext) is not an image set: not drawn by a widget as an image, not checked"))
            } else {
                walk(path, root: root, ancestors: &ancestors)
            }
        }
    }

    private mutating func walk(_ folder: String, root: String, ancestors: inout [FileIdentity]) {
        let identity = FileIdentity(path: folder)
        if let identity, ancestors.contains(identity) {
            failures.append((folder, "the folder contains itself (a bind mount loop); it is walked once"))
            return
        }
        let listing: FolderListing
        switch FolderListing.list(folder) {
        case .success(let listed): listing = listed
        case .failure(let failure):
            failures.append((failure.path, failure.reason))
            return
        }
        if let identity { ancestors.append(identity) }
        defer { if identity != nil { ancestors.removeLast() } }
        failures += listing.unreachable
        for entry in listing.entries where entry.name != "Contents.json" {
            switch entry.kind {
            case .file:
                addFile(entry.path, explicit: false)
            case .folder:
                addFolder(entry.path, root: root, ancestors: &ancestors)
            case .symbolicLink(toFolder: true):
                unchecked.append(UncheckedAsset(path: entry.path, reason: "symbolic link to a folder, not followed on a folder walk (name it to check it)"))
            case .symbolicLink(toFolder: false):
                guard Self.bitmapExtensions.contains(Self.pathExtension(entry.name)) else { continue }
                if Self.resolvesInside(entry.path, root: root) {
                    addFile(entry.path, explicit: false)
                } else {
                    unchecked.append(UncheckedAsset(path: entry.path, reason: "symbolic link leading outside the checked folder, not followed"))
                }
            case .other:
                if Self.bitmapExtensions.contains(Self.pathExtension(entry.name)) {
                    unchecked.append(UncheckedAsset(path: entry.path, reason: "not a regular file (a FIFO, socket or device), not read"))
                }
            }
        }
    }

    /// Whether `path`, every link resolved, lies inside `root` (a resolved folder ending in `/`).
    static func resolvesInside(_ path: String, root: String) -> Bool {
        guard let resolved = PathLookup.resolved(path) else { return false }
        return resolved.hasPrefix(root)
    }

    /// An image set: its Contents.json names each file with its scale and idiom. A set whose
    /// Contents.json cannot be used says why, and so does every entry that cannot.
    private mutating func addImageSet(_ folder: String, root: String) {
        let contents = PathComponents.join(folder, "Contents.json")
        guard Self.resolvesInside(contents, root: root) else {
            failures.append((contents, "missing, or a link leading outside the checked folder: an image set needs its Contents.json"))
            return
        }
        let bytes: [UInt8]
        do throws(ImageError) {
            bytes = try InputFile.read(contents, maxBytes: Self.maxContentsBytes)
        } catch {
            failures.append((contents, "cannot be read: \(error.reasonText)"))
            return
        }
        guard case .object(let document)? = try? JSONValue(parsing: bytes) else {
            failures.append((contents, "not a JSON object: an image set needs its Contents.json"))
            return
        }
        var preservesVector = false
        if case .object(let properties)? = document["properties"], case .bool(let value)? = properties["preserves-vector-representation"] {
            preservesVector = value
        }
        guard let imagesValue = document["images"] else { return }
        guard case .array(let entries) = imagesValue else {
            failures.append((contents, "'images' is not a list: the set's files cannot be found"))
            return
        }
        var variants: [(image: CheckImage, idiom: String)] = []
        for (index, item) in entries.enumerated() {
            guard case .object(let entry) = item else {
                failures.append((contents, "images[\(index)] is not an object"))
                continue
            }
            guard let filenameValue = entry["filename"] else { continue }  // a slot with no file: nothing drawn
            guard case .string(let filename) = filenameValue, !filename.isEmpty, !filename.contains("/"),
                  filename != ".", filename != ".." else {
                failures.append((contents, "images[\(index)].filename is not the name of a file in the set"))
                continue
            }
            let path = PathComponents.join(folder, filename)
            let ext = Self.pathExtension(filename)
            if Self.vectorExtensions.contains(ext) || preservesVector {
                let why = preservesVector ? "preserves-vector-representation" : "vector image (\(ext.uppercased()))"
                unchecked.append(UncheckedAsset(path: path, reason: "\(why): drawn at any size, not checked"))
                continue
            }
            if PathLookup.resolved(path) != nil, !Self.resolvesInside(path, root: root) {
                unchecked.append(UncheckedAsset(path: path, reason: "symbolic link leading outside the checked folder, not followed"))
                continue
            }
            var scale: Int?
            if case .string(let text)? = entry["scale"] { scale = Int(text.dropLast()) }
            var idiom = "universal"
            if case .string(let text)? = entry["idiom"] { idiom = text }
            variants.append((CheckImage(path: path, scale: scale, platforms: Self.platforms(idiom: idiom), assetSet: folder), idiom))
        }
        let name = assetName(of: folder, root: root)
        images += Self.withDrawnScales(variants).map { image in
            var named = image
            named.assetName = name
            return named
        }
    }

    /// The name of the image set at `folder`: its own, after each enclosing folder's that
    /// provides a namespace, up to its catalog.
    private mutating func assetName(of folder: String, root: String) -> String {
        var components = folder.split(separator: "/", omittingEmptySubsequences: false).map(String.init)
        var name = components.removeLast()
        if name.hasSuffix(".imageset") { name.removeLast(".imageset".count) }
        while let parent = components.last, !parent.hasSuffix(".xcassets"), components.count > 1 {
            let path = components.joined(separator: "/")
            if providesNamespace(path, root: root) { name = parent + "/" + name }
            components.removeLast()
        }
        return name
    }

    /// Whether the catalog folder at `path` provides a namespace (its Contents.json's
    /// `properties.provides-namespace`); a Contents.json that is missing, leads outside or
    /// cannot be read says no.
    private mutating func providesNamespace(_ path: String, root: String) -> Bool {
        if let known = namespaces[path] { return known }
        var provides = false
        let contents = PathComponents.join(path, "Contents.json")
        if Self.resolvesInside(contents, root: root),
           let bytes = try? InputFile.read(contents, maxBytes: Self.maxContentsBytes),
           case .object(let document)? = try? JSONValue(parsing: bytes),
           case .object(let properties)? = document["properties"],
           case .bool(let value)? = properties["provides-namespace"] {
            provides = value
        }
        namespaces[path] = provides
        return provides
    }

    /// The device scales each variant is drawn at. A device takes the variant of its own scale;
    /// where its idiom has none, the nearest larger one (scaled down, sharp), else the nearest
    /// smaller one (scaled up): so a set whose only file is 1x is drawn by every device, and a
    /// 3x-only set by the @2 devices too. A variant without a scale is drawn at every scale.
    static func withDrawnScales(_ variants: [(image: CheckImage, idiom: String)]) -> [CheckImage] {
        variants.map { variant in
            guard let scale = variant.image.scale else { return variant.image }
            let siblings = variants.filter { $0.idiom == variant.idiom }.compactMap(\.image.scale)
            var image = variant.image
            image.drawnAtScales = (1...3).filter { deviceScale in
                if siblings.contains(deviceScale) { return deviceScale == scale }
                let larger = siblings.filter { $0 > deviceScale }.min()
                return (larger ?? siblings.filter { $0 < deviceScale }.max()) == scale
            }
            return image
        }
    }

    /// The platforms an asset catalog idiom is drawn on (empty: all).
    static func platforms(idiom: String) -> [Platform] {
        switch idiom {
        case "iphone": [.iOS]
        case "ipad": [.iPadOS]
        case "mac": [.macOS]
        case "watch": [.watchOS]
        case "vision": [.visionOS]
        default: []
        }
    }
}

extension ImageError {
    /// `code: reason` without the file name (the finding names the file), escaped.
    package var reasonText: String {
        reason.isEmpty ? code.rawValue : "\(code.rawValue): \(DisplayText.escaped(reason))"
    }
}
