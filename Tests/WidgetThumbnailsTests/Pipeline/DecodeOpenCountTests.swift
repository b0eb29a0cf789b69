import Foundation
import Testing
@testable import WidgetThumbnails
import TestSupport

/// Each input is opened once per thumbnail: the probe's walk and library open are the ones
/// that decode (`DecodeSession`). Only a second size for the byte budget opens the library
/// again (libjpeg and libpng cannot rewind); the walks are never repeated.
@Suite struct DecodeOpenCountTests {
    /// Runs `body` with a fresh trace bound, and returns the trace.
    static func traced(_ body: () throws -> Void) throws -> DecodeTrace {
        let trace = DecodeTrace()
        try DecodeTrace.$current.withValue(trace) { try body() }
        return trace
    }

    @Test(arguments: [false, true])
    func aJPEGIsWalkedAndOpenedOnce(fromFile: Bool) throws {
        let jpeg = try ImageEncoder.encode(SyntheticImage.byteNoise(width: 1200, height: 800, seed: 22), format: .jpeg, quality: 85)
        let path = try TemporaryFile.write(jpeg, name: "a.jpg")
        defer { TemporaryFile.remove(path) }
        let pipeline = ThumbnailPipeline()
        var thumbnail: Thumbnail?
        let trace = try Self.traced {
            thumbnail = fromFile ? try pipeline.thumbnail(.path(path)) : try pipeline.thumbnail(.bytes(jpeg))
        }
        #expect(thumbnail?.encodeCount == 1, "one size only, so one decode")
        print("JPEG from \(fromFile ? "file" : "memory"): \(trace.count(.jpegMarkerWalk)) marker walks, \(trace.count(.libjpegOpen)) libjpeg opens")
        #expect(trace.count(.jpegMarkerWalk) == 1)
        #expect(trace.count(.libjpegOpen) == 1)
    }

    @Test func aJPEGShrunkForTheBudgetIsWalkedOnceAndOpenedPerSize() throws {
        let jpeg = try ImageEncoder.encode(SyntheticImage.byteNoise(width: 1200, height: 800, seed: 22), format: .jpeg, quality: 95)
        let path = try TemporaryFile.write(jpeg, name: "b.jpg")
        defer { TemporaryFile.remove(path) }
        let pipeline = ThumbnailPipeline(options: ThumbnailOptions(budget: ByteBudget(cap: 15_000)))
        var sizes = 0
        let trace = try Self.traced {
            let thumbnail = try pipeline.thumbnail(.path(path))
            sizes = Set(thumbnail.attempts.map(\.size)).count
        }
        #expect(sizes > 1, "noise at 15 kB must make the budget search shrink")
        print("JPEG shrunk to \(sizes) sizes: \(trace.count(.jpegMarkerWalk)) marker walks, \(trace.count(.libjpegOpen)) libjpeg opens")
        #expect(trace.count(.jpegMarkerWalk) == 1)
        #expect(trace.count(.libjpegOpen) == sizes)
    }

    @Test(arguments: [false, true])
    func aPNGIsOpenedOnce(fromFile: Bool) throws {
        let png = try ImageEncoder.encode(SyntheticImage.byteNoise(width: 900, height: 600, seed: 22), format: .png, quality: 0)
        let path = try TemporaryFile.write(png, name: "a.png")
        defer { TemporaryFile.remove(path) }
        let pipeline = ThumbnailPipeline()
        let trace = try Self.traced {
            _ = fromFile ? try pipeline.thumbnail(.path(path)) : try pipeline.thumbnail(.bytes(png))
        }
        print("PNG from \(fromFile ? "file" : "memory"): \(trace.count(.libpngOpen)) libpng opens")
        #expect(trace.count(.libpngOpen) == 1)
    }

    @Test func aWebPIsWalkedOnce() throws {
        let webp = try ImageEncoder.encode(SyntheticImage.byteNoise(width: 900, height: 600, seed: 22), format: .webp, quality: 80)
        let trace = try Self.traced { _ = try ThumbnailPipeline().thumbnail(.bytes(webp)) }
        print("WebP: \(trace.count(.webpChunkWalk)) chunk walks")
        #expect(trace.count(.webpChunkWalk) == 1)
    }

    @Test(.enabled(if: Corpus.isAvailable, Corpus.skipMessage))
    func aHEICIsParsedOnce() throws {
        let heic = try Corpus.bytes("heic/arrow.heic")
        let trace = try Self.traced { _ = try ThumbnailPipeline().thumbnail(.bytes(heic)) }
        print("HEIC: \(trace.count(.heifOpen)) box walks and libheif opens")
        #expect(trace.count(.heifOpen) == 1)
    }
}
