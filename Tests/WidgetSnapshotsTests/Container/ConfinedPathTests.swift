import Testing
@testable import WidgetSnapshots

/// The lexical checks, before any system call: the general `ContainerPath` and the layout grammar.
@Suite struct ConfinedPathTests {
    @Test(arguments: ["current.json", ".lock", "images", "images/thumbnail-1.png", "a/b/c", "a b/é", "x.tmp-1"])
    func plainRelativePathsPass(text: String) throws {
        #expect(try ContainerPath(text).description == text)
    }

    @Test(arguments: [
        "", "/", "/etc/passwd", ".", "./", "./.", "./..", "..", "../", "../x", "a/../../x", "a/../target",
        "images//x", "//images/x", "images/./x", "images/x/", "images/x\u{0}.json", "images\\..\\secret", "..\\a",
        "C:\\a", "a\nb", "a\tb", "a\u{7f}b", "a\u{85}b", String(repeating: "a", count: 256),
        String(repeating: "a/", count: 2100) + "x",
    ])
    func hostileRelativePathsFailTheGeneralCheck(text: String) {
        #expect(throws: ConfinementError.self) { try ContainerPath(text) }
    }

    @Test func theLayoutGrammarAcceptsExactlyTheCanonicalNames() throws {
        #expect(try LayoutPath(parsing: "images/thumbnail-0.png") == .image(revision: 0, format: .png))
        #expect(try LayoutPath(parsing: "images/thumbnail-42.jpg") == .image(revision: 42, format: .jpeg))
        #expect(try LayoutPath(parsing: "images/thumbnail-9999999999999999999.webp")
            == .image(revision: 9_999_999_999_999_999_999, format: .webp))
        #expect(try LayoutPath(parsing: "snapshots/snapshot-7.json") == .snapshot(revision: 7))
        for path in [LayoutPath.image(revision: 12, format: .webp), .snapshot(revision: 0)] {
            #expect(try LayoutPath(parsing: path.description) == path)
        }
    }

    @Test(arguments: [
        "images/thumbnail-01.png", "images/thumbnail-00.png", "images/thumbnail-.png", "images/thumbnail-+1.png",
        "images/thumbnail--1.png", "images/thumbnail-18446744073709551616.png", "images/thumbnail-10000000000000000000.png",
        "images/thumbnail-1.jpeg", "images/thumbnail-1.PNG", "Images/thumbnail-1.png", "images/Thumbnail-1.png",
        "images/thumbnail-1.png.", "images/thumbnail-1.png ", " images/thumbnail-1.png", "images/thumbnail-1.gif",
        "images/thumbnail-1.json", "snapshots/snapshot-1.png", "snapshots/snapshot-1.JSON", "snapshots/snapshot-01.json",
        "images/snapshot-1.json", "snapshots/thumbnail-1.png", "images/thumbnail-1.png/", "./images/thumbnail-1.png",
        "images/../images/thumbnail-1.png", "images/thumbnail-1.png\u{0}", "images/thumbnail-１.png",
        "images/thumbnail-1\u{2024}png", "images\u{2215}thumbnail-1.png", "images/thumbnail-1.png\n", "thumbnail-1.png",
    ])
    func everythingElseFailsTheGrammar(text: String) {
        #expect(throws: ConfinementError.self) { try LayoutPath(parsing: text) }
    }

    @Test func anImageReferenceMustNameItsSnapshotsRevisionAndFormat() throws {
        let reference = ImageReference(relativePath: "images/thumbnail-3.webp", checksum: ImageChecksum(text: "sha256:" + String(repeating: "a", count: 64)),
                                       byteCount: 1, pixelWidth: 1, pixelHeight: 1, format: .webp)
        #expect(try reference.layoutPath(revision: 3) == .image(revision: 3, format: .webp))
        #expect(throws: ConfinementError.self) { try reference.layoutPath(revision: 4) }
        var png = reference
        png.format = .png
        #expect(throws: ConfinementError.self) { try png.layoutPath(revision: 3) }
    }

    @Test func errorsShowControlCharactersEscaped() {
        let error = ConfinementError.invalidPath("a\u{0}b\nc", "x")
        #expect(error.description == "a\\u{0}b\\u{a}c: invalid path: x")
    }
}
