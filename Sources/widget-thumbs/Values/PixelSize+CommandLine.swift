import WidgetThumbnails

extension PixelSize {
    /// `500x500` (or `500X500`): both sides whole numbers from 1 to 65535.
    init?(commandLine text: String) {
        let sides = text.lowercased().split(separator: "x", omittingEmptySubsequences: false)
        guard sides.count == 2, let width = Int(sides[0]), let height = Int(sides[1]),
              (1...65_535).contains(width), (1...65_535).contains(height) else { return nil }
        self.init(width: width, height: height)
    }
}
