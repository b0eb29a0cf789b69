import Foundation
import Testing
import TestSupport
import WidgetThumbnails

/// The pictures the browser tests thumbnail, drawn here, and the CLI that makes their pages.
enum TestImages {
    /// Vertical bands of `colours` (RGBA), `width` x `height`.
    static func bands(_ colours: [[UInt8]], width: Int, height: Int) -> RGBAImage {
        var pixels = [UInt8]()
        pixels.reserveCapacity(width * height * 4)
        for _ in 0..<height {
            for x in 0..<width { pixels += colours[x * colours.count / width] }
        }
        return RGBAImage(width: width, height: height, pixels: pixels)
    }

    /// 2:1, red | black | mid grey | white | blue: in a square frame filled like SwiftUI's
    /// `.fill` only the middle half shows (black, grey, white); in a wider one all five.
    static let greys = bands([[230, 40, 40, 255], [0, 0, 0, 255], [128, 128, 128, 255], [255, 255, 255, 255],
                              [40, 80, 230, 255]], width: 480, height: 240)

    /// Opaque saturated bands whose greys all differ from a dark wallpaper.
    static let colourful = bands([[255, 149, 0, 255], [52, 199, 89, 255], [175, 82, 222, 255], [255, 204, 0, 255],
                                  [90, 200, 250, 255]], width: 300, height: 300)

    /// Left half fully transparent, right half opaque orange.
    static let halfClear = bands([[0, 0, 0, 0], [255, 149, 0, 255]], width: 240, height: 240)
}

/// The CLI that makes the pages the browser tests load.
enum WidgetThumbsCLI {
    /// `widget-thumbs batch` over `inputs` with `options`, writing `--preview page` (beside
    /// `--out`, so it links the thumbnails unless the options say `--preview-embed`);
    /// each input's thumbnail, decoded, by input path.
    static func batch(_ inputs: [String], options: [String] = [], page: String,
                      in directory: TemporaryDirectory) throws -> [String: RGBAImage] {
        let run = try WidgetThumbsBinary.run(["batch"] + inputs + options
                                             + ["--out", directory.file("out-\(UUID().uuidString)"), "--json", "--preview", page],
                                             timeout: 120)
        #expect(run.status == 0, "\(run)")
        let report = try BatchJSON(run.stdout)
        var thumbnails: [String: RGBAImage] = [:]
        for item in report.inputs {
            let output = try #require(item.output, "\(item.input) failed")
            thumbnails[item.input] = try ImageDecoder.decodeFile(atPath: output).image
        }
        return thumbnails
    }
}
