import WidgetThumbnails

/// What `AndroidWidgetReader.read(root:)` found under a folder: the resource folders, each
/// widget with the bitmaps it draws (for `AndroidSlotRule`), what was listed but not checked,
/// and every file it could not use, with why.
package struct AndroidWidgetScan {
    /// The `res` folders read (`app/src/main/res`, `android/app/src/main/res`).
    package var resourceFolders: [String] = []
    /// The widgets, one per `<appwidget-provider>` file.
    package var widgets: [AndroidWidget] = []
    /// Drawables a widget uses that are not bitmaps or not found (vectors, shapes, nine-patches,
    /// a library's drawable), with why.
    package var unchecked: [UncheckedAsset] = []
    /// Files that could not be read or were refused.
    package var problems: [AndroidScanProblem] = []

    /// The bitmap files measured, each once (what `check` counts as images checked).
    package var bitmapFiles: [String] {
        var seen: Set<String> = []
        return widgets.flatMap(\.bitmaps).filter { $0.pixels != nil }.map(\.path).filter { seen.insert($0).inserted }
    }

    /// What `check` reports for the scan: `rule`'s findings, then each problem as an
    /// `unreadable` error naming its file; a link leading out of the root is listed as not
    /// checked instead, as `CheckInputs` lists one, and so is what the rule could not compare.
    package func checked(by rule: AndroidSlotRule = AndroidSlotRule()) -> (findings: [CheckFinding], unchecked: [UncheckedAsset]) {
        let result = rule.evaluate(widgets)
        var findings = result.findings
        var unchecked = self.unchecked + result.unchecked
        for problem in problems {
            if problem.reason == .outsideRoot {
                unchecked.append(UncheckedAsset(path: problem.file, reason: "symbolic link leading outside the checked folder, not followed"))
            } else {
                findings.append(UnreadableRule.finding(problem.file, reason: problem.description))
            }
        }
        return (findings, unchecked)
    }
}

/// A file the reader could not use, and why: said once, never a crash.
package struct AndroidScanProblem: Error, Equatable, CustomStringConvertible {
    /// Why.
    package enum Reason: Equatable {
        /// A folder that cannot be listed, or a file that cannot be read (too large, not a
        /// regular file, no access), with the reason.
        case unreadable(String)
        /// The XML reader refused the file.
        case refusedXML(AndroidXML.Refusal)
        /// A link that leads outside the checked folder: not opened.
        case outsideRoot
        /// A resource reference whose name cannot be a resource's (`@drawable/../../x`).
        case badResourceName(String)
        /// A layout that includes itself, through the chain given.
        case includeCycle([String])
        /// A layout whose includes go deeper, or hold more elements, than the limit.
        case includesTooLarge(String)
        /// A bitmap file whose header cannot be read.
        case notAnImage(String)
    }

    /// The file (or folder) concerned, as found under the root.
    package var file: String
    /// Why it could not be used.
    package var reason: Reason

    /// A problem with `file`.
    package init(_ file: String, _ reason: Reason) {
        self.file = file
        self.reason = reason
    }

    /// The reason in words, texts from the files escaped (the file is named by the finding).
    package var description: String {
        switch reason {
        case .unreadable(let why): "cannot be read: \(why)"
        case .refusedXML(let refusal): "refused as Android resource XML: \(refusal)"
        case .outsideRoot: "a link leading outside the checked folder: not followed"
        case .badResourceName(let reference):
            "the reference \(DisplayText.escaped(reference, limit: 120)) names no resource (a name is letters, digits and _): not followed"
        case .includeCycle(let chain):
            "the layout includes itself (\(chain.map { DisplayText.escaped($0, limit: 80) }.joined(separator: " -> "))): followed once"
        case .includesTooLarge(let why): "its includes are too large: \(why); the rest is not read"
        case .notAnImage(let why): "a drawable bitmap that cannot be read as an image: \(why)"
        }
    }
}
