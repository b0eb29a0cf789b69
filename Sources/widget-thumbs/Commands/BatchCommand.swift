import Foundation
import WidgetThumbnails
import WidgetThumbsBatch

/// `widget-thumbs batch <input>... --out <dir>`: thumbnails for every image in files and
/// folders, in parallel within a memory limit, skipping what is up to date. Docs/batch.md
/// describes naming, re-runs, sharding and the preview page.
struct BatchCommand: Command {
    static let inputs = ArgumentSpec("input", arity: .zeroOrMore,
                                     help: "Image files and folders of images "
                                        + "(\(ReadableFormats.walkedExtensions.joined(separator: ", ")) in folders).")
    static let out = OptionSpec.value(
        "out", short: "o", valueName: "dir", presence: .required,
        help: "The folder for the thumbnails, mirroring each input's path relative to the folder it came from. Created if missing.")
    static let jobs = OptionSpec.value(
        "jobs", short: "j", valueName: "n", presence: .optional,
        help: "Images thumbnailed at once (default: the number of processors online, \(BatchRunner.onlineProcessors) here).")
    static let memoryLimit = OptionSpec.value(
        "memory-limit", valueName: "MiB", presence: .defaulted("1024"),
        help: "Images start only while the sum of their estimated decode memory stays under this (16 to \(BatchSettings.maximumMemoryLimitMiB)); one larger image runs alone.")
    static let recursive = OptionSpec.flag("recursive", short: "r", help: "Also read the subfolders of folder inputs.")
    static let force = OptionSpec.flag("force", short: "f", help: "Redo thumbnails that are up to date.")
    static let overwrite = OptionSpec.flag(
        "overwrite", help: "Replace files at output paths that widget-thumbs did not make (never an input of the run).")
    static let json = OptionSpec.flag(
        "json", help: "Print one JSON document at the end: an entry per input, then a summary (holds every entry until then).")
    static let jsonLines = OptionSpec.flag(
        "json-lines", help: "Print one JSON object per input as it finishes, then {\"summary\": ...}: for jq and log shippers.")
    static let deviceDetail = OptionSpec.flag(
        "device-detail", help: "In --json-lines items, the render cost per device class instead of per family.")
    static let filesFrom = OptionSpec.value(
        "files-from", valueName: "file", presence: .optional,
        help: "Also take the names listed in this file, one per line ('-' for standard input); each is mirrored under --out by its path.")
    static let null = OptionSpec.flag(
        "null", short: "0", help: "The --files-from names are separated by NUL bytes (find -print0), not newlines.")
    static let fsync = OptionSpec.choice(
        "fsync", valueName: "when", default: Durability.each,
        help: "each: every thumbnail is flushed to disk before it is put in place (survives a power cut); none: no flush, for scratch runs.")
    static let quiet = OptionSpec.flag(
        "quiet", short: "q",
        help: "No progress bar, no summary and no rendering-mode warnings (--json has them); failures are still printed.")
    static let preview = OptionSpec.value(
        "preview", valueName: "page.html", presence: .optional,
        help: "Also write an HTML page (no script, no network) showing each input's thumbnails side by side in widget frames "
            + "(full colour, accented and, for accessory families, vibrant; light and dark wallpapers), their facts, "
            + "appearance warnings and per-family fit, and the failures. A page in --out or a folder above it links the "
            + "thumbnails by relative path; elsewhere, or with --preview-embed, it "
            + "embeds them. HEIC is shown as an embedded JPEG or PNG rendition. "
            + "With --shard K/N each shard writes its own page, PAGE.shard-K-of-N.html.").alias("contact-sheet")
    static let previewEmbed = OptionSpec.flag(
        "preview-embed", help: "Embed every thumbnail in the --preview page: one self-contained file to send, about 4/3 of the "
            + "thumbnails' bytes, which a browser holds in memory whole.")
    static let shard = OptionSpec.value(
        "shard", valueName: "k/n", presence: .optional,
        help: "Only the inputs whose relative path hashes to K of N (0 <= K < N): N processes split a job with no overlap. "
            + "'auto' reads K and N from the array job's scheduler ("
            + ShardScheduler.all.map(\.name).joined(separator: ", ")
            + "); 'auto/N' gives N where the scheduler does not. The shard found is printed on standard error.")
        .completing(.words(["auto"]))
    static let spec = CommandSpec(
        name: "batch",
        abstract: "Make widget thumbnails for files and folders of images, in parallel.",
        discussion: """
            Outputs mirror the inputs' relative paths under --out with the output format's extension \
            (photos/a.jpg -> OUT/a.jpg for the input 'photos'); inputs whose names collide (a.jpg and \
            a.png) keep their whole name (a.jpg.jpg, a.png.webp), as do names ending in a family \
            (a.systemSmall.png -> a.systemSmall.png.jpg) and names whose output would be a folder beside them; \
            with --families each input has one output per \
            family, from one decode (OUT/a.systemSmall.jpg, OUT/a.systemMedium.jpg), each recorded on its own, \
            and with several --cells spans one per span (OUT/a.android-2x2.jpg). \
            Files are written atomically. A re-run \
            skips thumbnails that are up to date (same settings, input unchanged; recorded in \
            OUT/.widget-thumbs.jsonl, and as each finishes in OUT/.widget-thumbs.journal, so a killed run \
            loses nothing it finished) unless --force. A thumbnail is never written over an input of the \
            run, nor over a file widget-thumbs did not make unless --overwrite; temporary files go to \
            OUT/.widget-thumbs-staging/, and a run removes those that killed runs left. Every failure is printed as \
            'widget-thumbs: <file>: <reason>' and the batch goes on; the exit status is 1 if any input \
            failed or standard output could not be written, 0 otherwise, 64 for a usage error. A \
            progress bar appears on standard error only on a terminal; NO_COLOR turns its colour off.
            """,
        arguments: [inputs],
        options: [out] + ThumbnailArguments.specs + [FamiliesArgument.spec]
            + [jobs, memoryLimit, recursive, force, overwrite, json, jsonLines, deviceDetail, filesFrom, null, fsync, quiet,
               preview, previewEmbed, PreviewDevice.option, shard])

    var settings: BatchSettings
    var previewDevice: PreviewDevice
    /// Where `--shard auto` found its shard, said before the run starts.
    var shardNote: String?
    /// With `--platform android`: the note on the slot, the cap and URI-loaded files.
    var androidNote: String?

    init(_ arguments: ParsedArguments) throws(UsageError) {
        try self.init(arguments, environment: ProcessInfo.processInfo.environment)
    }

    /// `environment`: where `--shard auto` looks for a scheduler's variables.
    init(_ arguments: ParsedArguments, environment: [String: String]) throws(UsageError) {
        let shard = try Self.resolveShard(arguments, environment: environment)
        settings = try BatchSettings(arguments, shard: shard?.shard)
        if let shard, let scheduler = shard.scheduler {
            shardNote = "\(WidgetThumbs.name): note: --shard \(DisplayText.escaped(arguments.value(Self.shard) ?? "")): "
                + "shard \(shard.shard) of a \(scheduler.name) (\(DisplayText.escaped(shard.variables.joined(separator: ", "))))"
        }
        for option in [PreviewDevice.option, Self.previewEmbed] where arguments.wasGiven(option) && !arguments.wasGiven(Self.preview) {
            throw UsageError("'\(option.longForm)' describes the '--preview' page, which was not asked for")
        }
        previewDevice = try PreviewDevice.chosen(arguments, in: settings.catalog)
        androidNote = try ThumbnailArguments.androidNote(arguments, catalog: settings.catalog)
    }

    func run(_ console: Console) throws(ImageError) -> ExitStatus {
        if let shardNote { console.write(shardNote, to: .error) }
        if let androidNote { console.write(androidNote, to: .error) }
        return try BatchPrinter.run(settings, previewDevice: previewDevice, console: console)
    }

    /// `--shard K/N`, or `auto[/N]` read from `environment` (`ShardScheduler`).
    static func resolveShard(_ arguments: ParsedArguments, environment: [String: String]) throws(UsageError) -> ShardScheduler.Resolution? {
        guard let text = arguments.value(shard) else { return nil }
        switch ShardScheduler.resolve(text, environment: environment) {
        case nil:
            throw UsageError.invalidValue(text, for: shard, expected: "K/N with 0 <= K < N, such as 0/4, or auto, or auto/N")
        case .success(let resolution)?:
            return resolution
        case .failure(let failure)?:
            throw UsageError("'--shard \(text)': \(failure)")
        }
    }
}
