import Foundation
import Glibc
import Testing
import WidgetThumbnails
import TestSupport

/// The four container commands as a user runs them: outcomes, exit codes, messages, the
/// JSON shapes, and what they do to the files.
@Suite struct StoreCommandTests {
    private func json(_ result: ChildProcess.Result) throws -> [String: Any] {
        try #require(JSONReport.object(result.stdout), "\(result)")
    }

    @Test func commitsThenReadsTheContentBackInTheIssuesShape() throws {
        let fixture = try StoreFixture()
        defer { fixture.remove() }
        let payload = try fixture.directory.write("payload.json", Array(#"{"title":"Hiking","count":3}"#.utf8))
        let commit = try WidgetThumbsBinary.run(["commit", "--container", fixture.container, "--revision", "7",
                              "--image", fixture.landscape, "--payload", payload, "--json"])
        #expect(commit.status == 0, "\(commit)")
        let committed = try json(commit)
        #expect(committed["outcome"] as? String == "committed")
        #expect((committed["revision"] as? NSNumber)?.intValue == 7)
        #expect(committed["snapshot"] as? String == "snapshots/snapshot-7.json")
        let image = try #require(committed["image"] as? [String: Any])
        #expect(image["relativePath"] as? String == "images/thumbnail-7.jpg")
        #expect((image["pixelWidth"] as? NSNumber)?.intValue == 8)
        #expect((image["pixelHeight"] as? NSNumber)?.intValue == 6)

        let read = try WidgetThumbsBinary.run(["read", "--container", fixture.container, "--json"])
        #expect(read.status == 0, "\(read)")
        let state = try json(read)
        #expect(Set(state.keys) == ["state", "revision", "generatedAt", "ageSeconds", "nextChange", "payload", "image", "reason"])
        #expect(state["state"] as? String == "content")
        #expect((state["revision"] as? NSNumber)?.intValue == 7)
        #expect(state["reason"] is NSNull)
        let generatedAt = try #require(state["generatedAt"] as? String)
        let date = try #require(try? Date.ISO8601FormatStyle().parse(generatedAt))
        #expect(abs(date.timeIntervalSinceNow) < 120)
        let readPayload = try #require(state["payload"] as? [String: Any])
        #expect(readPayload["title"] as? String == "Hiking")
        #expect((readPayload["count"] as? NSNumber)?.intValue == 3)
        let readImage = try #require(state["image"] as? [String: Any])
        #expect(Set(readImage.keys) == ["relativePath", "checksum", "status", "reason"])
        #expect(readImage["status"] as? String == "ok")
        #expect(readImage["reason"] is NSNull)
        // The checksum names the bytes on disk, computed here from the file itself.
        let bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: fixture.container + "/images/thumbnail-7.jpg")))
        #expect(readImage["checksum"] as? String == SHA256Digest.of(bytes).description)
        #expect(image["checksum"] as? String == SHA256Digest.of(bytes).description)

        let lines = try WidgetThumbsBinary.run(["read", "--container", fixture.container])
        #expect(lines.status == 0)
        #expect(lines.stdout.contains("state:") && lines.stdout.contains("content"))
        #expect(lines.stdout.contains("images/thumbnail-7.jpg (ok)"), "\(lines.stdout)")
    }

    @Test func theRevisionRulesGiveTheirExitCodesAndWords() throws {
        let fixture = try StoreFixture()
        defer { fixture.remove() }
        let first = try WidgetThumbsBinary.run(fixture.commitArguments(4))
        #expect(first.status == 0, "\(first)")
        #expect(first.stdout.contains("committed revision 4"), "\(first.stdout)")
        let before = try snapshotOfFiles(fixture.container)

        let again = try WidgetThumbsBinary.run(fixture.commitArguments(4) + ["--json"])
        #expect(again.status == 0, "\(again)")
        #expect(try json(again)["outcome"] as? String == "idempotent")
        let againLines = try WidgetThumbsBinary.run(fixture.commitArguments(4))
        #expect(againLines.stdout.contains("idempotent"), "\(againLines.stdout)")

        let stale = try WidgetThumbsBinary.run(fixture.commitArguments(3))
        #expect(stale.status == 3, "\(stale)")
        #expect(stale.stderr.contains("stale"), "\(stale.stderr)")
        #expect(stale.stdout.isEmpty)

        // Revision 4 with another image (revision 5's original is the portrait).
        let conflict = try WidgetThumbsBinary.run(["commit", "--container", fixture.container, "--revision", "4",
                                "--image", fixture.portrait, "--payload", try fixture.payload(for: 4)])
        #expect(conflict.status == 4, "\(conflict)")
        #expect(conflict.stderr.contains("conflict"), "\(conflict.stderr)")
        #expect(try snapshotOfFiles(fixture.container) == before, "nothing written by idempotent, stale or conflict")

        let payloadOnly = try WidgetThumbsBinary.run(["commit", "--container", fixture.container, "--revision", "5"])
        #expect(payloadOnly.status == 0, "\(payloadOnly)")
        let read = try json(try WidgetThumbsBinary.run(["read", "--container", fixture.container, "--json"]))
        #expect(read["image"] is NSNull)
        #expect((read["payload"] as? [String: Any])?.isEmpty == true, "no --payload commits {}")
    }

    /// Every file's name, size and modification time, to show that nothing changed.
    private func snapshotOfFiles(_ container: String) throws -> [String: String] {
        var files: [String: String] = [:]
        let enumerator = try #require(FileManager.default.enumerator(atPath: container))
        for case let name as String in enumerator {
            var info = stat()
            guard stat(container + "/" + name, &info) == 0 else { continue }
            files[name] = "\(info.st_size) \(info.st_mtim.tv_sec).\(info.st_mtim.tv_nsec)"
        }
        return files
    }

    @Test func aChangedByteInTheImageReadsCorruptAndFailsVerify() throws {
        let fixture = try StoreFixture()
        defer { fixture.remove() }
        #expect(try WidgetThumbsBinary.run(fixture.commitArguments(2)).status == 0)
        let clean = try WidgetThumbsBinary.run(["verify", "--container", fixture.container])
        #expect(clean.status == 0, "\(clean)")
        #expect(clean.stdout.contains("revision 2: clean"), "\(clean.stdout)")

        let image = fixture.container + "/images/thumbnail-2.jpg"
        var info = stat()
        #expect(stat(image, &info) == 0 && info.st_mode & 0o777 == 0o444, "committed read-only")
        chmod(image, 0o644)
        var bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: image)))
        bytes[bytes.count / 2] ^= 0x01
        try Data(bytes).write(to: URL(fileURLWithPath: image))
        chmod(image, 0o444)

        let read = try WidgetThumbsBinary.run(["read", "--container", fixture.container, "--json"])
        #expect(read.status == 0, "content without its image is still content: \(read)")
        let state = try json(read)
        #expect(state["state"] as? String == "content")
        let readImage = try #require(state["image"] as? [String: Any])
        #expect(readImage["status"] as? String == "corrupt")
        #expect((readImage["reason"] as? String)?.contains("checksum mismatch") == true, "\(read.stdout)")

        let verify = try WidgetThumbsBinary.run(["verify", "--container", fixture.container])
        #expect(verify.status == 1, "\(verify)")
        #expect(verify.stdout.contains("problem: images/thumbnail-2.jpg: checksum mismatch"), "\(verify.stdout)")
        let verifyJSON = try json(try WidgetThumbsBinary.run(["verify", "--container", fixture.container, "--json"]))
        #expect(verifyJSON["clean"] as? Bool == false)
        #expect((verifyJSON["problems"] as? [[String: Any]])?.first?["kind"] as? String == "checksum mismatch")
    }

    @Test func readReportsEmptyStaleAndUnavailable() throws {
        let fixture = try StoreFixture()
        defer { fixture.remove() }
        let missing = try WidgetThumbsBinary.run(["read", "--container", fixture.container, "--json"])
        #expect(missing.status == 1, "\(missing)")
        #expect(try json(missing)["state"] as? String == "unavailable")

        try FileManager.default.createDirectory(atPath: fixture.container, withIntermediateDirectories: false)
        let empty = try WidgetThumbsBinary.run(["read", "--container", fixture.container, "--json"])
        #expect(empty.status == 0, "\(empty)")
        let emptyState = try json(empty)
        #expect(emptyState["state"] as? String == "empty")
        #expect(emptyState["revision"] is NSNull && emptyState["payload"] is NSNull && emptyState["image"] is NSNull)

        #expect(try WidgetThumbsBinary.run(fixture.commitArguments(1)).status == 0)
        let fresh = try json(try WidgetThumbsBinary.run(["read", "--container", fixture.container, "--json", "--max-age", "3600"]))
        #expect(fresh["state"] as? String == "content")
        usleep(1_100_000) // generatedAt has whole seconds
        let stale = try WidgetThumbsBinary.run(["read", "--container", fixture.container, "--json", "--max-age", "0.5"])
        #expect(stale.status == 0, "\(stale)")
        let staleState = try json(stale)
        #expect(staleState["state"] as? String == "stale")
        #expect((staleState["revision"] as? NSNumber)?.intValue == 1)
        #expect((staleState["image"] as? [String: Any])?["status"] as? String == "ok")
        let age = try #require((staleState["ageSeconds"] as? NSNumber)?.doubleValue)
        #expect(age >= 1 && age < 3600, "\(staleState)")
        #expect(staleState["nextChange"] is NSNull, "stale without an expiry changes no more")

        // Stale now, expired an hour after generatedAt: nextChange says when.
        let expiring = try json(try WidgetThumbsBinary.run(["read", "--container", fixture.container, "--json", "--max-age", "0.5",
                                         "--expire-after", "3600"]))
        #expect(expiring["state"] as? String == "stale")
        let generated = try #require((expiring["generatedAt"] as? String).flatMap { try? Date($0, strategy: .iso8601) })
        let next = try #require((expiring["nextChange"] as? String).flatMap { try? Date($0, strategy: .iso8601) })
        #expect(abs(next.timeIntervalSince(generated) - 3600) < 1, "\(expiring)")
        let expired = try WidgetThumbsBinary.run(["read", "--container", fixture.container, "--json", "--max-age", "0.5", "--expire-after", "0.7"])
        #expect(expired.status == 0, "\(expired)")
        #expect(try json(expired)["state"] as? String == "expired")

        try Data("{not json".utf8).write(to: URL(fileURLWithPath: fixture.container + "/current.json"))
        let corrupt = try WidgetThumbsBinary.run(["read", "--container", fixture.container, "--json"])
        #expect(corrupt.status == 1, "\(corrupt)")
        let corruptState = try json(corrupt)
        #expect(corruptState["state"] as? String == "unavailable")
        #expect((corruptState["reason"] as? String)?.contains("manifest corrupt") == true, "\(corrupt.stdout)")
        #expect(try WidgetThumbsBinary.run(["verify", "--container", fixture.container]).status == 1)
    }

    @Test func gcKeepsWhatItMustAndVerifyOnlyWarnsAboutLeftovers() throws {
        let fixture = try StoreFixture()
        defer { fixture.remove() }
        for revision: UInt64 in 1...5 { #expect(try WidgetThumbsBinary.run(fixture.commitArguments(revision)).status == 0) }
        // What a commit killed mid-write leaves (names as the store makes them).
        let leftover = try fixture.directory.write("container/snapshots/.tmp-00112233445566778899aabbccddeeff", Array("{".utf8))
        let manifestLeftover = try fixture.directory.write("container/current.json.tmp-ffeeddccbbaa99887766554433221100",
                                                           Array("{".utf8))

        let verify = try WidgetThumbsBinary.run(["verify", "--container", fixture.container, "--json"])
        #expect(verify.status == 0, "a leftover is a warning: \(verify)")
        let report = try json(verify)
        let warnings = try #require(report["warnings"] as? [[String: Any]])
        #expect(warnings.contains { $0["path"] as? String == "snapshots/.tmp-00112233445566778899aabbccddeeff" }, "\(verify.stdout)")
        #expect(warnings.contains { ($0["path"] as? String)?.hasPrefix("current.json.tmp-") == true }, "\(verify.stdout)")
        #expect(warnings.allSatisfy { $0["kind"] as? String == "leftover temporary file" }, "\(verify.stdout)")

        let deferred = try json(try WidgetThumbsBinary.run(["gc", "--container", fixture.container, "--keep", "1", "--json"]))
        #expect((deferred["keptRevisions"] as? [NSNumber])?.map(\.intValue) == [5, 4])
        #expect((deferred["deleted"] as? [Any])?.isEmpty == true, "everything is younger than an hour")
        // Revisions 1-3 (a snapshot and an image each) and the two temporaries.
        #expect((deferred["deferred"] as? [Any])?.count == 8, "\(deferred)")

        let collected = try WidgetThumbsBinary.run(["gc", "--container", fixture.container, "--keep", "1", "--grace", "0"])
        #expect(collected.status == 0, "\(collected)")
        #expect(collected.stdout.contains("kept revisions: 5, 4"), "\(collected.stdout)")
        #expect(!FileManager.default.fileExists(atPath: leftover))
        #expect(!FileManager.default.fileExists(atPath: manifestLeftover))
        let left = try FileManager.default.contentsOfDirectory(atPath: fixture.container + "/snapshots").sorted()
        #expect(left == ["snapshot-4.json", "snapshot-5.json"])
        let images = try FileManager.default.contentsOfDirectory(atPath: fixture.container + "/images").sorted()
        #expect(images == ["thumbnail-4.jpg", "thumbnail-5.jpg"])
        let after = try WidgetThumbsBinary.run(["verify", "--container", fixture.container])
        #expect(after.status == 0 && after.stdout.contains("revision 5: clean, 0 warnings"), "\(after)")
    }

    @Test func commitFailuresNameTheirInput() throws {
        let fixture = try StoreFixture()
        defer { fixture.remove() }
        let bad = try fixture.directory.write("bad.json", Array("{\"title\": ".utf8))
        let invalid = try WidgetThumbsBinary.run(["commit", "--container", fixture.container, "--revision", "1", "--payload", bad])
        #expect(invalid.status == 1, "\(invalid)")
        #expect(invalid.stderr.contains(bad) && invalid.stderr.contains("not valid JSON"), "\(invalid.stderr)")
        #expect(!FileManager.default.fileExists(atPath: fixture.container), "nothing created for a bad payload")

        let huge = try fixture.directory.write("huge.json", Array("\"\(String(repeating: "x", count: 600_000))\"".utf8))
        let tooLarge = try WidgetThumbsBinary.run(["commit", "--container", fixture.container, "--revision", "1", "--payload", huge])
        #expect(tooLarge.status == 1, "\(tooLarge)")
        #expect(tooLarge.stderr.contains("too large"), "\(tooLarge.stderr)")

        let notImage = try fixture.directory.write("not-an-image.jpg", Array("hello".utf8))
        let refused = try WidgetThumbsBinary.run(["commit", "--container", fixture.container, "--revision", "1", "--image", notImage])
        #expect(refused.status == 1, "\(refused)")
        #expect(refused.stderr.contains(notImage) && refused.stderr.contains("unsupported format"), "\(refused.stderr)")
        #expect(try WidgetThumbsBinary.run(["read", "--container", fixture.container, "--json"]).stdout.contains("\"empty\""))

        let nowhere = try WidgetThumbsBinary.run(["verify", "--container", fixture.directory.file("absent")])
        #expect(nowhere.status == 1)
        #expect(nowhere.stderr.contains("absent"), "\(nowhere.stderr)")
        #expect(try WidgetThumbsBinary.run(["gc", "--container", fixture.directory.file("absent")]).status == 1)
    }

    @Test func familyAndFormatShapeTheCommittedThumbnail() throws {
        let fixture = try StoreFixture()
        defer { fixture.remove() }
        let commit = try WidgetThumbsBinary.run(["commit", "--container", fixture.container, "--revision", "1", "--image", fixture.landscape,
                              "--family", "systemSmall", "--format", "png", "--json"])
        #expect(commit.status == 0, "\(commit)")
        let image = try #require(try json(commit)["image"] as? [String: Any])
        #expect(image["relativePath"] as? String == "images/thumbnail-1.png")
        #expect(image["format"] as? String == "png")
        #expect(image["quality"] is NSNull || image["quality"] == nil)
    }

    // MARK: help and usage errors

    @Test(arguments: ["commit", "read", "verify", "gc", "recover"])
    func helpDescribesEachCommandAndItsExitCodes(command: String) throws {
        for words in [["help", command], [command, "--help"], [command, "-h"]] {
            let result = try WidgetThumbsBinary.run(words)
            #expect(result.status == 0, "\(words): \(result)")
            #expect(result.stdout.contains("USAGE: widget-thumbs \(command) --container <dir>"), "\(result.stdout)")
            #expect(result.stdout.contains("Exit status:"), "\(result.stdout)")
            #expect(result.stdout.contains("--json"))
            #expect(result.stderr.isEmpty)
        }
        let root = try WidgetThumbsBinary.run(["--help"])
        #expect(root.stdout.split(separator: "\n").contains { $0.hasPrefix("  \(command) ") }, "\(root.stdout)")
    }

    @Test(arguments: [
        ["commit"],
        ["commit", "--container", "c"],
        ["commit", "--container", "c", "--revision", "-1"],
        ["commit", "--container", "c", "--revision", "1.5"],
        ["commit", "--container", "c", "--revision", "99999999999999999999"],
        ["commit", "--container", "c", "--revision", "1", "--family", "systemHuge", "--image", "x.jpg"],
        ["commit", "--container", "c", "--revision", "1", "--family", "systemSmall"],
        ["commit", "--container", "c", "--revision", "1", "--format", "gif", "--image", "x.jpg"],
        ["commit", "--container", "c", "--revision", "1", "extra"],
        ["read"],
        ["read", "--container", "c", "--max-age", "soon"],
        ["read", "--container", "c", "--max-age", "-5"],
        ["read", "--container", "c", "--jsn"],
        ["verify"],
        ["verify", "--container", "c", "--keep", "1"],
        ["gc", "--container", "c", "--keep", "-1"],
        ["gc", "--container", "c", "--keep", "many"],
        ["gc", "--container", "c", "--grace", "1e99"],
        ["gc", "--container"],
    ])
    func usageErrorsExit64BeforeTouchingAnything(words: [String]) throws {
        let result = try WidgetThumbsBinary.run(words)
        #expect(result.status == 64, "\(words): \(result)")
        #expect(result.stderr.hasPrefix("Error: "), "\(result.stderr)")
        #expect(result.stderr.contains("Usage: widget-thumbs \(words[0])"), "\(result.stderr)")
        #expect(result.stdout.isEmpty)
        #expect(!FileManager.default.fileExists(atPath: "c"), "no container created")
    }
}
