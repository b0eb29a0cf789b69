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

    /// True when every alpha byte of the `count` pixels is 255. ANDs the row eight bytes at a
    /// time (the compiler widens it to vectors) and looks at the alpha bytes of the result:
    /// much cheaper than the multiply pass it saves, and than a byte-by-byte look.
    @inline(__always)
    static func isOpaque(_ source: UnsafePointer<UInt8>, count: Int) -> Bool {
        let alphaBytes: UInt64 = 0xFF00_0000_FF00_0000  // RGBA in memory: byte 3 of each pixel
        var all = UInt64.max
        let pairs = count / 2
        let raw = UnsafeRawPointer(source)
        for i in 0..<pairs { all &= raw.loadUnaligned(fromByteOffset: 8 * i, as: UInt64.self) }
        if count % 2 == 1 { all &= UInt64(source[4 * count - 1]) << 24 | 0xFFFF_FFFF_00FF_FFFF }
        return all & alphaBytes == alphaBytes
    }

    /// Premultiplied floats → straight RGBA8, rounded to nearest and clamped: Lanczos
    /// lobes overshoot below 0 and above 255, and colour above alpha. A pixel whose alpha
    /// is not above 0 has no colour and becomes (0,0,0,0). Works in place on `source`.
    ///
    /// Two passes the compiler vectorises: un-premultiply (one multiply per pixel), then
    /// clamp and round every float to a byte. Rounding is + 0.5 and truncation, done with
    /// 2^23 (see `byte`) since Swift's checked float-to-integer conversion keeps the loop
    /// scalar. Same bytes as clamping and converting each channel one by one.
    @inline(__always)
    static func store(_ source: UnsafeMutablePointer<SIMD4<Float>>, count: Int, into target: UnsafeMutablePointer<UInt8>) {
        for i in 0..<count {
            let pixel = source[i]
            let alpha = clamp(pixel.w)
            let unscale: Float = alpha > 0 ? 255 / alpha : 0
            source[i] = pixel * SIMD4(unscale, unscale, unscale, 1)
        }
        source.withMemoryRebound(to: Float.self, capacity: 4 * count) { floats in
            for j in 0..<(4 * count) { target[j] = byte(floats[j]) }
        }
    }

    /// `UInt8(clamp(value) + 0.5)` with truncation, without a conversion instruction: adding
    /// 2^23 to a value in 0..<2^23 rounds it to the nearest integer, one less when that went
    /// up is the floor (= truncation here), and the floor plus 2^23 holds the integer in its
    /// low mantissa bits.
    @inline(__always)
    private static func byte(_ value: Float) -> UInt8 {
        let magic: Float = 8_388_608
        let rounded = clamp(value) + 0.5
        var floor = (rounded + magic) - magic
        if floor > rounded { floor -= 1 }
        return UInt8(truncatingIfNeeded: (floor + magic).bitPattern)
    }

    /// Also maps NaN (0 * inf, from a vanishingly small alpha) to 0, so `Int32(_:)` never traps.
    @inline(__always)
    private static func clamp(_ value: Float) -> Float {
        value > 0 ? (value < 255 ? value : 255) : 0
    }
}
