import CResample

/// Which implementation runs the resampler's two passes. The library is built for baseline
/// x86-64, so the portable kernels are Swift SIMD4 loops (SSE, 4 instructions a tap); where the
/// CPU has AVX2 and FMA, C kernels (CResample) handle two pixels a register with fused
/// multiply-adds. Both give the same bytes within one level: an FMA rounds once where a
/// multiply and an add round twice.
enum ResamplingKernel: Sendable, CaseIterable, CustomStringConvertible {
    /// `HorizontalPass` and `VerticalPass`: Swift SIMD4, any x86-64.
    case portable
    /// `wt_resample_horizontal_avx2` and `wt_resample_vertical_avx2`.
    case avx2FMA

    /// The fastest kernel this CPU runs, decided once (`__builtin_cpu_supports`).
    static let fastest: ResamplingKernel = wt_resample_has_avx2_fma() != 0 ? .avx2FMA : .portable

    /// Whether this CPU can run the kernel.
    var isSupported: Bool { self == .portable || Self.fastest == .avx2FMA }

    var description: String {
        switch self {
        case .portable: "portable (Swift SIMD4)"
        case .avx2FMA: "AVX2+FMA"
        }
    }
}
