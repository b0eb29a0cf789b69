import CResample

/// The horizontal weights as the integer kernel for opaque rows takes them
/// (`wt_resample_horizontal_opaque_avx2`): each weight in 14-bit fixed point, every output's
/// run summing to exactly `WT_RESAMPLE_WEIGHT_ONE` (so a flat row stays flat and alpha stays
/// 255), laid out in groups of 4 taps as (w0 w1) x 4, (w2 w3) x 4 for the pairwise
/// multiply-add. Each weight is rounded down and the residue goes to the largest remainders,
/// so every weight is within 1/16384 of its exact value.
struct OpaqueRowWeights {
    /// `targetLength * tapCount * 4` values.
    let values: [Int16]
    /// Outputs `0..<directCount` read no further than the source row's last pixel, so the
    /// kernel can run on the decoder's row as it is; the rest read zero-weight taps past it.
    let directCount: Int

    /// The most an output may move against the float weights, in levels, at worst (every
    /// rounding error meeting a 255 or a 0 of the right sign): past it, the float kernel runs.
    static let maximumError = 0.5

    /// nil when the kernel cannot serve these weights: an identity axis (one tap, copied
    /// instead), runs not padded to a multiple of 4, or so many taps (a reduction of about
    /// 22x or more) that the rounding could add up to `maximumError`.
    init?(_ weights: ResamplingWeights) {
        guard !weights.isIdentity, weights.tapCount % 4 == 0 else { return nil }
        let one = Int(WT_RESAMPLE_WEIGHT_ONE)
        let taps = weights.tapCount
        var values = [Int16](repeating: 0, count: weights.targetLength * taps * 4)
        var run = [Int](repeating: 0, count: taps)
        var remainders = [Double](repeating: 0, count: taps)
        for x in 0..<weights.targetLength {
            var sum = 0
            for k in 0..<taps {
                let exact = Double(weights.weights[x * taps + k]) * Double(one)
                run[k] = Int(exact.rounded(.down))
                remainders[k] = exact - Double(run[k])
                sum += run[k]
            }
            // Largest remainders first: the sum is exact and no weight moves by a whole unit.
            for k in remainders.indices.sorted(by: { remainders[$0] > remainders[$1] }).prefix(max(0, one - sum)) {
                run[k] += 1
            }
            var worst = 0.0
            for k in 0..<taps {
                worst += abs(Double(run[k]) - Double(weights.weights[x * taps + k]) * Double(one))
            }
            guard worst / Double(one) * 255 <= Self.maximumError else { return nil }
            for group in stride(from: 0, to: taps, by: 4) {
                let base = (x * taps + group) * 4
                for lane in 0..<4 {
                    values[base + 2 * lane] = Int16(run[group])
                    values[base + 2 * lane + 1] = Int16(run[group + 1])
                    values[base + 8 + 2 * lane] = Int16(run[group + 2])
                    values[base + 8 + 2 * lane + 1] = Int16(run[group + 3])
                }
            }
        }
        self.values = values
        directCount = weights.starts.firstIndex { $0 + taps > weights.sourceLength } ?? weights.targetLength
    }
}
