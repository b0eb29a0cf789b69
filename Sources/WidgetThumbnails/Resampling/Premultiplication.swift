/// Conversion between straight-alpha RGBA8 and the premultiplied Float32 pixels the
/// filters work on. Filtering premultiplied values weighs each colour by its coverage, so a
/// white shape on a transparent (0,0,0,0) background keeps white edges instead of greying
/// towards the invisible black.
///
/// Premultiplied pixels keep the 0...255 scale: (r*a/255, g*a/255, b*a/255, a).
enum Premultiplication {
    /// Straight RGBA8 → premultiplied floats, `count` pixels.
    @inline(__always)
    static func load(_ source: UnsafePointer<UInt8>, count: Int, into target: UnsafeMutablePointer<SIMD4<Float>>) {
        // Two simple loops the compiler vectorises, rather than one per-pixel gather.
        target.withMemoryRebound(to: Float.self, capacity: 4 * count) { floats in
            for i in 0..<(4 * count) { floats[i] = Float(source[i]) }
        }
        // An opaque row premultiplies to itself (255 * Float(1/255) is exactly 1.0), so the
        // multiply pass is skipped: JPEGs and most photos never pay for it.
        if isOpaque(source, count: count) { return }
        let toUnit: Float = 1 / 255
        for i in 0..<count {
            let pixel = target[i]
            var premultiplied = pixel * (pixel.w * toUnit)
            premultiplied.w = pixel.w
            target[i] = premultiplied
        }
    }

    /// True when every alpha byte of the `count` pixels is 255. Reads only the alpha bytes;
    /// much cheaper than the multiply pass it saves.
    @inline(__always)
    static func isOpaque(_ source: UnsafePointer<UInt8>, count: Int) -> Bool {
        var all: UInt8 = 255
        var i = 3
        while i < 4 * count {
            all &= source[i]
            i &+= 4
        }
        return all == 255
    }

    /// Premultiplied floats → straight RGBA8, rounded to nearest and clamped: Lanczos
    /// lobes overshoot below 0 and above 255, and colour above alpha. A pixel whose alpha
    /// is not above 0 has no colour and becomes (0,0,0,0).
    @inline(__always)
    static func store(_ source: UnsafePointer<SIMD4<Float>>, count: Int, into target: UnsafeMutablePointer<UInt8>) {
        for i in 0..<count {
            let pixel = source[i]
            let alpha = clamp(pixel.w)
            let unscale: Float = alpha > 0 ? 255 / alpha : 0
            // Clamped to 0...255, + 0.5 and truncated: rounds to nearest, always fits a byte.
            // Scalar on purpose: the generic SIMD clamps and conversions are not inlined.
            let p = target + 4 * i
            p[0] = UInt8(truncatingIfNeeded: Int32(clamp(pixel.x * unscale) + 0.5))
            p[1] = UInt8(truncatingIfNeeded: Int32(clamp(pixel.y * unscale) + 0.5))
            p[2] = UInt8(truncatingIfNeeded: Int32(clamp(pixel.z * unscale) + 0.5))
            p[3] = UInt8(truncatingIfNeeded: Int32(alpha + 0.5))
        }
    }

    /// Also maps NaN (0 * inf, from a vanishingly small alpha) to 0, so `Int32(_:)` never traps.
    @inline(__always)
    private static func clamp(_ value: Float) -> Float {
        value > 0 ? (value < 255 ? value : 255) : 0
    }
}
