import CHEIF
import CShimMessage

/// A HEIC primary decoded tile by tile straight through libde265 (the CHEIF `wt_hevc` calls)
/// and streamed through the resampler, 16 pixel rows at a time, a row of tiles kept decoded.
///
/// libheif makes a full-size canvas, converts every tile to RGB with scalar float code and
/// rotates the whole canvas: together as much work as decoding the HEVC itself. Here only a
/// row of tiles is held, in libde265's planes (a 4032-wide grid of 512 px tiles: 3 MB instead
/// of a 36 MB canvas plus libheif's planes), and `irot` turns only the small result.
/// Colours follow libheif's conversion (chroma from the nearest 4:2:0 sample), so both paths
/// give the same picture: the matrix and range of the file's nclx colr box, or without one
/// those of the HEVC stream's own VUI (a burst's images carry theirs only there), each tile's
/// as libde265 reports it, "unspecified" taken as BT.601 the way libheif takes it.
struct HEVCTileStream {
    let bytes: [UInt8]
    let layout: HEVCTileLayout
    /// The nclx box's conversion; nil: each tile's VUI decides.
    let fileMatrix: wt_hevc_matrix?
    let loopFilters: HEVCLoopFilters

    /// nil when the nclx box's matrix is one this path does not convert (libheif does).
    init?(bytes: [UInt8], layout: HEVCTileLayout, nclx: NCLXColour?, loopFilters: HEVCLoopFilters) {
        if let nclx {
            guard let matrix = Self.matrix(code: nclx.matrix, fullRange: nclx.fullRange) else { return nil }
            fileMatrix = matrix
        } else {
            fileMatrix = nil
        }
        self.bytes = bytes
        self.layout = layout
        self.loopFilters = loopFilters
    }

    /// ITU-T H.273 MatrixCoefficients as Kr and Kb, or nil for one this path does not convert.
    static func matrix(code: Int, fullRange: Bool) -> wt_hevc_matrix? {
        let weights: (Float, Float)
        switch code {
        case 1: weights = (0.2126, 0.0722)
        case 2, 5, 6: weights = (0.299, 0.114)  // 2, unspecified: libheif's default, BT.601
        case 9: weights = (0.2627, 0.0593)
        default: return nil
        }
        return wt_hevc_matrix(kr: weights.0, kb: weights.1, full_range: fullRange ? 1 : 0)
    }

    /// How `picture` becomes RGB: the file's nclx, else the picture's VUI. Throws for a VUI
    /// matrix this path does not convert, so the caller hands the image to libheif.
    private func matrix(of picture: OpaquePointer) throws(ImageError) -> wt_hevc_matrix {
        if let fileMatrix { return fileMatrix }
        var code: Int32 = 2
        var fullRange: Int32 = 0
        wt_hevc_picture_colour(picture, &code, &fullRange)
        guard let matrix = Self.matrix(code: Int(code), fullRange: fullRange != 0) else {
            throw ImageError(.unsupportedFormat, "the HEVC stream's matrix coefficients \(code) are not converted tile by tile")
        }
        return matrix
    }

    /// The upright image resampled to `target`; the time spent outside the resampler (decoding
    /// and converting tiles) is added to `decodeSeconds`.
    func resampled(to target: PixelSize, decodeSeconds: inout Double) throws(ImageError) -> RGBAImage {
        let start = ContinuousClock.now
        var resampling = Duration.zero
        defer { decodeSeconds += (ContinuousClock.now - start - resampling).totalSeconds }
        let orientation = Self.orientation(degreesAnticlockwise: layout.degreesAnticlockwise)
        let stored = layout.storedSize
        let stream = try ResamplingStream(sourceSize: stored, targetSize: orientation.swapsAxes ? target.transposed : target)
        let tile = layout.tileSize
        // A row of tiles stays decoded (libde265's planes, 1.5 bytes a pixel) while its pixel
        // rows go through the resampler a few at a time.
        let bandRows = 16
        var band = [UInt8](repeating: 0, count: bandRows * stored.width * 4)
        for row in 0..<layout.rows {
            var pictures: [OpaquePointer] = []
            var matrices: [wt_hevc_matrix] = []
            defer { pictures.forEach { wt_hevc_picture_free($0) } }
            for column in 0..<layout.columns {
                let picture = try decode(layout.tiles[row * layout.columns + column])
                pictures.append(picture)
                matrices.append(try matrix(of: picture))
                guard Int(wt_hevc_picture_width(picture)) == tile.width, Int(wt_hevc_picture_height(picture)) == tile.height
                else {
                    throw ImageError(.corruptImage, "a tile decoded to \(wt_hevc_picture_width(picture))x\(wt_hevc_picture_height(picture)) where the file declares \(tile)")
                }
            }
            let rowsShown = min(tile.height, stored.height - row * tile.height)
            var first = 0
            while first < rowsShown {
                let count = min(bandRows, rowsShown - first)
                band.withUnsafeMutableBufferPointer { buffer in
                    for (column, picture) in pictures.enumerated() {
                        let left = column * tile.width
                        let width = min(tile.width, stored.width - left)
                        for y in 0..<count {
                            let status = wt_hevc_picture_copy_rgba(picture, 0, Int32(first + y), Int32(width), matrices[column],
                                                                   buffer.baseAddress! + (y * stored.width + left) * 4)
                            precondition(status == 0, "the HEVC shim refused a checked row")
                        }
                    }
                }
                let before = ContinuousClock.now
                band.withUnsafeBufferPointer { stream.consume(rows: UnsafeBufferPointer(rebasing: $0[0..<count * stored.width * 4])) }
                resampling += ContinuousClock.now - before
                first += count
            }
        }
        return stream.finish().oriented(orientation)
    }

    private func decode(_ tile: HEVCTileLayout.Tile) throws(ImageError) -> OpaquePointer {
        // One extent (every camera): the file's own bytes; several: joined first.
        let joined: [UInt8]? = tile.data.count == 1 ? nil : tile.data.flatMap { bytes[$0] }
        var picture: OpaquePointer?
        let (status, text) = ShimMessage.call { message in
            bytes.withUnsafeBufferPointer { file in
                let config = file.baseAddress! + tile.config.lowerBound
                let skip: Int32 = loopFilters == .skipped ? 1 : 0
                if let joined {
                    return joined.withUnsafeBufferPointer { data in
                        wt_hevc_decode(config, tile.config.count, data.baseAddress, data.count, skip, &picture, message)
                    }
                }
                return wt_hevc_decode(config, tile.config.count, file.baseAddress! + tile.data[0].lowerBound,
                                      tile.data[0].count, skip, &picture, message)
            }
        }
        guard status == WT_STATUS_OK, let picture else {
            throw ShimStatus.error(status == WT_STATUS_OK ? WT_STATUS_CORRUPT : status, text)
        }
        return picture
    }

    /// `irot` as the EXIF orientation whose correction turns the image the same way.
    static func orientation(degreesAnticlockwise degrees: Int) -> EXIFOrientation {
        switch degrees {
        case 90: .left
        case 180: .down
        case 270: .right
        default: .up
        }
    }
}
