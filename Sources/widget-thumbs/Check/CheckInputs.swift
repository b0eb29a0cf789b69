import Foundation
import WidgetThumbnails

/// What `check` looks at: image files, and the images of folders and Xcode asset catalogs
/// (`*.xcassets`), each with the scale and idiom an asset catalog gives it.
struct CheckImage: Sendable {
    /// The path as given or found (relative when the input was).
    var path: String
    /// 1, 2 or 3 from an imageset's Contents.json; nil: a single-scale image, drawn at every scale.
    var scale: Int?
    /// The platforms an imageset's idiom limits it to (empty: all).
    var platforms: [Platform]
    /// The asset set's folder, for the config's families (nil outside a catalog).
    var assetSet: String?
}

/// Something listed but not checked: a vector asset or a set that holds no bitmap for a widget.
struct UncheckedAsset: Sendable, Encodable {
    var path: String
    var reason: String
}

/// Walks `check`'s paths.
struct CheckInputs {
    var images: [CheckImage] = []
    var unchecked: [UncheckedAsset] = []
    /// Paths that could not be read at all (reported as errors).
    var failures: [(path: String, reason: String)] = []

    /// The extensions of bitmap files a folder walk takes.
    static let bitmapExtensions = Set(ReadableFormats.walkedExtensions.map { $0.lowercased() })
    /// Vector files, listed as not checked.
    static let vectorExtensions: Set<String> = ["pdf", "svg"]

    init(paths: [String]) {
        for path in paths { add(path, explicit: true) }
    }

    private mutating func add(_ path: String, explicit: Bool) {
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isFolder) else {
            failures.append((path, "no such file or folder"))
            return
        }
        let name = (path as NSString).lastPathComponent
        let ext = (name as NSString).pathExtension.lowercased()
        if !isFolder.boolValue {
            if Self.vectorExtensions.contains(ext) {
                unchecked.append(UncheckedAsset(path: path, reason: "vector image (\(ext.uppercased())): drawn at any size, not checked"))
            } else if explicit || Self.bitmapExtensions.contains(ext) {
                images.append(CheckImage(path: path, scale: nil, platforms: [], assetSet: nil))
            }
            return
        }
        switch ext {
        case "imageset":
            addImageSet(path)
        case "xcassets", "":
            walk(path)
        default:
            // Another asset set (appiconset, colorset, symbolset, dataset, ...) inside a catalog,
            // or an ordinary folder with a dot in its name.
            if path.split(separator: "/").contains(where: { $0.hasSuffix(".xcassets") }) || name.hasSuffix("set") {
                unchecked.append(UncheckedAsset(path: path, reason: "\(ext) is not an image set: not drawn by a widget as an image, not checked"))
            } else {
                walk(path)
            }
        }
    }

    private mutating func walk(_ folder: String) {
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: folder) else {
            failures.append((folder, "cannot list the folder"))
            return
        }
        for name in names.sorted() where !name.hasPrefix(".") && name != "Contents.json" {
            let path = folder + "/" + name
            // A link is not followed on a walk: it could lead back up the tree.
            if (try? FileManager.default.destinationOfSymbolicLink(atPath: path)) != nil {
                unchecked.append(UncheckedAsset(path: path, reason: "symbolic link, not followed on a folder walk (name it to check it)"))
                continue
            }
            add(path, explicit: false)
        }
    }

    /// An imageset: its Contents.json names each file with its scale and idiom.
    private mutating func addImageSet(_ folder: String) {
        let contents = folder + "/Contents.json"
        guard let data = FileManager.default.contents(atPath: contents),
              let document = try? JSONSerialization.jsonObject(with: data) as? [String: Any] else {
            failures.append((contents, "missing or not JSON: an image set needs its Contents.json"))
            return
        }
        let properties = document["properties"] as? [String: Any] ?? [:]
        let preservesVector = properties["preserves-vector-representation"] as? Bool ?? false
        for entry in document["images"] as? [[String: Any]] ?? [] {
            guard let filename = entry["filename"] as? String, !filename.contains("/") else { continue }
            let path = folder + "/" + filename
            let ext = (filename as NSString).pathExtension.lowercased()
            if Self.vectorExtensions.contains(ext) || preservesVector {
                let why = preservesVector ? "preserves-vector-representation" : "vector image (\(ext.uppercased()))"
                unchecked.append(UncheckedAsset(path: path, reason: "\(why): drawn at any size, not checked"))
                continue
            }
            let scale = (entry["scale"] as? String).flatMap { Int($0.dropLast()) }
            let idiom = entry["idiom"] as? String ?? "universal"
            images.append(CheckImage(path: path, scale: scale, platforms: Self.platforms(idiom: idiom), assetSet: folder))
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
