import WidgetThumbnails
import WidgetThumbsBatch

/// `widget-thumbs decode <file> --out <file.pam>`: the decoded, upright RGBA8 pixels as PAM,
/// in the layout `dwebp -pam` writes, so decoders can be compared byte for byte.
struct DecodeCommand: Command {
    static let file = ArgumentSpec("file", help: "The \(ReadableFormats.names("or")) image to decode.")
    static let out = OptionSpec.value(
        "out", short: "o", valueName: "file.pam", presence: .required,
        help: "Where to write the PAM image. Replaced atomically (never left half written), never the input; "
            + "a FIFO or a device is written into.")

    static let spec = CommandSpec(
        name: "decode",
        abstract: "Decode an image to RGBA8 PAM, upright (EXIF orientation applied).",
        discussion: """
            Decodes at full size. HEIC and AVIF come out upright by their own irot, imir and clap \
            (their EXIF orientation is not applied), 10- and 12-bit samples rounded to 8 bits. The output is `P7` PAM with DEPTH 4, MAXVAL 255 and TUPLTYPE \
            RGB_ALPHA, the same bytes `dwebp -pam` writes.
            """,
        arguments: [file],
        options: [out, ThumbnailArguments.strict])

    var input: String
    var output: String
    var strictness: Strictness

    init(_ arguments: ParsedArguments) throws(UsageError) {
        input = arguments.required(Self.file)
        output = arguments.required(Self.out)
        strictness = arguments.isSet(ThumbnailArguments.strict) ? .strict : .lenient
    }

    func run(_ console: Console) throws(ImageError) -> ExitStatus {
        let decoded = try ImageDecoder.decodeFile(atPath: input, options: DecodeOptions(strictness: strictness))
        let upright = decoded.image.oriented(decoded.info.orientation)
        try OutputPlacement.placeCommandOutput(PAMWriter.encode(upright), at: output, inputs: InputIdentities(path: input))
        return .success
    }
}
