/// A HEIC primary image as HEVC tiles we decode ourselves (`HEVCTileStream`): one `hvc1`
/// item, or a `grid` of them, each 8-bit 4:2:0, with at most `irot` as its transform.
/// Everything else (alpha, deeper samples, `imir`, `clap`, AVIF, data in odd places) is left
/// to libheif: nil means "use libheif", never "damaged".
struct HEVCTileLayout {
    struct Tile {
        /// The tile's `hvcC` property payload (its parameter sets).
        var config: Range<Int>
        /// Its coded bytes, as ranges of the file.
        var data: [Range<Int>]
    }

    var rows: Int
    var columns: Int
    var tileSize: PixelSize
    /// The image as stored (the grid's output size, or the item's `ispe`), before `irot`.
    var storedSize: PixelSize
    /// Row by row.
    var tiles: [Tile]
    /// The `irot` rotation, 0 when there is none.
    var degreesAnticlockwise: Int

    init?(_ boxes: HEIFBoxes, maxTiles: Int) {
        guard let primary = boxes.primaryItem, let type = boxes.primaryType else { return nil }
        var rotation = 0
        for transform in boxes.primaryTransforms {
            guard case .rotation(let degrees) = transform else { return nil }
            rotation = (rotation + degrees) % 360
        }
        degreesAnticlockwise = rotation
        switch type {
        case "hvc1":
            guard let tile = Self.tile(primary, in: boxes) else { return nil }
            rows = 1
            columns = 1
            tileSize = tile.size
            storedSize = tile.size
            tiles = [tile.tile]
        case "grid":
            guard let grid = Self.grid(primary, in: boxes), let inputs = boxes.derivedInputs[primary],
                  inputs.count == grid.rows * grid.columns, inputs.count <= maxTiles else { return nil }
            var found: [Tile] = []
            var size: PixelSize?
            for input in inputs {
                guard boxes.itemTypes[input] == "hvc1", let tile = Self.tile(input, in: boxes),
                      size == nil || size == tile.size else { return nil }
                size = tile.size
                found.append(tile.tile)
            }
            // The tiles must cover the output, and every column and row must show in it.
            guard let size, grid.columns * size.width >= grid.size.width, grid.rows * size.height >= grid.size.height,
                  (grid.columns - 1) * size.width < grid.size.width, (grid.rows - 1) * size.height < grid.size.height
            else { return nil }
            rows = grid.rows
            columns = grid.columns
            tileSize = size
            storedSize = grid.size
            tiles = found
        default:
            return nil
        }
    }

    /// An hvc1 item with one `hvcC` (8-bit 4:2:0), one `ispe` and its bytes in the file.
    private static func tile(_ item: UInt32, in boxes: HEIFBoxes) -> (tile: Tile, size: PixelSize)? {
        var config: Range<Int>?
        var size: PixelSize?
        for index in boxes.propertyIndices[item] ?? [] where index >= 1 && index <= boxes.properties.count {
            let property = boxes.properties[index - 1]
            switch property.type {
            case "hvcC":
                // chroma_format_idc 1 (4:2:0), luma and chroma bit depth 8.
                guard property.payload.count >= 23, let chroma = boxes.reader.u8(property.payload.lowerBound + 16),
                      let luma = boxes.reader.u8(property.payload.lowerBound + 17),
                      let chromaDepth = boxes.reader.u8(property.payload.lowerBound + 18),
                      chroma & 3 == 1, luma & 7 == 0, chromaDepth & 7 == 0 else { return nil }
                config = property.payload
            case "ispe":
                guard let width = boxes.reader.u32(property.payload.lowerBound + 4),
                      let height = boxes.reader.u32(property.payload.lowerBound + 8),
                      width > 0, height > 0, width <= 1 << 16, height <= 1 << 16 else { return nil }
                size = PixelSize(width: Int(width), height: Int(height))
            default:
                break
            }
        }
        guard let config, let size, let data = boxes.locations[item] else { return nil }
        return (Tile(config: config, data: data), size)
    }

    /// The `grid` item's ImageGrid structure (ISO/IEC 23008-12 6.6.2.3.2).
    private static func grid(_ item: UInt32, in boxes: HEIFBoxes) -> (rows: Int, columns: Int, size: PixelSize)? {
        guard let ranges = boxes.locations[item], ranges.count == 1, let range = ranges.first, range.count >= 8 else {
            return nil
        }
        let reader = boxes.reader
        let start = range.lowerBound
        guard reader.u8(start) == 0, let flags = reader.u8(start + 1), let rows = reader.u8(start + 2),
              let columns = reader.u8(start + 3) else { return nil }
        let wide = flags & 1 != 0
        guard range.count >= (wide ? 12 : 8) else { return nil }
        let width = wide ? reader.u32(start + 4).map(Int.init) : reader.u16(start + 4).map(Int.init)
        let height = wide ? reader.u32(start + 8).map(Int.init) : reader.u16(start + 6).map(Int.init)
        guard let width, let height, width > 0, height > 0 else { return nil }
        return (Int(rows) + 1, Int(columns) + 1, PixelSize(width: width, height: height))
    }
}
