/// Reads a widget target's Swift sources as text (never compiled, best effort, time linear in
/// their size): which families its configurations declare, which asset-catalog images its code
/// draws, and how big. The engine reads the files; this sees only their text.
///
/// Families: each `StaticConfiguration`, `AppIntentConfiguration` or `IntentConfiguration`
/// with the `.supportedFamilies(...)` on its modifier chain: an array literal of
/// `.systemSmall`-style cases, or a name or call followed to its declaration (a constant, a
/// computed property, a function), whose cases are all taken (every branch of an
/// `if #available`). One configuration without it, or with one that cannot be read, means the
/// platform's families (`families` nil); so does no configuration at all. An
/// `ActivityConfiguration` (a Live Activity) declares none and changes nothing.
///
/// Assets: `Image("x")`, `Image("x", bundle:)`, `Image(decorative:)`, `UIImage(named:)`,
/// `NSImage(named:)` (also inside `Image(uiImage:)`), and the generated symbols `Image(.x)`,
/// `Image(ImageResource.x)`, `UIImage(resource:)`. `Image(systemName:)` is an SF Symbol and
/// `UIImage(data:)` no catalog's. A name that is not a literal is followed as far as the
/// text allows (`SwiftValueResolver`); every literal it may be is a use, and when some path
/// ends in a run-time value the call is also listed in `unresolvedNames`.
///
/// Roles (`DrawnRole`), in this order:
/// - the first `.frame(...)` on the modifier chain after the image (or after the `Group`
///   that holds it) with a numeric `width`/`height` (or, missing those, `maxWidth`/`maxHeight`)
///   gives `.framed`. A side that is a name is followed to its literals; of several the
///   largest counts, since `undersized` asks for the biggest size the image is drawn at; a
///   side that may be `.infinity`, or nothing numeric, is nil (no bound);
/// - inside `.containerBackground(...) { }`, `.background(...)` or `.background { }`:
///   `.fillsSlot`;
/// - otherwise `.unknown` (never called undersized).
public enum WidgetSourceScan {
    /// The families and assets `files` (path and text of each) declare and draw.
    public static func scan(_ files: [(path: String, text: String)]) -> WidgetCode {
        let index = SwiftSourceIndex(files)
        let (families, evidence) = readFamilies(index)
        let (assets, unresolved) = readAssets(index)
        return WidgetCode(families: families, familiesEvidence: evidence, assets: assets, unresolvedNames: unresolved)
    }

    private static let configurations: Set<String> = ["StaticConfiguration", "AppIntentConfiguration", "IntentConfiguration"]

    // MARK: Families

    private static func readFamilies(_ index: SwiftSourceIndex) -> ([WidgetFamily]?, String) {
        var found = Set<WidgetFamily>()
        var sites: [String] = []
        var configurationCount = 0
        for name in configurations.sorted() {
            for call in index.calls[name] ?? [] {
                configurationCount += 1
                let tokens = index.files[call.file]
                let location = CodeLocation(file: index.paths[call.file], line: tokens.line(call.token))
                guard let list = modifier("supportedFamilies", afterCallAt: call.token, in: tokens) else {
                    return (nil, "\(name) at \(location) declares no supportedFamilies: the platform's families")
                }
                let (families, through) = self.families(in: index, file: call.file, list: list)
                guard !families.isEmpty else {
                    return (nil, ".supportedFamilies at \(CodeLocation(file: location.file, line: tokens.line(list))) could not be read: the platform's families")
                }
                found.formUnion(families)
                let site = CodeLocation(file: location.file, line: tokens.line(list)).description
                sites.append(through.map { "\(site) (through \($0))" } ?? site)
            }
        }
        guard configurationCount > 0 else {
            if let activity = index.calls["ActivityConfiguration"]?.first {
                let location = CodeLocation(file: index.paths[activity.file], line: index.files[activity.file].line(activity.token))
                return ([], "only a Live Activity (ActivityConfiguration at \(location)): no widget family")
            }
            return (nil, "no StaticConfiguration, AppIntentConfiguration or IntentConfiguration in the sources: the platform's families")
        }
        return (WidgetFamily.allCases.filter(found.contains), ".supportedFamilies at " + sites.joined(separator: ", "))
    }

    /// The families in the argument of `.supportedFamilies(` (its parenthesis at `list`),
    /// and the declaration they were read through, if any.
    private static func families(in index: SwiftSourceIndex, file: Int, list: Int) -> (Set<WidgetFamily>, String?) {
        let tokens = index.files[file]
        let close = tokens.closer(of: list)
        let direct = familyCases(tokens, from: list + 1, to: close)
        if !direct.isEmpty { return (direct, nil) }
        // A name or a call: the last name of the chain, followed to its declarations.
        var last: Int?
        var cursor = list + 1
        while cursor < close {
            if tokens.isIdentifier(cursor) { last = cursor }
            cursor = tokens.isOpener(cursor) ? tokens.closer(of: cursor) + 1 : cursor + 1
        }
        guard let last else { return ([], nil) }
        let name = tokens.text(last)
        let qualifier = tokens.is(last - 1, ".") && tokens.isIdentifier(last - 2) ? tokens.text(last - 2) : nil
        let resolver = SwiftValueResolver(index: index)
        var found = Set<WidgetFamily>()
        var through: [String] = []
        for candidate in resolver.lookUp(name, qualifier: qualifier == "self" ? nil : qualifier, file: file, at: last) {
            guard case .declaration(let declaration) = candidate else { continue }
            let declared = index.files[declaration.place.file]
            let range: Range<Int>
            switch declaration.definition {
            case .body(let brace): range = brace..<declared.closer(of: brace)
            case .value(let start, _): range = start..<resolver.expressionEnd(file: declaration.place.file, from: start)
            default: continue
            }
            let cases = familyCases(declared, from: range.lowerBound, to: range.upperBound)
            guard !cases.isEmpty else { continue }
            found.formUnion(cases)
            through.append("\(name) at \(CodeLocation(file: index.paths[declaration.place.file], line: declared.line(declaration.place.token)))")
        }
        return (found, through.isEmpty ? nil : through.joined(separator: ", "))
    }

    /// `.systemSmall`, `WidgetFamily.accessoryInline`: every family case in the range.
    private static func familyCases(_ tokens: SwiftTokens, from start: Int, to end: Int) -> Set<WidgetFamily> {
        var found = Set<WidgetFamily>()
        var cursor = start
        while cursor < min(end, tokens.count) {
            if tokens.is(cursor, "."), tokens.isIdentifier(cursor + 1), let family = WidgetFamily(rawValue: tokens.text(cursor + 1)) {
                found.insert(family)
            }
            cursor += 1
        }
        return found
    }

    /// The parenthesis of `.name(` on the modifier chain that follows the call at `callee`,
    /// stepping over trailing closures and other modifiers; nil when the chain ends first.
    private static func modifier(_ name: String, afterCallAt callee: Int, in tokens: SwiftTokens) -> Int? {
        var cursor = skipTrailingClosures(tokens, from: tokens.closer(of: callee + 1) + 1)
        while tokens.is(cursor, "."), tokens.isIdentifier(cursor + 1) {
            let member = cursor + 1
            cursor = member + 1
            if tokens.is(cursor, "(") {
                if tokens.text(member) == name { return cursor }
                cursor = tokens.closer(of: cursor) + 1
            }
            cursor = skipTrailingClosures(tokens, from: cursor)
        }
        return nil
    }

    /// Past `{ ... }` and `label: { ... }` trailing closures.
    private static func skipTrailingClosures(_ tokens: SwiftTokens, from start: Int) -> Int {
        var cursor = start
        while true {
            if tokens.is(cursor, "{") {
                cursor = tokens.closer(of: cursor) + 1
            } else if tokens.isIdentifier(cursor), tokens.is(cursor + 1, ":"), tokens.is(cursor + 2, "{") {
                cursor = tokens.closer(of: cursor + 2) + 1
            } else {
                return cursor
            }
        }
    }

    // MARK: Assets

    private static func readAssets(_ index: SwiftSourceIndex) -> ([AssetUse], [CodeLocation]) {
        var calls: [SwiftSourceIndex.Place] = []
        for name in ["Image", "UIImage", "NSImage"] { calls += index.calls[name] ?? [] }
        calls.sort { ($0.file, $0.token) < ($1.file, $1.token) }
        var assets: [AssetUse] = []
        var unresolved: [CodeLocation] = []
        for call in calls {
            let tokens = index.files[call.file]
            // `SwiftUI.Image(` is the image; `something.Image(` some other type's.
            if tokens.is(call.token - 1, "."),
               !(tokens.is(call.token - 2, "SwiftUI") || tokens.is(call.token - 2, "UIKit") || tokens.is(call.token - 2, "AppKit")) {
                continue
            }
            let arguments = index.arguments(in: tokens, list: call.token + 1)
            guard let first = arguments.first else { continue }
            let isImage = tokens.is(call.token, "Image")
            let takesName = isImage ? first.label == nil || first.label == "decorative" : first.label == "named"
            let takesSymbol = isImage ? first.label == nil : first.label == "resource"
            guard takesName || takesSymbol else { continue }
            let location = CodeLocation(file: index.paths[call.file], line: tokens.line(call.token))
            let role = self.role(of: call.token, in: index, file: call.file)
            if takesSymbol, let symbol = symbol(tokens, start: first.valueStart, end: first.end) {
                assets.append(AssetUse(name: .symbol(symbol), location: location, role: role))
                continue
            }
            guard takesName else { continue }
            var resolver = SwiftValueResolver(index: index)
            let values = resolver.values(file: call.file, start: first.valueStart, end: first.end)
            for name in values.strings { assets.append(AssetUse(name: .string(name), location: location, role: role)) }
            if values.unresolved || values.strings.isEmpty { unresolved.append(location) }
        }
        return (assets, unresolved)
    }

    /// `.x` or `ImageResource.x`: the generated symbol's name.
    private static func symbol(_ tokens: SwiftTokens, start: Int, end: Int) -> String? {
        if end - start == 2, tokens.is(start, "."), tokens.isIdentifier(start + 1) { return tokens.text(start + 1) }
        if end - start == 3, tokens.is(start, "ImageResource"), tokens.is(start + 1, "."), tokens.isIdentifier(start + 2) {
            return tokens.text(start + 2)
        }
        return nil
    }

    // MARK: Roles

    private static let backgrounds: Set<String> = ["background", "containerBackground"]

    /// How the image made by the call at `callee` is drawn (the policy is `WidgetSourceScan`'s).
    private static func role(of callee: Int, in index: SwiftSourceIndex, file: Int) -> DrawnRole {
        let tokens = index.files[file]
        var image = callee
        var end = tokens.closer(of: callee + 1)
        // `Image(uiImage: UIImage(named: "x")!)`: the chain follows the outer call.
        var after = end + 1
        while tokens.is(after, "!") || tokens.is(after, "?") { after += 1 }
        let outer = Int(tokens.enclosing[callee])
        if outer > 0, tokens.is(outer, "("), tokens.closer(of: outer) == after, tokens.is(outer - 1, "Image") {
            image = outer - 1
            end = after
        }
        if let framed = frame(afterChainAt: end + 1, in: index, file: file) { return framed }
        var opener = Int(tokens.enclosing[image])
        var steps = 0
        while opener >= 0, steps < 64 {
            steps += 1
            if index.owners[file][opener] != nil { break }
            if let name = calleeName(of: opener, in: tokens) {
                if backgrounds.contains(tokens.text(name)), tokens.is(name - 1, ".") { return .fillsSlot }
                if tokens.is(opener, "{"), tokens.is(name, "Group"),
                   let framed = frame(afterChainAt: tokens.closer(of: opener) + 1, in: index, file: file) {
                    return framed
                }
            }
            opener = Int(tokens.enclosing[opener])
        }
        return .unknown
    }

    /// The name a bracket belongs to: `name(`, `name {`, `name(...) {`, `label: {`.
    private static func calleeName(of opener: Int, in tokens: SwiftTokens) -> Int? {
        var before = opener - 1
        if tokens.is(opener, "{"), tokens.is(before, ")") { before = tokens.closer(of: before) - 1 }
        if tokens.is(opener, "{"), tokens.is(before, ":"), tokens.isIdentifier(before - 1) { before -= 1 }
        return tokens.isIdentifier(before) ? before : nil
    }

    /// The first `.frame(...)` with a size on the modifier chain from `start`.
    private static func frame(afterChainAt start: Int, in index: SwiftSourceIndex, file: Int) -> DrawnRole? {
        let tokens = index.files[file]
        var cursor = skipTrailingClosures(tokens, from: start)
        while tokens.is(cursor, "."), tokens.isIdentifier(cursor + 1) {
            let member = cursor + 1
            cursor = member + 1
            if tokens.is(cursor, "(") {
                if tokens.is(member, "frame") {
                    let arguments = index.arguments(in: tokens, list: cursor)
                    func side(_ labels: [String]) -> (given: Bool, value: Double?) {
                        for label in labels {
                            guard let argument = arguments.first(where: { $0.label == label }) else { continue }
                            var resolver = SwiftValueResolver(index: index)
                            let values = resolver.values(file: file, start: argument.valueStart, end: argument.end)
                            if values.infinite { return (true, nil) }
                            return (true, values.numbers.max())
                        }
                        return (false, nil)
                    }
                    let width = side(["width", "maxWidth"])
                    let height = side(["height", "maxHeight"])
                    if width.value != nil || height.value != nil { return .framed(width: width.value, height: height.value) }
                    // A frame that names a size no number bounds: the chain does not say how big.
                    if width.given || height.given { return nil }
                }
                cursor = tokens.closer(of: cursor) + 1
            }
            cursor = skipTrailingClosures(tokens, from: cursor)
        }
        return nil
    }
}
