import Foundation
import Testing
@testable import WidgetSnapshots
import TestSupport

/// Content, then stale, then expired, and the reader telling a timeline when the next of those
/// changes happens.
@Suite struct FreshnessTests {
    let scratch = TemporaryDirectory(prefix: "wt-store")
    let generated = Date(timeIntervalSince1970: 1_800_000_000)
    let freshness = Freshness(staleAfter: .seconds(600), expiredAfter: .seconds(3600))

    func reading(at seconds: Double) throws -> SnapshotReading<TestPayload> {
        Fixture.reader(scratch).read(freshness: freshness, now: generated.addingTimeInterval(seconds))
    }

    init() throws {
        try Fixture.store(scratch).commit(revision: 1, payload: Fixture.payload, image: Fixture.storedImage(),
                                          generatedAt: generated)
    }

    @Test func theStateMovesFromContentToStaleToExpired() throws {
        let fresh = try reading(at: 599)
        guard case .content = fresh.state else { Issue.record("\(fresh.state)"); return }
        #expect(fresh.age == .seconds(599))
        #expect(fresh.nextChange == generated.addingTimeInterval(600))

        let stale = try reading(at: 600)
        guard case .stale(let snapshot, let image) = stale.state else { Issue.record("\(stale.state)"); return }
        #expect(snapshot.revision == 1 && image?.status == .ok)
        #expect(stale.nextChange == generated.addingTimeInterval(3600))

        let expired = try reading(at: 3600)
        guard case .expired(let old, let oldImage) = expired.state else { Issue.record("\(expired.state)"); return }
        #expect(old.payload == Fixture.payload)
        #expect(oldImage?.data == Data(Fixture.storedImage().bytes), "an expired snapshot still carries its image")
        #expect(expired.nextChange == nil, "nothing changes after expiry")
        #expect(expired.age == .seconds(3600))
    }

    @Test func withoutThresholdsNothingEverChanges() throws {
        let reading = Fixture.reader(scratch).read(freshness: Freshness(), now: generated.addingTimeInterval(1e9))
        guard case .content = reading.state else { Issue.record("\(reading.state)"); return }
        #expect(reading.nextChange == nil)
    }

    @Test func anEmptyContainerHasNoAgeAndNoNextChange() throws {
        let empty = TemporaryDirectory(prefix: "wt-store")
        empty.makeDirectory("container")
        let reading = Fixture.reader(empty).read(freshness: freshness)
        #expect(reading.state == .empty)
        #expect(reading.age == nil && reading.nextChange == nil)
    }

    @Test func aSnapshotFromTheFutureIsContentUntilItsThresholds() {
        // The writer's clock ran ahead: the age is negative, and the next change is still
        // generatedAt + staleAfter.
        let now = generated.addingTimeInterval(-30)
        #expect(freshness.phase(age: .seconds(-30)) == .fresh)
        #expect(freshness.nextChange(generatedAt: generated, now: now) == generated.addingTimeInterval(600))
    }
}
