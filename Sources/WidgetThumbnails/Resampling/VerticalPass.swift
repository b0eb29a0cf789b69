/// The vertical half of the separable filter: a weighted sum of the horizontally resampled
/// rows one output row needs. Pixels go in blocks of four with the taps inside, so the four
/// sums stay in registers (independent, so the adds overlap) and each is stored once.
enum VerticalPass {
    /// `rows[t]` is the row for tap `t` (`tapCount >= 1`), each `length` pixels; `weights[t]`
    /// its weight.
    @inline(__always)
    static func run(rows: UnsafePointer<UnsafePointer<SIMD4<Float>>>, weights: UnsafePointer<Float>,
                    tapCount: Int, length: Int, into target: UnsafeMutablePointer<SIMD4<Float>>) {
        var i = 0
        while i + 4 <= length {
            var a0 = SIMD4<Float>(), a1 = SIMD4<Float>(), a2 = SIMD4<Float>(), a3 = SIMD4<Float>()
            for t in 0..<tapCount {
                let row = rows[t] + i
                let w = weights[t]
                a0 += row[0] * w
                a1 += row[1] * w
                a2 += row[2] * w
                a3 += row[3] * w
            }
            target[i] = a0
            target[i + 1] = a1
            target[i + 2] = a2
            target[i + 3] = a3
            i += 4
        }
        while i < length {
            var sum = SIMD4<Float>()
            for t in 0..<tapCount { sum += rows[t][i] * weights[t] }
            target[i] = sum
            i += 1
        }
    }
}
