import Foundation
import Testing
import TestSupport

/// `inspect` on real files: facts from the header and the decode scale, as lines or JSON.
/// Expected values come from the corpus README and `identify`, and the scales are worked by
/// hand from the rule (smallest n/8 whose ceil-scaled size is at least twice the thumbnail).
@Suite(.enabled(if: Corpus.isAvailable, Corpus.skipMessage))
struct InspectCommandTests {
    @Test(.enabled(if: Corpus.isAvailable, Corpus.skipMessage))
    func jsonForARotatedJPEG() throws {
        // 1200x1800 stored, orientation 6: upright 1800x1200; a 500x500 box gives 500x333,
        // stored 333x500, so at least 666x1000 must be decoded: 5/8 gives 750x1125.
        let json = try inspectJSON("exif-orientation/Landscape_6.jpg")
        #expect(json["format"] as? String == "jpeg")
        #expect(json["width"] as? Int == 1200)
        #expect(json["height"] as? Int == 1800)
        #expect(json["orientedWidth"] as? Int == 1800)
        #expect(json["orientedHeight"] as? Int == 1200)
        #expect(json["orientation"] as? Int == 6)
        #expect(json["hasAlpha"] as? Bool == false)
        #expect(json["bitDepth"] as? Int == 8)
        #expect(json["scanOrder"] as? String == "sequential")
        #expect(json["frameCount"] as? Int == 1)
        #expect(json.keys.contains("iccProfile"))
        #expect(json["iccProfile"] is NSNull)
        let box = try #require(json["box"] as? [String: Any])
        #expect(box["width"] as? Int == 500 && box["height"] as? Int == 500)
        let scale = try #require(json["decodeScale"] as? [String: Any])
        #expect(scale["method"] as? String == "dctScale")
        #expect(scale["numerator"] as? Int == 5)
        #expect(scale["denominator"] as? Int == 8)
        #expect(scale["width"] as? Int == 750)
        #expect(scale["height"] as? Int == 1125)
    }

    @Test(.enabled(if: Corpus.isAvailable, Corpus.skipMessage), arguments: [
        // 3264x2448 upright: 500x375 needs 1000x750, 3/8 gives 1224x918.
        ([String](), 3, 8, 1224, 918),
        // 100x75 needs 200x150, 1/8 gives 408x306.
        (["--box", "100x100"], 1, 8, 408, 306),
        // 2000x2000 is larger than the photo: full size.
        (["--box=2000x2000"], 1, 1, 3264, 2448),
    ])
    func theBoxDecidesTheDCTScale(extra: [String], numerator: Int, denominator: Int, width: Int, height: Int) throws {
        let json = try inspectJSON("photos/jolla.jpg", extra: extra)
        let scale = try #require(json["decodeScale"] as? [String: Any])
        #expect(scale["numerator"] as? Int == numerator)
        #expect(scale["denominator"] as? Int == denominator)
        #expect(scale["width"] as? Int == width)
        #expect(scale["height"] as? Int == height)
    }

    @Test(.enabled(if: Corpus.isAvailable, Corpus.skipMessage))
    func humanLinesAreAligned() throws {
        let result = try WidgetThumbsBinary.run(["inspect", Corpus.path("exif-orientation/Landscape_6.jpg")])
        #expect(result.status == 0, "\(result)")
        let lines = result.stdout.split(separator: "\n").map(String.init)
        let columns = Set(lines.map { line in
            line.distance(from: line.startIndex, to: line.firstIndex(of: ":")!)
                + 1 + line.drop { $0 != ":" }.dropFirst().prefix { $0 == " " }.count
        })
        #expect(columns.count == 1, "values start in one column: \(result.stdout)")
        #expect(lines.contains { $0.hasPrefix("orientation:") && $0.hasSuffix("6 (right)") })
        #expect(lines.contains { $0.hasPrefix("stored size:") && $0.hasSuffix("1200x1800") })
        #expect(lines.contains { $0.hasPrefix("oriented size:") && $0.hasSuffix("1800x1200") })
        #expect(lines.contains { $0.hasPrefix("ICC profile:") && $0.hasSuffix("none") })
        #expect(lines.contains { $0.hasPrefix("decode scale:") && $0.hasSuffix("5/8 DCT scale -> 750x1125 for a 500x500 box") })
    }

    @Test(.enabled(if: Corpus.isAvailable, Corpus.skipMessage), arguments: [
        ("basn6a08.png", "sequential"), ("basi6a08.png", "interlaced"),
    ])
    func pngFactsAndScaleOne(file: String, scanOrder: String) throws {
        let json = try inspectJSON("pngsuite/\(file)")
        #expect(json["format"] as? String == "png")
        #expect(json["width"] as? Int == 32 && json["height"] as? Int == 32)
        #expect(json["colorModel"] as? String == "rgba")
        #expect(json["hasAlpha"] as? Bool == true)
        #expect(json["bitDepth"] as? Int == 8)
        #expect(json["scanOrder"] as? String == scanOrder)
        let scale = try #require(json["decodeScale"] as? [String: Any])
        #expect(scale["method"] as? String == "fullSize")
        #expect(scale["numerator"] as? Int == 1 && scale["denominator"] as? Int == 1)
    }

    @Test(.enabled(if: Corpus.isAvailable, Corpus.skipMessage))
    func webpFacts() throws {
        let lossless = try inspectJSON("webp/lossless_vec_1_0.webp")
        #expect(lossless["format"] as? String == "webp")
        #expect(lossless["width"] as? Int == 16 && lossless["height"] as? Int == 16)
        #expect(lossless["isLossless"] as? Bool == true)
        #expect(lossless["frameCount"] as? Int == 1)

        // 1000x307 into 500x500 gives 500x154, so 1000x308 would be needed: capped at the
        // stored size, which is a full-size decode.
        let alpha = try inspectJSON("webp/lossy_alpha1.webp")
        #expect(alpha["width"] as? Int == 1000 && alpha["height"] as? Int == 307)
        #expect(alpha["hasAlpha"] as? Bool == true)
        #expect(alpha["isLossless"] as? Bool == false)
        let scale = try #require(alpha["decodeScale"] as? [String: Any])
        #expect(scale["method"] as? String == "fullSize")
        #expect(scale["width"] as? Int == 1000 && scale["height"] as? Int == 307)
    }

    private func inspectJSON(_ file: String, extra: [String] = []) throws -> [String: Any] {
        let result = try WidgetThumbsBinary.run(["inspect", Corpus.path(file), "--json"] + extra)
        try #require(result.status == 0, "\(result)")
        #expect(result.stderr.isEmpty)
        let object = JSONReport.value(result.stdout, as: Any.self)
        let json = try #require(object as? [String: Any])
        #expect(json["file"] as? String == Corpus.path(file))
        return json
    }
}
