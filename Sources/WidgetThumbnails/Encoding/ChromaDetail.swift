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

    /// Measures `image`, whose alpha is ignored: pass it flattened.
    init(_ image: RGBAImage) {
        let columns = image.width / 2, rows = image.height / 2
        // Cb and Cr times 256 (JPEG's weights rounded), tested on four times the deviations,
        // (4c - sum)^2 = 16 (c - mean)^2, so everything stays in integers: a block's loss in
        // levels squared is the sum over its 4 pixels and 2 channels / (4 * 16 * 256^2).
        let scale = 4.0 * 16 * 65_536
        let change = Int64(Self.changeLimit * scale), edge = Int64(Self.edgeLimit * scale)
        var changing = 0, edges = 0
        image.pixels.withUnsafeBufferPointer { pixels in
            let stride = image.width * 4
            func chroma(_ offset: Int) -> (cb: Int64, cr: Int64) {
                let red = Int64(pixels[offset]), green = Int64(pixels[offset + 1]), blue = Int64(pixels[offset + 2])
                return (-43 * red - 85 * green + 128 * blue, 128 * red - 107 * green - 21 * blue)
            }
            func square(_ value: Int64, _ sum: Int64) -> Int64 { (4 * value - sum) * (4 * value - sum) }
            for row in 0..<rows {
                for column in 0..<columns {
                    let first = row * 2 * stride + column * 8
                    let a = chroma(first), b = chroma(first + 4), c = chroma(first + stride), d = chroma(first + stride + 4)
                    let cbSum = a.cb + b.cb + c.cb + d.cb, crSum = a.cr + b.cr + c.cr + d.cr
                    let loss = square(a.cb, cbSum) + square(b.cb, cbSum) + square(c.cb, cbSum) + square(d.cb, cbSum)
                        + square(a.cr, crSum) + square(b.cr, crSum) + square(c.cr, crSum) + square(d.cr, crSum)
                    if loss > change { changing += 1 }
                    if loss > edge { edges += 1 }
                }
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
