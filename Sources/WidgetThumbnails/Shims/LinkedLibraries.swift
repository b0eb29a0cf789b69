import CColorManagement
import CHEIF
import CPNG
import CTurboJPEG

/// One system library this build decodes, encodes or manages colour with.
public struct LinkedLibrary: Sendable, Equatable {
    /// The project's name for it ("libheif").
    public let name: String
    /// Its version as the library reports it at run time, or as built against where it has no
    /// such call (`reportedAtRunTime` false).
    public let version: String
    /// Whether `version` came from the loaded library (false: the headers built against).
    public let reportedAtRunTime: Bool
    /// What else it says of itself: libheif's decoders and encoders (its plugins).
    public let details: [String]
}

/// The system libraries behind the decoders and encoders, as they describe themselves. Debian's
/// security updates keep the upstream version (libheif stays 1.15.1) and change the package
/// revision, so `widget-thumbs --version --verbose` prints the loaded files' packages beside this.
public enum LinkedLibraries {
    /// libjpeg-turbo, libpng, libwebp, libheif (with its codecs), libde265 and lcms2, in that order.
    public static var all: [LinkedLibrary] {
        [
            LinkedLibrary(name: "libjpeg-turbo", version: dotted(Int(wt_jpeg_library_version()), base: 1000),
                          reportedAtRunTime: false, details: []),
            LinkedLibrary(name: "libpng", version: String(cString: wt_png_version_text()), reportedAtRunTime: true, details: []),
            LinkedLibrary(name: "libwebp", version: dotted(WebPLibrary.version, base: 256),
                          reportedAtRunTime: true, details: []),
            LinkedLibrary(name: "libheif", version: String(cString: wt_heif_version_text()), reportedAtRunTime: true,
                          details: ["decoders: " + heifCodecs(encoders: false), "encoders: " + heifCodecs(encoders: true)]),
            LinkedLibrary(name: "libde265", version: String(cString: wt_de265_version_text()), reportedAtRunTime: true,
                          details: []),
            // lcms2 encodes 2.14 as 2140.
            LinkedLibrary(name: "lcms2", version: "\(wt_color_library_version() / 1000).\(wt_color_library_version() % 1000 / 10)",
                          reportedAtRunTime: true, details: []),
        ]
    }

    /// 2001005 (base 1000) -> "2.1.5"; 0x010204 (base 256) -> "1.2.4".
    private static func dotted(_ number: Int, base: Int) -> String {
        "\(number / (base * base)).\(number / base % base).\(number % base)"
    }

    private static func heifCodecs(encoders: Bool) -> String {
        var buffer = [CChar](repeating: 0, count: 1024)
        let count = wt_heif_codec_names(encoders ? 1 : 0, &buffer, buffer.count)
        guard count > 0 else { return "none" }
        return String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}

