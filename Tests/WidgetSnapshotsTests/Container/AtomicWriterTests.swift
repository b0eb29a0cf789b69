import Foundation
import Glibc
import Testing
@testable import WidgetSnapshots
import TestSupport

/// The store's two writers with the settings widget-thumbs uses (its own mode, flush and
/// temporary folder, content in pieces) as well as the store's own: what each flushes, the
/// permissions it gives, where its temporary file goes, and that a failure leaves nothing.
@Suite struct AtomicWriterTests {
    let scratch = TemporaryDirectory(prefix: "wt-store")

    func directory(_ relative: String) -> Int32 {
        scratch.makeDirectory(relative)
        return open(scratch.file(relative), O_RDONLY | O_DIRECTORY | O_CLOEXEC)
    }

    static func kinds(_ log: [FileSystemOperation]) -> [FileSystemOperation.Kind] { log.map(\.kind) }

    @Test(arguments: [(Flush.none, 0), (.file, 1), (.fileAndDirectory, 2)])
    func aReplacementFlushesWhatItIsAskedTo(flush: Flush, fsyncs: Int) throws {
        let out = directory("out")
        defer { close(out) }
        scratch.plant("out/target", Array("old".utf8))
        let recorder = FaultInjector()
        let replacer = FileReplacer(operations: recorder.operations, mode: .lessUmask(0o666), flush: flush)
        try replacer.replace("target", in: out, directoryName: "out", mapping: { $0 }) { append throws(SystemCallError) in
            try append(Array("new, ".utf8))
            try append(Array("in two pieces".utf8))
        }
        #expect(scratch.read("out/target") == Array("new, in two pieces".utf8))
        #expect(Self.kinds(recorder.log).filter { $0 == .fsync }.count == fsyncs)
        #expect(!Self.kinds(recorder.log).contains(.changeMode), "the umask decides, no fchmod")
        #expect(recorder.log.last(where: { $0.kind == .rename })?.path == "out/target")
        #expect(try FileManager.default.contentsOfDirectory(atPath: scratch.file("out")) == ["target"])
    }

    @Test func theStoresReplacementKeepsItsCallsAndLabels() throws {
        let container = directory("container")
        defer { close(container) }
        let recorder = FaultInjector()
        try FileReplacer(operations: recorder.operations).replace("current.json", in: container, with: [1])
        #expect(Self.kinds(recorder.log) == [.openNoFollow, .write, .fsync, .close, .rename, .fsync])
        #expect(recorder.log.map(\.path).suffix(2) == ["current.json", "."])
        #expect(recorder.log.first?.path.hasPrefix(TemporaryName.manifestPrefix) == true)
    }

    /// `.lessUmask` leaves the bits to open(2) and the umask (no fchmod: the umask is process-wide
    /// and other suites change it, so only what it cannot add is checked); `.exactly` sets them.
    @Test func permissionsAreTheModeLessTheUmaskOrExactlyTheMode() throws {
        let out = directory("out")
        defer { close(out) }
        let umasked = FaultInjector()
        try FileReplacer(operations: umasked.operations, mode: .lessUmask(0o666), flush: .none)
            .replace("replaced", in: out, with: [1])
        let exact = FaultInjector()
        for method in [ImmutableFilePublisher.Method.automatic, .portable] {
            _ = try ImmutableFilePublisher(operations: umasked.operations, method: method, mode: .lessUmask(0o666), flush: .none)
                .publish([2], in: out, directoryName: "out", as: "published-\(method)")
            _ = try ImmutableFilePublisher(operations: exact.operations, method: method)
                .publish([3], in: out, directoryName: "out", as: "stored-\(method)")
            let published = try #require(scratch.mode("out/published-\(method)"))
            #expect(published & ~0o666 == 0 && published & 0o600 == 0o600, "\(String(published, radix: 8))")
            #expect(scratch.mode("out/stored-\(method)") == ImmutableFilePublisher.storeMode)
        }
        let replaced = try #require(scratch.mode("out/replaced"))
        #expect(replaced & ~0o666 == 0 && replaced & 0o600 == 0o600)
        #expect(!Self.kinds(umasked.log).contains(.changeMode))
        #expect(Self.kinds(exact.log).filter { $0 == .changeMode }.count == 2)
    }

    /// Staged in another folder (widget-thumbs' staging folder): the temporary file is made
    /// there under the caller's name and moved into place; nothing is left in either folder.
    @Test func aTemporaryFileInAnotherFolderIsMovedIntoPlace() throws {
        let out = directory("out")
        let staging = directory("staging")
        defer { close(out); close(staging) }
        let recorder = FaultInjector()
        let location = TemporaryLocation.directory(staging, directoryName: "staging", name: "host.1.2.tmp")
        try FileReplacer(operations: recorder.operations, flush: .file)
            .replace("replaced", in: out, directoryName: "out", temporary: location, mapping: { $0 }) { append throws(SystemCallError) in
                try append([1, 2, 3])
            }
        #expect(recorder.log.first.map { [$0.kind.rawValue, $0.path] } == ["openat", "staging/host.1.2.tmp"])
        let outcome = try ImmutableFilePublisher(operations: recorder.operations, method: .namedTemporary, flush: .file)
            .publish([4], in: out, directoryName: "out", as: "published", temporary: location)
        #expect(outcome == .created)
        #expect(scratch.read("out/replaced") == [1, 2, 3] && scratch.read("out/published") == [4])
        #expect(try FileManager.default.contentsOfDirectory(atPath: scratch.file("staging")).isEmpty)
        #expect(try FileManager.default.contentsOfDirectory(atPath: scratch.file("out")).sorted() == ["published", "replaced"])
    }

    /// Names are bytes: one that is not UTF-8 (`caf\xE9`) reaches the disk unchanged.
    @Test func aNameThatIsNotUTF8KeepsItsBytes() throws {
        let out = directory("out")
        defer { close(out) }
        let name = RawPath.decode([0x63, 0x61, 0x66, 0xE9])
        try FileReplacer(operations: .system, flush: .none).replace(name, in: out, with: [1])
        _ = try ImmutableFilePublisher(operations: .system, method: .portable, flush: .none)
            .publish([2], in: out, directoryName: "out", as: name + ".b")
        for stored in [name, name + ".b"] {
            #expect(RawPath.withCString(scratch.file("out/") + stored) { access($0, F_OK) } == 0, "\(RawPath.readable(stored))")
        }
    }

    /// A publication never replaces: a name that exists is reported and kept, whichever way the
    /// file is named, and the temporary file goes.
    @Test(arguments: [ImmutableFilePublisher.Method.automatic, .namedTemporary, .portable])
    func aTakenNameIsKept(method: ImmutableFilePublisher.Method) throws {
        let out = directory("out")
        defer { close(out) }
        scratch.plant("out/taken", Array("theirs".utf8))
        let outcome = try ImmutableFilePublisher(operations: .system, method: method, mode: .lessUmask(0o666), flush: .none)
            .publish(Array("ours".utf8), in: out, directoryName: "out", as: "taken")
        #expect(outcome == .nameTaken)
        #expect(scratch.read("out/taken") == Array("theirs".utf8))
        #expect(try FileManager.default.contentsOfDirectory(atPath: scratch.file("out")) == ["taken"])
    }

    /// Whichever call fails, the old file stays whole and no temporary file is left; the
    /// content's own error comes back as it was thrown.
    @Test func everyFailureLeavesTheOldFileAndNoTemporary() throws {
        let out = directory("out")
        defer { close(out) }
        scratch.plant("out/target", Array("old".utf8))
        let calls = 5 // openat, write, fsync, close, renameat
        for failing in 0..<calls {
            let injector = FaultInjector(failAt: failing)
            #expect(throws: SystemCallError.self) {
                try FileReplacer(operations: injector.operations, flush: .file)
                    .replace("target", in: out, directoryName: "out", mapping: { $0 }) { append throws(SystemCallError) in
                        try append(Array("new".utf8))
                    }
            }
            #expect(scratch.read("out/target") == Array("old".utf8), "\(String(describing: injector.injected))")
            #expect(try FileManager.default.contentsOfDirectory(atPath: scratch.file("out")) == ["target"])
        }
        struct ContentFailed: Error, Equatable {}
        #expect(throws: ContentFailed()) {
            try FileReplacer(operations: .system).replace("target", in: out, mapping: { _ in ContentFailed() }) {
                (append) throws(ContentFailed) in
                try append([1])
                throw ContentFailed()
            }
        }
        #expect(scratch.read("out/target") == Array("old".utf8))
        #expect(try FileManager.default.contentsOfDirectory(atPath: scratch.file("out")) == ["target"])
    }
}
