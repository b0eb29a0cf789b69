import Foundation
import FuzzHarness
import Testing
import WidgetThumbnails
import TestSupport

/// Every file in Fuzz/regressions/<target>/ (crashes, leaks, OOMs, timeouts and slow inputs the
/// fuzzers found, kept small) goes through the same harness as the fuzzer, which traps on a
/// broken invariant, and must finish within 1 s. `make test-asan-regressions` runs this
/// suite under AddressSanitizer.
@Suite struct FuzzRegressionTests {
    static let root = Corpus.packageRoot.appendingPathComponent("Fuzz/regressions")
    static let timeLimit = Duration.seconds(1)

    enum Target: String, CaseIterable {
        case jpeg = "FuzzJPEG", png = "FuzzPNG", webp = "FuzzWebP", heif = "FuzzHEIF", snapshot = "FuzzSnapshot"

        func run(_ bytes: UnsafeBufferPointer<UInt8>) -> Int32 {
            switch self {
            case .jpeg: DecodeHarness.run(bytes, expecting: .jpeg)
            case .png: DecodeHarness.run(bytes, expecting: .png)
            case .webp: DecodeHarness.run(bytes, expecting: .webp)
            case .heif: DecodeHarness.run(bytes, expecting: .heif)
            case .snapshot: SnapshotHarness.run(bytes)
            }
        }
    }

    static func files(_ target: Target) -> [String] {
        let folder = root.appendingPathComponent(target.rawValue).path
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
        return names.filter { !$0.hasPrefix(".") }.sorted().map { "\(folder)/\($0)" }
    }

    /// A moved or renamed folder must not silently turn this suite into a no-op.
    @Test func theRegressionFilesAreFound() {
        #expect(Target.allCases.map { Self.files($0).count }.reduce(0, +) > 0, "no files under \(Self.root.path)")
    }

    @Test(arguments: Target.allCases)
    func everyRegressionFileRunsCleanlyAndQuickly(target: Target) throws {
        for path in Self.files(target) {
            let bytes = try FileBytes.contents(of: path)
            // Twice the harness's length-chosen path: as found, and with one byte more, so a
            // decoder regression also goes through the neighbouring decode path.
            for variant in [bytes, bytes + [0]] {
                let start = ContinuousClock.now
                let status = variant.withUnsafeBufferPointer { target.run($0) }
                let elapsed = ContinuousClock.now - start
                #expect(status == 0 || status == -1)
                #expect(elapsed < Self.timeLimit, "\(path) (\(variant.count) bytes) took \(elapsed)")
            }
        }
    }
}
