import Foundation
import Testing
import TestSupport

/// Where the page's widget frames land, found without a script in the page itself: a copy of
/// the page with a script appended (the harness) is loaded with `--dump-dom`; the script
/// writes each frame's getBoundingClientRect into a `<pre>` at the end, after measuring. The
/// page, the window size and the flags are the same for the screenshot, so the layout is too.
struct FrameBox: Decodable, CustomStringConvertible {
    var input: String
    var scene: String
    var mode: String
    var family: String
    var x: Double
    var y: Double
    var width: Double
    var height: Double

    var description: String {
        "\(input) \(family) \(mode) in \(scene) at \(x),\(y) \(width)x\(height)"
    }
}

enum FrameLocator {
    /// The frames matching `selector` (CSS) in `page`, as laid out in a `width` x `height` window.
    static func frames(in page: String, selector: String = ".frame", width: Int, height: Int,
                       directory: TemporaryDirectory) throws -> [FrameBox] {
        let html = try String(contentsOfFile: page, encoding: .utf8)
        let end = try #require(html.range(of: "</body>", options: .backwards), "the page has no </body>")
        let script = """
            <script>
            (function () {
              var boxes = [];
              document.querySelectorAll(\(try jsonString(selector))).forEach(function (frame) {
                var r = frame.getBoundingClientRect();
                boxes.push({input: frame.closest('.card').dataset.input, scene: frame.closest('.scene').dataset.scene,
                            mode: frame.dataset.mode, family: frame.dataset.family,
                            x: r.left + window.scrollX, y: r.top + window.scrollY, width: r.width, height: r.height});
              });
              var out = document.createElement('pre');
              out.id = 'frame-boxes';
              out.textContent = JSON.stringify(boxes);
              document.body.appendChild(out);
            })();
            </script>
            """
        let harness = directory.file("harness-\(UUID().uuidString).html")
        try (html[..<end.lowerBound] + script + html[end.lowerBound...]).write(toFile: harness, atomically: true, encoding: .utf8)
        let dom = try Chromium.dumpDOM(of: harness, width: width, height: height, in: directory)
        let start = try #require(dom.range(of: "<pre id=\"frame-boxes\">"), "the harness wrote no boxes")
        let text = dom[start.upperBound...].prefix { $0 != "<" }
        let json = text.replacingOccurrences(of: "&lt;", with: "<").replacingOccurrences(of: "&gt;", with: ">")
            .replacingOccurrences(of: "&nbsp;", with: "\u{A0}").replacingOccurrences(of: "&amp;", with: "&")
        return try JSONDecoder().decode([FrameBox].self, from: Data(json.utf8))
    }

    private static func jsonString(_ text: String) throws -> String {
        String(decoding: try JSONEncoder().encode(text), as: UTF8.self)
    }
}
