import Foundation
import Testing

/// The two boundaries the tool keeps by construction, checked over its source so that a new
/// writer or a new print cannot go around them:
/// - every file the tool creates, replaces or appends to is placed by the code in
///   `Sources/WidgetThumbsBatch/Files/` (`OutputPlacement`: `OutputOccupant`'s rules, a
///   temporary renamed into place; the staging folder, the output folders);
/// - every byte of text on standard output or standard error goes through `Console`, which
///   makes it terminal-safe.
/// A call outside them fails the test, named by file and line, unless the allow-list below
/// says why it may be there.
@Suite struct SourceBoundaryTests {
    /// A kind of call the scan looks for.
    struct Pattern: Sendable {
        var name: String
        var regex: String
    }

    /// Calls that create, replace, link, append to or remove a file or a folder.
    static let writers: [Pattern] = [
        Pattern(name: "O_CREAT", regex: #"\bO_CREAT\b"#),
        Pattern(name: "O_TMPFILE", regex: #"\bO_TMPFILE\b"#),
        Pattern(name: "O_APPEND", regex: #"\bO_APPEND\b"#),
        Pattern(name: "O_TRUNC", regex: #"\bO_TRUNC\b"#),
        Pattern(name: "creat", regex: #"\bcreat\("#),
        Pattern(name: "mkstemp", regex: #"\bmk[so]?s?temps?\(|\bmkdtemp\("#),
        Pattern(name: "fopen", regex: #"\bf(d)?open\("#),
        Pattern(name: "rename", regex: #"\brename(at2?)?\(|\bwt_rename"#),
        Pattern(name: "link", regex: #"\b(sym)?link(at)?\("#),
        Pattern(name: "mkdir", regex: #"\bmkdir(at)?\("#),
        Pattern(name: "mkfifo", regex: #"\bmk(fifo|nod)(at)?\("#),
        Pattern(name: "truncate", regex: #"\bf?truncate\("#),
        Pattern(name: "unlink", regex: #"\bunlink(at)?\(|\bremove\(atPath|\bremoveItem\("#),
        Pattern(name: "Foundation write", regex: #"(?<!OutputPlacement)\.write\(to(File)?:|\bcreateFile\(|\bcreateDirectory\(|\bcopyItem\(|\bmoveItem\(|\breplaceItem"#),
        Pattern(name: "FileHandle for writing", regex: #"FileHandle\(for(Writing|Updating)"#),
        Pattern(name: "store writer", regex: #"\bFileReplacer\(|\bImmutableFilePublisher\("#),
        Pattern(name: "placement internals", regex: #"\bOutputFile\.|\bOutputOccupant\.examine|\bCheckedOutput\("#),
    ]

    /// Writes to the standard streams, and the streams themselves.
    static let printers: [Pattern] = [
        Pattern(name: "print", regex: #"(^|[^.\w])(print|debugPrint|dump)\("#),
        Pattern(name: "FileHandle.standard", regex: #"FileHandle\.standard(Output|Error)"#),
        Pattern(name: "C stdio", regex: #"\b(f?puts|putchar|fwrite|f?printf|perror|vfprintf)\("#),
        Pattern(name: "standard stream", regex: #"\bSTD(OUT|ERR)_FILENO\b|\bstd(out|err)\b|/dev/std(out|err)|/dev/tty"#),
    ]

    /// A call allowed outside its boundary: the file (its name: it keeps its entry when its
    /// folder moves), the pattern, and why.
    struct Allowed: Sendable {
        var file: String
        var pattern: String
        var reason: String
    }

    static let allowedWriters: [Allowed] = [
        Allowed(file: "/RecordFileLines.swift", pattern: "O_CREAT",
                reason: "reads the flags it was given (a missing file is not an error unless it was to be created); "
                    + "the one call that creates a record file is OutputPlacement.openJournal"),
        Allowed(file: "/BatchJournal.swift", pattern: "unlink",
                reason: "removes the journal once the manifest holds its lines, only a file OutputPlacement.openJournal's rules "
                    + "let this run write (RecordFileLines.open), never a symlink or what else is at its name"),
        Allowed(file: "/BatchManifest.swift", pattern: "unlink",
                reason: "removes the earlier version's record file, whose lines the manifest just took over"),
    ]

    static let allowedPrinters: [Allowed] = [
        Allowed(file: "/StandardStreams.swift", pattern: "standard stream",
                reason: "StandardOutput writes a thumbnail's bytes for `-o -`: data for a pipe, not text, and StandardInput reads"),
        Allowed(file: "/OutputPlacement.swift", pattern: "standard stream",
                reason: "fstat of standard output, to know a symlink that leads to its file (no write)"),
        Allowed(file: "/TerminalStyle.swift", pattern: "standard stream",
                reason: "isatty of standard error, to decide whether a progress bar is drawn (no write)"),
        Allowed(file: "/wt_heif_encode_child.c", pattern: "standard stream",
                reason: "an AVIF/HEIC encoder child gets its socket as standard input and output, /dev/null as standard error (no text)"),
        Allowed(file: "/HEIFEncodeProcess.swift", pattern: "standard stream",
                reason: "the encoder child serves its binary requests on standard input and output, a socket, never a terminal"),
    ]

    /// Folders whose files are a boundary: writers in the batch engine's `Files/` (the placement
    /// path and what it is made of), prints in the console. And what is not the tool's own
    /// output at all.
    static func isWriterBoundary(_ file: String) -> Bool {
        file.hasPrefix("Sources/WidgetThumbsBatch/Files/")
            // The store's own files: confined to its container (ConfinedOpener), named by it,
            // crash-safe by its own rules; OutputFile uses its two writers as primitives.
            || file.hasPrefix("Sources/WidgetSnapshots/") || file.hasPrefix("Sources/CFileSystem/")
    }

    static func isPrintBoundary(_ file: String) -> Bool {
        file.hasSuffix("/Running/Console.swift")
    }

    struct Site: CustomStringConvertible {
        var file: String
        var line: Int
        var pattern: String
        var text: String
        var description: String { "\(file):\(line): \(pattern): \(text)" }
    }

    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    /// Every Swift and C file under Sources/, relative to the repository.
    static func sourceFiles() throws -> [String] {
        let sources = root.appendingPathComponent("Sources")
        let walker = try #require(FileManager.default.enumerator(atPath: sources.path))
        return walker.compactMap { $0 as? String }
            .filter { $0.hasSuffix(".swift") || $0.hasSuffix(".c") || $0.hasSuffix(".h") }
            .map { "Sources/" + $0 }.sorted()
    }

    /// The lines of `file` that match one of `patterns`, comments left out (a line that
    /// starts with `//` or `*`, and what follows `//` on a line).
    static func sites(in file: String, text: String, patterns: [Pattern]) -> [Site] {
        var found: [Site] = []
        for (number, raw) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            var line = String(raw)
            if let comment = line.range(of: "//") { line = String(line[..<comment.lowerBound]) }
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            if trimmed.isEmpty || trimmed.hasPrefix("*") || trimmed.hasPrefix("/*") { continue }
            for pattern in patterns where line.range(of: pattern.regex, options: .regularExpression) != nil {
                found.append(Site(file: file, line: number + 1, pattern: pattern.name, text: trimmed))
            }
        }
        return found
    }

    /// Every site of `patterns` in the sources, and which of them are outside `boundary` and
    /// not allowed.
    static func scan(_ patterns: [Pattern], boundary: (String) -> Bool,
                     allowed: [Allowed]) throws -> (all: [Site], outside: [Site], unusedAllowances: [Allowed]) {
        var all: [Site] = []
        for file in try sourceFiles() {
            let text = try String(contentsOf: root.appendingPathComponent(file), encoding: .utf8)
            all += sites(in: file, text: text, patterns: patterns)
        }
        var used = Set<Int>()
        let outside = all.filter { site in
            if boundary(site.file) { return false }
            if let index = allowed.firstIndex(where: { site.file.hasSuffix($0.file) && site.pattern == $0.pattern }) {
                used.insert(index)
                return false
            }
            return true
        }
        return (all, outside, allowed.indices.filter { !used.contains($0) }.map { allowed[$0] })
    }

    @Test func everyFileIsWrittenThroughThePlacementPath() throws {
        let scan = try Self.scan(Self.writers, boundary: Self.isWriterBoundary, allowed: Self.allowedWriters)
        let outside = scan.outside.map(\.description).joined(separator: "\n")
        #expect(scan.outside.isEmpty, "file writes outside WidgetThumbsBatch/Files/ (route them through OutputPlacement, or allow them with a reason):\n\(outside)")
        #expect(scan.unusedAllowances.isEmpty, "allowances that match nothing any more: \(scan.unusedAllowances.map(\.file))")
        // The scan sees the writers it must: the placement path's own calls.
        let placement = scan.all.filter { $0.file.hasSuffix("/OutputPlacement.swift") }.map(\.pattern)
        #expect(Set(placement).isSuperset(of: ["O_CREAT", "O_APPEND", "placement internals"]), "\(placement)")
    }

    @Test func everyPrintGoesThroughTheConsole() throws {
        let scan = try Self.scan(Self.printers, boundary: Self.isPrintBoundary, allowed: Self.allowedPrinters)
        let outside = scan.outside.map(\.description).joined(separator: "\n")
        #expect(scan.outside.isEmpty, "writes to the standard streams outside Console (print through Console.write):\n\(outside)")
        #expect(scan.unusedAllowances.isEmpty, "allowances that match nothing any more: \(scan.unusedAllowances.map(\.file))")
        #expect(scan.all.contains { Self.isPrintBoundary($0.file) }, "the scan does not see the console's own writes")
    }

    /// The patterns catch what they are for, and not a method that happens to share a name.
    @Test func thePatternsCatchNewWritersAndPrints() {
        let caught = """
            print("x")
            try data.write(to: url)
            let fd = open(path, O_WRONLY | O_CREAT, 0o644)
            _ = rename(a, b)
            FileManager.default.createFile(atPath: p, contents: nil)
            FileHandle.standardError.write(bytes)
            fputs(text, stderr)
            try OutputFile.write(bytes, toPath: path)
            """
        let found = Self.sites(in: "x.swift", text: caught, patterns: Self.writers + Self.printers)
        #expect(Set(found.map(\.line)) == Set(1...8), "\(found)")
        let innocent = """
            console.write(line)
            // print("a comment")
            report.print(x)
            let text = openList(path)
            """
        #expect(Self.sites(in: "x.swift", text: innocent, patterns: Self.writers + Self.printers).isEmpty)
    }

    /// What a widget can show is facts and rules over values: `WidgetRules` imports the store's
    /// value types and nothing else (no C module, no Foundation, no codec), and opens no file,
    /// so a widget extension can link it alone.
    @Test func widgetRulesImportsOnlyTheStoreAndOpensNoFile() throws {
        let files = try Self.sourceFiles().filter { $0.hasPrefix("Sources/WidgetRules/") }
        #expect(files.count > 20, "the scan does not see WidgetRules: \(files)")
        let imports = [Pattern(name: "import", regex: #"^\s*(@_exported\s+)?import\s+(?!WidgetSnapshots\b)\w+"#)]
        let opens = [Pattern(name: "file access", regex: #"\b(open|fopen|opendir|stat|lstat|realpath)\(|\bInputFile\b|\bFileManager\b|\bFileHandle\b"#)]
        var found: [Site] = []
        for file in files {
            let text = try String(contentsOf: Self.root.appendingPathComponent(file), encoding: .utf8)
            found += Self.sites(in: file, text: text, patterns: imports + opens)
        }
        #expect(found.isEmpty, "WidgetRules must stay facts and rules over values:\n\(found.map(\.description).joined(separator: "\n"))")
        // The patterns see what they are for.
        let caught = Self.sites(in: "x.swift", text: "import Foundation\n@_exported import CHEIF\nlet d = FileManager.default\n",
                                patterns: imports + opens)
        #expect(caught.count == 3, "\(caught)")
        #expect(Self.sites(in: "x.swift", text: "@_exported import WidgetSnapshots\n", patterns: imports).isEmpty)
    }

    /// `check` finds files with the engine's walk (`FolderListing`, the one `batch` uses: raw
    /// bytes in names), never a second walker on Foundation.
    @Test func checkHasNoFileManagerWalk() throws {
        let files = try Self.sourceFiles().filter {
            $0.contains("/Check/") || $0.hasSuffix("/CheckCommand.swift") || $0.hasSuffix("/FolderListing.swift")
        }
        #expect(files.count >= 10, "the scan does not see check's files: \(files)")
        let walkers = [Pattern(name: "FileManager", regex: #"\bFileManager\b|\bcontentsOfDirectory\b|\benumerator\(atPath"#)]
        var found: [Site] = []
        for file in files {
            let text = try String(contentsOf: Self.root.appendingPathComponent(file), encoding: .utf8)
            found += Self.sites(in: file, text: text, patterns: walkers)
        }
        #expect(found.isEmpty, "\(found.map(\.description))")
    }
}
