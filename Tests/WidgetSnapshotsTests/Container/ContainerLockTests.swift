import Foundation
import Glibc
import Testing
@testable import WidgetSnapshots
import TestSupport

@Suite struct ContainerLockTests {
    let scratch = TemporaryDirectory(prefix: "wt-store")

    /// OFD locks belong to the open file description: a second open in the same process
    /// contends (a classic POSIX lock would not).
    @Test func aHeldLockMakesACommitTimeOutAndWriteNothing() throws {
        var options = StoreOptions()
        options.lockTimeout = .milliseconds(200)
        let store = try Fixture.store(scratch, options: options)
        try store.commit(revision: 1, payload: Fixture.payload, image: nil)
        let before = scratch.fingerprint("container")
        let container = try ContainerDirectory(path: scratch.file("container"), creation: .mustExist)
        var held: ContainerLock? = try ContainerLock(container: container, operations: .system, paths: .fromEnvironment, timeout: .seconds(1))
        do {
            try store.commit(revision: 2, payload: Fixture.payload, image: nil)
            Issue.record("expected a lock timeout")
        } catch {
            guard case .lockTimeout(let waited) = error else { Issue.record("got \(error)"); return }
            #expect(waited >= .milliseconds(200))
        }
        #expect(scratch.fingerprint("container") == before)
        // Readers never lock.
        #expect(Fixture.revision(of: Fixture.reader(scratch).read()) == 1)
        held?.release()
        held = nil
        #expect(try store.commit(revision: 2, payload: Fixture.payload, image: nil) == .committed)
    }

    @Test func concurrentCommitsInOneProcessSerialiseAndTheHighestWins() async throws {
        let store = try Fixture.store(scratch)
        let outcomes = await withTaskGroup(of: Result<CommitOutcome, StoreError>.self) { group in
            for revision: UInt64 in 1...24 {
                group.addTask {
                    do throws(StoreError) {
                        return .success(try store.commit(revision: revision, payload: TestPayload(title: "t", count: Int(revision)),
                                                         image: Fixture.storedImage(seed: "\(revision)")))
                    } catch {
                        return .failure(error)
                    }
                }
            }
            var all: [Result<CommitOutcome, StoreError>] = []
            for await outcome in group { all.append(outcome) }
            return all
        }
        for outcome in outcomes {
            if case .failure(let error) = outcome {
                guard case .stale = error else { Issue.record("not stale: \(error)"); continue }
            }
        }
        #expect(Fixture.revision(of: Fixture.reader(scratch).read()) == 24)
        #expect(store.verify().isClean)
    }

    @Test func aLockFileThatIsASymlinkIsRefused() throws {
        scratch.plant("elsewhere", [])
        scratch.makeDirectory("container")
        scratch.symlink("container/.lock", to: scratch.file("elsewhere"))
        let store = try Fixture.store(scratch)
        #expect(throws: StoreError.self) { try store.commit(revision: 1, payload: Fixture.payload, image: nil) }
        #expect(!scratch.exists("container/current.json"))
    }
}
