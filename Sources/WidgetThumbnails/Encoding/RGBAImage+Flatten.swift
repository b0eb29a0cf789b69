extension RGBAImage {
    /// An opaque colour to composite onto.
    struct Background: Sendable, Equatable {
        var red: UInt8
        var green: UInt8
        var blue: UInt8
        static let white = Background(red: 255, green: 255, blue: 255)
    }

    /// The image composited onto `background` (straight alpha, 8-bit, rounded), every pixel
    /// opaque: what a format without alpha must store.
    func flattened(onto background: Background) -> RGBAImage {
        var out = pixels
        let back = [background.red, background.green, background.blue].map { UInt32($0) }
        out.withUnsafeMutableBufferPointer { px in
            var index = 0
            while index < px.count {
                let alpha = UInt32(px[index + 3])
                if alpha != 255 {
                    for channel in 0..<3 {
                        let mixed = UInt32(px[index + channel]) * alpha + back[channel] * (255 - alpha)
                        px[index + channel] = UInt8((mixed + 127) / 255)
                    }
                    px[index + 3] = 255
                }
                index += 4
            }
        }
        return RGBAImage(width: width, height: height, pixels: out)
    }
}
