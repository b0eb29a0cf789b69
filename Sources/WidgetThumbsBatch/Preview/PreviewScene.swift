import WidgetThumbnails

/// WidgetKit's rendering modes, as the preview page draws them (the README's "The preview page" section).
enum RenderingMode: String, Equatable {
    /// The image as it is, over the widget's own background.
    case fullColor
    /// Luminance as alpha in one flat tint over the tinted wallpaper (tinted and clear Home
    /// Screens): what `RenderAppearance` measures with the same Rec. 709 weights.
    case accented
    /// Desaturated over the Lock Screen wallpaper, only grey level and opacity left.
    case vibrant

    /// How the page names it.
    var title: String {
        switch self {
        case .fullColor: "full colour"
        case .accented: "accented"
        case .vibrant: "vibrant"
        }
    }
}

/// An sRGB colour as the page writes it (`#rrggbb`).
struct PageColor: Equatable {
    let red: UInt8
    let green: UInt8
    let blue: UInt8

    init(_ hex: UInt32) {
        red = UInt8(hex >> 16 & 0xFF)
        green = UInt8(hex >> 8 & 0xFF)
        blue = UInt8(hex & 0xFF)
    }

    var css: String { "#" + [red, green, blue].map { String($0, radix: 16).leftPadded(to: 2) }.joined() }

    /// Rec. 709 luma on the sRGB values, 0-1: picks the caption ink.
    var luma: Double { (0.2126 * Double(red) + 0.7152 * Double(green) + 0.0722 * Double(blue)) / 255 }
}

/// One wallpaper panel of a card: a wallpaper and how widgets are drawn over it. Every colour
/// of the page's scenes is declared here, once; the page writes them as CSS custom properties
/// (`--wall-<id>`, `--widget-<id>`, `--tint-<id>`) and the SVG filters' flood colours from the
/// same values.
struct PreviewScene: Equatable {
    /// The rendering mode with the colour it needs.
    enum Drawing: Equatable {
        /// Over the widget's own background (`widget`), seen through transparent pixels.
        case fullColor(widget: PageColor)
        /// Luminance as alpha in `tint`, straight over the wallpaper.
        case accented(tint: PageColor)
        /// Desaturated, straight over the wallpaper.
        case vibrant

        var mode: RenderingMode {
            switch self {
            case .fullColor: .fullColor
            case .accented: .accented
            case .vibrant: .vibrant
            }
        }
    }

    /// `light`, `tinted-dark`...: the CSS class and custom-property suffix.
    let id: String
    /// The caption.
    let title: String
    let wallpaper: PageColor
    let drawing: Drawing

    var mode: RenderingMode { drawing.mode }

    /// Light and dark Home Screens in full colour and accented, then the Lock Screen (vibrant,
    /// for the accessory families alone).
    static let all: [PreviewScene] = [
        PreviewScene(id: "light", title: "Light", wallpaper: PageColor(0xDCE3EE), drawing: .fullColor(widget: PageColor(0xFFFFFF))),
        PreviewScene(id: "dark", title: "Dark", wallpaper: PageColor(0x2A3347), drawing: .fullColor(widget: PageColor(0x1C1C1E))),
        PreviewScene(id: "tinted-light", title: "Tinted light", wallpaper: PageColor(0x8496B4),
                     drawing: .accented(tint: PageColor(0xF4F7FF))),
        PreviewScene(id: "tinted-dark", title: "Tinted dark", wallpaper: PageColor(0x1A2130),
                     drawing: .accented(tint: PageColor(0xA8C4F0))),
        PreviewScene(id: "lock-screen", title: "Lock Screen", wallpaper: PageColor(0x34466A), drawing: .vibrant),
    ]

    /// Whether widgets of `family` are drawn in this scene: vibrant is the Lock Screen's, where
    /// only the accessory families live.
    func shows(_ family: WidgetFamily) -> Bool {
        mode != .vibrant || family.isAccessory
    }

    /// The id of the SVG filter this scene's widgets are drawn through, or nil for full colour.
    var filterID: String? { mode == .fullColor ? nil : "mode-\(id)" }

    /// The scene's SVG filter. `color-interpolation-filters="sRGB"` keeps the arithmetic on the
    /// stored sRGB values, as `RenderAppearance` measures them. Accented: luminanceToAlpha (SVG's
    /// Rec. 709 weights, on unpremultiplied colour) times the source alpha, flooded with the
    /// tint. Vibrant: saturation 0, alpha kept. The region is the element's box, so nothing is
    /// drawn outside the frame.
    var filter: HTML? {
        guard let filterID else { return nil }
        let open: HTML = "<filter id=\"\(filterID)\" x=\"0\" y=\"0\" width=\"1\" height=\"1\" color-interpolation-filters=\"sRGB\">"
        switch drawing {
        case .fullColor:
            return nil
        case .accented(let tint):
            return """
                \(open)<feColorMatrix in="SourceGraphic" type="luminanceToAlpha" result="luma"/>\
                <feComposite in="luma" in2="SourceAlpha" operator="arithmetic" k1="1" result="alpha"/>\
                <feFlood flood-color="\(tint.css)"/><feComposite in2="alpha" operator="in"/></filter>
                """
        case .vibrant:
            return "\(open)<feColorMatrix type=\"saturate\" values=\"0\"/></filter>"
        }
    }

    /// The scene's custom properties and rules.
    var css: String {
        var properties = ["--wall-\(id):\(wallpaper.css)"]
        switch drawing {
        case .fullColor(let widget): properties.append("--widget-\(id):\(widget.css)")
        case .accented(let tint): properties.append("--tint-\(id):\(tint.css)")
        case .vibrant: break
        }
        let ink = wallpaper.luma > 0.55 ? "#1d1d1f" : "#f5f5f7"
        var rules = [":root{\(properties.joined(separator: ";"))}",
                     ".scene-\(id){background:var(--wall-\(id));color:\(ink)}"]
        if case .fullColor = drawing { rules.append(".scene-\(id) .frame{background:var(--widget-\(id))}") }
        if let filterID { rules.append(".scene-\(id) .art{filter:url(#\(filterID))}") }
        return rules.joined(separator: "\n")
    }
}

extension String {
    /// The string with leading zeros up to `width` characters.
    fileprivate func leftPadded(to width: Int) -> String {
        String(repeating: "0", count: max(0, width - count)) + self
    }
}
