import Glibc  // sin: Foundation is not needed for it

/// The Lanczos window with a = 3: `sinc(x) * sinc(x / 3)` inside |x| < 3, zero outside.
/// Sharp like a truncated sinc, with ringing small enough for photos; the filter of
/// Pillow's and libvips' `lanczos3`.
enum LanczosKernel {
    /// Half-width of the window in source pixels at 1:1 (before stretching for a reduction).
    static let radius = 3.0

    static func weight(_ x: Double) -> Double {
        if x == 0 { return 1 }
        guard abs(x) < radius else { return 0 }
        let px = Double.pi * x
        return radius * sin(px) * sin(px / radius) / (px * px)
    }
}
