import Foundation
import Glibc
import Testing
@testable import WidgetSnapshots
import TestSupport

/// The I/O-error loop of SQLite's own tests: commit revision 2 over revision 1 with the
/// Nth system call failing, for every N, once and from then on, through both publishing paths.
/// After each run the old revision must still be readable, verify must find no problem
/// (leftovers are warnings), and a plain retry must commit revision 2.
@Suite struct SnapshotFaultInjectionTests {
    static let oldPayload = TestPayload(title: "old", count: 1)
    static let newPayload = TestPayload(title: "new", count: 2)

    static func options(_ method: ImmutableFilePublisher.Method) -> StoreOptions {
        var options = StoreOptions()
        options.publishing = method
        return options
    }

    /// A container holding revision 1, committed without faults.
    static func prepared(_ method: ImmutableFilePublisher.Method) throws -> TemporaryDirectory {
        let scratch = TemporaryDirectory(prefix: "wt-store")
        try Fixture.store(scratch, options: options(method))
            .commit(revision: 1, payload: oldPayload, image: Fixture.storedImage(.webp, seed: "old"))
        return scratch
    }

    static func commitNew(_ scratch: TemporaryDirectory, _ method: ImmutableFilePublisher.Method,
                          _ operations: FileSystemOperations) throws -> CommitOutcome {
        try Fixture.store(scratch, options: options(method), operations: operations)
            .commit(revision: 2, payload: newPayload, image: Fixture.storedImage(.png, seed: "new"))
    }

    @Test(arguments: [FaultInjector.Mode.once, .persistent],
          [ImmutableFilePublisher.Method.automatic, .namedTemporary, .portable])
    func everyFailingCallLeavesTheOldRevisionReadable(mode: FaultInjector.Mode, method: ImmutableFilePublisher.Method) throws {
        let recorder = FaultInjector()
        #expect(try Self.commitNew(try Self.prepared(method), method, recorder.operations) == .committed)
        let trace = recorder.log
        let publish = try #require(trace.firstIndex { $0.kind == .rename && $0.path == Manifest.fileName })
        #expect(trace.count > 20, "\(trace)")

        var failedCommits = 0
        for index in trace.indices {
            let scratch = try Self.prepared(method)
            let injector = FaultInjector(failAt: index, mode: mode)
            let what = "fault at #\(index) \(trace[index]) [\(mode), \(method)]"
            var outcome: CommitOutcome?
            do {
                outcome = try Self.commitNew(scratch, method, injector.operations)
            } catch {
                failedCommits += 1
                // Failures of calls that change the disk come back as I/O errors, never a verdict.
                if trace[index].isMutating {
                    guard case StoreError.io = error else { Issue.record("\(what): \(error)"); continue }
                }
            }

            let state = Fixture.reader(scratch).read()
            let revision = Fixture.revision(of: state)
            if outcome != nil {
                #expect(revision == 2, "\(what): reported committed but reads \(state)")
            } else if index <= publish {
                #expect(revision == 1, "\(what): \(state)")
            } else {
                // The manifest rename happened; only the directory fsync after it failed.
                #expect(revision == 1 || revision == 2, "\(what): \(state)")
            }
            if trace[index].isMutating { #expect(outcome == nil, "\(what): a failed \(trace[index].kind) was ignored") }
            #expect(Fixture.image(of: state)?.status == .ok, "\(what): \(state)")

            let report = try Fixture.store(scratch).verify()
            #expect(report.problems.isEmpty, "\(what): \(report.problems)")
            let allowed: Set<VerificationReport.Finding.Kind> = [.leftoverTemporary, .uncommitted, .orphan]
            #expect(report.warnings.allSatisfy { allowed.contains($0.kind) }, "\(what): \(report.warnings)")

            // Recovery: a plain retry commits revision 2 (adopting any complete leftovers).
            let retry = try Self.commitNew(scratch, method, .system)
            #expect(retry == .committed || (retry == .idempotent && revision == 2), "\(what): retry \(retry)")
            guard case .content(let snapshot, let image?) = Fixture.reader(scratch).read() else {
                Issue.record("\(what): the retry is not readable"); continue
            }
            #expect(snapshot.payload == Self.newPayload && image.status == .ok, "\(what)")
        }
        // Every call's failure, except closing read-only descriptors and unlocking, aborts.
        let tolerated = trace.filter { [.close, .unlock].contains($0.kind) }.count
        #expect(failedCommits >= trace.count - tolerated, "\(failedCommits) of \(trace.count) aborted")
        print("fault injection [\(mode), \(method)]: \(trace.count) calls, \(failedCommits) aborted commits")
    }

    /// Both file-system paths: the fast one names the nameless file (linkat through /proc), the
    /// portable one links its named temporary file.
    @Test(arguments: [FileSystemPaths.fast, .portable])
    func theCallOrderMakesEachFileDurableBeforeItIsNamed(paths: FileSystemPaths) throws {
        let recorder = FaultInjector()
        var options = Self.options(.automatic)
        options.fileSystem = paths
        let scratch = try Self.prepared(.automatic) // held: its directory goes when it is released
        try Fixture.store(scratch, options: options, operations: recorder.operations)
            .commit(revision: 2, payload: Self.newPayload, image: Fixture.storedImage(.png, seed: "new"))
        let naming = paths == .fast ? "linkat(tmpfile)" : "linkat"
        let trace = recorder.log.map(\.description)
        func position(_ text: String) throws -> Int { try #require(trace.firstIndex(of: text), "\(text) in \(trace)") }
        let image = "images/thumbnail-2.png", snapshot = "snapshots/snapshot-2.json"
        // image: write, fchmod, fsync, link, fsync(dir); then the snapshot; then the manifest.
        #expect(try position("write \(image)") < position("fsync \(image)"))
        #expect(try position("fsync \(image)") < position("\(naming) \(image)"))
        #expect(try position("\(naming) \(image)") < position("fsync images"))
        #expect(try position("fsync images") < position("write \(snapshot)"))
        #expect(try position("fsync \(snapshot)") < position("\(naming) \(snapshot)"))
        #expect(try position("\(naming) \(snapshot)") < position("fsync snapshots"))
        let manifestWrite = try #require(trace.firstIndex { $0.hasPrefix("write current.json.tmp-") })
        let manifestSync = try #require(trace.firstIndex { $0.hasPrefix("fsync current.json.tmp-") })
        #expect(try position("fsync snapshots") < manifestWrite)
        #expect(manifestWrite < manifestSync)
        #expect(try manifestSync < position("renameat current.json"))
        #expect(try position("renameat current.json") < position("fsync ."))
        #expect(trace.last?.hasPrefix("fcntl(F_OFD_UNLCK)") == true || trace.last?.hasPrefix("close") == true)
    }

    @Test func staleIdempotentAndConflictingCommitsMakeNoMutatingCall() throws {
        let scratch = try Self.prepared(.automatic)
        for (revision, payload, image) in [(UInt64(0), Self.newPayload, Fixture.storedImage(.png)),
                                           (1, Self.oldPayload, Fixture.storedImage(.webp, seed: "old")),
                                           (1, Self.newPayload, Fixture.storedImage(.webp, seed: "old"))] {
            let recorder = FaultInjector()
            _ = try? Fixture.store(scratch, operations: recorder.operations).commit(revision: revision, payload: payload, image: image)
            #expect(recorder.log.filter(\.isMutating).isEmpty, "\(recorder.log)")
            #expect(!recorder.log.isEmpty)
        }
    }
}
