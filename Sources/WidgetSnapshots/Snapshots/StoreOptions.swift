/// How a store or reader treats its container. Every default is stated.
public struct StoreOptions: Sendable {
    /// How long a commit (or gc) waits for another writer's lock. Default 10 seconds.
    public var lockTimeout: Duration = .seconds(10)
    /// Linux's fast system calls or the portable POSIX ones. Default `.fromEnvironment`:
    /// `.fast` (each fast path falling back where it is missing) unless the environment
    /// variable `WIDGET_SNAPSHOTS_FS` is `portable`.
    public var fileSystem: FileSystemPaths = .fromEnvironment
    /// How relative paths are resolved on the fast path. Default `.kernel` (openat2, with the
    /// walk as fallback). `fileSystem = .portable` always walks.
    public var resolution: ResolutionStrategy = .kernel
    /// Size caps for what is read back. Default `ReadLimits()`.
    public var limits: ReadLimits = ReadLimits()
    /// Whether the store may create the container directory. Default `.createIfMissing`.
    public var creation: ContainerCreation = .createIfMissing
    /// How immutable files are published on the fast path (tests force the fallbacks).
    var publishing: ImmutableFilePublisher.Method = .automatic

    /// The resolution actually used: the walk on the portable path.
    var effectiveResolution: ResolutionStrategy { fileSystem == .portable ? .componentWalk : resolution }

    /// The publishing method actually used: link(2) on the portable path.
    var effectivePublishing: ImmutableFilePublisher.Method { fileSystem == .portable ? .portable : publishing }

    /// The defaults above.
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

    /// The defaults above.
    public init() {}
}
