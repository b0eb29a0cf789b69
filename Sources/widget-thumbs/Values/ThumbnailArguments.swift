import WidgetThumbnails

/// The options that shape one thumbnail (size, family, format, byte cap, quality, effort,
/// colour, strictness), shared by `batch` and `thumbnail`: declared once (on `BatchCommand`), read
/// once here.
enum ThumbnailArguments {
    static var specs: [OptionSpec] {
        [BatchCommand.family, BatchCommand.format, BatchCommand.maxSide, BatchCommand.maxBytes, BatchCommand.quality,
         .effort, BatchCommand.color, BatchCommand.strict, .fullDecode] + DeviceArguments.specs
    }

    static func options(_ arguments: ParsedArguments) throws(UsageError) -> ThumbnailOptions {
        var thumbnail = ThumbnailOptions()
        let side = try arguments.value(BatchCommand.maxSide, expected: "a whole number of pixels, 1-65535") {
            Int($0).flatMap { (1...65_535).contains($0) ? $0 : nil }
        } ?? 500
        thumbnail.box = PixelSize(width: side, height: side)
        if let name = arguments.value(BatchCommand.family) {
            if arguments.optionValues[BatchCommand.maxSide.name] != nil {
                throw UsageError("'--family' sizes the thumbnail itself; it cannot be combined with '--max-side'")
            }
            thumbnail.family = WidgetFamily(rawValue: name)
        }
        thumbnail.devices = try DeviceArguments.chosenDevices(arguments)
        thumbnail.format = OutputFormat(rawValue: arguments.required(BatchCommand.format)) ?? .auto
        let cap = try arguments.value(BatchCommand.maxBytes, expected: "a whole number of bytes, at least 1") {
            Int($0).flatMap { $0 >= 1 ? $0 : nil }
        } ?? ByteBudget.defaultCap
        thumbnail.budget = ByteBudget(cap: cap)
        if let start = try arguments.value(BatchCommand.quality, expected: "a whole number, 1-100", {
            Int($0).flatMap { (1...100).contains($0) ? $0 : nil }
        }) {
            thumbnail.quality = QualityRange(start: start, floor: min(start, QualityRange.jpeg.floor))
        }
        thumbnail.effort = try EncodeEffort(arguments)
        thumbnail.colorPolicy = ColorPolicy(rawValue: arguments.required(BatchCommand.color)) ?? .convertToSRGB
        thumbnail.strictness = arguments.isSet(BatchCommand.strict) ? .strict : .lenient
        thumbnail.embeddedThumbnails = EmbeddedThumbnailPolicy(arguments)
        thumbnail.hevcLoopFilters = HEVCLoopFilterPolicy(arguments)
        return thumbnail
    }
}
