import WidgetSnapshots
import WidgetThumbnails
import WidgetThumbsBatch

/// What `thumbnail --families` and `thumbnail --per-device` share: one input read once (a file,
/// or standard input up to the file size limit), every output made from its one decode, and
/// each output placed by the rule every command output follows (`OutputPlacement.placeCommandOutput`,
/// `OutputOccupant`): never over the input (nor standard input's file), a directory, a
/// read-only file or a symlink; written into a FIFO or a device, never replacing it. Each output
/// fails alone, on standard error and in its JSON entry, and the others are still made, so a
/// writer of several files cannot stop at the first it cannot write or skip a rule.
struct SeveralOutputs {
    /// The input as the command was given it (`-` for standard input).
    var input: String
    /// `-o`: each output's path is it with the output's name before the extension (`path(named:)`).
    var output: String

    /// The input's name in messages and JSON: its path, or "standard input".
    var name: String { input == "-" ? "standard input" : input }

    /// Reads the input and makes every output with `make` (a one-decode call of
    /// `ThumbnailPipeline`, one result per name in `names`: a family, or a variant), then
    /// places each success at its path (`path(named:)`) and reports its rendering-mode
    /// warnings under its name. Returns each output's path and outcome: its thumbnail, or why
    /// it was not made or not placed. Throws only when the input cannot be read or decoded
    /// (nothing was made).
    func make(options: ThumbnailOptions, names: [String], _ console: Console,
              _ make: (ThumbnailInput, String) throws(ImageError) -> [Result<Thumbnail, ImageError>])
        throws(ImageError) -> [(path: String, outcome: Result<Thumbnail, ImageError>)] {
        let results: [Result<Thumbnail, ImageError>]
        let inputs: InputIdentities
        if input == "-" {
            results = try make(.bytes(try StandardInput.readAll(maxBytes: options.limits.maxFileBytes)), name)
            inputs = InputIdentities(standardInput: ())
        } else {
            results = try make(try ThumbnailInput.open(atPath: input, maxBytes: options.limits.maxFileBytes), name)
            inputs = InputIdentities(path: input)
        }
        return zip(results, names).map { result, outputName in
            let path = path(named: outputName)
            do throws(ImageError) {
                let thumbnail = try result.get()
                try OutputPlacement.placeCommandOutput(thumbnail.bytes, at: path, inputs: inputs)
                ThumbnailCommand.reportWarnings(thumbnail, input: input, label: outputName, console)
                return (path, .success(thumbnail))
            } catch {
                console.report(error)
                return (path, .failure(error))
            }
        }
    }

    /// `out/photo.png` with `accessoryCircular-112x112` is `out/photo.accessoryCircular-112x112.png`.
    func path(named outputName: String) -> String {
        guard let dot = output.lastIndex(of: "."), !output[dot...].contains("/"),
              output[..<dot].last.map({ $0 != "/" }) ?? false else { return "\(output).\(outputName)" }
        return "\(output[..<dot]).\(outputName)\(output[dot...])"
    }

    /// A failed output's `error` in JSON: `<code>: <reason>`, bytes that are not UTF-8 written
    /// as `\xNN` (`RawPath.readable`), as its path would be.
    static func errorText(_ error: ImageError) -> String {
        RawPath.readable(error.reason.isEmpty ? error.code.rawValue : "\(error.code.rawValue): \(error.reason)")
    }

    /// Exit status 1 when any output failed.
    static func status(_ made: [(path: String, outcome: Result<Thumbnail, ImageError>)]) -> ExitStatus {
        made.allSatisfy { if case .success = $0.outcome { true } else { false } } ? .success : .failure
    }
}
