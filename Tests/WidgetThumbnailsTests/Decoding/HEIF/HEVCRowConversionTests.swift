import CHEIF
import Testing

/// The Y'CbCr 4:2:0 to RGBA row conversion of the HEIC tile path (`wt_hevc_convert_row`):
/// the portable code against the colour equations in floating point, and the AVX2 code
/// against the portable code byte for byte.
@Suite struct HEVCRowConversionTests {
    /// The matrices the tile path converts (H.273 MatrixCoefficients 1, 6 and 9), both ranges.
    static let matrices: [wt_hevc_matrix] = [(0.2126, 0.0722), (0.299, 0.114), (0.2627, 0.0593)].flatMap { weights in
        [Int32(1), 0].map { wt_hevc_matrix(kr: weights.0, kb: weights.1, full_range: $0) }
    }

    /// A row of `width` pixels with random samples, reproducible from `seed`.
    struct Row {
        var luma: [UInt8], cb: [UInt8], cr: [UInt8]

        init(width: Int, seed: UInt64) {
            var state = seed
            func next() -> UInt8 {
                state = state &* 6364136223846793005 &+ 1442695040888963407
                return UInt8(truncatingIfNeeded: state >> 56)
            }
            luma = (0..<width).map { _ in next() }
            cb = (0..<(width + 1) / 2).map { _ in next() }
            cr = (0..<(width + 1) / 2).map { _ in next() }
        }

        func converted(x: Int, count: Int, _ matrix: wt_hevc_matrix, _ kernel: wt_hevc_kernel) -> [UInt8] {
            // A guard byte past the end shows a write beyond `count` pixels.
            var rgba = [UInt8](repeating: 0xA5, count: count * 4 + 1)
            wt_hevc_convert_row(luma, cb, cr, Int32(x), Int32(count), matrix, kernel, &rgba)
            #expect(rgba[count * 4] == 0xA5, "the conversion wrote past its \(count) pixels")
            return Array(rgba[0..<count * 4])
        }
    }

    /// Limited range is expanded by libheif's factors, 1.1689 for luma and 1.1429 for chroma
    /// (libheif's color-conversion code; about 256/219 and 256/224), as libheif, libvips and
    /// pillow-heif show such a file, not by the exact 255/219 and 255/224.
    @Test(arguments: matrices)
    func portableConversionFollowsTheEquationsWithinOneLevel(matrix: wt_hevc_matrix) {
        let row = Row(width: 301, seed: 7)
        let rgba = row.converted(x: 0, count: 301, matrix, WT_HEVC_KERNEL_PORTABLE)
        let full = matrix.full_range != 0
        for column in 0..<301 {
            let y = (Double(row.luma[column]) - (full ? 0 : 16)) * (full ? 1 : 1.1689)
            let cb = (Double(row.cb[column / 2]) - 128) * (full ? 1 : 1.1429)
            let cr = (Double(row.cr[column / 2]) - 128) * (full ? 1 : 1.1429)
            let kr = Double(matrix.kr), kb = Double(matrix.kb)
            let red = y + 2 * (1 - kr) * cr, blue = y + 2 * (1 - kb) * cb
            let green = (y - kr * red - kb * blue) / (1 - kr - kb)
            for (channel, value) in [red, green, blue].enumerated() {
                let expected = min(max(value.rounded(), 0), 255)
                #expect(abs(Double(rgba[column * 4 + channel]) - expected) <= 1,
                        "pixel \(column) channel \(channel): \(rgba[column * 4 + channel]) against \(expected)")
            }
            #expect(rgba[column * 4 + 3] == 255)
        }
    }

    @Test(.enabled(if: wt_hevc_has_avx2() != 0, "this CPU has no AVX2: only the portable conversion runs"),
          arguments: matrices)
    func avx2GivesThePortableBytes(matrix: wt_hevc_matrix) {
        let row = Row(width: 613, seed: 11)
        // Odd and even starts, lengths around the 16-pixel step, and a whole row.
        for (x, count) in [(0, 613), (1, 612), (0, 16), (2, 15), (3, 17), (5, 33), (0, 0), (7, 100), (600, 13)] {
            #expect(row.converted(x: x, count: count, matrix, WT_HEVC_KERNEL_AVX2)
                        == row.converted(x: x, count: count, matrix, WT_HEVC_KERNEL_PORTABLE),
                    "x \(x), \(count) pixels, Kr \(matrix.kr), full range \(matrix.full_range)")
        }
    }
}
