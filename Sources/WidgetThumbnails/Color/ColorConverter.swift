import CColorManagement

/// Applies a `ColorPolicy` to decoded pixels and says what it did.
public enum ColorConverter {
    /// The converted pixels and what was done to their colour.
    public struct Result: Sendable {
        /// What happened to the colour, for the report.
        public var handling: ColorHandling
        /// The profile to embed in the output, when the policy keeps it.
        public var outputProfile: ICCProfile?
    }

    /// Converts `image` in place when the policy and the profile call for it. Cheap on a
    /// thumbnail, so the pipeline calls it after resampling.
    public static func apply(_ policy: ColorPolicy, profile: ICCProfile?, colorModel: ImageInfo.ColorModel,
                             to image: inout RGBAImage) -> Result {
        guard let profile else { return Result(handling: ColorHandling(.untaggedSRGB)) }
        let name = profile.description
        switch profile.colorSpace {
        case "RGB ":
            if isEquivalentToSRGB(profile) {
                return Result(handling: ColorHandling(.sRGBProfileDropped, sourceProfile: name))
            }
            if policy == .embedProfile {
                return Result(handling: ColorHandling(.profileEmbedded, sourceProfile: name), outputProfile: profile)
            }
            do {
                try convertToSRGB(&image, from: profile)
                return Result(handling: ColorHandling(.convertedToSRGB, sourceProfile: name))
            } catch {
                return Result(handling: ColorHandling(.unusableProfileIgnored, sourceProfile: name))
            }
        case "GRAY":
            return Result(handling: ColorHandling(.grayProfileAsSRGB, sourceProfile: name))
        case "CMYK":
            return Result(handling: ColorHandling(.cmykApproximated, sourceProfile: name))
        default:
            return Result(handling: ColorHandling(.unusableProfileIgnored, sourceProfile: name))
        }
    }

    /// Little CMS's built-in sRGB profile, for callers that want to tag output explicitly.
    public static let sRGBProfile: ICCProfile = {
        let size = wt_color_srgb_profile(nil, 0)
        var bytes = [UInt8](repeating: 0, count: size)
        let written = bytes.withUnsafeMutableBufferPointer { wt_color_srgb_profile($0.baseAddress, $0.count) }
        precondition(size > 0 && written == size, "lcms2 could not write its sRGB profile")
        return ICCProfile(data: bytes)
    }()

    /// Whether `profile` maps colours to sRGB unchanged (within one level), judged by what it
    /// does, not by its name: "Linear sRGB" or scRGB profiles are named sRGB but are not.
    /// A 6x6x6 cube of colours through Little CMS: cheap next to any image.
    public static func isEquivalentToSRGB(_ profile: ICCProfile) -> Bool {
        let levels: [UInt8] = [0, 51, 102, 153, 204, 255]
        var cube = [UInt8]()
        for red in levels { for green in levels { for blue in levels { cube += [red, green, blue, 255] } } }
        var image = RGBAImage(width: levels.count * levels.count * levels.count, height: 1, pixels: cube)
        do {
            try convertToSRGB(&image, from: profile)
        } catch {
            return false
        }
        return zip(image.pixels, cube).allSatisfy { abs(Int($0) - Int($1)) <= 1 }
    }

    /// RGB pixels from `profile` to sRGB through Little CMS.
    public static func convertToSRGB(_ image: inout RGBAImage, from profile: ICCProfile) throws(ImageError) {
        try convert(&image, from: profile, to: nil)
    }

    /// RGB pixels from one profile to another; nil stands for sRGB.
    public static func convert(_ image: inout RGBAImage, from source: ICCProfile?, to target: ICCProfile?) throws(ImageError) {
        let pixelCount = image.width * image.height
        let (status, text) = ShimMessage.call { message in
            withProfileBytes(source) { sourceBytes in
                withProfileBytes(target) { targetBytes in
                    image.pixels.withUnsafeMutableBufferPointer { pixels in
                        wt_color_transform_rgba(sourceBytes.baseAddress, sourceBytes.count,
                                                targetBytes.baseAddress, targetBytes.count,
                                                pixels.baseAddress, pixelCount, message)
                    }
                }
            }
        }
        guard status == 0 else {
            throw ImageError(.corruptImage, "colour conversion failed: \(text)")
        }
    }

    /// A profile's bytes, or an empty buffer with a nil base address (the shim's sRGB).
    private static func withProfileBytes<Result>(_ profile: ICCProfile?,
                                                 _ body: (UnsafeBufferPointer<UInt8>) -> Result) -> Result {
        guard let profile else { return body(UnsafeBufferPointer(start: nil, count: 0)) }
        return profile.data.withUnsafeBufferPointer(body)
    }
}
