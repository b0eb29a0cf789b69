/// The horizontal half of the separable filter: one premultiplied source row in, one row of
/// `target` pixels out. This is the hot loop (it touches every decoded pixel about 6 times),
/// so it works on raw pointers with four independent SIMD4 accumulators: with one, each add
/// would wait for the previous one and the loop would run at a quarter of its speed. Weights
/// come already broadcast to SIMD4, so each tap is one load, one multiply and one add (a
/// scalar weight cost a load and a shuffle more, about a third of the loop's instructions).
enum HorizontalPass {
    /// The weights' `tapCount` is a multiple of 4 (or 1 for an identity axis), and `source`
    /// holds at least `starts.last + tapCount` pixels (zero padding past the real row).
    @inline(__always)
    static func run(_ source: UnsafePointer<SIMD4<Float>>,
                    starts: UnsafePointer<Int>, weights: UnsafePointer<SIMD4<Float>>, tapCount: Int,
                    targetLength: Int, into target: UnsafeMutablePointer<SIMD4<Float>>) {
        if tapCount == 1 {
            for x in 0..<targetLength { target[x] = source[starts[x]] * weights[x] }
            return
        }
        for x in 0..<targetLength {
            let p = source + starts[x]
            let w = weights + x * tapCount
            var a0 = SIMD4<Float>(), a1 = SIMD4<Float>(), a2 = SIMD4<Float>(), a3 = SIMD4<Float>()
            var k = 0
            while k < tapCount {
                a0 += p[k] * w[k]
                a1 += p[k + 1] * w[k + 1]
                a2 += p[k + 2] * w[k + 2]
                a3 += p[k + 3] * w[k + 3]
                k &+= 4
            }
            target[x] = (a0 + a1) + (a2 + a3)
        }
    }
}
