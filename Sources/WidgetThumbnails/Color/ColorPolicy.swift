/// What to do with a source's ICC profile. Either way the thumbnail looks like the source:
/// a profile is never dropped without converting.
public enum ColorPolicy: String, Sendable, Codable, CaseIterable {
    /// Convert RGB pixels from the embedded profile to sRGB (Little CMS, relative colorimetric
    /// with black-point compensation) and write the thumbnail untagged, which every viewer
    /// reads as sRGB. The default: small files, safe for mixed sources.
    case convertToSRGB = "convert"
    /// Leave the pixels as they are and embed the source profile in the thumbnail. Keeps wide
    /// gamut (Display P3) on wide-gamut screens, costs the profile's bytes.
    case embedProfile = "embed"
}
