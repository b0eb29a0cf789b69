/// Which implementation takes the two measures made of every thumbnail: `ChromaDetail` (JPEG's
/// chroma subsampling) and `RenderAppearance`'s luma. The Swift loops run on any CPU; where it
/// has AVX2, C kernels (CPixelMeasures) take 4 blocks or 8 opaque pixels a step and leave the
/// Swift loops the rest. Both count in exact integers, so they give the same figures
/// (`MeasureKernelTests`). On 320x240 photos the chroma kernel took an eighth of the Swift
/// loop's instructions and the luma kernel two fifths (Benchmarks/README.md, per-file CPU).
enum MeasureKernel: Sendable, CaseIterable {
    /// The Swift loops alone.
    case portable
    /// `wt_measure_chroma_blocks_avx2` and `wt_measure_opaque_luma_avx2`, then the Swift loops.
    case avx2

    /// AVX2 where `ResamplingKernel` found it (its CPU check covers AVX2 with FMA).
    static let fastest: MeasureKernel = ResamplingKernel.fastest == .avx2FMA ? .avx2 : .portable

    /// Whether this CPU can run the kernel.
    var isSupported: Bool { self == .portable || Self.fastest == .avx2 }
}
