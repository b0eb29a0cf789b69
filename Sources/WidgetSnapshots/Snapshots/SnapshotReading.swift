#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// One read of a container, with what a widget's timeline needs beside the state: how old the
/// snapshot is and when its state will next change.
public struct SnapshotReading<Payload: Sendable>: Sendable {
    /// What to render.
    public let state: ReadState<Payload>
    /// How long ago the snapshot was generated, at the moment of the read; nil without one.
    /// Negative when the writer's clock was ahead.
    public let age: Duration?
    /// When the snapshot turns stale, then expired (the next of the two still ahead); nil when
    /// neither will happen. Pass it to a timeline's `.after(_:)`.
    public let nextChange: Date?

    /// A reading made of its parts (for tests and previews).
    public init(state: ReadState<Payload>, age: Duration?, nextChange: Date?) {
        self.state = state
        self.age = age
        self.nextChange = nextChange
    }
}

extension SnapshotReading: Equatable where Payload: Equatable {}
