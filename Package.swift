// swift-tools-version:6.0
// WidgetThumbnails: small, upright, colour-correct thumbnails for iOS widgets, made on Linux.
// System C libraries come from apt through pkg-config; there are no outside Swift packages.
import PackageDescription

/// A pkg-config system library: only a module map that names the headers and the link flags.
func systemLibrary(_ name: String, pkgConfig: String, apt: String) -> Target {
    .systemLibrary(
        name: "System\(name)",
        path: "Sources/SystemLibraries/\(name)",
        pkgConfig: pkgConfig,
        providers: [.apt([apt])]
    )
}

let package = Package(
    name: "WidgetThumbnails",
    // What WidgetSnapshots needs on Apple platforms (Duration and ContinuousClock, CryptoKit,
    // FoundationEssentials-era Date formatting). Written for, not built in CI: see the README.
    platforms: [.iOS(.v16), .macOS(.v13), .watchOS(.v9), .tvOS(.v16), .visionOS(.v1)],
    products: [
        // The snapshot store alone: what a widget extension links (no codec, no colour library).
        .library(name: "WidgetSnapshots", targets: ["WidgetSnapshots"]),
        // What a widget can show: the device catalogue, family sizing, render cost, limits,
        // WidgetKit's log lines and `check`'s rules. Swift only: a widget extension can size an
        // image for its own family with it and link no codec.
        .library(name: "WidgetRules", targets: ["WidgetRules"]),
        // Decoding, resampling, encoding and the pipeline, on top of WidgetRules and WidgetSnapshots.
        .library(name: "WidgetThumbnails", targets: ["WidgetThumbnails"]),
        .executable(name: "widget-thumbs", targets: ["widget-thumbs"]),
        // libFuzzer targets (`make fuzz`, Fuzz/README.md); a plain build makes replay drivers.
        .executable(name: "FuzzJPEG", targets: ["FuzzJPEG"]),
        .executable(name: "FuzzPNG", targets: ["FuzzPNG"]),
        .executable(name: "FuzzWebP", targets: ["FuzzWebP"]),
        .executable(name: "FuzzHEIF", targets: ["FuzzHEIF"]),
        .executable(name: "FuzzSnapshot", targets: ["FuzzSnapshot"]),
    ],
    targets: [
        systemLibrary("TurboJPEG", pkgConfig: "libturbojpeg", apt: "libturbojpeg0-dev"),
        // libjpeg-turbo's libjpeg API: the scanline decoder (rows straight into the resampler).
        systemLibrary("JPEG", pkgConfig: "libjpeg", apt: "libjpeg62-turbo-dev"),
        systemLibrary("PNG", pkgConfig: "libpng", apt: "libpng-dev"),
        systemLibrary("WebP", pkgConfig: "libwebp", apt: "libwebp-dev"),
        systemLibrary("WebPDemux", pkgConfig: "libwebpdemux", apt: "libwebp-dev"),
        systemLibrary("WebPMux", pkgConfig: "libwebpmux", apt: "libwebp-dev"),
        // Headers only: libcrypto is linked statically (CCrypto below), so no pkg-config -lcrypto.
        .systemLibrary(name: "SystemCrypto", path: "Sources/SystemLibraries/Crypto", providers: [.apt(["libssl-dev"])]),
        systemLibrary("LCMS2", pkgConfig: "lcms2", apt: "liblcms2-dev"),
        systemLibrary("HEIF", pkgConfig: "libheif", apt: "libheif-dev"),
        systemLibrary("De265", pkgConfig: "libde265", apt: "libde265-dev"),

        // C shims: every setjmp/longjmp and C status code stays in here; Swift sees a status
        // and the reason in a wt_message (CShimMessage, which links no library).
        .target(name: "CShimMessage"),
        .target(name: "CTurboJPEG", dependencies: ["SystemTurboJPEG", "SystemJPEG", "CShimMessage"],
                linkerSettings: [.linkedLibrary("turbojpeg"), .linkedLibrary("jpeg")]),
        .target(name: "CPNG", dependencies: ["SystemPNG", "CShimMessage"],
                linkerSettings: [.linkedLibrary("png16")]),
        .target(name: "CWebP", dependencies: ["SystemWebP", "SystemWebPDemux", "SystemWebPMux", "CShimMessage"],
                linkerSettings: [.linkedLibrary("webp"), .linkedLibrary("webpdemux"),
                                 .linkedLibrary("webpmux")]),
        // libheif plus our own HEVC plugin over libde265 (in-loop filters off when downscaling).
        .target(name: "CHEIF", dependencies: ["SystemHEIF", "SystemDe265", "CShimMessage"],
                linkerSettings: [.linkedLibrary("heif"), .linkedLibrary("de265")]),
        // libcrypto.a on Linux: the linker takes only the SHA-256 objects, where loading
        // libcrypto.so cost every process (a widget-side reader too) 1.7 MB of resident memory
        // in relocations before it hashed a byte.
        .target(name: "CCrypto", dependencies: ["SystemCrypto"],
                linkerSettings: [.linkedLibrary(":libcrypto.a", .when(platforms: [.linux])),
                                 .linkedLibrary("crypto", .when(platforms: [.android, .openbsd]))]),
        .target(name: "CColorManagement", dependencies: ["SystemLCMS2", "CShimMessage"],
                linkerSettings: [.linkedLibrary("lcms2"), .linkedLibrary("m")]),
        .target(name: "CFileSystem"),
        // AVX2/FMA resampling kernels, chosen at run time (the Swift SIMD4 passes are the fallback).
        .target(name: "CResample"),
        // AVX2 kernels for the per-thumbnail measures (chroma detail, luma), chosen at run time.
        .target(name: "CPixelMeasures"),

        // The C library (Glibc, Musl or Darwin) for WidgetSnapshots' system calls, chosen once;
        // a module of its own so WidgetSnapshots does not re-export it to its clients.
        .target(name: "WidgetSnapshotsPlatform"),
        // SHA-256 from libcrypto only where CryptoKit is missing.
        .target(name: "WidgetSnapshots", dependencies: [
            .target(name: "CCrypto", condition: .when(platforms: [.linux, .android, .openbsd])), "CFileSystem",
            "WidgetSnapshotsPlatform",
        ]),
        // No C module of its own and no file access (SourceBoundaryTests): facts and rules over
        // values; the engine and the CLI read the files.
        .target(name: "WidgetRules", dependencies: ["WidgetSnapshots"]),
        .target(
            name: "WidgetThumbnails",
            dependencies: ["WidgetRules", "WidgetSnapshots", "CShimMessage", "CTurboJPEG", "CPNG", "CWebP", "CHEIF", "CColorManagement",
                           "CResample", "CPixelMeasures"]
        ),
        // The batch engine (manifest, journal, records, discovery, staging, shards, output
        // placement, the preview page): no product, so its API is `package`; widget-thumbs keeps
        // parsing, help, commands and reports, and the engine is tested in process (WidgetThumbsBatchTests).
        .target(name: "WidgetThumbsBatch", dependencies: ["WidgetThumbnails", "WidgetSnapshots"]),
        .executableTarget(name: "widget-thumbs", dependencies: ["WidgetThumbsBatch", "WidgetThumbnails", "WidgetSnapshots"]),
        .executableTarget(name: "ThumbnailBenchmarks", dependencies: ["WidgetThumbnails"],
                          path: "Benchmarks/ThumbnailBenchmarks"),

        .target(name: "FuzzHarness", dependencies: ["WidgetThumbnails"], path: "Fuzz/FuzzHarness"),
        .executableTarget(name: "FuzzJPEG", dependencies: ["FuzzHarness"], path: "Fuzz/FuzzJPEG"),
        .executableTarget(name: "FuzzPNG", dependencies: ["FuzzHarness"], path: "Fuzz/FuzzPNG"),
        .executableTarget(name: "FuzzWebP", dependencies: ["FuzzHarness"], path: "Fuzz/FuzzWebP"),
        .executableTarget(name: "FuzzHEIF", dependencies: ["FuzzHarness"], path: "Fuzz/FuzzHEIF"),
        .executableTarget(name: "FuzzSnapshot", dependencies: ["FuzzHarness"], path: "Fuzz/FuzzSnapshot"),

        // The helpers every test target shares (Tests/README.md): temporary directories and
        // files, the child-process runner and the built binary, synthetic pictures, the CLI's
        // JSON reports read back, the corpus. It draws pictures as RGBAImage, so the store's
        // tests link WidgetThumbnails too, though they import only WidgetSnapshots.
        .target(name: "TestSupport", dependencies: ["WidgetThumbnails", "WidgetSnapshots"], path: "Tests/TestSupport"),
        // Test fixtures in C: small JPEGs made with TurboJPEG's compressor and its whole-image
        // decode as a reference. Only test targets depend on it, so no product links it.
        .target(name: "CJPEGTestFixtures", dependencies: ["SystemTurboJPEG", "CShimMessage"], path: "Tests/CJPEGTestFixtures",
                linkerSettings: [.linkedLibrary("turbojpeg")]),
        // Small HEIC and AVIF files made with libheif's own encoders, and libheif's own decode
        // as a reference; only the test targets link it.
        .target(name: "CHEIFTestFixtures", dependencies: ["SystemHEIF", "CShimMessage"], path: "Tests/CHEIFTestFixtures",
                linkerSettings: [.linkedLibrary("heif")]),
        .testTarget(name: "WidgetSnapshotsTests", dependencies: ["WidgetSnapshots", "TestSupport"]),
        .testTarget(name: "WidgetRulesTests", dependencies: ["WidgetRules", "TestSupport"]),
        .testTarget(name: "WidgetThumbnailsTests",
                    dependencies: ["WidgetThumbnails", "FuzzHarness", "TestSupport", "CJPEGTestFixtures"]),
        .testTarget(name: "WidgetThumbsBatchTests", dependencies: ["WidgetThumbsBatch", "WidgetThumbnails", "TestSupport"]),
        .testTarget(name: "CLITests",
                    dependencies: ["widget-thumbs", "WidgetThumbsBatch", "WidgetThumbnails", "TestSupport", "CHEIFTestFixtures"]),
        // The preview page in headless Chromium (Debian's chromium): rendered pixels, and the
        // time a page of 1,000 thumbnails takes. Skips without chromium, fails under CI.
        // The page is WidgetThumbsBatch's; widget-thumbs is here for the built binary some of
        // its pages are written by. SystemPNG writes the README's screenshot as a palette PNG
        // (libpng's simplified API).
        .testTarget(name: "PreviewBrowserTests", dependencies: ["widget-thumbs", "WidgetThumbsBatch", "WidgetThumbnails", "TestSupport", "SystemPNG"]),
    ],
    swiftLanguageModes: [.v6]
)
