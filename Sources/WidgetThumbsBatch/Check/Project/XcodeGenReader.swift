import Glibc
import WidgetThumbnails

/// An XcodeGen project: `project.yml`, the files its `include:` names (each relative to the
/// file that names it) and their `targets:`. A target of `type: app-extension` whose
/// `info: properties:` (or the Info.plist at `info: path:`) declare WidgetKit's extension point
/// is a widget. Paths in a file are relative to that file (XcodeGen's default), so
/// `Sources/Resources/` in `Widgets/target.yml` is `Widgets/Sources/Resources/`.
enum XcodeGenReader {
    /// The most files read through `include:`, and the deepest chain of includes.
    static let maxIncludedFiles = 256
    static let maxIncludeDepth = 8

    static func read(_ relative: String, files: inout ProjectFiles, scan: inout ProjectScan) {
        var state = State()
        load(relative, depth: 0, state: &state, files: &files, scan: &scan)
        let projectSettings = state.root.map { settings(of: $0) } ?? [:]
        // A checkout where XcodeGen has been run holds the project it generated too: a target
        // read from that pbxproj (with its paths resolved by XcodeGen) is not read again here.
        let generated = Set(scan.targets.map(\.name) + scan.otherTargets)
        for declared in state.targets where !generated.contains(declared.name) {
            let name = declared.name
            let target = declared.value
            guard target.pairs != nil else {
                files.note(declared.file, "target \(DisplayText.escaped(name)) is not a mapping: left out")
                continue
            }
            let base = ProjectFiles.folder(of: declared.file)
            guard target["type"]?.scalar == "app-extension", isWidget(target, base: base, file: declared.file, files: &files) else {
                scan.otherTargets.append(name)
                continue
            }
            scan.targets.append(widgetTarget(name, target, file: declared.file, projectSettings: projectSettings, files: &files))
        }
    }

    /// What the files read so far declare: the root file's document (its project-level
    /// settings), the targets with the file each is declared in, the files loaded.
    struct State {
        var root: YAMLValue?
        var targets: [(name: String, value: YAMLValue, file: String)] = []
        var loaded: Set<String> = []
    }

    private static func load(_ relative: String, depth: Int, state: inout State, files: inout ProjectFiles, scan: inout ProjectScan) {
        guard state.loaded.insert(relative).inserted else { return }
        guard depth <= maxIncludeDepth, state.loaded.count <= maxIncludedFiles else {
            files.note(relative, "included too deep or past \(maxIncludedFiles) files: not read")
            return
        }
        guard let bytes = files.read(relative, maxBytes: ProjectFiles.maxSmallFileBytes, what: "the XcodeGen file") else { return }
        let document: YAMLValue
        do throws(YAMLSubset.Failure) {
            document = try YAMLSubset.parse(String(decoding: bytes, as: UTF8.self))
        } catch {
            files.note(relative, "line \(error.line): \(error.reason)")
            return
        }
        scan.projectFiles.append(files.path(relative))
        if depth == 0 { state.root = document }
        let base = ProjectFiles.folder(of: relative)
        for include in document["include"]?.sequence ?? document["include"].map({ [$0] }) ?? [] {
            guard let path = include.scalar ?? include["path"]?.scalar else {
                files.note(relative, "an include that is neither a path nor a mapping with path: left out")
                continue
            }
            if let included = files.relative(path, from: base, file: relative) {
                load(included, depth: depth + 1, state: &state, files: &files, scan: &scan)
            }
        }
        for (name, value) in document["targets"]?.pairs ?? [] {
            if let earlier = state.targets.first(where: { $0.name == name }) {
                files.note(relative, "declares target \(DisplayText.escaped(name)) again (first in \(DisplayText.escaped(files.path(earlier.file)))): the first is read")
                continue
            }
            state.targets.append((name, value, relative))
        }
    }

    private static func isWidget(_ target: YAMLValue, base: String, file: String, files: inout ProjectFiles) -> Bool {
        if let point = target["info"]?["properties"]?["NSExtension"]?["NSExtensionPointIdentifier"]?.scalar {
            return point == XcodeProjectReader.widgetExtensionPoint
        }
        guard let path = target["info"]?["path"]?.scalar, let relative = files.relative(path, from: base, file: file),
              files.presence(relative) == .inside,
              let bytes = files.read(relative, maxBytes: ProjectFiles.maxSmallFileBytes, what: "the target's Info.plist") else { return false }
        switch PropertyListBytes.dictionary(bytes) {
        case .success(let info):
            return (info["NSExtension"] as? [String: Any])?["NSExtensionPointIdentifier"] as? String == XcodeProjectReader.widgetExtensionPoint
        case .failure(let failure):
            files.note(relative, failure.reason)
            return false
        }
    }

    /// A `settings:` mapping's settings: `base:` and the Release config's over it, or the
    /// mapping itself when it has neither `base`, `configs` nor `groups` (XcodeGen's short form).
    static func settings(of owner: YAMLValue) -> [String: String] {
        guard let settings = owner["settings"] else { return [:] }
        let structured = settings["base"] != nil || settings["configs"] != nil || settings["groups"] != nil
        var result: [String: String] = [:]
        for (key, value) in (structured ? settings["base"]?.pairs : settings.pairs) ?? [] {
            if let text = value.scalar { result[key] = text }
        }
        for (key, value) in settings["configs"]?["Release"]?.pairs ?? [] {
            if let text = value.scalar { result[key] = text }
        }
        return result
    }

    private static func widgetTarget(_ name: String, _ target: YAMLValue, file: String, projectSettings: [String: String],
                                     files: inout ProjectFiles) -> WidgetTarget {
        let settings = projectSettings.merging(settings(of: target)) { _, target in target }
        let declared = target["platform"].map { $0.sequence?.compactMap(\.scalar) ?? [$0.scalar ?? ""] } ?? []
        var platforms: [Platform] = []
        var evidence = ["platform: \(DisplayText.escaped(declared.joined(separator: ", ")))"]
        for platform in declared {
            let found: [Platform]
            switch platform {
            case "iOS":
                // XcodeGen's iOS preset sets TARGETED_DEVICE_FAMILY to '1,2'.
                let family = settings["TARGETED_DEVICE_FAMILY"]
                evidence.append(family.map { "TARGETED_DEVICE_FAMILY = \(DisplayText.escaped($0))" } ?? "TARGETED_DEVICE_FAMILY = 1,2 (XcodeGen's iOS preset)")
                found = TargetPlatforms.deviceFamilies(family ?? "1,2")
            case "watchOS": found = [.watchOS]
            case "macOS": found = [.macOS]
            case "visionOS": found = [.visionOS]
            default: found = []
            }
            for platform in found where !platforms.contains(platform) { platforms.append(platform) }
        }
        var widget = WidgetTarget(name: name, projectFile: files.path(file), platforms: platforms,
                                  platformEvidence: evidence.joined(separator: ", "))
        let base = ProjectFiles.folder(of: file)
        for (key, isResources) in [("sources", false), ("resources", true)] {
            let entries = target[key].map { $0.sequence ?? [$0] } ?? []
            for entry in entries {
                guard let path = entry.scalar ?? entry["path"]?.scalar,
                      let relative = files.relative(path, from: base, file: file) else { continue }
                let excludes = (entry["excludes"]?.sequence ?? []).compactMap(\.scalar)
                add(relative, excludes: excludes, phase: isResources ? "resources" : entry["buildPhase"]?.scalar, file: file,
                    to: &widget, files: &files)
            }
        }
        return widget
    }

    /// A `sources` or `resources` entry. XcodeGen gives each file of a sources folder the build
    /// phase of its type, so a sources folder is bundled as well as compiled (its catalogs go to
    /// the resources phase) unless `buildPhase` says one; `excludes` are globs under it.
    private static func add(_ relative: String, excludes: [String], phase: String?, file: String, to widget: inout WidgetTarget,
                            files: inout ProjectFiles) {
        let path = files.path(relative)
        switch files.presence(relative) {
        case .absent:
            if !widget.missing.contains(path) { widget.missing.append(path) }
            return
        case .outside:
            files.note(relative, "a link leading outside the checked folder: not read")
            return
        case .inside:
            break
        }
        guard files.isFolder(relative) else {
            if relative.hasSuffix(".swift") && phase != "resources" {
                if !widget.sources.contains(path) { widget.sources.append(path) }
            } else if phase != "sources" && phase != "none" {
                if !widget.resources.contains(path) { widget.resources.append(path) }
            }
            return
        }
        widget.excluded.appendNew(excludes.filter { !$0.contains(where: { "*?[".contains($0) }) }
            .compactMap { files.relative($0, from: relative, file: file) }.map(files.path))
        let isExcluded = { (candidate: String) in
            let under = String(candidate.dropFirst(relative.count + 1))
            return excludes.contains { Glob.matches($0, under) }
        }
        if phase != "sources" && phase != "none" && !widget.resources.contains(path) {
            widget.resources.append(path)
        }
        if phase != "resources" {
            widget.sources.appendNew(files.swiftFiles(under: relative, excluded: isExcluded).map(files.path))
        }
    }
}

/// Shell globs as XcodeGen's `excludes` write them, matched with the C library's `fnmatch`
/// (`*` crosses folders here, so `*.entitlements` leaves out such files at any depth: a
/// superset of XcodeGen's, which only drops files from what is checked).
enum Glob {
    static func matches(_ pattern: String, _ path: String) -> Bool {
        let trimmed = pattern.hasSuffix("/") ? String(pattern.dropLast()) : pattern
        return fnmatch(trimmed, path, 0) == 0
    }
}
