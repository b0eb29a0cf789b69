/// Precomputed Lanczos-3 weights for one axis: for each output index, the first source index
/// and a fixed-length run of `tapCount` weights summing to 1. Built once per resample, so the
/// hot loops do no trigonometry and no range checks.
///
/// A reduction by `scale = source / target` stretches the kernel by `scale`, so every source
/// pixel contributes (no aliasing). At the image edges the taps that would fall outside are
/// dropped and the rest renormalised (as Pillow does), rather than replicating edge pixels.
struct ResamplingWeights {
    let sourceLength: Int
    let targetLength: Int
    /// Stride of `weights` per output: the widest run, rounded up to a multiple of
    /// `tapMultiple`. Taps past an output's own run have weight 0.
    let tapCount: Int
    /// Source index of each output's first tap.
    let starts: [Int]
    /// Number of taps that lie inside the source for each output (`<= tapCount`).
    let counts: [Int]
    /// `targetLength * tapCount` weights, as Float32 for the SIMD loops.
    let weights: [Float]

    /// True when the axis is kept as is: one tap of weight 1 per output.
    var isIdentity: Bool { sourceLength == targetLength }

    /// Weights for resampling `sourceLength` pixels to `targetLength <= sourceLength`.
    /// `tapMultiple` pads each run so a loop unrolled by that factor needs no remainder.
    init(sourceLength: Int, targetLength: Int, tapMultiple: Int = 1) {
        precondition(targetLength >= 1 && targetLength <= sourceLength, "never upscale")
        self.sourceLength = sourceLength
        self.targetLength = targetLength
        if sourceLength == targetLength {
            tapCount = 1
            starts = Array(0..<targetLength)
            counts = Array(repeating: 1, count: targetLength)
            weights = Array(repeating: 1, count: targetLength)
            return
        }
        let scale = Double(sourceLength) / Double(targetLength)
        let support = LanczosKernel.radius * scale
        // Each output's run: source pixels whose centre lies within `support` of the output's
        // centre (pixel i covers [i, i+1), so its centre is i + 0.5), clipped to the image.
        var starts = [Int](repeating: 0, count: targetLength)
        var counts = [Int](repeating: 0, count: targetLength)
        for x in 0..<targetLength {
            let center = (Double(x) + 0.5) * scale
            let first = max(0, Int((center - support + 0.5).rounded(.down)))
            let end = min(sourceLength, Int((center + support + 0.5).rounded(.down)))
            starts[x] = first
            counts[x] = end - first
        }
        let widest = counts.max() ?? 1
        let stride = (widest + tapMultiple - 1) / tapMultiple * tapMultiple
        var weights = [Float](repeating: 0, count: targetLength * stride)
        var run = [Double](repeating: 0, count: widest)
        for x in 0..<targetLength {
            let center = (Double(x) + 0.5) * scale
            var sum = 0.0
            for k in 0..<counts[x] {
                run[k] = LanczosKernel.weight((Double(starts[x] + k) + 0.5 - center) / scale)
                sum += run[k]
            }
            for k in 0..<counts[x] {
                weights[x * stride + k] = Float(run[k] / sum)
            }
        }
        self.tapCount = stride
        self.starts = starts
        self.counts = counts
        self.weights = weights
    }

    /// The most taps any output uses: how many source rows the vertical pass must keep.
    var widestRun: Int { counts.max() ?? 1 }
}
