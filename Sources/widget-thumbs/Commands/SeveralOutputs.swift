import WidgetSnapshots
import WidgetThumbnails

/// What `thumbnail --families` and `thumbnail --per-device` share: one input read once (a file,
/// or standard input up to the file size limit), every output made from its one decode, and
/// each output placed by the rule every command output follows (`OutputFile.writeCommandOutput`,
/// `OutputOccupant`): never over the input (nor standard input's file), a directory, a
/// read-only file or a symlink; written into a FIFO or a device, never replacing it. Each output
/// fails alone, on standard error and in its JSON entry, and the others are still made, so a
/// writer of several files cannot stop at the first it cannot write or skip a rule.
struct SeveralOutputs {
    /// The input as the command was given it (`-` for standard input).
    var input: String

    /// The input's name in messages and JSON: its path, or "standard input".
    var name: String { input == "-" ? "standard input" : input }

    /// Reads the input and makes every output with `make` (a one-decode call of
    /// `ThumbnailPipeline`), then places each success at its path in `paths` (one per result)
    /// and reports its rendering-mode warnings, labelled by `labels` (one per result). Returns
    /// each output's outcome: its thumbnail, or why it was not made or not placed. Throws only
    /// when the input cannot be read or decoded (nothing was made).
    func make(options: ThumbnailOptions, paths: [String], labels: [String], _ console: Console,
              _ make: (ThumbnailInput, String) throws(ImageError) -> [Result<Thumbnail, ImageError>])
        throws(ImageError) -> [Result<Thumbnail, ImageError>] {
        let results: [Result<Thumbnail, ImageError>]
        let inputs: InputIdentities
        if input == "-" {
            results = try make(.bytes(try StandardInput.readAll(maxBytes: options.limits.maxFileBytes)), name)
            inputs = InputIdentities(standardInput: ())
        } else {
            results = try make(try ThumbnailInput.open(atPath: input, maxBytes: options.limits.maxFileBytes), name)
            inputs = InputIdentities(path: input)
        }
        return zip(zip(results, paths), labels).map { pair, label in
            let (result, path) = pair
            do throws(ImageError) {
                let thumbnail = try result.get()
                try OutputFile.writeCommandOutput(thumbnail.bytes, toPath: path, inputs: inputs)
                ThumbnailCommand.reportWarnings(thumbnail, input: input, label: label, console)
                return .success(thumbnail)
            } catch {
                console.report(error)
                return .failure(error)
            }
        }
    }

    /// A failed output's `error` in JSON: `<code>: <reason>`, bytes that are not UTF-8 written
    /// as `\xNN` (`RawPath.readable`), as its path would be.
    static func errorText(_ error: ImageError) -> String {
        RawPath.readable(error.reason.isEmpty ? error.code.rawValue : "\(error.code.rawValue): \(error.reason)")
    }

    /// Exit status 1 when any output failed.
    static func status(_ outcomes: [Result<Thumbnail, ImageError>]) -> ExitStatus {
        outcomes.allSatisfy { if case .success = $0 { true } else { false } } ? .success : .failure
    }
}
