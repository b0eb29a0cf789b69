import WidgetThumbnails

/// `check` on a folder that holds an app: the widget extension targets its project declares
/// (`ProjectReader`), each with the images it bundles, the families and platforms it has, and
/// how its Swift code draws each image (`WidgetSourceScan`). Only what a widget target bundles
/// is checked, in that target's families on its platforms' devices; an image its code never
/// names is a note; every other image under the folder is counted once, not judged.
package struct CheckProject {
    /// One widget target: what the report says of it, the context its images are checked in,
    /// and the images, each with how it is drawn.
    package struct Target {
        package var summary: CheckedTarget
        package var context: CheckContext
        package var images: [CheckImage]
    }

    package private(set) var targets: [Target] = []
    package private(set) var unchecked: [UncheckedAsset] = []
    /// Paths that could not be read (the bundled catalogs' own failures, as `unreadable`).
    package private(set) var failures: [(path: String, reason: String)] = []
    /// Images under the folder that no widget target bundles.
    package private(set) var outsideTargets = 0

    /// The largest Swift file read: a widget's sources are a few KB each; a larger one is
    /// generated or hostile, and its names are not worth gigabytes.
    static let maxSourceBytes = 4 << 20

    /// The project in `root`, or nil when no project there declares a widget target (then the
    /// folder is checked as a plain folder). `base` is the run's context: the command's and the
    /// config's families and devices stay over what the project says.
    package init?(root: String, base: CheckContext) {
        let scan = ProjectReader.read(root: root)
        guard !scan.targets.isEmpty else { return nil }
        for problem in scan.problems {
            unchecked.append(UncheckedAsset(path: problem.path, reason: "project: \(problem.reason)"))
        }
        var bundled = Set<String>()
        for target in scan.targets {
            let code = WidgetSourceScan.scan(Self.sources(target.sources, root: root, unchecked: &unchecked))
            // Bundled folders, and the files among the resources that are images (a privacy
            // manifest or a strings file is bundled too, and is no image to judge).
            let found = CheckInputs(paths: target.resources.filter {
                PathLookup.isDirectory($0, followingLinks: true) || (PathLookup.resolved($0) != nil && CheckInputs.isImageName($0))
            })
            failures += found.failures
            unchecked += found.unchecked
            var context = base
            context.devices = base.devices.filter { target.platforms.contains($0.platform) }
            let drawnFamilies = WidgetFamily.allCases.filter { family in context.devices.contains { !$0.slots(for: family).isEmpty } }
            let familiesEvidence: String
            if base.families != nil {
                familiesEvidence = "from the command"
            } else if let declared = code.families {
                context.defaultFamilies = declared
                familiesEvidence = code.familiesEvidence
            } else {
                context.defaultFamilies = drawnFamilies
                familiesEvidence = code.familiesEvidence
            }
            var images: [CheckImage] = []
            var unnamed = 0
            var unnamedAssets = Set<String>()
            let uses = AssetUses(code)
            for var image in found.images where !target.excluded.contains(where: { PathComponents.isPath(image.path, under: $0) }) {
                bundled.insert(image.path)
                if code.families?.isEmpty == true {
                    unchecked.append(UncheckedAsset(path: image.path, reason: "bundled by \(DisplayText.escaped(target.name)), "
                        + "a Live Activity only: no widget family draws it (a Live Activity's limits are not checked)"))
                    continue
                }
                let name = Self.assetName(image)
                if let role = uses.role(of: name) {
                    image.drawn = role.role
                    image.drawnEvidence = "code: \(role.location)"
                } else if let place = code.unresolvedNames.first {
                    // A name read at run time may be this one: checked, never called blurry.
                    image.drawn = .unknown
                    image.mayNotBeDrawn = true
                    image.drawnEvidence = "no code names it, but it may be drawn through the name read at run time at \(place)"
                } else {
                    // Said once per image set, not once per variant.
                    unnamed += 1
                    let asset = image.assetSet ?? image.path
                    if unnamedAssets.insert(asset).inserted {
                        unchecked.append(UncheckedAsset(path: asset, reason: "bundled by widget target \(DisplayText.escaped(target.name)), "
                            + "but no code of it names '\(DisplayText.escaped(name))': not checked"))
                    }
                    continue
                }
                images.append(image)
            }
            let summary = CheckedTarget(name: target.name, projectFile: target.projectFile, platforms: target.platforms,
                                        platformEvidence: target.platformEvidence,
                                        families: base.families ?? context.defaultFamilies, familiesEvidence: familiesEvidence,
                                        images: images.count, unnamed: unnamed, missing: target.missing)
            targets.append(Target(summary: summary, context: context, images: images))
        }
        outsideTargets = CheckInputs(paths: [root]).images.filter { !bundled.contains($0.path) }.count
    }

    /// The name code uses for `image`: its image set's (`CheckImage.assetName`, namespaces
    /// included), else the file's without its extension and scale suffix.
    static func assetName(_ image: CheckImage) -> String {
        if let name = image.assetName { return name }
        var name = PathComponents.lastComponent(of: image.path)
        if let dot = name.lastIndex(of: ".") { name = String(name[..<dot]) }
        if let at = name.range(of: "@", options: .backwards) { name = String(name[..<at.lowerBound]) }
        return name
    }

    /// The target's Swift files as text: each confined to `root` and bounded; one that cannot
    /// be read is said once and left out.
    static func sources(_ paths: [String], root: String, unchecked: inout [UncheckedAsset]) -> [(path: String, text: String)] {
        guard let resolvedRoot = PathLookup.resolved(root) else { return [] }
        let rootFolder = resolvedRoot.hasSuffix("/") ? resolvedRoot : resolvedRoot + "/"
        var texts: [(path: String, text: String)] = []
        for path in paths {
            guard CheckInputs.resolvesInside(path, root: rootFolder) else {
                unchecked.append(UncheckedAsset(path: path, reason: "source missing, or a link leading outside the checked folder: not read"))
                continue
            }
            do throws(ImageError) {
                let bytes = try InputFile.read(path, maxBytes: maxSourceBytes)
                texts.append((path, String(decoding: bytes, as: UTF8.self)))
            } catch {
                unchecked.append(UncheckedAsset(path: path, reason: "source not read: \(error.reasonText)"))
            }
        }
        return texts
    }
}

/// The code's asset uses by name: an asset named as a string or as its generated symbol, and
/// the role that decides (`fillsSlot` over a frame, the largest frame, else unknown).
struct AssetUses {
    private var byName: [String: [AssetUse]] = [:]
    private var bySymbol: [String: [AssetUse]] = [:]

    init(_ code: WidgetCode) {
        for use in code.assets {
            switch use.name {
            case .string(let name): byName[name, default: []].append(use)
            case .symbol(let symbol): bySymbol[symbol, default: []].append(use)
            }
        }
    }

    /// How the code draws the asset `name`, and where; nil when no code names it.
    func role(of name: String) -> (role: DrawnRole, location: CodeLocation)? {
        let uses = (byName[name] ?? []) + (bySymbol[AssetSymbol.name(for: name)] ?? [])
        guard let first = uses.first else { return nil }
        if let filling = uses.first(where: { $0.role == .fillsSlot }) { return (.fillsSlot, filling.location) }
        var width: Double?
        var height: Double?
        var framed: AssetUse?
        for use in uses {
            guard case .framed(let w, let h) = use.role else { continue }
            width = [width, w].compactMap { $0 }.max()
            height = [height, h].compactMap { $0 }.max()
            framed = framed ?? use
        }
        if let framed { return (.framed(width: width, height: height), framed.location) }
        return (.unknown, first.location)
    }
}
