import WidgetThumbnails

/// One module's `res` folder: its resource folders by type and qualifiers, the files of a
/// resource found by name, XML read with `AndroidXML` and `@dimen` values. Every file opened
/// is a regular file that resolves inside the checked root (`CheckInputs.resolvesInside`), a
/// link leading out of it is a problem, never read; every folder is listed with the engine's
/// `FolderListing`, once.
struct AndroidResources {
    /// A resource folder (`drawable-night-xhdpi`).
    struct Folder {
        var name: String
        var path: String
        /// `drawable`, `mipmap`, `layout`, `xml`, `values`.
        var type: String
        /// The qualifiers but the density one, as written.
        var qualifiers: [String]
        /// The density qualifier, when one is given.
        var density: AndroidDensityBucket?
    }

    /// One file of a resource.
    struct File {
        var path: String
        var folder: Folder
        /// What follows the name's first dot (`png`, `9.png`, `xml`), lowercased.
        var extensionText: String
    }

    /// The largest XML file read (resource XML is a few kilobytes).
    static let maxXMLBytes = 1 << 20
    /// How deep `@dimen` references to other dimens are followed.
    static let maxDimensionHops = 4

    let path: String
    /// The resolved checked root, ending in `/`.
    let root: String
    private(set) var folders: [Folder] = []
    private(set) var problems: [AndroidScanProblem] = []
    private(set) var unchecked: [UncheckedAsset] = []
    private var listings: [String: [FolderListing.Entry]] = [:]
    private var documents: [String: AndroidXML.Element?] = [:]
    private var dimensions: [String: String]?
    /// Each resource's files by `type/name`, found once (so a link out of the root is one problem).
    private var resourceFiles: [String: [File]] = [:]

    /// The resource folders of the `res` folder at `path`.
    init(path: String, root: String) {
        self.path = path
        self.root = root
        for entry in list(path) {
            switch entry.kind {
            case .folder:
                let parts = entry.name.split(separator: "-").map(String.init)
                guard let type = parts.first else { continue }
                var qualifiers = Array(parts.dropFirst())
                let density = qualifiers.lazy.compactMap(AndroidDensityBucket.init(qualifier:)).first
                if let density { qualifiers.removeAll { $0 == density.rawValue } }
                folders.append(Folder(name: entry.name, path: entry.path, type: type, qualifiers: qualifiers, density: density))
            case .symbolicLink(toFolder: true):
                unchecked.append(UncheckedAsset(path: entry.path, reason: "symbolic link to a resource folder, not followed"))
            default:
                continue
            }
        }
    }

    /// The folder's entries, listed once; a folder that cannot be listed is a problem.
    private mutating func list(_ folder: String) -> [FolderListing.Entry] {
        if let known = listings[folder] { return known }
        var entries: [FolderListing.Entry] = []
        switch FolderListing.list(folder) {
        case .success(let listing):
            entries = listing.entries
            problems += listing.unreachable.map { AndroidScanProblem($0.path, .unreadable($0.reason)) }
        case .failure(let failure):
            problems.append(AndroidScanProblem(failure.path, .unreadable(failure.reason)))
        }
        listings[folder] = entries
        return entries
    }

    /// The folders of `type` (`drawable`), unqualified first (the byte-wise listing order).
    func folders(ofType type: String) -> [Folder] {
        folders.filter { $0.type == type }
    }

    /// Every file of the resource `name` in the folders of `type`: one per qualified folder
    /// that has it. Links are taken only when they resolve inside the root.
    mutating func files(ofType type: String, named name: String) -> [File] {
        let key = type + "/" + name
        if let known = resourceFiles[key] { return known }
        var found: [File] = []
        defer { resourceFiles[key] = found }
        for folder in folders(ofType: type) {
            for entry in list(folder.path) {
                guard let dot = entry.name.firstIndex(of: "."), entry.name[..<dot] == name else { continue }
                let file = File(path: entry.path, folder: folder, extensionText: entry.name[entry.name.index(after: dot)...].lowercased())
                switch entry.kind {
                case .file:
                    found.append(file)
                case .symbolicLink(toFolder: false):
                    if CheckInputs.resolvesInside(entry.path, root: root) {
                        found.append(file)
                    } else {
                        problems.append(AndroidScanProblem(entry.path, .outsideRoot))
                    }
                default:
                    continue
                }
            }
        }
        return found
    }

    /// Every file of a folder with the extension `ext` (the providers in `xml*`).
    mutating func files(in folder: Folder, extension ext: String) -> [File] {
        list(folder.path).compactMap { entry in
            guard entry.name.lowercased().hasSuffix("." + ext), entry.kind == .file || entry.kind == .symbolicLink(toFolder: false) else {
                return nil
            }
            return File(path: entry.path, folder: folder, extensionText: ext)
        }
    }

    /// The root element of the XML file at `path`, read once; nil (and a problem) when it is
    /// outside the root, unreadable or refused.
    mutating func document(_ path: String) -> AndroidXML.Element? {
        if let known = documents[path] { return known }
        let element = Self.read(path, root: root, problems: &problems)
        documents[path] = element
        return element
    }

    /// The root element of the XML file at `path`, confined to `root`, with the reader's caps.
    static func read(_ path: String, root: String, problems: inout [AndroidScanProblem]) -> AndroidXML.Element? {
        guard CheckInputs.resolvesInside(path, root: root) else {
            problems.append(AndroidScanProblem(path, .outsideRoot))
            return nil
        }
        let bytes: [UInt8]
        do throws(ImageError) {
            bytes = try InputFile.read(path, maxBytes: maxXMLBytes)
        } catch {
            problems.append(AndroidScanProblem(path, .unreadable(error.reasonText)))
            return nil
        }
        switch AndroidXML.parse(bytes) {
        case .success(let element): return element
        case .failure(let refusal):
            problems.append(AndroidScanProblem(path, .refusedXML(refusal)))
            return nil
        }
    }

    /// A size attribute in dp: `110dp`, `110dip`, or `@dimen/x` from `values*/dimens.xml`
    /// (the unqualified folder first); nil for any other unit, a missing dimen, or nothing.
    mutating func dp(_ value: String?) -> Double? {
        guard var text = value else { return nil }
        for _ in 0...Self.maxDimensionHops {
            guard text.hasPrefix("@") else { return Self.dpValue(text) }
            guard case .reference(let reference)? = AndroidReference.parse(text), reference.type == "dimen",
                  reference.package == nil, let next = dimensionTable()[reference.name] else { return nil }
            text = next
        }
        return nil
    }

    /// `110dp` or `110dip` as 110; nil for anything else.
    static func dpValue(_ text: String) -> Double? {
        let trimmed = text.filter { $0 != " " && $0 != "\t" && $0 != "\n" && $0 != "\r" }
        for unit in ["dip", "dp"] where trimmed.hasSuffix(unit) {
            guard let value = Double(trimmed.dropLast(unit.count)), value.isFinite, value >= 0 else { return nil }
            return value
        }
        return nil
    }

    /// Every `<dimen name>` of the `values*` folders' `dimens.xml`, the first folder that
    /// gives a name winning (`values` lists before `values-sw600dp`).
    private mutating func dimensionTable() -> [String: String] {
        if let dimensions { return dimensions }
        var table: [String: String] = [:]
        for file in files(ofType: "values", named: "dimens") where file.extensionText == "xml" {
            guard let document = document(file.path) else { continue }
            for element in document.children where element.name == "dimen" {
                guard let name = element.attribute("name", in: nil), table[name] == nil else { continue }
                table[name] = element.text
            }
        }
        dimensions = table
        return table
    }
}

/// A resource reference as an attribute writes it (`@drawable/cover`, `@android:drawable/x`,
/// `@+id/x`), its name checked: only letters, digits, `_` and `.`, so a name can never become a
/// path (`@drawable/../../x` is refused, never looked up).
struct AndroidReference: Equatable {
    /// `drawable`, `mipmap`, `layout`, `dimen`, `xml`.
    var type: String
    var name: String
    /// `android` for the framework's; nil for the app's own.
    var package: String?

    /// What an attribute value is.
    enum Parsed: Equatable {
        case reference(AndroidReference)
        /// Starts with `@` but names no resource.
        case badName(String)
    }

    /// The reference in `value`; nil when it is not one (`#fff`, `?attr/x`, `@null`, text).
    static func parse(_ value: String) -> Parsed? {
        guard value.hasPrefix("@"), value != "@null", value != "@empty" else { return nil }
        var body = value.dropFirst()
        if body.hasPrefix("+") { body = body.dropFirst() }
        guard let slash = body.firstIndex(of: "/") else { return .badName(value) }
        var type = body[..<slash]
        var package: String?
        if let colon = type.firstIndex(of: ":") {
            package = String(type[..<colon])
            type = type[type.index(after: colon)...]
        }
        let name = body[body.index(after: slash)...]
        let allowed = { (c: Character) in c == "_" || c == "." || (c.isASCII && (c.isLetter || c.isNumber)) }
        guard !name.isEmpty, name.allSatisfy(allowed), !name.hasPrefix("."), !type.isEmpty, type.allSatisfy(allowed) else {
            return .badName(value)
        }
        return .reference(AndroidReference(type: String(type), name: String(name), package: package))
    }
}
