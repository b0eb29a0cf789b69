import Foundation
import Glibc
import Testing
import WidgetThumbnails
import TestSupport

/// A container is damaged when current.json is lost or names files that are missing or
/// corrupt: `recover` repairs what it names (not only a lost manifest), `gc` deletes nothing
/// meanwhile, `read` calls it damaged, and `recover` of an intact container writes nothing, so
/// needs no lock.
@Suite struct StoreRepairTests {
    /// Ways to damage what current.json names while it stays a valid manifest.
    enum Damage: String, CaseIterable {
        case imageMissing, imageCorrupt, snapshotMissing, snapshotCorrupt

        func apply(to container: String, revision: UInt64) throws {
            let image = container + "/images/thumbnail-\(revision).png"
            let snapshot = container + "/snapshots/snapshot-\(revision).json"
            switch self {
            case .imageMissing: #expect(unlink(image) == 0)
            case .snapshotMissing: #expect(unlink(snapshot) == 0)
            case .imageCorrupt, .snapshotCorrupt:
                let path = self == .imageCorrupt ? image : snapshot
                var bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: path)))
                bytes[bytes.count - 3] ^= 0x5a // same size, other bytes
                #expect(chmod(path, 0o644) == 0)
                try Data(bytes).write(to: URL(fileURLWithPath: path))
            }
        }
    }

    /// Revisions 1-3 committed, the image format pinned so the test knows the file names.
    private func commitThree(_ fixture: StoreFixture) throws {
        for revision: UInt64 in 1...3 {
            let result = try WidgetThumbsBinary.run(fixture.commitArguments(revision) + ["--format", "png"])
            try #require(result.status == 0, "\(result)")
        }
    }

    // MARK: Item 9: what the manifest names is checked

    @Test(arguments: Damage.allCases)
    func recoverRepointsAManifestWhoseRevisionIsDamaged(damage: Damage) throws {
        let fixture = try StoreFixture()
        defer { fixture.remove() }
        try commitThree(fixture)
        try damage.apply(to: fixture.container, revision: 3)

        let recover = try WidgetThumbsBinary.run(["recover", "--container", fixture.container])
        #expect(recover.status == 0, "\(recover)")
        #expect(recover.stdout.contains("recovered") && recover.stdout.contains("revision 2"), "\(recover.stdout)")
        #expect(recover.stdout.contains("skipped revision 3"), "the damaged revision is named: \(recover.stdout)")
        let seen = ContainerObservation(container: fixture.container)
        #expect(seen.state == .content && seen.revision == 2 && seen.defects.isEmpty, "\(seen)")
    }

    @Test(arguments: Damage.allCases)
    func gcDeletesNothingWhileTheCurrentRevisionIsDamaged(damage: Damage) throws {
        let fixture = try StoreFixture()
        defer { fixture.remove() }
        try commitThree(fixture)
        try damage.apply(to: fixture.container, revision: 3)
        let before = try fixture.files()

        let gc = try WidgetThumbsBinary.run(["gc", "--container", fixture.container, "--keep", "0", "--grace", "0"])
        #expect(gc.status == 1, "\(gc)")
        #expect(gc.stderr.contains("revision 3") && gc.stderr.contains("recover"), "gc says why: \(gc.stderr)")
        #expect(try fixture.files() == before, "gc deleted nothing")
        // The older revisions are still there for recover.
        #expect(try WidgetThumbsBinary.run(["recover", "--container", fixture.container]).status == 0)
        #expect(ContainerObservation(container: fixture.container).revision == 2)
    }

    @Test func recoverSaysSoWhenNoOlderRevisionIsComplete() throws {
        let fixture = try StoreFixture()
        defer { fixture.remove() }
        try #require(try WidgetThumbsBinary.run(fixture.commitArguments(1) + ["--format", "png"]).status == 0)
        try Damage.imageMissing.apply(to: fixture.container, revision: 1)
        let manifest = try Data(contentsOf: URL(fileURLWithPath: fixture.container + "/current.json"))

        let recover = try WidgetThumbsBinary.run(["recover", "--container", fixture.container])
        #expect(recover.status == 1, "\(recover)")
        #expect(recover.stderr.contains("revision 1") && recover.stderr.contains("no older revision is complete"),
                "\(recover.stderr)")
        #expect(try Data(contentsOf: URL(fileURLWithPath: fixture.container + "/current.json")) == manifest,
                "current.json is left as it was")
    }

    // MARK: Item 10: the grace period under clock skew

    /// gc run through `faketime` with its clock two hours ahead of the file times (as on an
    /// NFS client whose clock is ahead of the server's), the file times left alone.
    private func gcTwoHoursAhead(_ container: String) throws -> ChildProcess.Result? {
        guard access("/usr/bin/faketime", X_OK) == 0 else { return nil }
        let binary = try #require(WidgetThumbsBinary.path, WidgetThumbsBinary.notFoundMessage)
        return try ChildProcess.run("/usr/bin/env", ["NO_FAKE_STAT=1", "/usr/bin/faketime", "-f", "+2h", binary,
                                                     "gc", "--container", container, "--keep", "0"])
    }

    @Test(arguments: [false, true])
    func aClockAheadOfTheFileTimesDoesNotShortenTheGracePeriod(gcRanBefore: Bool) throws {
        let fixture = try StoreFixture()
        defer { fixture.remove() }
        for revision: UInt64 in 1...2 { try #require(try WidgetThumbsBinary.run(fixture.commitArguments(revision)).status == 0) }
        if gcRanBefore {
            // gc saw revision 1 retired by the file system's clock, then ran again ahead of it.
            #expect(try WidgetThumbsBinary.run(["gc", "--container", fixture.container, "--keep", "0"]).status == 0)
        }
        guard let gc = try gcTwoHoursAhead(fixture.container) else {
            print("skipped: /usr/bin/faketime is not installed (apt-get install faketime)")
            return
        }
        #expect(gc.status == 0, "\(gc)")
        #expect(!gc.stdout.contains("deleted: snapshots/snapshot-1.json"), "retired seconds ago: \(gc.stdout)")
        #expect(gc.stdout.contains("deferred: snapshots/snapshot-1.json"), "\(gc.stdout)")
        #expect(FileManager.default.fileExists(atPath: fixture.container + "/snapshots/snapshot-1.json"))
        #expect(try WidgetThumbsBinary.run(["verify", "--container", fixture.container]).status == 0)
    }

    // MARK: Item 13: a lost manifest reads as damaged

    @Test func aLostManifestReadsAsDamagedNotEmpty() throws {
        let fixture = try StoreFixture()
        defer { fixture.remove() }
        for revision: UInt64 in 1...2 { try #require(try WidgetThumbsBinary.run(fixture.commitArguments(revision)).status == 0) }
        #expect(unlink(fixture.container + "/current.json") == 0)

        let read = try WidgetThumbsBinary.run(["read", "--container", fixture.container])
        #expect(read.status == 5, "\(read)")
        #expect(!read.stdout.contains("nothing has been committed"), "\(read.stdout)")
        #expect(read.stdout.contains("unavailable") && read.stdout.contains("manifest missing"), "\(read.stdout)")
        #expect(read.stdout.contains("recover"), "the repair is named: \(read.stdout)")

        let json = try WidgetThumbsBinary.run(["read", "--container", fixture.container, "--json"])
        #expect(json.status == 5, "\(json)")
        #expect(json.stdout.contains("\"state\" : \"unavailable\""), "\(json.stdout)")

        #expect(try WidgetThumbsBinary.run(["recover", "--container", fixture.container]).status == 0)
        let repaired = try WidgetThumbsBinary.run(["read", "--container", fixture.container])
        #expect(repaired.status == 0 && repaired.stdout.contains("content"), "\(repaired)")
    }

    // MARK: Item 14: recover of a read-only, intact container

    /// Runs the binary as nobody (root writes anywhere), or nil when that cannot be done here.
    private func runAsNobody(_ arguments: [String]) throws -> ChildProcess.Result? {
        let binary = try #require(WidgetThumbsBinary.path, WidgetThumbsBinary.notFoundMessage)
        guard getuid() == 0 else { return try ChildProcess.run(binary, arguments) }
        guard access("/usr/bin/setpriv", X_OK) == 0 else { return nil }
        let nobody = ["--reuid=65534", "--regid=65534", "--clear-groups", binary]
        guard try ChildProcess.run("/usr/bin/setpriv", nobody + ["--version"]).status == 0 else { return nil }
        return try ChildProcess.run("/usr/bin/setpriv", nobody + arguments)
    }

    @Test(arguments: [false, true])
    func recoverOfAReadOnlyIntactContainerWritesNothingAndSucceeds(lockFileExists: Bool) throws {
        let fixture = try StoreFixture()
        defer {
            chmod(fixture.container, 0o755)
            fixture.remove()
        }
        try commitThree(fixture)
        if !lockFileExists { #expect(unlink(fixture.container + "/.lock") == 0) }
        // Readable by all, writable by its owner (root) alone.
        #expect(chmod(fixture.directory.path, 0o755) == 0 && chmod(fixture.container, 0o555) == 0)
        let before = try fixture.files()

        guard let recover = try runAsNobody(["recover", "--container", fixture.container]) else {
            print("skipped: running as root, and nobody cannot run the binary here (setpriv)")
            return
        }
        #expect(recover.status == 0, "\(recover)")
        #expect(recover.stdout.contains("intact") && recover.stdout.contains("revision 3"), "\(recover.stdout)")
        #expect(try fixture.files() == before)
        let json = try runAsNobody(["recover", "--container", fixture.container, "--json"])
        #expect(json?.status == 0 && json?.stdout.contains("\"outcome\" : \"intact\"") == true, "\(String(describing: json))")
    }
}
