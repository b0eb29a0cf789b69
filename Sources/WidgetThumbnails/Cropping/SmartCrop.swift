/// Placeholder until the smartcrop branch lands: centred.
enum SmartCrop {
    enum Strategy: Sendable { case entropy, attention }
    static func origin(of window: PixelSize, in image: RGBAImage, strategy: Strategy) -> (x: Int, y: Int) {
        ((image.width - window.width) / 2, (image.height - window.height) / 2)
    }
}
