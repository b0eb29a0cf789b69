#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// How old a snapshot may be before a widget should treat it differently: from `staleAfter`
/// on it reads as `.stale` (show it, with its update time), from `expiredAfter` on as
/// `.expired` (hide values where showing old data is risky). Both are ages measured from the
/// snapshot's `generatedAt`.
public struct Freshness: Sendable, Equatable {
    /// The age from which a snapshot is stale. Default nil: never stale.
    public var staleAfter: Duration?
    /// The age from which a snapshot is expired. Default nil: never expired.
    public var expiredAfter: Duration?

    /// Both thresholds are ages measured from the snapshot's `generatedAt`.
    public init(staleAfter: Duration? = nil, expiredAfter: Duration? = nil) {
        self.staleAfter = staleAfter
        self.expiredAfter = expiredAfter
    }

    /// Where a snapshot of this age stands.
    public enum Phase: Sendable, Equatable {
        /// Younger than both thresholds.
        case fresh
        /// At least `staleAfter` old, younger than `expiredAfter`.
        case stale
        /// At least `expiredAfter` old.
        case expired
    }

    /// The phase of a snapshot `age` old.
    public func phase(age: Duration) -> Phase {
        if let expiredAfter, age >= expiredAfter { return .expired }
        if let staleAfter, age >= staleAfter { return .stale }
        return .fresh
    }

    /// The first moment after `now` at which a snapshot generated at `generatedAt` changes
    /// phase (turns stale, then expired); nil when it never will. What a widget's timeline
    /// passes to `.after(_:)` instead of polling.
    public func nextChange(generatedAt: Date, now: Date) -> Date? {
        [staleAfter, expiredAfter].compactMap { $0 }
            .map { generatedAt.addingTimeInterval($0.totalSeconds) }
            .filter { $0 > now }
            .min()
    }
}
