/// What the caller asks for: `auto`, or one of the formats a container stores (every
/// `StoredFormat` is a choice, by its raw value: "jpeg", "webp", ...).
public struct OutputFormat: RawRepresentable, CaseIterable, Hashable, Sendable, Codable {
    /// The format asked for; nil for `auto`.
    public let stored: StoredFormat?

    /// JPEG for opaque images, WebP for images with any transparency (JPEG has no alpha).
    /// Never any other format: what `auto` writes does not change as formats are added.
    public static let auto = OutputFormat(stored: nil)
    /// JPEG, whatever the image (alpha is flattened onto white).
    public static let jpeg = OutputFormat(.jpeg)
    /// WebP, whatever the image.
    public static let webp = OutputFormat(.webp)
    /// PNG, whatever the image.
    public static let png = OutputFormat(.png)

    private init(stored: StoredFormat?) {
        self.stored = stored
    }

    /// That format, whatever the image.
    public init(_ format: StoredFormat) {
        self.init(stored: format)
    }

    /// "auto" or a `StoredFormat` raw value; nil for anything else.
    public init?(rawValue: String) {
        if rawValue == "auto" {
            self = .auto
        } else if let format = StoredFormat(rawValue: rawValue) {
            self.init(format)
        } else {
            return nil
        }
    }

    /// The format a file name's extension asks for (`StoredFormat.fileExtensions`: `a.png` is
    /// PNG); nil for `-` and other extensions. `thumbnail -o` and `check --fix` both go by it,
    /// so a fixed file keeps the format its name says.
    public init?(ofName name: String) {
        guard name != "-", let dot = name.lastIndex(of: "."), !name[dot...].contains("/"),
              let format = StoredFormat(fileExtension: name[name.index(after: dot)...]) else { return nil }
        self.init(format)
    }

    /// "auto", "jpeg", "webp", ...
    public var rawValue: String { stored?.rawValue ?? "auto" }

    /// `auto`, then every stored format in `StoredFormat`'s order.
    public static var allCases: [OutputFormat] { [.auto] + StoredFormat.allCases.map(OutputFormat.init) }

    /// The format to write `image` in.
    public func resolved(for image: RGBAImage) -> StoredFormat {
        stored ?? (image.hasTransparency ? .webp : .jpeg)
    }
}
