import CResample

/// The horizontal weights as the integer kernel for opaque rows takes them
/// (`wt_resample_horizontal_opaque_avx2`): each weight in 14-bit fixed point, every output's
/// run summing to exactly `WT_RESAMPLE_WEIGHT_ONE` (so a flat row stays flat and alpha stays
/// 255), laid out in groups of 4 taps as (w0 w1) x 4, (w2 w3) x 4 for the pairwise
/// multiply-add. Each weight is rounded to nearest and the residue goes, a unit at a time, to
/// the weights whose rounding lost most, so every weight is within 1/16384 of its exact value.
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
        var lost = [Double](repeating: 0, count: taps)  // exact - rounded, per tap
        for x in 0..<weights.targetLength {
            let count = weights.counts[x]
            var sum = 0
            for k in 0..<taps {
                let exact = Double(weights.weights[x * taps + k]) * Double(one)
                run[k] = Int(exact.rounded())
                lost[k] = exact - Double(run[k])
                sum += run[k]
            }
            // The residue, a unit at a time, to the tap whose rounding lost most that way
            // (never to the zero padding past the run): every weight stays within 1/16384.
            // A few units for the usual runs; no sort, so a huge reduction stays cheap.
            var residue = one - sum
            while residue != 0 {
                let step = residue > 0 ? 1 : -1
                var pick = 0
                for k in 1..<max(count, 1) where Double(step) * lost[k] > Double(step) * lost[pick] { pick = k }
                run[pick] += step
                lost[pick] -= Double(step)
                residue -= step
            }
            var worst = 0.0
            for k in 0..<count { worst += abs(lost[k]) }
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
