/// The formats we decode, decided by their first bytes (`FormatSniffer`), never by file name.
/// Each format's facts are one row of `declaration`: the formats we write whose files are of
/// it, its name where that is not theirs, the extensions a folder walk takes and how its first
/// bytes tell it. The sniffer, the walk, help and messages read them; `Decoders` gives each
/// its one decoder. Wider than what a container stores (`StoredFormat`): HEIF files, HEIC and
/// AVIF alike, are read by one decoder over libheif.
public enum SourceFormat: String, Sendable, Codable, CaseIterable {
    /// JPEG.
    case jpeg
    /// PNG.
    case png
    /// WebP.
    case webp
    /// HEIF/HEIC and AVIF (the same container; libheif decodes both).
    case heif

    /// How a format's first bytes tell it.
    enum Signature {
        /// The magic bytes of one of the formats we write (`StoredFormat(magicBytesOf:)`).
        case writtenMagic
        /// An ISO media `ftyp` box whose major brand or a compatible brand is one of these.
        case brands(Set<String>)
    }

    /// Everything the sniffer, the walk and the messages know about one format.
    private struct Declaration {
        /// The formats we write whose files are of this format, named explicitly (a raw value
        /// shared with `StoredFormat` joins nothing): their extensions are walked, and their
        /// names are what help calls the files.
        var written: [StoredFormat]
        /// How messages name the format; nil when it is its one written format's name.
        var name: String? = nil
        /// Lower-case extensions a folder walk takes besides the written formats' own.
        var otherExtensions: [String] = []
        var signature: Signature
    }

    private var declaration: Declaration {
        switch self {
        case .jpeg: Declaration(written: [.jpeg], signature: .writtenMagic)
        case .png: Declaration(written: [.png], signature: .writtenMagic)
        case .webp: Declaration(written: [.webp], signature: .writtenMagic)
        // HEIC and AVIF, ours or anyone's: the image brands of HEIF (ISO/IEC 23008-12) and AVIF
        // decide (an MP4 video has ftyp too): HEVC stills and sequences, the structural
        // mif1/msf1, and AV1. Some cameras name their HEIF files .hif.
        case .heif: Declaration(written: [.heic, .avif], name: "HEIF", otherExtensions: ["hif"],
                                signature: .brands(["heic", "heix", "hevc", "hevx", "heim", "heis", "hevm", "hevs",
                                                    "mif1", "msf1", "avif", "avis"]))
        }
    }

    /// How messages name the format: "JPEG", "PNG", "WebP", "HEIF".
    public var name: String { declaration.name ?? declaration.written[0].name }

    /// The formats we write whose files are of this one: `.heic` and `.avif` for `.heif`.
    public var writtenFormats: [StoredFormat] { declaration.written }

    /// The names people know the format's files by, for help: its written formats' ("HEIC",
    /// "AVIF"), or its own name when we write none.
    public var fileKindNames: [String] {
        declaration.written.isEmpty ? [name] : declaration.written.map(\.name)
    }

    /// The extensions a folder walk takes for the format, lower case (matched ignoring case):
    /// its written formats' and its own others.
    public var fileExtensions: [String] {
        declaration.written.flatMap(\.fileExtensions) + declaration.otherExtensions
    }

    /// Every extension a folder walk takes, in the order of `allCases`.
    public static var walkedExtensions: [String] { allCases.flatMap(\.fileExtensions) }

    /// "JPEG, PNG, WebP or HEIF": every format's `name`, for messages.
    public static func names(_ conjunction: String) -> String {
        allCases.map(\.name).spokenList(conjunction)
    }

    /// "JPEG, PNG, WebP, HEIC and AVIF": every `fileKindNames`, for help.
    public static func fileKindNames(_ conjunction: String) -> String {
        allCases.flatMap(\.fileKindNames).spokenList(conjunction)
    }

    /// The format whose signature `bytes` (a file's first bytes) carry, or nil.
    static func identify(_ bytes: some Collection<UInt8>) -> SourceFormat? {
        let written = StoredFormat(magicBytesOf: bytes)
        let fileType = HEIFFileType(Array(bytes.prefix(HEIFFileType.sniffLength)))
        return allCases.first { $0.matches(written: written, fileType: fileType) }
    }

    /// Whether a file whose magic bytes are `written`'s and whose `ftyp` box is `fileType`
    /// (each nil when absent) is of this format.
    func matches(written: StoredFormat?, fileType: HEIFFileType?) -> Bool {
        switch declaration.signature {
        case .writtenMagic: written.map(declaration.written.contains) ?? false
        case .brands(let brands): fileType?.hasBrand(in: brands) ?? false
        }
    }
}
