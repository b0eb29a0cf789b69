import Foundation
import Glibc
import Testing
import WidgetThumbnails
import TestSupport

/// Damaged containers are called damaged, with the right reason and exit status:
/// a lost manifest is not an empty container, and a symlinked directory, a
/// negative revision or a missing container each get their own words.
@Suite struct StoreDamageTests {
    @Test func aLostManifestIsDamageThatGCLeavesAloneAndRecoverRepairs() throws {
        let fixture = try StoreFixture()
        defer { fixture.remove() }
        for revision: UInt64 in 1...3 { #expect(try WidgetThumbsBinary.run(fixture.commitArguments(revision)).status == 0) }
        #expect(unlink(fixture.container + "/current.json") == 0)
        let before = try fixture.files()

        let verify = try WidgetThumbsBinary.run(["verify", "--container", fixture.container])
        #expect(verify.status == 1, "\(verify)")
        #expect(verify.stdout.contains("problem: current.json"), "\(verify.stdout)")
        #expect(!verify.stdout.contains(": clean"), "\(verify.stdout)")

        let gc = try WidgetThumbsBinary.run(["gc", "--container", fixture.container, "--keep", "0", "--grace", "0"])
        #expect(gc.status == 1, "\(gc)")
        #expect(gc.stderr.contains("current.json"), "gc says why: \(gc.stderr)")
        #expect(try fixture.files() == before, "gc deleted nothing")

        let recover = try WidgetThumbsBinary.run(["recover", "--container", fixture.container])
        #expect(recover.status == 0, "\(recover)")
        #expect(recover.stdout.contains("revision 3"), "\(recover.stdout)")
        let seen = ContainerObservation(container: fixture.container)
        #expect(seen.state == .content && seen.revision == 3 && seen.defects.isEmpty, "\(seen)")
        #expect(try WidgetThumbsBinary.run(["verify", "--container", fixture.container]).status == 0)
    }

    @Test func recoverSkipsARevisionWhoseImageIsDamaged() throws {
        let fixture = try StoreFixture()
        defer { fixture.remove() }
        for revision: UInt64 in 1...3 { #expect(try WidgetThumbsBinary.run(fixture.commitArguments(revision)).status == 0) }
        #expect(unlink(fixture.container + "/current.json") == 0)
        #expect(unlink(fixture.container + "/images/thumbnail-3.jpg") == 0)
        let recover = try WidgetThumbsBinary.run(["recover", "--container", fixture.container, "--json"])
        #expect(recover.status == 0, "\(recover)")
        let seen = ContainerObservation(container: fixture.container)
        #expect(seen.state == .content && seen.revision == 2 && seen.defects.isEmpty, "\(seen)")
    }

    @Test func aSymlinkedImagesDirectoryIsACorruptContainerNotAConflict() throws {
        let fixture = try StoreFixture()
        defer { fixture.remove() }
        let elsewhere = fixture.directory.file("elsewhere")
        try FileManager.default.createDirectory(atPath: elsewhere, withIntermediateDirectories: true)
        try FileManager.default.createDirectory(atPath: fixture.container, withIntermediateDirectories: true)
        #expect(symlink(elsewhere, fixture.container + "/images") == 0)
        let commit = try WidgetThumbsBinary.run(fixture.commitArguments(1))
        #expect(commit.status == 1, "\(commit)")
        #expect(!commit.stderr.contains("conflict"), "\(commit.stderr)")
        #expect(commit.stderr.contains("images") && commit.stderr.contains("symlink"), "\(commit.stderr)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: elsewhere).isEmpty)
    }

    @Test func aNegativeRevisionInTheManifestIsOutOfRangeNotInvalidJSON() throws {
        let fixture = try StoreFixture()
        defer { fixture.remove() }
        #expect(try WidgetThumbsBinary.run(fixture.commitArguments(1)).status == 0)
        let manifest = fixture.container + "/current.json"
        let text = try String(contentsOfFile: manifest, encoding: .utf8).replacingOccurrences(of: "\"revision\":1", with: "\"revision\":-1")
        try Data(text.utf8).write(to: URL(fileURLWithPath: manifest))
        for command in ["read", "verify"] {
            let result = try WidgetThumbsBinary.run([command, "--container", fixture.container])
            #expect(result.status == 1, "\(command): \(result)")
            #expect(!result.stdout.contains("not valid JSON"), "\(command): \(result.stdout)")
            #expect(result.stdout.contains("revision") && result.stdout.contains("out of range"), "\(command): \(result.stdout)")
        }
    }

    @Test(arguments: ["read", "verify", "gc"])
    func aContainerThatDoesNotExistIsSaidSoAndFails(command: String) throws {
        let fixture = try StoreFixture()
        defer { fixture.remove() }
        let result = try WidgetThumbsBinary.run([command, "--container", fixture.container])
        #expect(result.status == 1, "\(result)")
        #expect((result.stdout + result.stderr).contains("no such container"), "\(result)")
        #expect(!FileManager.default.fileExists(atPath: fixture.container), "nothing created")
    }

    @Test func anEmptyDirectoryReadsEmpty() throws {
        let fixture = try StoreFixture()
        defer { fixture.remove() }
        try FileManager.default.createDirectory(atPath: fixture.container, withIntermediateDirectories: true)
        let read = try WidgetThumbsBinary.run(["read", "--container", fixture.container])
        #expect(read.status == 0, "\(read)")
        #expect(read.stdout.contains("empty"), "\(read.stdout)")
        #expect(try WidgetThumbsBinary.run(["verify", "--container", fixture.container]).status == 0)
    }
}
