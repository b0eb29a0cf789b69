/// What `collectGarbage` did.
public struct GarbageCollectionReport: Sendable, Equatable {
    /// The committed revision and the retained ones before it, newest first.
    public var keptRevisions: [UInt64] = []
    /// Container-relative paths removed.
    public var deleted: [String] = []
    /// Removable, but younger than the grace period (a reader may still be using them).
    public var deferred: [String] = []
}

/// How much `collectGarbage` keeps. Every default is stated.
public struct GarbageCollectionPolicy: Sendable, Equatable {
    /// Revisions kept before the committed one. Default 2.
    public var keep: Int
    /// Nothing younger than this is removed. Default one hour.
    public var grace: Duration

    /// `keep` revisions before the current one, nothing younger than `grace` removed.
    public init(keep: Int = 2, grace: Duration = .seconds(3600)) {
        self.keep = keep
        self.grace = grace
    }
}
