import Foundation
import Glibc
import Testing
import WidgetThumbnails
import TestSupport

/// SIGKILL `widget-thumbs commit` at random moments, hundreds of times, and read after each
/// kill: the container always holds one complete revision (the one being committed or the one
/// before it), never a torn or mixed one, and `verify` never finds a problem (leftovers of
/// the killed commit are only warnings).
@Suite(.serialized) struct StoreCrashSafetyTests {
    /// Kills needed: at least 200, so the random kills fall in every step of a commit.
    static let requiredKills = 200
    /// A fixed seed, so a failure replays with the same delays.
    static let seed: UInt64 = 0x5EED_C0_4417

    struct Tally: CustomStringConvertible {
        var attempts = 0
        var kills = 0
        var completedBeforeKill = 0
        var unexpectedEndings: [String] = []
        var states: [ContainerObservation.State: Int] = [:]
        var previousIntact = 0
        var newRevisionVisible = 0
        var torn: [String] = []
        var verifyProblems: [String] = []
        /// Kills that left this revision's image, or its snapshot too, without a manifest
        /// naming them: proof that kills landed inside the commit's write sequence.
        var killedAfterImage = 0
        var killedAfterSnapshot = 0
        var cliChecks = 0
        var gcRuns = 0

        var description: String {
            let seen = ContainerObservation.State.allCases.map { "\($0.rawValue) \(states[$0, default: 0])" }
            return "attempts \(attempts), kills \(kills), completed before the kill \(completedBeforeKill), "
                + "states seen: \(seen.joined(separator: ", ")); previous revision intact \(previousIntact), "
                + "new revision visible \(newRevisionVisible); killed with the image published but no manifest "
                + "\(killedAfterImage) (with the snapshot too \(killedAfterSnapshot)); torn \(torn.count); "
                + "verify problems \(verifyProblems.count); CLI read+verify checks \(cliChecks); gc runs \(gcRuns)"
        }
    }

    @Test func killingCommitsAtRandomMomentsNeverLeavesATornRevision() throws {
        let binary = try #require(WidgetThumbsBinary.path, WidgetThumbsBinary.notFoundMessage)
        let fixture = try StoreFixture()
        defer { fixture.remove() }

        // How long one commit of a tiny original takes here, start to exit: the kills are
        // spread over that span (a little past it, so some commits finish).
        let commitSeconds = try fixture.commitFirstThree(with: binary)
        var committed: UInt64 = 3
        var revision: UInt64 = 3
        var random = StoreTestRandom(seed: Self.seed)
        var tally = Tally()
        let started = monotonicNow()

        while tally.kills < Self.requiredKills && monotonicNow() - started < 120 {
            revision += 1
            tally.attempts += 1
            let (ending, delay) = try fixture.commitKilled(revision, with: binary, within: commitSeconds * 1.15, using: &random)
            switch ending {
            case .signaled(SIGKILL): tally.kills += 1
            case .exited(0): tally.completedBeforeKill += 1
            default: tally.unexpectedEndings.append("revision \(revision): \(ending)")
            }

            let seen = ContainerObservation(container: fixture.container)
            tally.states[seen.state, default: 0] += 1
            var defects = seen.defects
            if seen.state != .content { defects.append("state \(seen.state.rawValue)") }
            if let visible = seen.revision, visible != committed && visible != revision {
                defects.append("revision \(visible) visible, expected \(committed) or \(revision)")
            }
            if ending == .exited(0) && seen.revision != revision {
                defects.append("the commit of \(revision) exited 0 but is not visible")
            }
            if !defects.isEmpty {
                tally.torn.append("after \(ending) of revision \(revision) at \(Int(delay * 1000)) ms: \(defects)")
            }
            if seen.revision == revision {
                tally.newRevisionVisible += 1
                committed = revision
            } else {
                tally.previousIntact += 1
                let root = fixture.container
                if FileManager.default.fileExists(atPath: "\(root)/images/thumbnail-\(revision).jpg") { tally.killedAfterImage += 1 }
                if FileManager.default.fileExists(atPath: "\(root)/snapshots/snapshot-\(revision).json") { tally.killedAfterSnapshot += 1 }
            }

            let report = try verifyInProcess(fixture.container)
            if !report.isClean {
                tally.verifyProblems.append("after revision \(revision): \(report.problems.map(\.description))")
            }
            if tally.attempts % 25 == 0 {
                try checkWithTheCLI(binary, fixture, expecting: committed, tally: &tally)
            }
            if tally.attempts % 60 == 0 {
                // Keeps verify's work small, and collects leftovers of killed commits.
                let gc = try ChildProcess.run(binary, ["gc", "--container", fixture.container, "--grace", "0"])
                #expect(gc.status == 0, "\(gc)")
                tally.gcRuns += 1
            }
        }
        try checkWithTheCLI(binary, fixture, expecting: committed, tally: &tally)

        print("StoreCrashSafetyTests: \(tally), commit duration \(Int(commitSeconds * 1000)) ms, "
              + "wall \(String(format: "%.1f", monotonicNow() - started)) s, seed \(Self.seed)")
        #expect(tally.kills >= Self.requiredKills, "\(tally)")
        #expect(tally.torn.isEmpty, "\(tally.torn.prefix(5))")
        #expect(tally.verifyProblems.isEmpty, "\(tally.verifyProblems.prefix(5))")
        #expect(tally.unexpectedEndings.isEmpty, "\(tally.unexpectedEndings.prefix(5))")
        #expect(tally.newRevisionVisible > 0 && tally.previousIntact > 0, "kills should land both before and after the switch: \(tally)")
    }

    /// `read --json` and `verify` as separate processes agree with what the library saw.
    private func checkWithTheCLI(_ binary: String, _ fixture: StoreFixture, expecting revision: UInt64,
                                 tally: inout Tally) throws {
        tally.cliChecks += 1
        let read = try ChildProcess.run(binary, ["read", "--container", fixture.container, "--json"])
        #expect(read.status == 0, "\(read)")
        let document = JSONReport.object(read.stdout)
        #expect(document?["state"] as? String == "content", "\(read.stdout)")
        #expect((document?["revision"] as? NSNumber)?.uint64Value == revision, "\(read.stdout)")
        #expect((document?["image"] as? [String: Any])?["status"] as? String == "ok", "\(read.stdout)")
        let verify = try ChildProcess.run(binary, ["verify", "--container", fixture.container])
        #expect(verify.status == 0, "\(verify)")
        #expect(!verify.stdout.contains("problem:"), "\(verify.stdout)")
    }
}
