import Foundation
import Testing
import WidgetThumbnails
import TestSupport

/// Defaults that rest on evidence: without device options a family is sized by its slots
/// with logged caps, so an assumed cap (visionOS's @2x and 1.0x, the Mac's 4.4x) never shrinks
/// what the phones people hold get; asking for a platform applies its rule; the new devices are
/// listed, and the unsized ones never sized for. The logged maxima are typed in from the
/// logs (LoggedCapTests lists them), not read from the catalogue.
@Suite struct DefaultDevicesTests {
    static let photo = Corpus.packageRoot.appendingPathComponent("SampleImages/large-4000x3000.jpg").path

    /// Every logged maximum of a systemSmall and a systemMedium slot (logs 3-10 and 2, 5).
    static let loggedSmallMaxima: [Double] = [1_039_262.4, 1_001_127.6, 951_390, 988_574.4, 1_069_415.6, 487_911.6, 349_905.6]
    static let loggedMediumMaxima: [Double] = [2_121_055.2, 2_275_490.8]

    private func cover(_ family: String, _ options: [String] = []) throws -> PixelSize {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let output = folder.file("out.jpg")
        let result = try WidgetThumbsBinary.run(["thumbnail", Self.photo, "-o", output, "--family", family, "--fit", "cover"] + options)
        #expect(result.status == 0, "\(result)")
        return try ImageDecoder.probe(FileBytes.contents(of: output)).size
    }

    private func json(_ arguments: [String]) throws -> [String: Any] {
        let result = try WidgetThumbsBinary.run(arguments)
        #expect(result.status == 0, "\(result)")
        return try #require(JSONReport.object(result.stdout))
    }

    /// The largest iPhone slots (FrameUp, iOS 26: the 440x956 Pro Max's 530 px small and
    /// 1134x530 medium), each under every logged cap.
    @Test func withoutDeviceOptionsTheCoversAreTheLargestIPhoneSlots() throws {
        let small = try cover("systemSmall")
        #expect(small == PixelSize(width: 530, height: 530))
        #expect(Self.loggedSmallMaxima.allSatisfy { Double(small.area) <= $0 })
        let medium = try cover("systemMedium")
        #expect(medium == PixelSize(width: 1134, height: 530))
        #expect(Self.loggedMediumMaxima.allSatisfy { Double(medium.area) <= $0 })
    }

    /// `--platform visionOS` applies visionOS's rule: its 158 pt small frame at the assumed
    /// @2x, capped at its own area (316x316), and `budget` labels that cap assumed.
    @Test func askingForVisionOSAppliesItsAssumedRule() throws {
        #expect(try cover("systemSmall", ["--platform", "visionOS"]) == PixelSize(width: 316, height: 316))
        let table = try WidgetThumbsBinary.run(["budget", "316x316", "--platform", "visionOS"])
        let line = try #require(table.stdout.split(separator: "\n").first { $0.hasPrefix("systemSmall ") })
        #expect(line.contains("99,856 (assumed)") && line.contains("Apple Vision Pro"), "\(line)")
    }

    /// By default the 530x530 small cover is over visionOS's assumed cap: a labelled risk in
    /// the JSON and the table, not a failure.
    @Test func overAnAssumedCapIsARiskNotAFailure() throws {
        let document = try json(["budget", "530x530", "--json"])
        let families = try #require(document["families"] as? [[String: Any]])
        let small = try #require(families.first { $0["family"] as? String == "systemSmall" })
        #expect((small["failingDevices"] as? [String])?.isEmpty == true, "\(small)")
        #expect((small["assumedCapRisks"] as? [String])?.contains { $0.hasPrefix("Apple Vision Pro") } == true, "\(small)")
        let vision = try #require((small["devices"] as? [[String: Any]])?.first { $0["platform"] as? String == "visionOS" })
        #expect(vision["capBasis"] as? String == "assumed" && vision["fits"] as? Bool == false)
        let table = try WidgetThumbsBinary.run(["budget", "530x530"])
        let line = try #require(table.stdout.split(separator: "\n").first { $0.hasPrefix("systemSmall ") })
        #expect(line.contains("fits under every logged cap") && line.contains("risk: over an assumed cap"), "\(line)")
    }

    /// A widget's archive fails for every family when one family's image is over its cap:
    /// `budget` says which families a shared file would take down.
    @Test func oneFamilyOverItsCapFailsThemAll() throws {
        // 1200x1200: under every systemLarge cap (the smallest, the iOS 26 SE's 638x636 x 4.4 =
        // 1,785,379), over every small one (the largest, 4.4 x 530² = 1,235,960).
        let table = try WidgetThumbsBinary.run(["budget", "1200x1200", "--platform", "iOS", "--os", "26"])
        #expect(table.stdout.contains("a family over its cap fails the archive of every family"), "\(table.stdout)")
        let line = try #require(table.stdout.split(separator: "\n").first { $0.hasPrefix("this size is over the cap of") })
        #expect(line.contains("systemSmall") && !line.contains("systemLarge"), "\(line)")
    }

    /// `thumbnail --families` writes one file per family and says what one file serving them
    /// all must stay under: on iOS 26 the SE's small slot, 4.4 x 292² = 375,161.6.
    @Test func thumbnailFamiliesNamesTheCapOfASharedFile() throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let document = try json(["thumbnail", Self.photo, "-o", folder.file("t.jpg"), "--families", "small,large",
                                 "--platform", "iOS", "--os", "26"])
        let shared = try #require(document["sharedFile"] as? [String: Any])
        #expect(shared["capPixels"] as? Int == 375_161 && shared["bindingFamily"] as? String == "systemSmall", "\(shared)")
        #expect((shared["note"] as? String)?.contains("fails the archive of every family") == true)
    }

    /// `devices --json` lists every new device; iPhone Duo and iPad Pro 11 (M4) are unsized,
    /// have no slot, are not sized for when named, and a Display Zoom row is not in the default set.
    @Test func theNewDevicesAreListedAndTheUnsizedNeverSized() throws {
        let listed = try #require(try json(["devices", "--json", "--device", "iPhone Duo", "--device", "iPad Pro 11-inch (M4)",
                                            "--device", "iPhone 18 Pro", "--device", "iPhone 18 Pro Max",
                                            "--device", "Apple Watch Series 12 46mm", "--device", "Apple Watch Ultra 4",
                                            "--device", "iPad Pro 13-inch (M4)", "--device", "iPad Pro 12.9-inch (More Space)"])["devices"]
                                   as? [[String: Any]])
        let ids = listed.compactMap { $0["id"] as? String }
        #expect(Set(ids) == ["iphone-duo", "ipad-834x1210@2", "iphone-402x874@3-ios26", "iphone-440x956@3-ios26", "watch-46mm@2",
                             "watch-ultra3-49mm@2", "ipad-1032x1376@2", "ipad-1192x1590@2-more-space"], "\(ids)")
        for row in listed where ["iphone-duo", "ipad-834x1210@2"].contains(row["id"] as? String) {
            #expect(row["status"] as? String == "unsized" && (row["slots"] as? [Any])?.isEmpty == true, "\(row)")
        }
        #expect(listed.first { $0["id"] as? String == "ipad-1192x1590@2-more-space" }?["inDefaultSet"] as? Bool == false)
        // FrameUp, iPadOS 26.5: the iPad Pro 13 (M4) small frame is 170 pt, 340 px.
        let pro13 = try #require(listed.first { $0["id"] as? String == "ipad-1032x1376@2" }?["slots"] as? [[String: Any]])
        #expect(pro13.contains { $0["family"] as? String == "systemSmall" && $0["pixels"] as? [Int] == [340, 340] })
        let named = try WidgetThumbsBinary.run(["thumbnail", Self.photo, "-o", "/dev/null", "--family", "systemSmall",
                                                "--device", "iPhone Duo"])
        #expect(named.status == 64 && named.stderr.contains("no chosen device shows systemSmall"), "\(named)")
    }
}
