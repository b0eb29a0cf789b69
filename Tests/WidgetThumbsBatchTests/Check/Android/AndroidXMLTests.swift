import Testing
@testable import WidgetThumbsBatch

/// The bounded XML reader: what a resource file holds comes through (namespaces, XML's five
/// entities, character references, CDATA, comments); what would expand, reach another file or
/// run deep is refused with its line, quickly.
@Suite struct AndroidXMLTests {
    static func parse(_ text: String) -> Result<AndroidXML.Element, AndroidXML.Refusal> {
        AndroidXML.parse(Array(text.utf8))
    }

    @Test func elementsAttributesNamespacesAndText() throws {
        let text = """
            \u{FEFF}<?xml version="1.0" encoding="utf-8"?>
            <!-- a comment with <tags> -->
            <resources xmlns:android="http://schemas.android.com/apk/res/android" xmlns:a2='http://schemas.android.com/apk/res/android'>
              <dimen name="side">48dp</dimen>
              <item a2:src="@drawable/x" title="a &lt;b&gt; &amp; &quot;c&quot; &apos;d&apos; &#65;&#x42;"><![CDATA[<raw> & text]]></item>
            </resources>
            """
        let root = try Self.parse(text).get()
        #expect(root.name == "resources" && root.children.count == 2)
        #expect(root.children[0].text == "48dp" && root.children[0].attribute("name", in: nil) == "side")
        let item = root.children[1]
        // Any prefix bound to Android's namespace is Android's.
        #expect(item.android("src") == "@drawable/x")
        #expect(item.attributes.first?.qualifiedName == "a2:src")
        #expect(item.attribute("title", in: nil) == "a <b> & \"c\" 'd' AB")
        #expect(item.text == "<raw> & text")
        #expect(item.line == 5)
    }

    @Test func aDocumentTypeAndUnknownEntitiesAreRefused() {
        let laughs = #"<?xml version="1.0"?>"# + "\n" + #"<!DOCTYPE l [<!ENTITY a "aaaa"><!ENTITY b "&a;&a;&a;">]><l>&b;</l>"#
        #expect(throws: AndroidXML.Refusal.documentType(line: 2)) { try Self.parse(laughs).get() }
        let external = #"<!DOCTYPE x [<!ENTITY e SYSTEM "file:///etc/passwd">]><x>&e;</x>"#
        #expect(throws: AndroidXML.Refusal.documentType(line: 1)) { try Self.parse(external).get() }
        // Without a declaration, an entity is refused, never looked up.
        #expect(throws: AndroidXML.Refusal.entity("e", line: 1)) { try Self.parse("<x>&e;</x>").get() }
        #expect(throws: AndroidXML.Refusal.entity("e", line: 1)) { try Self.parse(#"<x a="&e;"/>"#).get() }
    }

    @Test func depthElementsAndAttributesAreCapped() {
        let nested = String(repeating: "<a>", count: 100_000) + String(repeating: "</a>", count: 100_000)
        let start = ContinuousClock.now
        #expect(throws: AndroidXML.Refusal.tooDeep(limit: 128, line: 1)) { try Self.parse(nested).get() }
        #expect(ContinuousClock.now - start < .seconds(2))
        // Exactly at the cap is fine.
        let atCap = String(repeating: "<a>", count: 128) + String(repeating: "</a>", count: 128)
        #expect((try? Self.parse(atCap).get()) != nil)
        let wide = "<r>" + String(repeating: "<a/>", count: 60_000) + "</r>"
        #expect(throws: AndroidXML.Refusal.tooManyElements(limit: 50_000)) { try Self.parse(wide).get() }
        let attributes = "<a " + (0..<300).map { "x\($0)=\"1\"" }.joined(separator: " ") + "/>"
        #expect(throws: AndroidXML.Refusal.tooManyAttributes(limit: 256, line: 1)) { try Self.parse(attributes).get() }
    }

    @Test(arguments: [
        ("", "no element"),
        ("<a>", "<a> is never closed"),
        ("<a></b>", "</b> closes <a>"),
        ("<a/><b/>", "a second root element"),
        ("<a x=1/>", "an attribute value without quotes"),
        ("<a x=\"1\" x=\"2\"/>", "the attribute x is given twice"),
        ("<a x=\"<\"/>", "a < inside an attribute value"),
        ("text<a/>", "text outside the root element"),
        ("<a><!-- never closed", "the file ends inside a comment"),
        ("<a>&#0;</a>", "names no character"),
        ("<a>&amp</a>", "an & that starts no reference"),
        ("</a>", "</a> closes nothing"),
        ("<!ELEMENT a ANY><a/>", "a declaration"),
    ])
    func malformedDocumentsAreRefusedWithWhy(_ text: String, _ why: String) {
        guard case .failure(.malformed(let what, _)) = Self.parse(text) else {
            Issue.record("accepted or refused otherwise: \(Self.parse(text))")
            return
        }
        #expect(what.contains(why), "\(what)")
    }

    @Test func referencesAreCheckedNames() {
        #expect(AndroidReference.parse("@drawable/cover") == .reference(AndroidReference(type: "drawable", name: "cover")))
        #expect(AndroidReference.parse("@android:drawable/x") == .reference(AndroidReference(type: "drawable", name: "x", package: "android")))
        #expect(AndroidReference.parse("@+id/x") == .reference(AndroidReference(type: "id", name: "x")))
        for bad in ["@drawable/../x", "@drawable/a/b", "@drawable/", "@drawable", "@drawable/.hidden", "@draw able/x", "@drawable/x\u{0}"] {
            #expect(AndroidReference.parse(bad) == .badName(bad), "\(bad)")
        }
        for notOne in ["#ff000000", "?attr/selectableItemBackground", "@null", "cover"] {
            #expect(AndroidReference.parse(notOne) == nil, "\(notOne)")
        }
        #expect(AndroidResources.dpValue("110dp") == 110 && AndroidResources.dpValue("48dip") == 48)
        #expect(AndroidResources.dpValue("110px") == nil && AndroidResources.dpValue("-5dp") == nil && AndroidResources.dpValue("nandp") == nil)
    }
}
