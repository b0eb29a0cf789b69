import SystemPNG
import WidgetThumbnails

/// The README's screenshot as an 8-bit palette PNG: a truecolour screenshot of photos is
/// several times the size. Colours are chosen by median cut (boxes of the colour histogram
/// split at the weighted median of their longest side until there are 256), so the page's flat
/// colours, each many pixels of one value, keep their exact values; written with libpng's
/// simplified API, which reports errors by return value.
enum PalettePNG {
    struct WriteError: Error, CustomStringConvertible {
        var description: String
    }

    static func encode(_ image: RGBAImage, colours: Int = 256) throws -> [UInt8] {
        var histogram: [UInt32: Int] = [:]
        image.pixels.withUnsafeBufferPointer { pixels in
            for index in stride(from: 0, to: pixels.count, by: 4) {
                histogram[UInt32(pixels[index]) << 16 | UInt32(pixels[index + 1]) << 8 | UInt32(pixels[index + 2]), default: 0] += 1
            }
        }
        var boxes = [Array(histogram)]
        while boxes.count < colours {
            // The box whose widest channel range, weighted by the square root of its pixel
            // count, is largest: wide boxes of many pixels first (a photo's gradients), while
            // a few stray colours do not use up the palette.
            var best: (index: Int, channel: Int, priority: Double)?
            for index in boxes.indices where boxes[index].count > 1 {
                let (channel, range) = widest(boxes[index])
                let priority = Double(range) * Double(boxes[index].reduce(0) { $0 + $1.value }).squareRoot()
                if priority > best?.priority ?? -1 { best = (index, channel, priority) }
            }
            guard let (index, channel, _) = best else { break }
            let sorted = boxes[index].sorted { component($0.key, channel) < component($1.key, channel) }
            let total = sorted.reduce(0) { $0 + $1.value }
            var seen = 0
            var cut = 1
            for (offset, entry) in sorted.enumerated() {
                seen += entry.value
                if seen * 2 >= total { cut = min(max(offset + 1, 1), sorted.count - 1); break }
            }
            boxes[index] = Array(sorted[..<cut])
            boxes.append(Array(sorted[cut...]))
        }
        var palette = [UInt8]()
        var indexOf: [UInt32: UInt8] = [:]
        for (number, box) in boxes.enumerated() {
            let total = Double(box.reduce(0) { $0 + $1.value })
            for channel in 0..<3 {
                let sum = box.reduce(0.0) { $0 + Double(component($1.key, channel)) * Double($1.value) }
                palette.append(UInt8((sum / total).rounded()))
            }
            for entry in box { indexOf[entry.key] = UInt8(number) }
        }
        var indices = [UInt8](repeating: 0, count: image.width * image.height)
        image.pixels.withUnsafeBufferPointer { pixels in
            for pixel in 0..<indices.count {
                let index = pixel * 4
                indices[pixel] = indexOf[UInt32(pixels[index]) << 16 | UInt32(pixels[index + 1]) << 8 | UInt32(pixels[index + 2])] ?? 0
            }
        }
        return try write(indices, width: image.width, height: image.height, palette: palette, entries: boxes.count)
    }

    private static func component(_ colour: UInt32, _ channel: Int) -> UInt32 { colour >> UInt32(16 - channel * 8) & 0xFF }

    private static func widest(_ box: [(key: UInt32, value: Int)]) -> (channel: Int, range: UInt32) {
        (0..<3).map { channel -> (Int, UInt32) in
            let values = box.map { component($0.key, channel) }
            return (channel, (values.max() ?? 0) - (values.min() ?? 0))
        }.max { $0.1 < $1.1 } ?? (0, 0)
    }

    private static func write(_ indices: [UInt8], width: Int, height: Int, palette: [UInt8], entries: Int) throws -> [UInt8] {
        var image = png_image()
        image.version = UInt32(PNG_IMAGE_VERSION)
        image.width = UInt32(width)
        image.height = UInt32(height)
        image.format = UInt32(PNG_FORMAT_FLAG_COLOR | PNG_FORMAT_FLAG_COLORMAP)
        image.colormap_entries = UInt32(entries)
        var size = 0
        let measured = indices.withUnsafeBufferPointer { pixels in
            palette.withUnsafeBufferPointer { colours in
                png_image_write_to_memory(&image, nil, &size, 0, pixels.baseAddress, 0, colours.baseAddress)
            }
        }
        guard measured != 0 else { throw WriteError(description: "libpng: \(message(image))") }
        var bytes = [UInt8](repeating: 0, count: size)
        let written = bytes.withUnsafeMutableBufferPointer { out in
            indices.withUnsafeBufferPointer { pixels in
                palette.withUnsafeBufferPointer { colours in
                    png_image_write_to_memory(&image, out.baseAddress, &size, 0, pixels.baseAddress, 0, colours.baseAddress)
                }
            }
        }
        png_image_free(&image)
        guard written != 0 else { throw WriteError(description: "libpng: \(message(image))") }
        return Array(bytes.prefix(size))
    }

    private static func message(_ image: png_image) -> String {
        withUnsafeBytes(of: image.message) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
    }
}
