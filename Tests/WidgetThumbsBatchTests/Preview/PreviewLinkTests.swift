import Foundation
import Glibc
import Testing
import TestSupport
import WidgetThumbnails
@testable import WidgetThumbsBatch

/// The preview page's links to the thumbnails: the route down from the page's folder to
/// `--out`, and each output's URL along it, which never leads out of `--out`.
@Suite struct PreviewLinkTests {
    @Test func theRouteGoesDownFromThePageFolderOnly() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        for folder in ["a/b/out/sub", "a/bout", "other"] {
            try FileManager.default.createDirectory(atPath: directory.file(folder), withIntermediateDirectories: true)
        }
        let out = directory.file("a/b/out")
        #expect(PreviewLink.route(fromPageAt: directory.file("page.html"), to: out) == ["a", "b", "out"])
        #expect(PreviewLink.route(fromPageAt: out + "/page.html", to: out) == [])
        #expect(PreviewLink.route(fromPageAt: out + "/sub/page.html", to: out) == nil, "the page is inside --out")
        #expect(PreviewLink.route(fromPageAt: directory.file("other/page.html"), to: out) == nil, "a sibling folder")
        #expect(PreviewLink.route(fromPageAt: directory.file("a/b/page.html"), to: directory.file("a/bout")) == nil,
                "a/b is a prefix of a/bout's name, not a folder above it")
        // Through a symlink either way: the route is the real folders.
        #expect(symlink(directory.file("a/b"), directory.file("link")) == 0)
        #expect(PreviewLink.route(fromPageAt: directory.file("page.html"), to: directory.file("link/out")) == ["a", "b", "out"])
        #expect(PreviewLink.route(fromPageAt: directory.file("link/page.html"), to: out) == ["out"])
        #expect(PreviewLink.route(fromPageAt: directory.file("missing/page.html"), to: out) == nil)
    }

    @Test func urlsStayInTheOutputFolderAndArePercentEncoded() {
        #expect(PreviewLink.url(["my out"], output: "/x/out/sub/a b.jpg", outDirectory: "/x/out") == "my%20out/sub/a%20b.jpg")
        #expect(PreviewLink.url([], output: "/x/out/a.jpg", outDirectory: "/x/out/") == "a.jpg")
        #expect(PreviewLink.url([], output: "/x/out/../secret.jpg", outDirectory: "/x/out") == nil)
        #expect(PreviewLink.url([], output: "/x/out/./a.jpg", outDirectory: "/x/out") == nil)
        #expect(PreviewLink.url([], output: "/x/out//a.jpg", outDirectory: "/x/out") == nil)
        #expect(PreviewLink.url([], output: "/x/outside.jpg", outDirectory: "/x/out") == nil)
        #expect(PreviewLink.url([], output: "/x/out", outDirectory: "/x/out") == nil)
        let latin1 = RawPath.decode([0x63, 0x61, 0x66, 0xE9])
        #expect(PreviewLink.percentEncoded(latin1 + #"<"'():\%#?&.jpg"#) == "caf%E9%3C%22%27%28%29%3A%5C%25%23%3F%26.jpg")
        #expect(PreviewLink.percentEncoded("é~_-.AZaz09") == "%C3%A9~_-.AZaz09")
    }
}
