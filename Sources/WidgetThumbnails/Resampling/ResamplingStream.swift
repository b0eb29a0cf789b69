import CResample

/// A Lanczos-3 downscale fed one source row at a time, top to bottom, so a decoder that
/// produces rows (PNG) never holds the whole image: memory is the output plus a ring of the
/// few horizontally resampled rows the vertical filter still needs, which grows with the
/// width and the reduction, not the height.
///
/// Each incoming row is premultiplied and resampled horizontally at once; an output row is
/// made as soon as its last source row has arrived. With AVX2, an opaque row (every JPEG's,
/// most photos') skips the conversion to floats: an integer kernel filters its bytes directly.
/// Filtering happens on premultiplied alpha (see `Premultiplication`). An axis whose target is
/// not smaller than the source is kept at the source length (never upscales); when both are,
/// rows are copied byte for byte.
///
/// ```swift
/// let stream = try ResamplingStream(sourceSize: size, targetSize: PixelSize(width: 500, height: 375))
/// for row in rows { row.withUnsafeBufferPointer { stream.consume(row: $0) } }
/// let thumbnail = stream.finish()
/// ```
public final class ResamplingStream {
    /// The size of the source image whose rows `consume(row:)` takes, top to bottom.
    public let sourceSize: PixelSize
    /// The size `finish()` returns: the requested target, clamped to the source per axis.
    public let targetSize: PixelSize
    /// Source rows consumed so far.
    public private(set) var rowsConsumed = 0

    private let horizontal: ResamplingWeights
    /// `horizontal.weights`, each broadcast to the four channels, for `HorizontalPass`.
    private let horizontalWeights: [SIMD4<Float>]
    /// The same weights for the integer kernel that filters opaque rows (AVX2 only).
    private let opaqueWeights: OpaqueRowWeights?
    /// The tail of an opaque source row plus `horizontal.tapCount` zero pixels, at the row's
    /// own offsets, for the outputs whose (zero-weight) taps reach past the row's end.
    private let paddedRow: UnsafeMutablePointer<UInt8>
    private let vertical: ResamplingWeights
    private let kernel: ResamplingKernel
    private let copiesRows: Bool
    /// One premultiplied source row plus `horizontal.tapCount` zero pixels, so the padded
    /// taps of the last outputs read zeros instead of past the end.
    private let sourceRow: UnsafeMutablePointer<SIMD4<Float>>
    private let sourceRowCapacity: Int
    /// `ringRows` horizontally resampled rows; source row r lives at slot r % ringRows.
    private let ring: UnsafeMutablePointer<SIMD4<Float>>
    private let ringRows: Int
    /// One output row of premultiplied floats, before conversion to bytes.
    private let accumulator: UnsafeMutablePointer<SIMD4<Float>>
    private let tapRows: UnsafeMutablePointer<UnsafePointer<SIMD4<Float>>>
    private var output: [UInt8]
    private var rowsEmitted = 0
    private var isFinished = false

    /// Throws `invalidArgument` when either size is not at least 1x1.
    public convenience init(sourceSize: PixelSize, targetSize requested: PixelSize) throws(ImageError) {
        try self.init(sourceSize: sourceSize, targetSize: requested, kernel: .fastest)
    }

    /// The same with a chosen kernel (tests compare them); it must be supported by this CPU.
    init(sourceSize: PixelSize, targetSize requested: PixelSize, kernel: ResamplingKernel) throws(ImageError) {
        precondition(kernel.isSupported, "the \(kernel) kernel needs a CPU this one is not")
        guard sourceSize.width >= 1, sourceSize.height >= 1 else {
            throw ImageError(.invalidArgument, "cannot resample a \(sourceSize) source: it must be at least 1x1")
        }
        guard requested.width >= 1, requested.height >= 1 else {
            throw ImageError(.invalidArgument, "cannot resample to \(requested): the target must be at least 1x1")
        }
        let target = Resampler.outputSize(source: sourceSize, target: requested)
        self.sourceSize = sourceSize
        self.targetSize = target
        self.kernel = kernel
        horizontal = ResamplingWeights(sourceLength: sourceSize.width, targetLength: target.width, tapMultiple: 4)
        vertical = ResamplingWeights(sourceLength: sourceSize.height, targetLength: target.height)
        horizontalWeights = horizontal.weights.map { SIMD4(repeating: $0) }
        copiesRows = horizontal.isIdentity && vertical.isIdentity
        opaqueWeights = kernel == .avx2FMA && !copiesRows ? OpaqueRowWeights(horizontal) : nil
        let paddedBytes = opaqueWeights == nil ? 0 : (sourceSize.width + horizontal.tapCount) * 4
        paddedRow = .allocate(capacity: paddedBytes)
        paddedRow.initialize(repeating: 0, count: paddedBytes)
        output = [UInt8](repeating: 0, count: target.area * 4)

        let buffersNeeded = !copiesRows
        sourceRowCapacity = buffersNeeded ? sourceSize.width + horizontal.tapCount : 0
        ringRows = buffersNeeded ? vertical.widestRun : 0
        sourceRow = .allocate(capacity: sourceRowCapacity)
        sourceRow.initialize(repeating: SIMD4(), count: sourceRowCapacity)
        ring = .allocate(capacity: ringRows * target.width)
        accumulator = .allocate(capacity: buffersNeeded ? target.width : 0)
        tapRows = .allocate(capacity: buffersNeeded ? vertical.tapCount : 0)
    }

    deinit {
        sourceRow.deallocate()
        paddedRow.deallocate()
        ring.deallocate()
        accumulator.deallocate()
        tapRows.deallocate()
    }

    /// How many horizontally resampled rows the stream keeps: about 6 x the vertical
    /// reduction + 1, whatever the height (0 when rows are copied).
    var bufferedRowCount: Int { ringRows }

    /// True once every source row has been consumed.
    public var isComplete: Bool { rowsConsumed == sourceSize.height }

    /// Consumes the next source row: `sourceSize.width * 4` bytes of straight-alpha RGBA8.
    public func consume(row: UnsafeBufferPointer<UInt8>) {
        precondition(row.count == sourceSize.width * 4, "a source row is width * 4 bytes")
        consume(rows: row)
    }

    /// Consumes the next whole source rows, contiguous without padding.
    public func consume(rows: UnsafeBufferPointer<UInt8>) {
        let rowBytes = sourceSize.width * 4
        precondition(rows.count % rowBytes == 0, "rows come whole: a multiple of width * 4 bytes")
        let count = rows.count / rowBytes
        precondition(!isFinished && rowsConsumed + count <= sourceSize.height, "more rows than the source has")
        guard count > 0, let base = rows.baseAddress else { return }
        if copiesRows {
            output.withUnsafeMutableBufferPointer { out in
                (out.baseAddress! + rowsConsumed * rowBytes).update(from: base, count: count * rowBytes)
            }
            rowsConsumed += count
            return
        }
        for r in 0..<count {
            resampleHorizontally(base + r * rowBytes)
            rowsConsumed += 1
            emitReadyRows()
        }
    }

    /// The resampled image. Call once, after every source row has been consumed.
    public func finish() -> RGBAImage {
        precondition(isComplete && !isFinished, "finish() needs every source row, once")
        isFinished = true
        let pixels = output
        output = []
        return RGBAImage(width: targetSize.width, height: targetSize.height, pixels: pixels)
    }

    private func resampleHorizontally(_ row: UnsafePointer<UInt8>) {
        let slot = ring + (rowsConsumed % ringRows) * targetSize.width
        if let opaqueWeights, Premultiplication.isOpaque(row, count: sourceSize.width) {
            resampleOpaque(row, weights: opaqueWeights, into: slot)
            return
        }
        switch kernel {
        case .portable: Premultiplication.load(row, count: sourceSize.width, into: sourceRow)
        case .avx2FMA: wt_resample_load_avx2(row, Int32(sourceSize.width), Self.floats(sourceRow))
        }
        horizontal.starts.withUnsafeBufferPointer { starts in
            horizontalWeights.withUnsafeBufferPointer { weights in
                switch kernel {
                case .portable:
                    HorizontalPass.run(sourceRow, starts: starts.baseAddress!, weights: weights.baseAddress!,
                                       tapCount: horizontal.tapCount, targetLength: targetSize.width, into: slot)
                case .avx2FMA:
                    wt_resample_horizontal_avx2(Self.floats(sourceRow), starts.baseAddress!,
                                                Self.floats(weights.baseAddress!), Int32(horizontal.tapCount),
                                                Int32(targetSize.width), Self.floats(slot))
                }
            }
        }
    }

    /// The integer kernel over the row itself for the outputs that stay inside it, then over
    /// a zero-padded copy of the row's tail for the last few.
    private func resampleOpaque(_ row: UnsafePointer<UInt8>, weights: OpaqueRowWeights,
                                into slot: UnsafeMutablePointer<SIMD4<Float>>) {
        let taps = Int32(horizontal.tapCount)
        let direct = weights.directCount
        let target = Self.floats(slot)
        horizontal.starts.withUnsafeBufferPointer { starts in
            weights.values.withUnsafeBufferPointer { values in
                let starts = starts.baseAddress!, values = values.baseAddress!
                if direct > 0 {
                    wt_resample_horizontal_opaque_avx2(row, starts, values, taps, Int32(direct), target)
                }
                let rest = targetSize.width - direct
                guard rest > 0 else { return }
                let tail = starts[direct] * 4
                (paddedRow + tail).update(from: row + tail, count: sourceSize.width * 4 - tail)
                wt_resample_horizontal_opaque_avx2(paddedRow, starts + direct, values + direct * Int(taps) * 4,
                                                   taps, Int32(rest), target + 4 * direct)
            }
        }
    }

    /// A pixel pointer as the C kernels take it: 4 floats a pixel, the layout of SIMD4<Float>.
    private static func floats(_ pixels: UnsafePointer<SIMD4<Float>>) -> UnsafePointer<Float> {
        UnsafeRawPointer(pixels).assumingMemoryBound(to: Float.self)
    }

    private static func floats(_ pixels: UnsafeMutablePointer<SIMD4<Float>>) -> UnsafeMutablePointer<Float> {
        UnsafeMutableRawPointer(pixels).assumingMemoryBound(to: Float.self)
    }

    /// Makes every output row whose source rows have all arrived.
    private func emitReadyRows() {
        while rowsEmitted < targetSize.height {
            let y = rowsEmitted
            let first = vertical.starts[y]
            let count = vertical.counts[y]
            guard first + count <= rowsConsumed else { return }
            for t in 0..<count {
                tapRows[t] = UnsafePointer(ring + ((first + t) % ringRows) * targetSize.width)
            }
            vertical.weights.withUnsafeBufferPointer { weights in
                let rowWeights = weights.baseAddress! + y * vertical.tapCount
                switch kernel {
                case .portable:
                    VerticalPass.run(rows: tapRows, weights: rowWeights, tapCount: count, length: targetSize.width,
                                     into: accumulator)
                case .avx2FMA:
                    let rows = UnsafeRawPointer(tapRows).assumingMemoryBound(to: UnsafePointer<Float>?.self)
                    wt_resample_vertical_avx2(rows, rowWeights, Int32(count), Int32(targetSize.width),
                                              Self.floats(accumulator))
                }
            }
            output.withUnsafeMutableBufferPointer { out in
                let row = out.baseAddress! + y * targetSize.width * 4
                switch kernel {
                case .portable: Premultiplication.store(accumulator, count: targetSize.width, into: row)
                case .avx2FMA: wt_resample_store_avx2(Self.floats(accumulator), Int32(targetSize.width), row)
                }
            }
            rowsEmitted += 1
        }
    }
}

/// One stream belongs to one decode: it mutates buffers on every row and is not shared.
@available(*, unavailable)
extension ResamplingStream: Sendable {}
