import CResample

/// The horizontal weights as the integer kernel for opaque rows takes them
/// (`wt_resample_horizontal_opaque_avx2`): each weight in 14-bit fixed point, every output's
/// run summing to exactly `WT_RESAMPLE_WEIGHT_ONE` (so a flat row stays flat and alpha stays
/// 255), laid out in groups of 4 taps as (w0 w1) x 4, (w2 w3) x 4 for the pairwise
/// multiply-add. Rounding moves a weight by at most 1/32768, a result by about 0.01 level.
struct OpaqueRowWeights {
    /// `targetLength * tapCount * 4` values.
    let values: [Int16]
    /// Outputs `0..<directCount` read no further than the source row's last pixel, so the
    /// kernel can run on the decoder's row as it is; the rest read zero-weight taps past it.
    let directCount: Int

    /// nil when the kernel cannot serve these weights: an identity axis (one tap, copied
    /// instead) or runs not padded to a multiple of 4.
    init?(_ weights: ResamplingWeights) {
        guard !weights.isIdentity, weights.tapCount % 4 == 0 else { return nil }
        let one = Int(WT_RESAMPLE_WEIGHT_ONE)
        let taps = weights.tapCount
        var values = [Int16](repeating: 0, count: weights.targetLength * taps * 4)
        var run = [Int](repeating: 0, count: taps)
        for x in 0..<weights.targetLength {
            var sum = 0
            for k in 0..<taps {
                run[k] = Int((Double(weights.weights[x * taps + k]) * Double(one)).rounded())
                sum += run[k]
            }
            // The rounding residue goes to the largest weight, where it matters least.
            let largest = run.indices.max { abs(run[$0]) < abs(run[$1]) } ?? 0
            run[largest] += one - sum
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
