import Foundation
import Testing
import WidgetThumbnails
import TestSupport

/// Several `widget-thumbs commit` processes at once, each committing its own subset of
/// revisions in a shuffled order (every revision by two writers). A revision's content depends on the revision
/// alone, so a clash can never be a conflict: every failure must be stale, the final revision
/// must be the highest, and `verify` must be clean.
@Suite(.serialized) struct StoreConcurrencyTests {
    static let writers = 4
    static let revisions: ClosedRange<UInt64> = 1...24

    struct Attempt {
        var writer: Int
        var revision: UInt64
        var result: ChildProcess.Result
    }

    @Test(arguments: [UInt64(0xC0_FFEE), 0xBADC_0DE, 0x5EED_0003])
    func concurrentWritersEndAtTheHighestRevision(seed: UInt64) throws {
        let binary = try #require(WidgetThumbsBinary.path, WidgetThumbsBinary.notFoundMessage)
        let fixture = try StoreFixture()
        defer { fixture.remove() }

        var random = StoreTestRandom(seed: seed)
        var plans = Array(repeating: [UInt64](), count: Self.writers)
        for revision in Self.revisions {
            for writer in Array(0..<Self.writers).shuffled(using: &random).prefix(2) {
                plans[writer].append(revision)
            }
        }
        // Mostly ascending, shuffled within windows of three: writers overtake one another,
        // so commits, idempotent repeats and stale ones all happen (a full shuffle would make
        // almost everything stale after the first high revision lands).
        plans = plans.map { plan in
            stride(from: 0, to: plan.count, by: 3).flatMap { start in
                plan[start..<min(start + 3, plan.count)].shuffled(using: &random)
            }
        }
        // Written before any writer starts: the writers only read these files.
        var arguments: [UInt64: [String]] = [:]
        for revision in Self.revisions { arguments[revision] = try fixture.commitArguments(revision) + ["--json"] }
        let frozenArguments = arguments
        let frozenPlans = plans

        let attempts = Locked<[Attempt]>([])
        let spawnFailures = Locked<[String]>([])
        DispatchQueue.concurrentPerform(iterations: Self.writers) { writer in
            for revision in frozenPlans[writer] {
                do {
                    let result = try ChildProcess.run(binary, frozenArguments[revision]!)
                    attempts.withLock { $0.append(Attempt(writer: writer, revision: revision, result: result)) }
                } catch {
                    spawnFailures.withLock { $0.append("\(error)") }
                }
            }
        }
        let all = attempts.withLock { $0 }
        #expect(spawnFailures.withLock { $0 }.isEmpty)
        #expect(all.count == Self.revisions.count * 2)

        var outcomes: [String: Int] = [:]
        for attempt in all {
            switch attempt.result.status {
            case 0:
                let document = JSONReport.object(attempt.result.stdout)
                let outcome = document?["outcome"] as? String ?? "unreadable output"
                #expect(["committed", "idempotent"].contains(outcome), "\(attempt.result)")
                outcomes[outcome, default: 0] += 1
            case 3: // stale's own exit status
                #expect(attempt.result.stderr.contains("stale"), "revision \(attempt.revision): \(attempt.result)")
                #expect(!attempt.result.stderr.contains("conflict"), "revision \(attempt.revision): \(attempt.result)")
                outcomes["stale", default: 0] += 1
            default:
                Issue.record("revision \(attempt.revision) by writer \(attempt.writer): \(attempt.result)")
            }
        }
        // Nothing is higher than the highest revision, so both of its writers succeed.
        for attempt in all where attempt.revision == Self.revisions.upperBound {
            #expect(attempt.result.status == 0, "\(attempt.result)")
        }
        #expect(outcomes["committed", default: 0] >= 1)

        let seen = ContainerObservation(container: fixture.container)
        #expect(seen.state == .content)
        #expect(seen.revision == Self.revisions.upperBound)
        #expect(seen.defects.isEmpty, "\(seen.defects)")
        let verify = try ChildProcess.run(binary, ["verify", "--container", fixture.container, "--json"])
        #expect(verify.status == 0, "\(verify)")
        let report = JSONReport.object(verify.stdout)
        #expect(report?["clean"] as? Bool == true, "\(verify.stdout)")
        #expect((report?["problems"] as? [Any])?.isEmpty == true, "\(verify.stdout)")
        #expect((report?["warnings"] as? [Any])?.isEmpty == true, "no crash, so no leftovers: \(verify.stdout)")

        let order = plans.map { $0.map(String.init).joined(separator: ",") }.joined(separator: " | ")
        print("StoreConcurrencyTests seed \(seed): \(Self.writers) writers, \(all.count) commits: "
              + "committed \(outcomes["committed", default: 0]), idempotent \(outcomes["idempotent", default: 0]), "
              + "stale \(outcomes["stale", default: 0]); final revision \(seen.revision.map(String.init) ?? "none"); plans \(order)")
    }
}
