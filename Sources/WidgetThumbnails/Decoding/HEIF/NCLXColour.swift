import CColorManagement

/// A HEIF `nclx` colour description (ITU-T H.273 code points), and the ICC profile that
/// stands for it so the usual colour policy can apply: BT.709/sRGB passes through untouched;
/// other primaries (Display P3, BT.2020) and transfers (PQ, HLG) get a Little CMS profile built
/// from the primaries and the transfer function. PQ and HLG are clipped at 203 cd/m² (BT.2408
/// reference white): an 8-bit sRGB thumbnail has no headroom, and the profile's name says so.
public struct NCLXColour: Sendable, Equatable, Codable, CustomStringConvertible {
    /// `colour_primaries` code point (1: BT.709, 9: BT.2020, 12: Display P3, ...).
    public var primaries: Int
    /// `transfer_characteristics` code point (1: BT.709, 13: sRGB, 16: PQ, 18: HLG, ...).
    public var transfer: Int
    /// `matrix_coefficients` code point: the YCbCr-to-RGB matrix libheif uses.
    public var matrix: Int
    /// Whether samples use the full range (0-255) rather than the limited video range.
    public var fullRange: Bool
    /// CIE xy of red, green, blue and white as libheif decodes `primaries`.
    public var chromaticities: [Float]

    /// Memberwise: each parameter sets the property of the same name, except that primaries 2
    /// ("unspecified") get BT.709's chromaticities, as libheif decodes them: libheif 1.15
    /// hands out none for code 2, and a file that leaves its primaries unspecified (every
    /// AVIF `heif-enc -A` writes) must not be refused for it.
    public init(primaries: Int, transfer: Int, matrix: Int, fullRange: Bool, chromaticities: [Float]) {
        self.primaries = primaries
        self.transfer = transfer
        self.matrix = matrix
        self.fullRange = fullRange
        self.chromaticities = primaries == 2 ? Self.bt709Chromaticities : chromaticities
    }

    /// CIE xy of BT.709's (and sRGB's) red, green, blue and D65 white (ITU-R BT.709-6 table 1).
    static let bt709Chromaticities: [Float] = [0.64, 0.33, 0.30, 0.60, 0.15, 0.06, 0.3127, 0.3290]

    /// BT.709 primaries (or unspecified) with an SDR camera or sRGB curve (or unspecified),
    /// and a matrix libheif knows: sRGB as browsers and libvips show it.
    public var isSRGB: Bool {
        [1, 2].contains(primaries) && [1, 2, 6, 13, 14, 15].contains(transfer) && hasKnownCodes
    }

    /// False when libheif refused one of the code points (the chromaticities are then zero).
    public var hasKnownCodes: Bool { chromaticities.count == 8 && chromaticities.allSatisfy { $0 > 0 } }

    /// PQ or HLG: converted with highlights clipped.
    public var isHDR: Bool { transfer == 16 || transfer == 18 }

    /// A readable name for `primaries` ("Display P3"), or "code N" for one we do not name.
    public var primariesName: String {
        switch primaries {
        case 1: "BT.709"
        case 2: "unspecified (taken as BT.709)"
        case 4: "BT.470 M"
        case 5: "BT.601 625"
        case 6, 7: "BT.601 525"
        case 9: "BT.2020"
        case 11: "DCI-P3"
        case 12: "Display P3"
        default: "code \(primaries)"
        }
    }

    /// A readable name for `transfer` ("PQ"); codes we do not support say they are taken as sRGB.
    public var transferName: String {
        switch transfer {
        case 1, 6, 14, 15: "BT.709"
        case 2: "unspecified (taken as sRGB)"
        case 4: "gamma 2.2"
        case 5: "gamma 2.8"
        case 8: "linear"
        case 13: "sRGB"
        case 16: "PQ"
        case 18: "HLG"
        default: "code \(transfer) (not supported, taken as sRGB)"
        }
    }

    /// Every code point with its name, as `inspect` prints it.
    public var description: String {
        "nclx primaries \(primaries) (\(primariesName)), transfer \(transfer) (\(transferName)), matrix \(matrix), \(fullRange ? "full" : "limited") range"
    }

    /// The profile to convert from, or nil when the colours are sRGB already. Throws
    /// `unsupportedFormat` for primaries Little CMS cannot build a profile from: a wrong colour
    /// must not pass silently.
    public func profile() throws(ImageError) -> ICCProfile? {
        guard !isSRGB else { return nil }
        let (curve, gamma): (wt_color_transfer, Double) = switch transfer {
        case 1, 6, 14, 15: (WT_COLOR_TRANSFER_BT709, 0)
        case 4: (WT_COLOR_TRANSFER_GAMMA, 2.2)
        case 5: (WT_COLOR_TRANSFER_GAMMA, 2.8)
        case 8: (WT_COLOR_TRANSFER_GAMMA, 1.0)
        case 16: (WT_COLOR_TRANSFER_PQ, 0)
        case 18: (WT_COLOR_TRANSFER_HLG, 0)
        default: (WT_COLOR_TRANSFER_SRGB, 0)
        }
        let clipped = isHDR ? ", clipped above 203 cd/m²" : ""
        let name = "HEIF nclx \(primariesName) primaries, \(transferName) transfer\(clipped)"
        var xy = chromaticities.count == 8 ? chromaticities : [Float](repeating: 0, count: 8)
        let size = xy.withUnsafeMutableBufferPointer {
            wt_color_rgb_profile($0.baseAddress, curve, gamma, name, nil, 0)
        }
        guard size > 0 else {
            throw ImageError(.unsupportedFormat, "no colour profile can be built for \(self)")
        }
        var bytes = [UInt8](repeating: 0, count: size)
        let written = xy.withUnsafeMutableBufferPointer { chromaticities in
            bytes.withUnsafeMutableBufferPointer {
                wt_color_rgb_profile(chromaticities.baseAddress, curve, gamma, name, $0.baseAddress, $0.count)
            }
        }
        guard written == size else {
            throw ImageError(.unsupportedFormat, "Little CMS could not write a profile for \(self)")
        }
        return ICCProfile(data: bytes)
    }
}
