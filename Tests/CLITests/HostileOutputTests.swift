import Foundation
import Glibc
import Testing
import TestSupport
import WidgetThumbnails

/// Every command that writes a file, through the binary, against what must never be replaced:
/// an input of the same run, a FIFO, a character device, a symlink (to an input, to a file
/// outside), a directory, a read-only file and standard input's own file. After each run the thing at the path, and what
/// a symlink there leads to, has the same type, inode, device numbers and contents; the run
/// ended by itself (no hang, no crash); a refusal is a non-zero exit with a typed error
/// (`<file>: <code>: <reason>`) naming the path.
///
/// Devices are private nodes made with mknod (the numbers of /dev/null and /dev/full) in a
/// temporary folder, never the machine's own: a build that replaces them (today's main did,
/// as root) damages nothing. Where mknod is not permitted those tests are skipped, with the reason.
@Suite struct HostileOutputTests {
    /// Every file widget-thumbs writes.
    enum Writer: String, CaseIterable, CustomTestStringConvertible {
        case thumbnail, decode, batchOutput, batchOutputOverwrite, previewPage, journal, manifest
        /// `thumbnail --families` and `thumbnail --per-device`: the
        /// hazard at their first output, the others still made.
        case families, perDevice

        var testDescription: String { rawValue }

        /// `thumbnail -o t.jpg --families small,medium`.
        static let familyNames = ["systemSmall", "systemMedium"]
        /// `thumbnail -o t.jpg --family accessoryCircular --per-device` on every current device:
        /// the variants' names, from the library, so a catalogue change moves them both.
        static let variantNames = FamilySizing.variants(for: .accessoryCircular).map(\.name)

        /// Every file of a writer of several, the hazard's first (nil for the other writers).
        func outputs(_ fixture: Fixture) -> [String]? {
            switch self {
            case .families: Self.familyNames.map { fixture.directory.file("t.\($0).jpg") }
            case .perDevice: Self.variantNames.map { fixture.directory.file("t.\($0).jpg") }
            default: nil
            }
        }

        /// Where the hazard goes.
        func target(_ fixture: Fixture) -> String {
            switch self {
            case .families, .perDevice: outputs(fixture)![0]
            case .thumbnail, .decode: fixture.directory.file("target.out")
            case .batchOutput, .batchOutputOverwrite: fixture.directory.file("out/photo.jpg")
            case .previewPage: fixture.directory.file("sheet.html")
            case .journal: fixture.directory.file("out/.widget-thumbs.journal")
            case .manifest: fixture.directory.file("out/.widget-thumbs.jsonl")
            }
        }

        /// The command writing to `target`; with `targetIsInput`, the target (holding a JPEG)
        /// is an input of the same run.
        func arguments(_ fixture: Fixture, target: String, targetIsInput: Bool) -> [String] {
            let extra = targetIsInput ? [target] : []
            let input = targetIsInput ? target : fixture.photo
            return switch self {
            case .thumbnail: ["thumbnail", input, "-o", target]
            case .decode: ["decode", input, "--out", target]
            case .batchOutput: ["batch", input, "--out", fixture.out]
            case .batchOutputOverwrite: ["batch", input, "--out", fixture.out, "--overwrite"]
            case .previewPage: ["batch", fixture.photo] + extra + ["--out", fixture.out, "--preview", target]
            case .journal, .manifest: ["batch", fixture.photo] + extra + ["--out", fixture.out]
            case .families: ["thumbnail", input, "-o", fixture.directory.file("t.jpg"), "--families", "small,medium"]
            case .perDevice: ["thumbnail", input, "-o", fixture.directory.file("t.jpg"), "--family", "accessoryCircular", "--per-device"]
            }
        }

        /// The writers of a command's own files, which write into a FIFO or a device (batch
        /// outputs and records are only ever files: they refuse them).
        var writesIntoStreams: Bool { [.thumbnail, .decode, .previewPage, .families, .perDevice].contains(self) }

        /// For a writer of several files: its other files were made, and its JSON lists every
        /// one with an output or an error (`failed` outputs have an error).
        func checkTheOthers(_ fixture: Fixture, _ result: ChildProcess.Result, failed: Bool, _ label: String) {
            guard let outputs = outputs(fixture) else { return }
            for path in outputs.dropFirst() {
                #expect(FileManager.default.fileExists(atPath: path), "\(label): \(path) was not made: \(result)")
            }
            let report = JSONReport.object(result.stdout)
            let files = report?["files"] as? [[String: Any]] ?? []
            #expect(files.count == outputs.count, "\(label): no JSON list of every output: \(result)")
            #expect(files.dropFirst().allSatisfy { $0["output"] is String }, "\(label): \(result.stdout)")
            #expect((files.first?["error"] is String) == failed, "\(label): the first entry: \(result.stdout)")
        }
    }

    enum Hazard: String, CaseIterable, CustomTestStringConvertible {
        case input, fifo, symlinkToInput, symlinkOutside, directory, readOnly

        var testDescription: String { rawValue }
    }

    /// A folder with `photo.jpg` (the input), `outside.jpg` (a file no command names) and `out/`.
    struct Fixture {
        let directory: TemporaryDirectory
        let jpeg: [UInt8]
        var photo: String { directory.file("photo.jpg") }
        var outside: String { directory.file("outside.jpg") }
        var out: String { directory.file("out") }

        init() throws {
            directory = try TemporaryDirectory()
            jpeg = try ImageEncoder.encode(BatchFixtures.pattern(width: 240, height: 180, alpha: false), format: .jpeg, quality: 90)
            try directory.write("photo.jpg", jpeg)
            try directory.write("outside.jpg", Array("a file outside, kept".utf8))
            try FileManager.default.createDirectory(atPath: out, withIntermediateDirectories: false)
        }

        /// Puts `hazard` at `target`; returns the paths that must come out unchanged.
        func place(_ hazard: Hazard, at target: String) throws -> [String] {
            switch hazard {
            case .input:
                try Data(jpeg).write(to: URL(fileURLWithPath: target))
                return [target]
            case .fifo:
                try #require(mkfifo(target, 0o644) == 0)
                return [target]
            case .symlinkToInput:
                try #require(symlink(photo, target) == 0)
                return [target, photo]
            case .symlinkOutside:
                try #require(symlink(outside, target) == 0)
                return [target, outside]
            case .directory:
                try FileManager.default.createDirectory(atPath: target, withIntermediateDirectories: false)
                try Data("inside".utf8).write(to: URL(fileURLWithPath: target + "/kept.txt"))
                return [target, target + "/kept.txt"]
            case .readOnly:
                try Data("read-only, kept".utf8).write(to: URL(fileURLWithPath: target))
                try #require(chmod(target, 0o444) == 0)
                return [target]
            }
        }
    }

    /// What a path is: its type, identity, device numbers, mode and contents (a file's bytes, a
    /// link's target, a directory's names). Equal before and after means nothing replaced it.
    struct Witness: Equatable, CustomStringConvertible {
        var type: mode_t = 0
        var device: UInt64 = 0
        var inode: UInt64 = 0
        var deviceNumbers: UInt64 = 0
        var mode: mode_t = 0
        var contents: [UInt8] = []

        init(_ path: String) {
            var status = stat()
            guard lstat(path, &status) == 0 else { return }
            type = status.st_mode & S_IFMT
            device = UInt64(status.st_dev)
            inode = UInt64(status.st_ino)
            deviceNumbers = UInt64(status.st_rdev)
            mode = status.st_mode & 0o7777
            switch type {
            case S_IFREG: contents = (try? FileBytes.contents(of: path)) ?? []
            case S_IFLNK: contents = Array(((try? FileManager.default.destinationOfSymbolicLink(atPath: path)) ?? "").utf8)
            case S_IFDIR:
                let names = (try? FileManager.default.contentsOfDirectory(atPath: path)) ?? []
                contents = Array(names.sorted().joined(separator: "/").utf8)
            default: break
            }
        }

        var description: String {
            "type \(String(type, radix: 8)), inode \(inode), rdev \(deviceNumbers), mode \(String(mode, radix: 8)), "
                + "\(contents.count) bytes"
        }
    }

    /// Runs `arguments` (through `/bin/sh -c shell` with the binary as `$0` and the arguments
    /// as `$1`..., when given) and checks that every path in `kept` is unchanged and that a
    /// refusal names `named` (the first kept path's name by default); returns the result.
    @discardableResult
    static func runKeeping(_ kept: [String], _ arguments: [String], _ label: String,
                           shell: String? = nil, named: String? = nil) throws -> ChildProcess.Result {
        let before = kept.map(Witness.init)
        let result = if let shell {
            try ChildProcess.run("/bin/sh", ["-c", shell, try #require(WidgetThumbsBinary.path, WidgetThumbsBinary.notFoundMessage)]
                + arguments, timeout: 30)
        } else {
            try WidgetThumbsBinary.run(arguments, timeout: 30)
        }
        #expect(result.status != nil, "\(label): did not end by itself: \(result)")
        for (path, witness) in zip(kept, before) {
            #expect(Witness(path) == witness, "\(label): \(path) was replaced or changed: \(result)")
        }
        if let status = result.status, status != 0 {
            let name = named ?? URL(fileURLWithPath: kept[0]).lastPathComponent
            #expect(result.stderr.contains(name), "\(label): the refusal does not name \(name): \(result)")
            // Typed: the line that names it is an ImageError's `<file>: <code>: <reason>`.
            let typed = result.stderr.split(separator: "\n").contains { line in
                line.contains(name) && ImageError.Code.allCases.contains { line.contains(": \($0.rawValue): ") }
            }
            #expect(typed, "\(label): no typed error names \(name): \(result)")
        }
        return result
    }

    /// The matrix: every writer against every hazard that needs no mknod.
    @Test(arguments: Writer.allCases, Hazard.allCases)
    func nothingIsReplaced(writer: Writer, hazard: Hazard) throws {
        let fixture = try Fixture()
        defer { fixture.directory.remove() }
        let target = writer.target(fixture)
        var kept = try fixture.place(hazard, at: target)
        if writer == .batchOutputOverwrite && [.symlinkToInput, .symlinkOutside].contains(hazard) {
            // --overwrite lets a thumbnail replace a stranger's name in --out (a rename), never
            // what a symlink there leads to.
            kept.removeFirst()
        }
        let result = try Self.runKeeping(kept, writer.arguments(fixture, target: target, targetIsInput: hazard == .input),
                                         "\(writer) over \(hazard)")
        let refusedAsInput = hazard == .input || (hazard == .symlinkToInput && writer.writesIntoStreams)
        if refusedAsInput {
            #expect(result.status == 1 && result.stderr.contains("an input of this run"), "\(writer) over \(hazard): \(result)")
        }
        if [.fifo, .directory, .readOnly].contains(hazard) || [.journal, .manifest].contains(writer) {
            #expect(result.status == 1, "\(writer) over \(hazard): \(result)")
        }
        writer.checkTheOthers(fixture, result, failed: true, "\(writer) over \(hazard)")
    }

    static let canMakeDevices: Bool = {
        guard let directory = try? TemporaryDirectory() else { return false }
        defer { directory.remove() }
        return mknod(directory.file("null"), S_IFCHR | 0o666, 0x103) == 0
    }()

    /// Private copies of the machine's device nodes, by their numbers.
    enum Device: String, CaseIterable, CustomTestStringConvertible {
        /// /dev/null (1:3): written into by the writers of one file, refused by batch outputs
        /// and records, never replaced (today's main turned the machine's /dev/null into a
        /// regular file with `thumbnail - -o /dev/null` as root).
        case null
        /// /dev/full (1:7): the write fails with ENOSPC, said on stderr, and the node stays.
        case full

        var testDescription: String { "/dev/" + rawValue }
        var numbers: dev_t { self == .null ? 0x103 : 0x107 }
    }

    @Test(.enabled(if: canMakeDevices, "skipped: mknod is not permitted here"), arguments: Writer.allCases, Device.allCases)
    func aDeviceIsWrittenIntoOrRefusedNeverReplaced(writer: Writer, device: Device) throws {
        let fixture = try Fixture()
        defer { fixture.directory.remove() }
        let target = writer.target(fixture)
        try #require(mknod(target, S_IFCHR | 0o666, device.numbers) == 0)
        let label = "\(writer) into \(device.testDescription)"
        let result = try Self.runKeeping([target], writer.arguments(fixture, target: target, targetIsInput: false), label)
        switch device {
        case .null:
            #expect(result.status == (writer.writesIntoStreams ? 0 : 1), "\(label): \(result)")
        case .full:
            #expect(result.status == 1, "\(label): \(result)")
            if writer.writesIntoStreams {
                #expect(result.stderr.contains(String(cString: strerror(ENOSPC))), "\(label): \(result)")
            }
        }
        writer.checkTheOthers(fixture, result, failed: device == .full, label)
    }

    /// A FIFO with a reader gets the thumbnail's bytes, and stays a FIFO.
    @Test func aFIFOWithAReaderGetsTheBytes() throws {
        let fixture = try Fixture()
        defer { fixture.directory.remove() }
        let fifo = fixture.directory.file("thumb.fifo")
        try #require(mkfifo(fifo, 0o644) == 0)
        // Open for reading first (non-blocking), so the writer's open finds a reader.
        let reader = open(fifo, O_RDONLY | O_NONBLOCK)
        try #require(reader >= 0)
        defer { close(reader) }
        let result = try Self.runKeeping([fifo], ["thumbnail", fixture.photo, "-o", fifo, "--format", "jpeg"], "thumbnail into a FIFO")
        #expect(result.status == 0, "\(result)")
        var received = [UInt8](repeating: 0, count: 1 << 16)
        let count = read(reader, &received, received.count)
        #expect(count > 3 && Array(received.prefix(3)) == [0xFF, 0xD8, 0xFF], "the reader got \(count) bytes, not a JPEG")
    }

    /// `thumbnail - -o x < x`: standard input's file is the input too.
    @Test func standardInputsFileIsAnInput() throws {
        let fixture = try Fixture()
        defer { fixture.directory.remove() }
        let result = try Self.runKeeping([fixture.photo], [fixture.photo], "stdin",
                                         shell: "exec \"$0\" thumbnail - -o \"$1\" < \"$1\"")
        #expect(result.status == 1 && result.stderr.contains("an input of this run"), "\(result)")
    }

    /// `thumbnail - -o t.jpg --family accessoryCircular --per-device < t.<variant>.jpg`: standard
    /// input's file is an input of every variant too (it used to be replaced by its own
    /// thumbnail); the other variants are still made.
    @Test(arguments: [Writer.perDevice, .families])
    func standardInputsFileIsAnInputOfEveryOutput(writer: Writer) throws {
        let fixture = try Fixture()
        defer { fixture.directory.remove() }
        let target = writer.target(fixture)
        _ = try fixture.place(.input, at: target)
        let arguments = writer.arguments(fixture, target: target, targetIsInput: true)
        let result = try Self.runKeeping([target], [target] + arguments.map { $0 == target ? "-" : $0 }, "stdin, \(writer)",
                                         shell: "input=$1; shift; exec \"$0\" \"$@\" < \"$input\"")
        #expect(result.status == 1 && result.stderr.contains("an input of this run"), "\(result)")
        writer.checkTheOthers(fixture, result, failed: true, "stdin, \(writer)")
    }

    /// Standard input's own file at every writer's path (`... < target`), whether the command
    /// reads standard input or not: the file it is given to read is never replaced, appended
    /// to or written into; the refusal names it, and a writer of several still makes the others.
    @Test(arguments: Writer.allCases)
    func standardInputsOwnFileIsNeverAnOutput(writer: Writer) throws {
        let fixture = try Fixture()
        defer { fixture.directory.remove() }
        let target = writer.target(fixture)
        try Data("standard input's file, kept".utf8).write(to: URL(fileURLWithPath: target))
        let label = "\(writer) over standard input's file"
        let result = try Self.runKeeping([target], [target] + writer.arguments(fixture, target: target, targetIsInput: false),
                                         label, shell: "input=$1; shift; exec \"$0\" \"$@\" < \"$input\"")
        #expect(result.status == 1 && result.stderr.contains("an input of this run"), "\(label): \(result)")
        writer.checkTheOthers(fixture, result, failed: true, label)
    }

    /// A link to standard output's own file (`/proc/self/fd/1`, what `/dev/stdout` leads to)
    /// is standard output: `-o /proc/self/fd/1 > file` fills the file, and stays refused when
    /// that file is the input (`>> input`). (Not `/dev/stdout` itself: a build that renames
    /// over it would replace the machine's link; nothing can be created in /proc.)
    @Test func aLinkToStandardOutputsFileIsStandardOutput() throws {
        let fixture = try Fixture()
        defer { fixture.directory.remove() }
        let file = fixture.directory.file("stdout.jpg")
        let result = try Self.runKeeping([fixture.photo], [fixture.photo, file], "to stdout",
                                         shell: "exec \"$0\" thumbnail \"$1\" -o /proc/self/fd/1 --format jpeg > \"$2\"")
        #expect(result.status == 0, "\(result)")
        #expect(Array(try FileBytes.contents(of: file).prefix(3)) == [0xFF, 0xD8, 0xFF], "standard output's file holds no JPEG")
        let appended = try Self.runKeeping([fixture.photo], [fixture.photo], "to stdout, the input",
                                           shell: "exec \"$0\" thumbnail \"$1\" -o /proc/self/fd/1 --format jpeg >> \"$1\"",
                                           named: "/proc/self/fd/1")
        #expect(appended.status == 1 && appended.stderr.contains("an input of this run"), "\(appended)")
    }

    // MARK: - An input found later (class 1)

    /// `batch a.png --files-from list --out o --overwrite` with `o/a.jpg` in the list: the
    /// thumbnail of a.png used to replace the original o/a.jpg before the list was read. The
    /// same with the list on standard input (read twice: the census copies it).
    @Test(arguments: ["a file", "standard input"])
    func anInputListedLaterIsNeverOverwritten(list: String) throws {
        let fixture = try Fixture()
        defer { fixture.directory.remove() }
        let original = try fixture.directory.write("out/a.jpg", fixture.jpeg)
        let png = try ImageEncoder.encode(BatchFixtures.pattern(width: 200, height: 160, alpha: false), format: .png, quality: 90)
        let source = try fixture.directory.write("a.png", png)
        let listFile = try fixture.directory.write("list", Array((original + "\n").utf8))
        let arguments = ["batch", source, "--files-from", list == "a file" ? listFile : "-", "--out", fixture.out,
                         "--overwrite", "--jobs", "1"]
        // Standard input is the list file in both cases (only read with `-`).
        let result = try Self.runKeeping([original], [listFile] + arguments, "listed later in \(list)",
                                         shell: "list=$1; shift; exec \"$0\" \"$@\" < \"$list\"")
        #expect(result.status == 1 && result.stderr.contains("an input of this run"), "\(result)")
    }

    /// `batch top o/in --recursive --out o --overwrite`: top/in/x.png's thumbnail is o/in/x.jpg,
    /// an original in a folder argument walked later.
    @Test func anInputInALaterFolderIsNeverOverwritten() throws {
        let fixture = try Fixture()
        defer { fixture.directory.remove() }
        try FileManager.default.createDirectory(atPath: fixture.directory.file("top/in"), withIntermediateDirectories: true)
        try FileManager.default.createDirectory(atPath: fixture.directory.file("out/in"), withIntermediateDirectories: true)
        let png = try ImageEncoder.encode(BatchFixtures.pattern(width: 200, height: 160, alpha: false), format: .png, quality: 90)
        try fixture.directory.write("top/in/x.png", png)
        let original = try fixture.directory.write("out/in/x.jpg", fixture.jpeg)
        let result = try Self.runKeeping([original], ["batch", fixture.directory.file("top"), fixture.directory.file("out/in"),
                                                      "--recursive", "--out", fixture.out, "--overwrite", "--jobs", "1"],
                                         "later folder")
        #expect(result.status == 1 && result.stderr.contains("an input of this run"), "\(result)")
    }

    /// `out/sub` is a symlink to `photos/`, which holds an original given as an input outside
    /// `--out`: `src/sub/a.png`'s thumbnail, `out/sub/a.jpg`, would land on it. Outputs never
    /// go through a symlinked folder out of `--out`.
    @Test func anOutputNeverLandsOutsideOutThroughASymlinkedFolder() throws {
        let fixture = try Fixture()
        defer { fixture.directory.remove() }
        for folder in ["src/sub", "photos"] {
            try FileManager.default.createDirectory(atPath: fixture.directory.file(folder), withIntermediateDirectories: true)
        }
        let png = try ImageEncoder.encode(BatchFixtures.pattern(width: 200, height: 160, alpha: false), format: .png, quality: 90)
        try fixture.directory.write("src/sub/a.png", png)
        let original = try fixture.directory.write("photos/a.jpg", fixture.jpeg)
        try #require(symlink(fixture.directory.file("photos"), fixture.directory.file("out/sub")) == 0)
        let result = try Self.runKeeping([original], ["batch", original, fixture.directory.file("src"), "--recursive",
                                                      "--out", fixture.out, "--overwrite", "--jobs", "1"], "symlinked folder")
        #expect(result.status == 1 && result.stderr.contains("leads this output outside --out"), "\(result)")
    }

    // MARK: - The batch's own records (classes 4 and 5)

    /// A record file linked to /dev/zero or /dev/urandom (or a private node of them) used to
    /// hang every run; it is refused at once, named.
    @Test(arguments: ["/dev/zero", "/dev/urandom"])
    func aRecordFileLinkedToAnEndlessDeviceIsRefused(device: String) throws {
        let fixture = try Fixture()
        defer { fixture.directory.remove() }
        for name in [".widget-thumbs.jsonl", ".widget-thumbs.journal", ".widget-thumbs.shard-1-of-2.jsonl"] {
            let out = fixture.directory.file(name + ".out")
            try FileManager.default.createDirectory(atPath: out, withIntermediateDirectories: false)
            try #require(symlink(device, out + "/" + name) == 0)
            let result = try WidgetThumbsBinary.run(["batch", fixture.photo, "--out", out], timeout: 10)
            #expect(result.status == 1 && result.stderr.contains(name) && result.stderr.contains("symlink"), "\(name): \(result)")
        }
    }

    /// A journal that is a hard link to a file outside `--out` (a killed run's journal, linked
    /// by someone): it is appended to in place, so it is refused rather than written.
    @Test func aHardLinkedJournalIsNotAppendedTo() throws {
        let fixture = try Fixture()
        defer { fixture.directory.remove() }
        let journal = fixture.directory.file("out/.widget-thumbs.journal")
        try #require(link(fixture.outside, journal) == 0)
        let result = try Self.runKeeping([journal, fixture.outside], ["batch", fixture.photo, "--out", fixture.out], "hard link")
        #expect(result.status == 1 && result.stderr.contains("hard links"), "\(result)")
    }

    /// A record file with one line of 48 MiB used to be scanned quadratically (minutes); lines
    /// over `RecordFileLines.maximumLine` are skipped, named, in linear time.
    @Test func aRecordFileWithOneHugeLineIsSkippedInLinearTime() throws {
        let fixture = try Fixture()
        defer { fixture.directory.remove() }
        var line = Array(#"{"name":""#.utf8)
        line += [UInt8](repeating: UInt8(ascii: "a"), count: 48 << 20)
        line += Array(#""}"#.utf8) + [10]
        try fixture.directory.write("out/.widget-thumbs.jsonl", line)
        let result = try WidgetThumbsBinary.run(["batch", fixture.photo, "--out", fixture.out], timeout: 40)
        #expect(result.status == 1, "\(result)")
        #expect(result.stderr.contains(".widget-thumbs.jsonl") && result.stderr.contains("longer than 1048576 bytes"), "\(result)")
        #expect(result.wallSeconds < 20, "\(result)")
        #expect(FileManager.default.fileExists(atPath: fixture.directory.file("out/photo.jpg")), "the thumbnail was still made")
    }
}
