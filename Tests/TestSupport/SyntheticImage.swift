import WidgetThumbnails

/// Pictures drawn in code, for every test target: gradients (red follows x, green y), noise
/// from a fixed seed, a disc with a soft transparent edge. Each is deterministic, so a failure
/// reproduces and a size or byte count measured once stays true.
public enum SyntheticImage {
    /// What the blue channel of `gradient` does.
    public enum Blue: Sendable {
        /// A smooth diagonal ramp, 0 to 255 corner to corner: compresses well, like a sky.
        case ramp
        /// The diagonal x + y, wrapping every 256: smooth, with detail everywhere (no flat
        /// areas), so scaled decodes can be compared.
        case wrapping
        /// x XOR y: fine detail that the encoders must spend bytes on.
        case xor
    }

    /// A gradient `width` x `height`: red follows x, green y, blue as `blue` says; opaque, or
    /// with `alpha` a soft transparent edge (alpha grows from the top-left corner).
    public static func gradient(width: Int, height: Int, blue: Blue = .ramp, alpha: Bool = false) -> RGBAImage {
        var pixels = [UInt8](repeating: 255, count: width * height * 4)
        for y in 0..<height {
            for x in 0..<width {
                let index = (y * width + x) * 4
                pixels[index] = UInt8(x * 255 / max(1, width - 1))
                pixels[index + 1] = UInt8(y * 255 / max(1, height - 1))
                pixels[index + 2] = switch blue {
                case .ramp: UInt8((x + y) * 255 / max(1, width + height - 2))
                case .wrapping: UInt8((x + y) % 256)
                case .xor: UInt8((x ^ y) & 0xFF)
                }
                if alpha { pixels[index + 3] = UInt8(min(255, (x + y) * 255 / max(1, (width + height) / 2))) }
            }
        }
        return RGBAImage(width: width, height: height, pixels: pixels)
    }

    /// Uniform opaque RGB noise from `seed`, one SplitMix64 draw a pixel: as incompressible
    /// as images get.
    public static func noise(width: Int, height: Int, seed: UInt64 = 0x5EED) -> RGBAImage {
        var random = SplitMix64(seed: seed)
        var pixels = [UInt8](repeating: 255, count: width * height * 4)
        for index in stride(from: 0, to: pixels.count, by: 4) {
            let z = random.next()
            pixels[index] = UInt8(truncatingIfNeeded: z)
            pixels[index + 1] = UInt8(truncatingIfNeeded: z >> 8)
            pixels[index + 2] = UInt8(truncatingIfNeeded: z >> 16)
        }
        return RGBAImage(width: width, height: height, pixels: pixels)
    }

    /// Opaque colour noise from `seed`, one SplitMix64 draw a colour byte: files that stay
    /// large at every size.
    public static func byteNoise(width: Int, height: Int, seed: UInt64) -> RGBAImage {
        var random = SplitMix64(seed: seed)
        var pixels = [UInt8](repeating: 255, count: width * height * 4)
        for index in pixels.indices where index % 4 != 3 { pixels[index] = UInt8(truncatingIfNeeded: random.next()) }
        return RGBAImage(width: width, height: height, pixels: pixels)
    }

    /// The ramp gradient inside an opaque disc, fully transparent outside, half transparent on
    /// a ring between.
    public static func disc(width: Int, height: Int) -> RGBAImage {
        var image = gradient(width: width, height: height)
        let radius = Double(min(width, height)) / 2
        for y in 0..<height {
            for x in 0..<width {
                let dx = Double(x) + 0.5 - Double(width) / 2
                let dy = Double(y) + 0.5 - Double(height) / 2
                let distance = (dx * dx + dy * dy).squareRoot()
                let alpha: UInt8 = distance < radius * 0.8 ? 255 : distance < radius ? 128 : 0
                image.pixels[(y * width + x) * 4 + 3] = alpha
            }
        }
        return image
    }

    /// A small PNG (32x24) whose red channel is `index`, so no two indices (below 256) give
    /// the same bytes: a distinct thumbnail per preview card. With `alpha` its left half is
    /// transparent.
    public static func numberedPNG(_ index: Int, alpha: Bool = false) throws -> [UInt8] {
        var pixels: [UInt8] = []
        for y in 0..<24 {
            for x in 0..<32 {
                pixels += [UInt8(index & 0xFF), UInt8(x * 8), UInt8(y * 10), alpha && x < 16 ? 0 : 255]
            }
        }
        return try ImageEncoder.encode(RGBAImage(width: 32, height: 24, pixels: pixels), format: .png, quality: 100)
    }

    /// Nearest-neighbour resize: enough for the budget tests, which only need a smaller image
    /// with the same statistics.
    public static func nearest(_ image: RGBAImage, to size: PixelSize) -> RGBAImage {
        var pixels = [UInt8](repeating: 0, count: size.area * 4)
        for y in 0..<size.height {
            let sy = y * image.height / size.height
            for x in 0..<size.width {
                let sx = x * image.width / size.width
                let from = (sy * image.width + sx) * 4
                let to = (y * size.width + x) * 4
                pixels[to..<to + 4] = image.pixels[from..<from + 4]
            }
        }
        return RGBAImage(width: size.width, height: size.height, pixels: pixels)
    }
}
