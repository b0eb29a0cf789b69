import WidgetThumbnails

/// One `X.xcodeproj/project.pbxproj`: its native targets, which of them are widget extensions
/// (their Info.plist's `NSExtensionPointIdentifier` is `com.apple.widgetkit-extension`), and
/// for each the platforms its build settings give and what it bundles and compiles, from its
/// build phases and its file-system-synchronized groups (Xcode 16).
struct XcodeProjectReader {
    static let widgetExtensionPoint = "com.apple.widgetkit-extension"
    /// The product types an extension point can be declared for (WidgetKit's is an app
    /// extension; ExtensionKit's type is the newer form of the same bundle).
    static let extensionProductTypes: Set<String> = [
        "com.apple.product-type.app-extension", "com.apple.product-type.extensionkit-extension",
    ]
    /// The longest chain of groups walked up from a file (Xcode's trees are a few levels deep).
    static let maxGroupDepth = 256

    /// The pbxproj, relative to the root.
    let projectFile: String
    /// SRCROOT relative to the root: the folder the `.xcodeproj` is in.
    var sourceRoot: String
    let objects: [String: [String: Any]]
    /// Each group member's group (the first by identifier that lists it, so a member listed
    /// twice gets the same path on every read).
    var parents: [String: String] = [:]
    /// The file-system-synchronized root groups, by identifier (an exception set on one may add
    /// files to any target).
    var synchronizedGroups: [String] = []

    /// Reads `relative` into `scan`; what cannot be read is a problem in `files`.
    static func read(_ relative: String, files: inout ProjectFiles, scan: inout ProjectScan) {
        guard let bytes = files.read(relative, maxBytes: ProjectFiles.maxProjectBytes, what: "the project file") else { return }
        let document: [String: Any]
        switch PropertyListBytes.dictionary(bytes) {
        case .success(let parsed): document = parsed
        case .failure(let failure):
            files.note(relative, failure.reason)
            return
        }
        guard let objects = document["objects"] as? [String: Any], let rootID = document["rootObject"] as? String,
              let project = objects[rootID] as? [String: Any] else {
            files.note(relative, "has no objects or root object: not an Xcode project")
            return
        }
        scan.projectFiles.append(files.path(relative))
        var reader = XcodeProjectReader(
            projectFile: relative, sourceRoot: ProjectFiles.folder(of: ProjectFiles.folder(of: relative)),
            objects: objects.compactMapValues { $0 as? [String: Any] })
        if let projectDir = project["projectDirPath"] as? String, !projectDir.isEmpty,
           let moved = files.relative(projectDir, from: reader.sourceRoot, file: relative) {
            reader.sourceRoot = moved
        }
        for (id, object) in reader.objects.sorted(by: { $0.key < $1.key }) {
            for child in object["children"] as? [String] ?? [] where reader.parents[child] == nil { reader.parents[child] = id }
            if object["isa"] as? String == "PBXFileSystemSynchronizedRootGroup" { reader.synchronizedGroups.append(id) }
        }
        let projectSettings = reader.settings(of: project, label: "project", files: &files)
        for targetID in project["targets"] as? [String] ?? [] {
            guard let target = reader.objects[targetID] else { continue }
            let name = target["name"] as? String ?? targetID
            guard target["isa"] as? String == "PBXNativeTarget",
                  Self.extensionProductTypes.contains(target["productType"] as? String ?? "") else {
                scan.otherTargets.append(name)
                continue
            }
            let settings = projectSettings.merging(reader.settings(of: target, label: "target", files: &files)) { _, target in target }
            guard reader.isWidgetExtension(target, settings: settings, files: &files) else {
                scan.otherTargets.append(name)
                continue
            }
            scan.targets.append(reader.widgetTarget(targetID, target, name: name, settings: settings, files: &files))
        }
    }

    // MARK: build settings

    /// The build settings of `owner`'s configuration (Release, else the first): its base
    /// xcconfig's, then its own over them.
    func settings(of owner: [String: Any], label: String, files: inout ProjectFiles) -> [String: TargetPlatforms.Setting] {
        guard let listID = owner["buildConfigurationList"] as? String, let list = objects[listID],
              let configurationIDs = list["buildConfigurations"] as? [String] else { return [:] }
        let configurations = configurationIDs.compactMap { objects[$0] }
        guard let configuration = configurations.first(where: { $0["name"] as? String == "Release" }) ?? configurations.first else {
            return [:]
        }
        var settings: [String: TargetPlatforms.Setting] = [:]
        var xcconfig: String?
        if let reference = configuration["baseConfigurationReference"] as? String {
            xcconfig = location(of: reference, files: &files)
        } else if let anchor = configuration["baseConfigurationReferenceAnchor"] as? String,
                  let relativePath = configuration["baseConfigurationReferenceRelativePath"] as? String,
                  let folder = location(of: anchor, files: &files) {
            xcconfig = files.relative(relativePath, from: folder, file: projectFile)
        }
        if let xcconfig {
            var visited: Set<String> = []
            XcconfigReader.read(xcconfig, into: &settings, files: &files, visited: &visited)
        }
        for (key, value) in configuration["buildSettings"] as? [String: Any] ?? [:] {
            let text = (value as? String) ?? (value as? [String])?.joined(separator: " ")
            if let text { settings[key] = TargetPlatforms.Setting(value: text, source: label) }
        }
        return settings
    }

    // MARK: which targets are widgets

    /// Whether the target's Info.plist (or its `INFOPLIST_KEY_` settings) declares WidgetKit's
    /// extension point. When neither says which extension point it has (no Info.plist on disk),
    /// an app extension that links WidgetKit.framework is taken as a widget: an extension of
    /// another kind that only reloads widgets links WidgetKit too, but its Info.plist names
    /// its own point, and then that is what decides.
    func isWidgetExtension(_ target: [String: Any], settings: [String: TargetPlatforms.Setting], files: inout ProjectFiles) -> Bool {
        for (key, setting) in settings where key.hasPrefix("INFOPLIST_KEY_") && key.hasSuffix("NSExtensionPointIdentifier") {
            return setting.value == Self.widgetExtensionPoint
        }
        let name = DisplayText.escaped(target["name"] as? String ?? "")
        if let infoPlist = settings["INFOPLIST_FILE"]?.value, let relative = expandedPath(infoPlist, files: &files),
           let bytes = files.read(relative, maxBytes: ProjectFiles.maxSmallFileBytes,
                                  what: "the Info.plist of \(name) (without it, linking WidgetKit makes it a widget)") {
            switch PropertyListBytes.dictionary(bytes) {
            case .success(let info):
                if let point = (info["NSExtension"] as? [String: Any])?["NSExtensionPointIdentifier"] as? String {
                    return point == Self.widgetExtensionPoint
                }
            case .failure(let failure):
                files.note(relative, failure.reason)
            }
        }
        return linksWidgetKit(target)
    }

    /// `INFOPLIST_FILE` as a path relative to the root: relative to SRCROOT, which
    /// `$(SRCROOT)`, `$(PROJECT_DIR)` and `$(SOURCE_ROOT)` name too; nil when another
    /// setting would have to be expanded.
    func expandedPath(_ value: String, files: inout ProjectFiles) -> String? {
        var path = value
        for variable in ["SRCROOT", "PROJECT_DIR", "SOURCE_ROOT"] {
            for spelled in ["$(\(variable))", "${\(variable)}"] where path.hasPrefix(spelled) {
                path = String(path.dropFirst(spelled.count))
                while path.hasPrefix("/") { path.removeFirst() }
            }
        }
        if path.contains("$") {
            files.note(projectFile, "INFOPLIST_FILE = \(DisplayText.escaped(value)) names a setting that is not expanded: the Info.plist is not read")
            return nil
        }
        return files.relative(path, from: sourceRoot, file: projectFile)
    }

    func linksWidgetKit(_ target: [String: Any]) -> Bool {
        buildFiles(of: target, phase: "PBXFrameworksBuildPhase").contains { reference in
            let object = objects[reference]
            return ((object?["path"] as? String) ?? (object?["name"] as? String))?.hasSuffix("WidgetKit.framework") == true
        }
    }

    // MARK: what a widget bundles

    func widgetTarget(_ id: String, _ target: [String: Any], name: String, settings: [String: TargetPlatforms.Setting],
                      files: inout ProjectFiles) -> WidgetTarget {
        let (platforms, evidence) = TargetPlatforms.platforms(settings)
        var widget = WidgetTarget(name: name, projectFile: files.path(projectFile), platforms: platforms, platformEvidence: evidence)
        for reference in buildFiles(of: target, phase: "PBXResourcesBuildPhase") {
            for relative in locations(ofMember: reference, files: &files) {
                place(relative, in: &widget.resources, missing: &widget.missing, files: &files)
            }
        }
        for reference in buildFiles(of: target, phase: "PBXSourcesBuildPhase") {
            for relative in locations(ofMember: reference, files: &files) where relative.hasSuffix(".swift") {
                place(relative, in: &widget.sources, missing: &widget.missing, files: &files)
            }
        }
        addSynchronizedGroups(id, target, to: &widget, files: &files)
        return widget
    }

    /// Adds `relative` (as check names it) to `list` when it is on disk inside the root, to
    /// `missing` when it is not there; a link out of the root is a problem.
    func place(_ relative: String, in list: inout [String], missing: inout [String], files: inout ProjectFiles) {
        let path = files.path(relative)
        switch files.presence(relative) {
        case .inside: if !list.contains(path) { list.append(path) }
        case .absent: if !missing.contains(path) { missing.append(path) }
        case .outside: files.note(relative, "a link leading outside the checked folder: not read")
        }
    }

    /// The synchronized groups the target owns give their folder to `resources` (all but the
    /// target's exceptions are its members, so their catalogs and other files are bundled) and
    /// their Swift files to `sources`; an exception set for the target on a group it does not
    /// own adds the files it lists (a widget compiling a model file from the app's folder).
    func addSynchronizedGroups(_ id: String, _ target: [String: Any], to widget: inout WidgetTarget, files: inout ProjectFiles) {
        let owned = target["fileSystemSynchronizedGroups"] as? [String] ?? []
        for groupID in owned {
            guard let group = objects[groupID], let folder = location(of: groupID, files: &files) else { continue }
            let exceptions = memberships(of: group, for: id).compactMap { files.relative($0, from: folder, file: projectFile) }
            place(folder, in: &widget.resources, missing: &widget.missing, files: &files)
            guard files.presence(folder) == .inside else { continue }
            widget.excluded.appendNew(exceptions.map(files.path))
            let isExcluded = { (relative: String) in exceptions.contains { PathComponents.isPath(relative, under: $0) } }
            widget.sources.appendNew(files.swiftFiles(under: folder, excluded: isExcluded).map(files.path))
        }
        for groupID in synchronizedGroups where !owned.contains(groupID) {
            let added = objects[groupID].map { memberships(of: $0, for: id) } ?? []
            guard !added.isEmpty, let folder = location(of: groupID, files: &files) else { continue }
            for member in added {
                guard let relative = files.relative(member, from: folder, file: projectFile) else { continue }
                if relative.hasSuffix(".swift") {
                    place(relative, in: &widget.sources, missing: &widget.missing, files: &files)
                } else {
                    place(relative, in: &widget.resources, missing: &widget.missing, files: &files)
                }
            }
        }
    }

    /// The `membershipExceptions` of `group`'s exception sets for the target `targetID`.
    func memberships(of group: [String: Any], for targetID: String) -> [String] {
        (group["exceptions"] as? [String] ?? []).flatMap { setID -> [String] in
            guard let set = objects[setID], set["isa"] as? String == "PBXFileSystemSynchronizedBuildFileExceptionSet",
                  set["target"] as? String == targetID else { return [] }
            return set["membershipExceptions"] as? [String] ?? []
        }
    }

    /// The file references of the target's build phases of kind `phase`.
    func buildFiles(of target: [String: Any], phase: String) -> [String] {
        (target["buildPhases"] as? [String] ?? []).flatMap { phaseID -> [String] in
            guard let buildPhase = objects[phaseID], buildPhase["isa"] as? String == phase else { return [] }
            return (buildPhase["files"] as? [String] ?? []).compactMap { objects[$0]?["fileRef"] as? String }
        }
    }

    /// Where a build file's reference is: one path, or each localisation of a variant group.
    func locations(ofMember reference: String, files: inout ProjectFiles) -> [String] {
        guard let object = objects[reference] else { return [] }
        if object["isa"] as? String == "PBXVariantGroup" {
            return (object["children"] as? [String] ?? []).compactMap { location(of: $0, files: &files) }
        }
        return location(of: reference, files: &files).map { [$0] } ?? []
    }

    /// The path of a file reference or group relative to the root, put together up the group
    /// tree (`<group>` is relative to the enclosing group, `SOURCE_ROOT` to SRCROOT); nil, with
    /// a problem, for a path outside the checked folder (an SDK's, the build folder's, an
    /// absolute one) or a group tree that loops.
    func location(of id: String, files: inout ProjectFiles) -> String? {
        var components: [String] = []
        var current = id
        var visited: Set<String> = []
        let shown = { (object: [String: Any]) in DisplayText.escaped((object["name"] as? String) ?? (object["path"] as? String) ?? id) }
        while true {
            guard visited.insert(current).inserted, visited.count <= Self.maxGroupDepth else {
                files.note(projectFile, "the group tree loops (or is deeper than \(Self.maxGroupDepth)) above \(shown(objects[id] ?? [:])): its path is not read")
                return nil
            }
            guard let object = objects[current] else { return nil }
            let path = object["path"] as? String
            switch object["sourceTree"] as? String ?? "<group>" {
            case "<group>":
                if let path { components.append(path) }
                guard let parent = parents[current] else { return joined(components, files: &files) }
                current = parent
            case "SOURCE_ROOT":
                if let path { components.append(path) }
                return joined(components, files: &files)
            case "<absolute>":
                files.note(projectFile, "\(shown(object)) is at an absolute path: only files under the checked folder are read")
                return nil
            case let tree:
                files.note(projectFile, "\(shown(object)) is in \(DisplayText.escaped(tree)), outside the checked folder: not read")
                return nil
            }
        }
    }

    private func joined(_ components: [String], files: inout ProjectFiles) -> String? {
        let path = components.reversed().joined(separator: "/")
        if path.hasPrefix("/") {
            files.note(projectFile, "names an absolute path (\(DisplayText.escaped(path))): only files under the checked folder are read")
            return nil
        }
        return files.relative(path, from: sourceRoot, file: projectFile)
    }
}
