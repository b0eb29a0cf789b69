/// The longest side a fix gives an image so the next `check` accepts it: under every archival
/// cap that fails the check in every slot it is drawn in (`CheckScope.fails`: an assumed cap of
/// devices nobody named is a risk, and never shrinks an image), its decoded bitmap under the
/// extension's memory, and no larger than it is drawn (the largest slot it fills, or its frame
/// at the largest drawing scale), so a fix does not trade one finding for another.
public struct ConformingSize: Sendable, Equatable {
    /// The longest side, in pixels, the picture is fitted into (`thumbnail --max-side`).
    public var maxSide: Int
    /// The area the result stays within (the binding cap), when one binds.
    public var areaLimit: Int?

    /// The conforming size of the image in `scope`, for a picture of the image's shape: nil
    /// when nothing bounds it (no slot drawn, no cap counted).
    public static func of(_ scope: CheckScope) -> ConformingSize? {
        let size = scope.facts.size
        guard size.width > 0, size.height > 0 else { return nil }
        var limit = scope.shown.flatMap { scope.slots($0) }.filter { scope.fails($0.slot) }.map(\.slot.capPixels).min()
        let memory = BitmapCost.memoryLimitBytes(of: scope.drawingRows, in: scope.context.catalog)
        if !scope.drawingRows.isEmpty, memory > 0 {
            let memoryArea = (memory - 1) / max(1, scope.facts.bytesPerPixel)
            limit = min(limit ?? memoryArea, memoryArea)
        }
        let capSide = limit.map { largestSide(of: size, within: $0) }
        let needed = neededSide(scope)
        guard let side = [capSide, needed].compactMap({ $0 }).min() else { return nil }
        return ConformingSize(maxSide: max(1, side), areaLimit: limit)
    }

    /// The longest side the image needs to be drawn without upscaling, by how it is drawn; nil
    /// when nothing says (`DrawnRole.unknown`, or no slot drawn).
    static func neededSide(_ scope: CheckScope) -> Int? {
        let size = scope.facts.size
        let long = Double(max(size.width, size.height))
        let factors: [Double]
        switch scope.facts.drawn {
        case .unknown:
            return nil
        case .fillsSlot:
            // Cover: the picture covers the slot, so the side that binds is the larger ratio.
            factors = scope.shown.flatMap { scope.slots($0) }.map { item in
                max(Double(item.slot.pixels.width) / Double(size.width), Double(item.slot.pixels.height) / Double(size.height))
            }
        case .framed(let width, let height):
            // Fitted into the frame: the smaller ratio of the sides given (as `undersized`).
            factors = scope.drawingRows.compactMap { row in
                [width.map { $0 * Double(row.scale) / Double(size.width) },
                 height.map { $0 * Double(row.scale) / Double(size.height) }].compactMap { $0 }.min()
            }
        }
        return factors.max().map { Int((long * $0).rounded(.up)) }
    }

    /// The largest longest side `n` at which `size` fitted into an `n` x `n` box has at most
    /// `area` pixels, each side rounded up (the resizer may round either way: rounding up here
    /// keeps the result under the cap whichever it does).
    public static func largestSide(of size: PixelSize, within area: Int) -> Int {
        let long = max(size.width, size.height)
        func fits(_ side: Int) -> Bool {
            let width = (size.width * side + long - 1) / long
            let height = (size.height * side + long - 1) / long
            return width * height <= area
        }
        var side = Int((Double(long) * (Double(area) / Double(size.area)).squareRoot()).rounded(.down))
        side = min(max(side, 1), long)
        while side > 1 && !fits(side) { side -= 1 }
        while side < long && fits(side + 1) { side += 1 }
        return side
    }
}
