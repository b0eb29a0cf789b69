// FoundationEssentials, not Foundation: the harness measures the library's memory, and
// Foundation alone adds about 6 MB to every process.
import FoundationEssentials
import Glibc
import WidgetThumbnails

/// The benchmark harness. The driver (Benchmarks/run.py, `make bench`) runs it once per
/// measured configuration, so each process's rusage belongs to that run alone.
///
///   ThumbnailBenchmarks run  --workers N --format webp|jpeg|png|auto --box 500 --out DIR
///                            [--embedded-thumbnails auto|never] [--effort 0-6] FILE...
///   ThumbnailBenchmarks plan --box 500 FILE...
///   ThumbnailBenchmarks loop --iterations N --format webp FILE...   (one worker, for perf)
///
/// A FILE argument of the form @LIST reads paths from LIST, one per line.
let usage = "usage: ThumbnailBenchmarks run|plan|loop [--workers N] [--format F] [--box N] [--out DIR] [--iterations N] FILE..."

func fail(_ message: String) -> Never {
    write(to: 2, Array("ThumbnailBenchmarks: \(message)\n".utf8))
    exit(64)
}

/// Writes `bytes` to the descriptor (1: standard output, 2: standard error).
func write(to descriptor: Int32, _ bytes: some Sequence<UInt8>) {
    let array = Array(bytes)
    var offset = 0
    while offset < array.count {
        let written = array.withUnsafeBytes { Glibc.write(descriptor, $0.baseAddress! + offset, array.count - offset) }
        guard written > 0 else { exit(74) }
        offset += written
    }
}

/// `value` with two decimals (String(format:) is Foundation's).
func twoDecimals(_ value: Double) -> String {
    let hundredths = Int((value * 100).rounded())
    let fraction = hundredths % 100
    return "\(hundredths / 100).\(fraction < 10 ? "0" : "")\(fraction)"
}

var arguments = Array(CommandLine.arguments.dropFirst())
guard let mode = arguments.first else { fail(usage) }
arguments.removeFirst()
var options: [String: String] = [:]
var files: [String] = []
while let word = arguments.first {
    arguments.removeFirst()
    if word.hasPrefix("--") {
        guard let value = arguments.first else { fail("\(word) needs a value") }
        arguments.removeFirst()
        options[String(word.dropFirst(2))] = value
    } else if word.hasPrefix("@") {
        guard let list = try? String(contentsOfFile: String(word.dropFirst()), encoding: .utf8) else {
            fail("cannot read the list \(word.dropFirst())")
        }
        files += list.split(separator: "\n").map(String.init)
    } else {
        files.append(word)
    }
}
let box = Int(options["box"] ?? "500") ?? 500
let formatName = options["format"] ?? "webp"
guard let format = OutputFormat(rawValue: formatName) ?? StoredFormat(fileExtension: formatName).map(OutputFormat.init) else {
    fail("unknown format \(formatName)")
}

/// The default pixel cap (128 Mi) refuses the 160 MP strip; the benchmark allows 256 Mi.
let limits = DecodeLimits(maxPixels: 256 << 20)
guard let embeddedThumbnails = EmbeddedThumbnailPolicy(rawValue: options["embedded-thumbnails"] ?? "auto") else {
    fail("--embedded-thumbnails is auto or never")
}
var thumbnailOptions = ThumbnailOptions(box: PixelSize(width: box, height: box), format: format, limits: limits,
                                        heif: HEIFDecodeOptions(embeddedThumbnails: embeddedThumbnails))
// The encoder effort (EncodeEffort, default 4), to compare at a peer's settings: 0 writes the
// standard Huffman tables vipsthumbnail and Pillow write; WebP's method is the effort.
if let effort = options["effort"] {
    guard let level = Int(effort), let value = try? EncodeEffort(level) else {
        fail("--effort is \(EncodeEffort.range.lowerBound)-\(EncodeEffort.range.upperBound)")
    }
    thumbnailOptions.effort = value
}

let encoder = JSONEncoder()
encoder.outputFormatting = [.sortedKeys]
switch mode {
case "run":
    let workers = Int(options["workers"] ?? "2") ?? 2
    let out = options["out"] ?? (getenv("TMPDIR").map { String(cString: $0) } ?? "/tmp")
    let report = BatchRun(files: files, workers: workers, options: thumbnailOptions, outputDirectory: out).run()
    write(to: 1, try encoder.encode(report))
    exit(report.failures == 0 ? 0 : 1)
case "plan":
    let entries: [DecodePlan.Entry]
    do {
        entries = try DecodePlan(files: files, box: box, limits: limits).entries()
    } catch {
        fail(error.description)
    }
    write(to: 1, try encoder.encode(entries))
case "loop":
    // Each file `iterations` times in one thread; per file the fastest time of each stage
    // (the minimum is what the code costs when the shared machine leaves it alone).
    let iterations = Int(options["iterations"] ?? "20") ?? 20
    let pipeline = ThumbnailPipeline(options: thumbnailOptions)
    for file in files {
        let bytes = try! InputFile.read(file, maxBytes: DecodeLimits.default.maxFileBytes)
        var best = StageTimings()
        best.decode = .infinity; best.resample = .infinity; best.encode = .infinity
        for _ in 0..<iterations {
            do {
                let t = try pipeline.thumbnail(.bytes(bytes), file: file).timings
                best.decode = min(best.decode, t.decode)
                best.resample = min(best.resample, t.resample)
                best.encode = min(best.encode, t.encode)
            } catch {
                fail(error.description)
            }
        }
        let name = file.split(separator: "/").last.map(String.init) ?? file
        print("\(name): decode \(twoDecimals(best.decode * 1000)) ms, resample \(twoDecimals(best.resample * 1000)) ms, "
              + "encode \(twoDecimals(best.encode * 1000)) ms")
    }
default:
    fail(usage)
}
