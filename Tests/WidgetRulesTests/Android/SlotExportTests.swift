import Foundation
import Testing
import TestSupport
import WidgetRules

/// `devices --export`: the constants and helpers apps import. No Dart toolchain is on the
/// machine, so the Dart text is checked against the parts of its grammar the export uses
/// (string literals that cannot be ended or interpolated, brackets that balance); the
/// TypeScript text is compiled with `tsc --strict` where `tsc` is installed.
@Suite struct SlotExportTests {
    /// A user catalogue whose label tries to end every kind of string and open an interpolation.
    private static let hostile: WidgetCatalog = {
        let file = #"""
            {"schemaVersion": 1,
             "sources": [{"id": "mine", "kind": "measured", "reference": "a test"}],
             "androidScreens": [{"id": "evil", "label": "Evil' ${x} \\ \" \n */ end", "pixels": [1000, 2000], "dpi": 400,
                                 "source": "mine"}]}
            """#
        return try! WidgetCatalog.builtIn.adding(Array(file.utf8), file: "hostile.json")
    }()

    private func export(_ catalog: WidgetCatalog = hostile) -> SlotExport {
        SlotExport(catalog: catalog, devices: catalog.currentDevices)
    }

    @Test func theJSONExportCarriesTheCapsAndSlots() throws {
        let text = export(.builtIn).text(.json)
        let document = try #require(JSONReport.object(text))
        let screens = try #require(document["androidScreens"] as? [[String: Any]])
        let fhd = try #require(screens.first { $0["id"] as? String == "android-1080x2400" })
        #expect(fhd["capBytes"] as? Int == 15_552_000)   // 6 x 1080 x 2400
        #expect((document["androidCells"] as? [Any])?.count == WidgetCatalog.builtIn.androidCells?.spans.count)
        #expect((document["iosDevices"] as? [Any])?.isEmpty == false)
        // The hostile label survives as itself.
        let hostile = try #require(JSONReport.object(export().text(.json)))
        let labels = (hostile["androidScreens"] as? [[String: Any]])?.compactMap { $0["label"] as? String } ?? []
        #expect(labels.contains("Evil' ${x} \\ \" \n */ end"))
    }

    @Test func theDartExportKeepsToItsGrammar() throws {
        let text = export().text(.dart)
        try Self.checkTokens(text, quote: "'", interpolation: true)
        #expect(text.contains(#"'Evil\' \${x} \\ " \u{A} */ end'"#))
        #expect(text.contains("static IosWidgetSlot? iosSlot(String family, double logicalWidth"))
        #expect(text.contains("AndroidWidgetScreen('android-1080x2400', 'FHD+ 20:9 phone', 1080, 2400, 420, 15552000),"))
        // Points are doubles with their decimal point, so `const` accepts them as `double?`.
        #expect(text.contains("'iPhone 16/17/18 Pro Max', 440.0, 956.0, 3,"))
    }

    @Test func theTypeScriptExportKeepsToItsGrammarAndCompiles() throws {
        let text = export().text(.ts)
        try Self.checkTokens(text, quote: "\"", interpolation: false)
        #expect(text.contains(#""Evil' ${x} \\ \" \u000A */ end""#))
        guard let tsc = ["/usr/bin/tsc", "/usr/local/bin/tsc"].first(where: { FileManager.default.isExecutableFile(atPath: $0) }) else {
            return   // no TypeScript compiler here: the token check above is what runs
        }
        let directory = try TemporaryDirectory()
        let file = try directory.write("widget-sizes.ts", Array(text.utf8))
        let result = try ChildProcess.run(tsc, ["--noEmit", "--strict", "--target", "es2020", file])
        #expect(result.status == 0, "\(result.stdout)\(result.stderr)")
    }

    /// String literals in `quote` that no newline ends early (and, for Dart, no `$` interpolates),
    /// brackets that balance outside strings and `//` comments.
    static func checkTokens(_ text: String, quote: Character, interpolation: Bool) throws {
        var depth: [Character: Int] = ["(": 0, "[": 0, "{": 0]
        let closing: [Character: Character] = [")": "(", "]": "[", "}": "{"]
        var inString = false
        var inComment = false
        var escaped = false
        var previous: Character = " "
        for character in text {
            if inComment {
                if character == "\n" { inComment = false }
            } else if inString {
                #expect(character != "\n", "a string literal runs past its line")
                if escaped {
                    escaped = false
                } else if character == "\\" {
                    escaped = true
                } else if character == quote {
                    inString = false
                } else if interpolation {
                    #expect(character != "$", "an unescaped $ interpolates in Dart")
                }
            } else if character == quote {
                inString = true
            } else if character == "/", previous == "/" {
                inComment = true
            } else if let open = closing[character] {
                depth[open, default: 0] -= 1
                #expect(depth[open, default: 0] >= 0, "\(character) closes nothing")
            } else if depth[character] != nil {
                depth[character, default: 0] += 1
            }
            previous = inComment ? " " : character
        }
        #expect(!inString)
        #expect(depth.values.allSatisfy { $0 == 0 }, "\(depth)")
    }
}
