import WidgetThumbnails

/// What `check .` learns from an app's repository: its widget extension targets and what
/// each bundles, the project files read, the other targets (named, not checked), and what
/// could not be read, each with the file and the reason.
package struct ProjectScan: Sendable {
    /// The widget extension targets, in the order their project files were found.
    package var targets: [WidgetTarget] = []
    /// Every project file read (`project.pbxproj`, `project.yml` and the files it includes).
    package var projectFiles: [String] = []
    /// The names of the targets that are not widget extensions.
    package var otherTargets: [String] = []
    /// What could not be read or used; another project is still read.
    package var problems: [ProjectProblem] = []
}

/// A project file, or a path a project names, that could not be used.
package struct ProjectProblem: Sendable, Equatable {
    /// The file (or the path a project named), as check names files.
    package var path: String
    /// Why; names from the project in it are escaped (`DisplayText`).
    package var reason: String
}

extension [String] {
    /// Appends the paths of `new` not in the list yet, in their order: a folder's thousands of
    /// Swift files are added in one pass, not looked up in the list one by one.
    mutating func appendNew(_ new: [String]) {
        var seen = Set(self)
        append(contentsOf: new.filter { seen.insert($0).inserted })
    }
}
