import WidgetThumbnails

/// `run`: thumbnails a list of files with the library's `BatchRunner` (the work queue
/// `widget-thumbs batch` uses), writes each result, and prints one JSON report (wall time,
/// this process's CPU time and peak RSS, one record per image).
struct BatchRun: Sendable {
    struct Report: Codable {
        var workers: Int
        var format: String
        var box: Int
        var imageCount: Int
        var failures: Int
        var wallSeconds: Double
        var usage: ResourceUsage
        var images: [ImageRecord]
    }

    var files: [String]
    var workers: Int
    var options: ThumbnailOptions
    var outputDirectory: String

    func run() -> Report {
        let pipeline = ThumbnailPipeline(options: options)
        let start = ContinuousClock.now
        let images = BatchRunner(jobs: workers).run(count: files.count) { index in
            thumbnail(files[index], index: index, pipeline: pipeline)
        }
        let wall = (ContinuousClock.now - start).totalSeconds
        return Report(workers: workers, format: "\(options.format)", box: options.box.width, imageCount: images.count,
                      failures: images.filter { $0.error != nil }.count, wallSeconds: wall,
                      usage: .current(), images: images)
    }

    private func thumbnail(_ file: String, index: Int, pipeline: ThumbnailPipeline) -> ImageRecord {
        var record = ImageRecord(file: file, sourceWidth: 0, sourceHeight: 0, outputWidth: 0,
                                 outputHeight: 0, outputBytes: 0, encodeCount: 0, read: 0, decode: 0,
                                 resample: 0, encode: 0, write: 0, latency: 0)
        let start = ContinuousClock.now
        do {
            // As `thumbnail(.path(file))` does, with the read timed: a PNG only opens (it streams
            // during the resample), JPEG and WebP are read whole.
            let input = try ThumbnailInput.open(atPath: file, maxBytes: options.limits.maxFileBytes)
            record.read = (ContinuousClock.now - start).totalSeconds
            let thumb = try pipeline.thumbnail(input, file: file)
            let written = ContinuousClock.now
            if !OutputFile.write(thumb.bytes, to: "\(outputDirectory)/\(index).\(thumb.format.fileExtension)") {
                record.error = "could not write the output for \(file)"
            }
            record.write = (ContinuousClock.now - written).totalSeconds
            record.sourceWidth = thumb.source.size.width
            record.sourceHeight = thumb.source.size.height
            record.outputWidth = thumb.size.width
            record.outputHeight = thumb.size.height
            record.outputBytes = thumb.bytes.count
            record.encodeCount = thumb.encodeCount
            record.decode = thumb.timings.decode
            record.resample = thumb.timings.resample
            record.encode = thumb.timings.encode
        } catch {
            record.error = error.description
        }
        record.latency = (ContinuousClock.now - start).totalSeconds
        return record
    }
}
