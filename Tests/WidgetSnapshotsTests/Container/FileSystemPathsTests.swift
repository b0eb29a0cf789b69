import Foundation
import Testing
@testable import WidgetSnapshots
import TestSupport

/// The two halves of the file-system layer: which system calls each one makes, and that the
/// fast path falls back to the portable one where a call is missing.
@Suite struct FileSystemPathsTests {
    /// The Linux-only calls: none may appear on the portable path.
    static let linuxOnly: Set<FileSystemOperation.Kind> = [.openBeneath, .openTemporary, .linkTemporary, .renameNoReplace, .lock, .unlock]

    /// Commits two revisions and reads one back through `operations`, recording every call.
    static func trace(_ paths: FileSystemPaths, failing missing: Set<FileSystemOperation.Kind> = [],
                      errno code: Int32 = ENOSYS) throws -> (kinds: Set<FileSystemOperation.Kind>, state: ReadState<TestPayload>) {
        let scratch = TemporaryDirectory(prefix: "wt-store")
        let log = Locked<[FileSystemOperation.Kind]>([])
        let operations = FileSystemOperations(interceptor: { operation in
            log.withLock { $0.append(operation.kind) }
            return missing.contains(operation.kind) ? code : nil
        })
        var options = StoreOptions()
        options.fileSystem = paths
        let store = try Fixture.store(scratch, options: options, operations: operations)
        try store.commit(revision: 1, payload: Fixture.payload, image: Fixture.storedImage(.jpeg, seed: "one"))
        try store.commit(revision: 2, payload: Fixture.payload, image: Fixture.storedImage(.png, seed: "two"))
        var reader = SnapshotReader<TestPayload>(containerAt: scratch.file("container"), options: options)
        reader.operations = operations
        return (Set(log.withLock { $0 }), reader.read())
    }

    @Test func thePortablePathMakesNoLinuxOnlyCall() throws {
        let (kinds, state) = try Self.trace(.portable)
        #expect(kinds.isDisjoint(with: Self.linuxOnly), "\(kinds.intersection(Self.linuxOnly))")
        #expect(kinds.isSuperset(of: [.openNoFollow, .link, .unlink, .flock, .unflock]), "\(kinds)")
        #expect(Fixture.revision(of: state) == 2)
        #expect(Fixture.image(of: state)?.status == .ok)
    }

    @Test func theFastPathUsesTheLinuxCalls() throws {
        let (kinds, state) = try Self.trace(.fast)
        #expect(kinds.isSuperset(of: [.openBeneath, .openTemporary, .linkTemporary, .lock, .flock]), "\(kinds)")
        #expect(!kinds.contains(.link), "no named temporary was needed: \(kinds)")
        #expect(Fixture.image(of: state)?.status == .ok)
    }

    /// What a kernel, file system or platform without a fast call answers: the fast path must
    /// still commit and read, through the portable call beside it.
    @Test(arguments: [
        (FileSystemOperation.Kind.openBeneath, ENOSYS), (.openBeneath, EPERM), (.openTemporary, EOPNOTSUPP),
        (.openTemporary, EISDIR), (.openTemporary, ENOSYS), (.linkTemporary, ENOENT), (.renameNoReplace, EINVAL),
        (.lock, EINVAL), (.lock, ENOSYS),
    ])
    func aMissingFastCallFallsBackToItsPortablePath(kind: FileSystemOperation.Kind, code: Int32) throws {
        // A missing O_TMPFILE (or /proc) leads to the named temporary: make its rename missing too.
        let missing: Set<FileSystemOperation.Kind> = kind == .renameNoReplace ? [.openTemporary, kind] : [kind]
        let (kinds, state) = try Self.trace(.fast, failing: missing, errno: kind == .renameNoReplace ? EOPNOTSUPP : code)
        #expect(kinds.contains(kind), "the fast call was tried: \(kinds)")
        #expect(Fixture.revision(of: state) == 2, "\(state)")
        #expect(Fixture.image(of: state)?.status == .ok)
        if kind == .openTemporary || kind == .linkTemporary { #expect(kinds.contains(.renameNoReplace)) }
        if kind == .renameNoReplace { #expect(kinds.contains(.link)) }
        if kind == .lock { #expect(kinds.contains(.flock)) }
        if kind == .openBeneath { #expect(kinds.contains(.openNoFollow)) }
    }

    /// `make test-store-portable` sets WIDGET_SNAPSHOTS_FS=portable for the whole store suite,
    /// the CLI's child processes included: the default options must then take the portable path.
    @Test func theEnvironmentChoosesThePathForDefaultOptions() throws {
        let chosen = StoreOptions().fileSystem
        let variable = ProcessInfo.processInfo.environment[FileSystemPaths.environmentVariable]
        #expect(chosen == (variable == "portable" ? .portable : .fast))
        let (kinds, _) = try Self.trace(chosen)
        print("FileSystemPathsTests: this run uses the \(chosen) paths; Linux-only calls made: "
              + "\(kinds.intersection(Self.linuxOnly).map(\.rawValue).sorted())")
        if chosen == .portable { #expect(kinds.isDisjoint(with: Self.linuxOnly)) }
    }
}
