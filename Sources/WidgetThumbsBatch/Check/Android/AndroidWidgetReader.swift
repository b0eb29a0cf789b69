import WidgetThumbnails

/// Finds which bitmaps an Android app's widgets draw, from its resources alone: under `root`,
/// every module's `src/<set>/res` (an app's, or `android/app/src/main/res` of a Flutter or React
/// Native project), each `<appwidget-provider>` in its `xml*` folders (with the receiver the
/// manifest beside it names), the provider's `initialLayout` and `previewLayout` in every
/// `layout*` variant (following `<include>` and `<ViewStub>`), and each `@drawable` or `@mipmap`
/// those layouts draw, as the bitmap files of every density folder, with the dp of the view.
///
/// Hostile input is bounded: the walk skips `build`, `node_modules` and hidden folders and
/// never follows a link to a folder; every file opened resolves inside `root`; XML is read by
/// `AndroidXML` (no document type, capped); a resource name cannot be a path; includes are
/// followed at most `maxIncludeDepth` deep and `maxVisitedElements` elements a widget, a cycle
/// once. Whatever cannot be used is an `AndroidScanProblem` naming the file.
package enum AndroidWidgetReader {
    /// Folders the walk never enters: build outputs and package caches (hidden ones, `.gradle`
    /// among them, are skipped by `FolderListing`).
    static let skippedFolders: Set<String> = ["build", "node_modules", "Pods"]
    /// How deep the walk looks for `res` folders below the root.
    static let maxWalkDepth = 24
    /// How deep includes are followed.
    static let maxIncludeDepth = 16
    /// Elements visited across one widget's layouts and their includes (a layout that includes
    /// another ten times, which includes another ten times, grows as a power).
    static let maxVisitedElements = 100_000
    /// The file name endings of the bitmaps a resource folder may hold (what follows the name's
    /// first dot); those the engine cannot read (`CheckInputs.bitmapExtensions`: GIF) are listed
    /// as not checked.
    static let bitmapExtensions: Set<String> = ["png", "jpg", "jpeg", "webp", "gif"]
    /// XML drawables that wrap one bitmap (`android:src`), followed one level.
    static let bitmapWrappers: Set<String> = ["bitmap", "nine-patch"]
    /// XML drawables whose `<item>`s name drawables, followed one level.
    static let itemLists: Set<String> = ["layer-list", "selector", "level-list", "transition", "animation-list"]
    /// XML drawables that draw one `android:drawable`, followed one level.
    static let singleWrappers: Set<String> = ["inset", "clip", "scale", "rotate"]

    /// Everything found under `root`.
    package static func read(root: String) -> AndroidWidgetScan {
        var scan = AndroidWidgetScan()
        guard let resolved = PathLookup.resolved(root), PathLookup.isDirectory(root, followingLinks: true) else {
            scan.problems.append(AndroidScanProblem(root, .unreadable("no such folder")))
            return scan
        }
        let prefix = resolved.hasSuffix("/") ? resolved : resolved + "/"
        var folders: [String] = []
        if isResourceFolder(root) {
            folders = [root]
        } else {
            var ancestors: [FileIdentity] = []
            findResourceFolders(root, depth: 0, ancestors: &ancestors, into: &folders, problems: &scan.problems)
        }
        scan.resourceFolders = folders
        for folder in folders {
            var module = ModuleReader(resources: AndroidResources(path: folder, root: prefix))
            module.read()
            scan.widgets += module.widgets
            scan.unchecked += module.unchecked + module.resources.unchecked
            scan.problems += module.problems + module.resources.problems
        }
        return scan
    }

    /// Whether `path` is a module's resources: `.../src/<set>/res`.
    static func isResourceFolder(_ path: String) -> Bool {
        let parts = path.split(separator: "/")
        return parts.count >= 3 && parts[parts.count - 1] == "res" && parts[parts.count - 3] == "src"
    }

    private static func findResourceFolders(_ folder: String, depth: Int, ancestors: inout [FileIdentity],
                                            into found: inout [String], problems: inout [AndroidScanProblem]) {
        guard depth <= maxWalkDepth else { return }
        let identity = FileIdentity(path: folder)
        if let identity, ancestors.contains(identity) { return }  // a bind mount of its own ancestor
        let listing: FolderListing
        switch FolderListing.list(folder) {
        case .success(let listed): listing = listed
        case .failure(let failure):
            problems.append(AndroidScanProblem(failure.path, .unreadable(failure.reason)))
            return
        }
        if let identity { ancestors.append(identity) }
        defer { if identity != nil { ancestors.removeLast() } }
        for entry in listing.entries where entry.kind == .folder && !skippedFolders.contains(entry.name) {
            if isResourceFolder(entry.path) {
                found.append(entry.path)
            } else {
                findResourceFolders(entry.path, depth: depth + 1, ancestors: &ancestors, into: &found, problems: &problems)
            }
        }
    }
}

/// One module's widgets, read from its `res` folder and the manifest beside it.
private struct ModuleReader {
    var resources: AndroidResources
    var widgets: [AndroidWidget] = []
    var unchecked: [UncheckedAsset] = []
    var problems: [AndroidScanProblem] = []
    private var measured: [String: (pixels: PixelSize, bytes: Int)?] = [:]
    private var uncheckedSeen: Set<String> = []
    private var problemsSeen: Set<String> = []

    init(resources: AndroidResources) {
        self.resources = resources
    }

    mutating func read() {
        let receivers = receiversByProvider()
        for folder in resources.folders(ofType: "xml") {
            for file in resources.files(in: folder, extension: "xml") {
                guard let document = resources.document(file.path), document.name == "appwidget-provider" else { continue }
                let name = String(PathComponents.lastComponent(of: file.path).dropLast(4))
                widgets.append(widget(document, file: file, name: name, receiver: receivers[name]))
            }
        }
    }

    /// The `android:name` of each `<receiver>` by the `@xml/` provider its
    /// `android.appwidget.provider` meta-data names, from `../AndroidManifest.xml`.
    private mutating func receiversByProvider() -> [String: String] {
        let manifest = PathComponents.join(String(resources.path.dropLast("/res".count)), "AndroidManifest.xml")
        guard PathLookup.resolved(manifest) != nil, let document = resources.document(manifest) else { return [:] }
        var receivers: [String: String] = [:]
        let applications = document.children.filter { $0.name == "application" }
        for receiver in applications.flatMap(\.children) where receiver.name == "receiver" {
            for data in receiver.children where data.name == "meta-data" && data.android("name") == "android.appwidget.provider" {
                guard let value = data.android("resource") else { continue }
                switch AndroidReference.parse(value) {
                case .reference(let reference)? where reference.type == "xml" && reference.package == nil:
                    receivers[reference.name] = receiver.android("name")
                case .badName(let text)?:
                    report(AndroidScanProblem(manifest, .badResourceName(text)))
                default:
                    continue
                }
            }
        }
        return receivers
    }

    private mutating func widget(_ provider: AndroidXML.Element, file: AndroidResources.File, name: String,
                                 receiver: String?) -> AndroidWidget {
        let size = AndroidWidgetSize(
            minWidth: resources.dp(provider.android("minWidth")), minHeight: resources.dp(provider.android("minHeight")),
            minResizeWidth: resources.dp(provider.android("minResizeWidth")),
            minResizeHeight: resources.dp(provider.android("minResizeHeight")),
            maxResizeWidth: resources.dp(provider.android("maxResizeWidth")),
            maxResizeHeight: resources.dp(provider.android("maxResizeHeight")),
            targetCellWidth: provider.android("targetCellWidth").flatMap { Int($0) },
            targetCellHeight: provider.android("targetCellHeight").flatMap { Int($0) },
            resizeMode: provider.android("resizeMode").flatMap(AndroidResizeMode.init(attribute:)) ?? [])
        var widget = AndroidWidget(providerFile: file.path, resourceName: name,
                                   qualifiers: file.folder.qualifiers + (file.folder.density.map { [$0.rawValue] } ?? []),
                                   receiver: receiver, size: size)
        var walk = LayoutWalk()
        for attribute in ["initialLayout", "previewLayout"] {
            guard let value = provider.android(attribute) else { continue }
            switch AndroidReference.parse(value) {
            case .reference(let reference)? where reference.type == "layout" && reference.package == nil:
                if attribute == "initialLayout" { widget.initialLayout = reference.name } else { widget.previewLayout = reference.name }
                for variant in resources.files(ofType: "layout", named: reference.name) where variant.extensionText == "xml" {
                    walkLayout(variant, walk: &walk)
                }
            case .badName(let text)?:
                report(AndroidScanProblem(file.path, .badResourceName(text)))
            default:
                continue
            }
        }
        widget.layoutFiles = walk.files
        for use in walk.uses { widget.bitmaps += bitmaps(for: use, depth: 0) }
        return widget
    }

    // MARK: Layouts

    /// A drawable a view names, and the view's size.
    struct DrawableUse {
        var reference: AndroidReference
        var attribute: String
        var layoutFile: String
        var width: Double?
        var height: Double?
    }

    /// What the walk of one widget's layouts collects, and its budget.
    struct LayoutWalk {
        var files: [String] = []
        var uses: [DrawableUse] = []
        var visited = 0
        var exhausted = false
    }

    /// One element to visit: the file it is in, the dp bound its parent gives, and the layouts
    /// included on the way to it (for the cycle guard).
    private struct Pending {
        var element: AndroidXML.Element
        var file: String
        var width: Double?
        var height: Double?
        var chain: [String]
    }

    /// Walks the layout file `file` and what it includes, with an explicit stack (no input can
    /// make it recurse), within the widget's element budget.
    private mutating func walkLayout(_ file: AndroidResources.File, walk: inout LayoutWalk) {
        guard !walk.exhausted, let root = resources.document(file.path) else { return }
        let name = String(PathComponents.lastComponent(of: file.path).split(separator: ".").first ?? "")
        if !walk.files.contains(file.path) { walk.files.append(file.path) }
        var stack = [Pending(element: root, file: file.path, width: nil, height: nil, chain: [name])]
        while let item = stack.popLast() {
            walk.visited += 1
            guard walk.visited <= AndroidWidgetReader.maxVisitedElements else {
                walk.exhausted = true
                report(AndroidScanProblem(item.file, .includesTooLarge(
                    "more than \(AndroidWidgetReader.maxVisitedElements) elements with what it includes")))
                return
            }
            let element = item.element
            let width = bounded(resources.dp(element.android("layout_width")), by: item.width)
            let height = bounded(resources.dp(element.android("layout_height")), by: item.height)
            for (attribute, namespace) in [("src", AndroidXML.androidNamespace), ("srcCompat", AndroidXML.appNamespace),
                                           ("background", AndroidXML.androidNamespace)] {
                guard let value = element.attribute(attribute, in: namespace) else { continue }
                let written = element.attributes.first { $0.name == attribute && $0.namespace == namespace }?.qualifiedName ?? attribute
                switch AndroidReference.parse(value) {
                case .reference(let reference)? where reference.package == nil && (reference.type == "drawable" || reference.type == "mipmap"):
                    walk.uses.append(DrawableUse(reference: reference, attribute: written, layoutFile: item.file, width: width, height: height))
                case .badName(let text)?:
                    report(AndroidScanProblem(item.file, .badResourceName(text)))
                default:
                    continue
                }
            }
            let included = element.name == "include" ? element.attribute("layout", in: nil)
                : element.name == "ViewStub" ? element.android("layout") : nil
            if let included, let root = includedRoot(included, from: item, walk: &walk) {
                stack.append(Pending(element: root.element, file: root.file, width: width, height: height, chain: item.chain + [root.name]))
                continue
            }
            for child in element.children.reversed() {
                stack.append(Pending(element: child, file: item.file, width: width, height: height, chain: item.chain))
            }
        }
    }

    /// A view's dp on one axis: its own where it gives one, never more than its parent's.
    private func bounded(_ own: Double?, by parent: Double?) -> Double? {
        guard let own else { return parent }
        return parent.map { min($0, own) } ?? own
    }

    /// The root of the layout `value` names (the variant in the including file's folder, else
    /// the unqualified one, else the first), or nil with a problem for a cycle, a bad name or
    /// includes too deep.
    private mutating func includedRoot(_ value: String, from item: Pending,
                                       walk: inout LayoutWalk) -> (element: AndroidXML.Element, file: String, name: String)? {
        let reference: AndroidReference
        switch AndroidReference.parse(value) {
        case .reference(let parsed)? where parsed.type == "layout" && parsed.package == nil: reference = parsed
        case .badName(let text)?:
            report(AndroidScanProblem(item.file, .badResourceName(text)))
            return nil
        default: return nil
        }
        guard !item.chain.contains(reference.name) else {
            report(AndroidScanProblem(item.file, .includeCycle(item.chain + [reference.name])))
            return nil
        }
        guard item.chain.count < AndroidWidgetReader.maxIncludeDepth else {
            report(AndroidScanProblem(item.file, .includesTooLarge("includes nested more than \(AndroidWidgetReader.maxIncludeDepth) deep")))
            return nil
        }
        let variants = resources.files(ofType: "layout", named: reference.name).filter { $0.extensionText == "xml" }
        let including = item.file.split(separator: "/").dropLast().last.map(String.init)
        guard let chosen = variants.first(where: { $0.folder.name == including }) ?? variants.first(where: { $0.folder.name == "layout" })
            ?? variants.first, let root = resources.document(chosen.path) else { return nil }
        if !walk.files.contains(chosen.path) { walk.files.append(chosen.path) }
        return (root, chosen.path, reference.name)
    }

    // MARK: Drawables

    /// The bitmap files `use` draws: each density folder's file of the drawable, an XML
    /// drawable followed one level to the bitmaps it wraps.
    private mutating func bitmaps(for use: DrawableUse, depth: Int, through: String? = nil) -> [AndroidDrawnBitmap] {
        let files = resources.files(ofType: use.reference.type, named: use.reference.name)
        guard !files.isEmpty else {
            note(PathComponents.join(resources.path, "\(use.reference.type)*/\(use.reference.name)"),
                 "drawn by \(DisplayText.escaped(use.layoutFile)) but not in this module's resources (a library's, or another "
                    + "source set's): not checked")
            return []
        }
        var found: [AndroidDrawnBitmap] = []
        for file in files {
            let drawn = through.map { "\(use.attribute) via \($0)" } ?? use.attribute
            if file.extensionText == "9.png" {
                note(file.path, "nine-patch: stretched to its view, not checked")
            } else if AndroidWidgetReader.bitmapExtensions.contains(file.extensionText),
                      !CheckInputs.bitmapExtensions.contains(file.extensionText) {
                note(file.path, "\(file.extensionText.uppercased()) bitmap: a format this tool does not read, not checked")
            } else if AndroidWidgetReader.bitmapExtensions.contains(file.extensionText) {
                let size = measure(file.path)
                let bitmap = AndroidDrawnBitmap(
                    path: file.path, resourceName: use.reference.name, density: file.folder.density ?? .mdpi,
                    qualifiers: file.folder.qualifiers, pixels: size?.pixels, fileBytes: size?.bytes, layoutFile: use.layoutFile,
                    drawnThrough: drawn, viewWidth: use.width, viewHeight: use.height)
                if !found.contains(bitmap) { found.append(bitmap) }
            } else if file.extensionText == "xml" {
                found += xmlDrawable(file, use: use, depth: depth)
            }
        }
        return found
    }

    /// What an XML drawable draws: the bitmaps a `<bitmap>`, an `<item>` list or an `<inset>`
    /// names (one level); anything else (a vector, a shape) is listed as not a bitmap.
    private mutating func xmlDrawable(_ file: AndroidResources.File, use: DrawableUse, depth: Int) -> [AndroidDrawnBitmap] {
        guard depth == 0 else {
            note(file.path, "an XML drawable inside an XML drawable: not followed")
            return []
        }
        guard let document = resources.document(file.path) else { return [] }
        var names: [String] = []
        if AndroidWidgetReader.bitmapWrappers.contains(document.name) {
            names += document.android("src").map { [$0] } ?? []
        } else if AndroidWidgetReader.itemLists.contains(document.name) {
            for item in document.children where item.name == "item" {
                if let drawable = item.android("drawable") { names.append(drawable) }
                for child in item.children where AndroidWidgetReader.bitmapWrappers.contains(child.name) {
                    if let source = child.android("src") { names.append(source) }
                }
            }
        } else if AndroidWidgetReader.singleWrappers.contains(document.name) {
            names += document.android("drawable").map { [$0] } ?? []
        } else {
            note(file.path, "XML drawable <\(DisplayText.escaped(document.name, limit: 60))>: not a bitmap, drawn at any size, not checked")
            return []
        }
        var found: [AndroidDrawnBitmap] = []
        let through = "\(file.path) <\(document.name)>"
        for name in names {
            switch AndroidReference.parse(name) {
            case .reference(let reference)? where reference.package == nil && (reference.type == "drawable" || reference.type == "mipmap"):
                var inner = use
                inner.reference = reference
                found += bitmaps(for: inner, depth: depth + 1, through: through)
            case .badName(let text)?:
                report(AndroidScanProblem(file.path, .badResourceName(text)))
            default:
                continue
            }
        }
        return found
    }

    /// The stored size of a bitmap from its header (Android draws a resource as stored: no EXIF
    /// orientation), once per file; nil with a problem when it cannot be read.
    private mutating func measure(_ path: String) -> (pixels: PixelSize, bytes: Int)? {
        if let known = measured[path] { return known }
        var result: (PixelSize, Int)?
        if !CheckInputs.resolvesInside(path, root: resources.root) {
            report(AndroidScanProblem(path, .outsideRoot))
        } else {
            let limits = DecodeLimits.default
            do throws(ImageError) {
                let input = try ThumbnailInput.open(atPath: path, maxBytes: limits.maxFileBytes)
                let info = try input.probe(limits: limits)
                result = (info.size, input.fileBytes ?? 0)
            } catch {
                report(AndroidScanProblem(path, .notAnImage(error.reasonText)))
            }
        }
        measured[path] = result
        return result
    }

    /// Records a problem, once (an include tree can meet the same one many times).
    private mutating func report(_ problem: AndroidScanProblem) {
        guard problemsSeen.insert(problem.file + "\u{0}" + problem.description).inserted else { return }
        problems.append(problem)
    }

    /// Lists `path` as not checked, once.
    private mutating func note(_ path: String, _ reason: String) {
        guard uncheckedSeen.insert(path + "\u{0}" + reason).inserted else { return }
        unchecked.append(UncheckedAsset(path: path, reason: reason))
    }
}
