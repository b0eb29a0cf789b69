extension RenderCost {
    /// How a thumbnail fits one family's slot on one device class.
    public struct DeviceFit: Sendable, Equatable {
        /// iPhone or iPad (JSON: "iPhone" or "iPad").
        public var device: DeviceClass.Idiom
        /// The device class's portrait screen in points (JSON: "393x852").
        public var screen: PointSize
        /// The device class's scale (pixels per point).
        public var scale: Int
        /// The slot's width in pixels.
        public var slotWidth: Int
        /// The slot's height in pixels.
        public var slotHeight: Int
        /// The largest pixel area WidgetKit archives for this slot.
        public var archivalCapPixels: Int
        /// Whether the thumbnail's pixel area is under that cap.
        public var fits: Bool

        /// The device class's name, "iPhone 430x932@3x", for a person to read.
        public var deviceName: String { DeviceClass.name(idiom: device, screen: screen, scale: scale) }
    }
}

// The JSON keeps the screen as the text the reports have always printed.
extension RenderCost.DeviceFit: Codable {
    private enum CodingKeys: String, CodingKey {
        case device, screen, scale, slotWidth, slotHeight, archivalCapPixels, fits
    }

    /// Reads the JSON `budget --json` and `batch --json` print.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        device = try container.decode(DeviceClass.Idiom.self, forKey: .device)
        let screenText = try container.decode(String.self, forKey: .screen)
        guard let screen = PointSize(text: screenText) else {
            throw DecodingError.dataCorruptedError(forKey: .screen, in: container,
                                                   debugDescription: "\"\(screenText)\" is not a size like 393x852")
        }
        self.screen = screen
        scale = try container.decode(Int.self, forKey: .scale)
        slotWidth = try container.decode(Int.self, forKey: .slotWidth)
        slotHeight = try container.decode(Int.self, forKey: .slotHeight)
        archivalCapPixels = try container.decode(Int.self, forKey: .archivalCapPixels)
        fits = try container.decode(Bool.self, forKey: .fits)
    }

    /// Writes the screen as `393x852`, every other field as it is.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(device, forKey: .device)
        try container.encode(screen.description, forKey: .screen)
        try container.encode(scale, forKey: .scale)
        try container.encode(slotWidth, forKey: .slotWidth)
        try container.encode(slotHeight, forKey: .slotHeight)
        try container.encode(archivalCapPixels, forKey: .archivalCapPixels)
        try container.encode(fits, forKey: .fits)
    }
}
