/// How a store or reader treats its container. Every default is stated.
public struct StoreOptions: Sendable {
    /// How long a commit (or gc) waits for another writer's lock. Default 10 seconds.
    public var lockTimeout: Duration = .seconds(10)
    /// How relative paths are resolved. Default `.kernel` (openat2, with the walk as fallback).
    public var resolution: ResolutionStrategy = .kernel
    /// Size caps for what is read back. Default `ReadLimits()`.
    public var limits: ReadLimits = ReadLimits()
    /// Whether the store may create the container directory. Default `.createIfMissing`.
    public var creation: ContainerCreation = .createIfMissing
    /// How immutable files are published (tests force the named-temporary fallback).
    var publishing: ImmutableFilePublisher.Method = .automatic

    public init() {}
}

/// Caps on the bytes read from a container (a hostile or damaged file cannot make a reader
/// allocate more).
public struct ReadLimits: Sendable, Equatable {
    /// `current.json`. Default 64 KiB.
    public var manifestBytes: Int = 64 * 1024
    /// A snapshot, payload included. Default 1 MiB.
    public var snapshotBytes: Int = 1024 * 1024
    /// An image. Default 16 MiB (thumbnails are at most 500 KB).
    public var imageBytes: Int = 16 * 1024 * 1024

    public init() {}
}
