/// Netpbm PAM for RGBA8, in exactly the layout `dwebp -pam` writes, so our decode can be
/// compared byte for byte with libwebp's reference md5s.
public enum PAMWriter {
    /// `image` as a PAM file: a `P7` text header (`TUPLTYPE RGB_ALPHA`) followed by its pixels.
    public static func encode(_ image: RGBAImage) -> [UInt8] {
        let header = "P7\nWIDTH \(image.width)\nHEIGHT \(image.height)\nDEPTH 4\nMAXVAL 255\nTUPLTYPE RGB_ALPHA\nENDHDR\n"
        return Array(header.utf8) + image.pixels
    }
}
