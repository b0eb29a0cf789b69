/// The `ftyp` box that opens every HEIF file: its major brand and compatible brands decide
/// whether the file is a HEIF image, never the file name.
struct HEIFFileType: Equatable {
    /// How much of the file the sniffer hands over: an ftyp box rarely lists more than a
    /// dozen brands.
    static let sniffLength = 256

    var majorBrand: String
    var compatibleBrands: [String]

    /// Reads the first box when it is `ftyp`; nil otherwise. Brands past `bytes` are not read.
    init?(_ bytes: [UInt8]) {
        guard bytes.count >= 12, String(decoding: bytes[4..<8], as: UTF8.self) == "ftyp" else { return nil }
        let declared = Int(bytes[0]) << 24 | Int(bytes[1]) << 16 | Int(bytes[2]) << 8 | Int(bytes[3])
        let end = min(bytes.count, max(12, declared))
        majorBrand = String(decoding: bytes[8..<12], as: UTF8.self)
        // After the major brand comes a 4-byte minor version, then the compatible brands.
        compatibleBrands = stride(from: 16, to: end - 3, by: 4).map { String(decoding: bytes[$0..<$0 + 4], as: UTF8.self) }
    }

    /// True when the major brand or any compatible brand is one of `brands`.
    func hasBrand(in brands: Set<String>) -> Bool {
        brands.contains(majorBrand) || compatibleBrands.contains { brands.contains($0) }
    }

    /// True when a brand is a HEIF image brand (`SourceFormat.heif`'s row lists them).
    var isHEIF: Bool { SourceFormat.heif.matches(written: nil, fileType: self) }

    /// "AVIF" for AV1 brands, "HEIF" otherwise.
    var formatName: String {
        ["avif", "avis"].contains(majorBrand) ? "AVIF" : "HEIF"
    }
}
