import CPixelMeasures

/// How much colour detail 4:2:0 chroma subsampling would throw away in an opaque image: per
/// 2x2 block, how far each pixel's Cb and Cr (JPEG's full-range BT.601) lie from the block's
/// mean, which is all a 4:2:0 encoder keeps.
///
/// At thumbnail size a photograph's colour changes slowly from pixel to pixel, and 4:2:0 costs
/// it nothing visible; drawings, charts and coloured text change colour within a pixel, and
/// 4:2:0 smears their edges. `JPEGEncoder` picks 4:4:4 when `favoursFullChroma` (at
/// `JPEGEncoder.ChromaRule.fullForColourEdges`).
struct ChromaDetail: Sendable, Equatable {
    /// Blocks whose colour changes at all: Cb and Cr lie from the block mean by a mean square
    /// over `changeLimit`.
    let changingBlocks: Int
    /// Blocks with a coloured edge in them: a mean square over `edgeLimit`.
    let edgeBlocks: Int
    /// All 2x2 blocks measured (an odd last row or column is left out).
    let blocks: Int

    /// A block's mean squared distance from its mean, Cb and Cr summed, in 8-bit levels
    /// squared: 1 is the faintest change; 256, a 16-level step between the pixels of a block,
    /// is a clearly coloured edge.
    static let changeLimit = 1.0
    static let edgeLimit = 256.0

    /// 4:4:4 is chosen when at least this share of the blocks that change colour are edges
    /// (photographs: at most 0.054, drawings: at least 0.23 on our sets) ...
    static let edgeShareOfChanges = 0.12
    /// ... and the edges are not a handful (at least this share of all blocks) ...
    static let edgeShareOfImage = 0.005
    /// ... and most of the image is flat colour: at most this share of the blocks change
    /// colour at all (drawings: at most 0.19 on our sets; colour noise or a textured photo
    /// changes everywhere, and 4:4:4 would only pay for its noise).
    static let changeShareOfImage = 0.5

    /// Measures `image`, whose alpha is ignored: pass it flattened. `untilDecided` stops at
    /// the row where more than `changeShareOfImage` of all blocks have changed colour, which
    /// settles `favoursFullChroma` (false): a photograph, whose colour changes in nearly every
    /// block, gets there a little past halfway down. The counts are then the measured rows'.
    init(_ image: RGBAImage, untilDecided: Bool = false, kernel: MeasureKernel = .fastest) {
        precondition(kernel.isSupported, "the \(kernel) measure kernel needs a CPU this one is not")
        let columns = image.width / 2, rows = image.height / 2
        let changingAtMost = untilDecided ? Int(Self.changeShareOfImage * Double(rows * columns)) : Int.max
        // Cb and Cr times 256 (JPEG's weights rounded), so everything stays in integers. Per
        // channel, 4 sum(c^2) - sum(c)^2 over a block's 4 pixels is 4 times their (c - mean)^2
        // summed, which is 4 times the block's mean square: so what is tested, that over both
        // channels, is 16 * 256^2 times the block's loss in levels squared. No pixel's distance
        // from the mean is formed, and a pixel costs two squares (measuring each pixel's
        // distance was a sixth of a batch's CPU on small photos).
        let scale = 16.0 * 65_536
        let change = Int(Self.changeLimit * scale), edge = Int(Self.edgeLimit * scale)
        var changing = 0, edges = 0
        image.pixels.withUnsafeBufferPointer { pixels in
            let stride = image.width * 4
            // The AVX2 kernel takes each row's blocks 4 at a time; the loop, the rest.
            let vectorBlocks = kernel == .avx2 ? columns & ~3 : 0
            for row in 0..<rows {
                let top = row * 2 * stride
                if vectorBlocks > 0, let base = pixels.baseAddress {
                    wt_measure_chroma_blocks_avx2(base + top, base + top + stride, vectorBlocks, Int64(change),
                                                  Int64(edge), &changing, &edges)
                }
                for column in vectorBlocks..<columns {
                    var cbSum = 0, crSum = 0, squares = 0
                    // Wrapping arithmetic: |c| is at most 128 * 255, so no sum nears Int's range.
                    func add(_ offset: Int) {
                        let red = Int(pixels[offset]), green = Int(pixels[offset + 1]), blue = Int(pixels[offset + 2])
                        let cb = 128 &* blue &- 43 &* red &- 85 &* green, cr = 128 &* red &- 107 &* green &- 21 &* blue
                        cbSum &+= cb
                        crSum &+= cr
                        squares &+= cb &* cb &+ cr &* cr
                    }
                    let first = top + column * 8
                    add(first)
                    add(first + 4)
                    add(first + stride)
                    add(first + stride + 4)
                    let loss = 4 &* squares &- cbSum &* cbSum &- crSum &* crSum
                    changing += loss > change ? 1 : 0
                    edges += loss > edge ? 1 : 0
                }
                if changing > changingAtMost { break }
            }
        }
        changingBlocks = changing
        edgeBlocks = edges
        blocks = rows * columns
    }

    /// Whether 4:4:4 serves this image better per byte than 4:2:0: a drawing, flat colour
    /// whose changes are edges, not a photograph, whose colour changes gradually.
    var favoursFullChroma: Bool {
        guard blocks > 0, changingBlocks > 0 else { return false }
        return Double(edgeBlocks) >= Self.edgeShareOfImage * Double(blocks)
            && Double(edgeBlocks) >= Self.edgeShareOfChanges * Double(changingBlocks)
            && Double(changingBlocks) <= Self.changeShareOfImage * Double(blocks)
    }
}
