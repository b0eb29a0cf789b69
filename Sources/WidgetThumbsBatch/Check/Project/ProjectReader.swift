import WidgetThumbnails

/// Reads an app's repository for `check .`: the Xcode projects under it
/// (`*.xcodeproj/project.pbxproj`, a few levels down) and an XcodeGen `project.yml` at its
/// top, and gives their widget extension targets with what each bundles. Every path given back
/// is `root` joined with a path under it, the way check's walk names files; nothing outside
/// the root is opened, and a file that cannot be read is a problem, never the end of the read.
package enum ProjectReader {
    /// How far below the root projects are looked for (`App/App.xcodeproj` is one level down,
    /// a monorepo's `apps/ios/App.xcodeproj` three).
    static let maxSearchDepth = 4
    /// Folders that hold others' projects or build products, never the app's own.
    static let skippedFolders: Set<String> = ["Pods", "Carthage", "node_modules", "build", "DerivedData", ".build"]
    /// The most folders listed looking for projects: four levels of a wide tree stay bounded.
    static let maxSearchedFolders = 20_000

    package static func read(root: String) -> ProjectScan {
        var scan = ProjectScan()
        guard var files = ProjectFiles(root: root) else {
            scan.problems.append(ProjectProblem(path: root, reason: "no such folder"))
            return scan
        }
        for project in projectFiles(files: &files) {
            XcodeProjectReader.read(project, files: &files, scan: &scan)
        }
        if files.presence("project.yml") != .absent {
            XcodeGenReader.read("project.yml", files: &files, scan: &scan)
        }
        scan.targets = scan.targets.map { withoutNestedResources($0) }
        scan.problems += files.problems
        return scan
    }

    /// `target` without the resources that lie in another of its resource folders and in none of
    /// its excluded paths (an XcodeGen sources folder and a resources folder inside it), so check
    /// walks each bundled file once.
    static func withoutNestedResources(_ target: WidgetTarget) -> WidgetTarget {
        var target = target
        let resources = target.resources
        target.resources = resources.filter { resource in
            !resources.contains { $0 != resource && PathComponents.isPath(resource, under: $0) }
                || target.excluded.contains { PathComponents.isPath(resource, under: $0) }
        }
        return target
    }

    /// The `project.pbxproj` files under the root, relative to it, in the order the folders
    /// list (byte-wise): hidden folders and `skippedFolders` are not entered, links not followed.
    static func projectFiles(files: inout ProjectFiles) -> [String] {
        var found: [String] = []
        var pending: [(relative: String, depth: Int)] = [("", 0)]
        var listed = 0
        while listed < pending.count {
            let (folder, depth) = pending[listed]
            listed += 1
            if listed > maxSearchedFolders {
                files.note("", "more than \(maxSearchedFolders) folders looked into for Xcode projects: the rest are not")
                break
            }
            let listing: FolderListing
            switch FolderListing.list(files.path(folder)) {
            case .success(let listed): listing = listed
            case .failure(let failure):
                files.problems.append(ProjectProblem(path: failure.path, reason: failure.reason))
                continue
            }
            for entry in listing.entries where entry.kind == .folder && !skippedFolders.contains(entry.name) {
                let relative = folder.isEmpty ? entry.name : folder + "/" + entry.name
                if entry.name.hasSuffix(".xcodeproj") {
                    let project = relative + "/project.pbxproj"
                    if files.presence(project) != .absent { found.append(project) }
                } else if depth + 1 < maxSearchDepth && !entry.name.hasSuffix(".xcassets") && !entry.name.hasSuffix(".xcworkspace") {
                    pending.append((relative, depth + 1))
                }
            }
        }
        return found
    }
}
