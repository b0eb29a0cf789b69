/// What happened to a thumbnail's colour, for the report.
public struct ColorHandling: Sendable, Codable, Equatable, CustomStringConvertible {
    /// What was done to the colour.
    public enum Action: String, Sendable, Codable {
        /// No profile in the source: its pixels are sRGB by convention; output untagged.
        case untaggedSRGB
        /// The source profile is sRGB: output untagged (the same colours, no profile bytes).
        case sRGBProfileDropped
        /// Pixels converted from the source profile to sRGB; output untagged.
        case convertedToSRGB
        /// Source profile embedded in the output; pixels unchanged.
        case profileEmbedded
        /// A gray profile on a gray image: treated as sRGB gray (the tone curves agree to
        /// within a level or two for gamma-2.2 gray profiles).
        case grayProfileAsSRGB
        /// CMYK converted with the plain formula; the CMYK profile does not apply to RGB.
        case cmykApproximated
        /// The profile could not be read or used: pixels treated as sRGB.
        case unusableProfileIgnored
    }

    /// What was done.
    public var action: Action
    /// The source profile's description, when there was one.
    public var sourceProfile: String?

    /// A record of `action`, naming the source's profile when it had one.
    public init(_ action: Action, sourceProfile: String? = nil) {
        self.action = action
        self.sourceProfile = sourceProfile
    }

    /// What was done to the colours, naming the source's profile ("converted \"Display P3\" to sRGB").
    public var description: String {
        let name = sourceProfile.map { "\"\($0)\"" } ?? "the profile"
        switch action {
        case .untaggedSRGB: return "sRGB (untagged source)"
        case .sRGBProfileDropped: return "sRGB (\(name) is sRGB)"
        case .convertedToSRGB: return "converted \(name) to sRGB"
        case .profileEmbedded: return "embedded \(name)"
        case .grayProfileAsSRGB: return "gray \(name) treated as sRGB"
        case .cmykApproximated: return "CMYK converted without \(name)"
        case .unusableProfileIgnored: return "unusable \(name) ignored, treated as sRGB"
        }
    }
}
