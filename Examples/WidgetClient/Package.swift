// swift-tools-version:6.0
// An app-side writer and a widget-side reader sharing one container through the
// WidgetThumbnails package, as two processes (on iOS: the app and its widget extension).
import PackageDescription

let package = Package(
    name: "WidgetClient",
    products: [
        .executable(name: "widget-writer", targets: ["widget-writer"]),
        .executable(name: "widget-reader", targets: ["widget-reader"]),
        .executable(name: "readme-library", targets: ["readme-library"]),
    ],
    dependencies: [
        // The package two levels up, whatever its directory is called.
        .package(name: "WidgetThumbnails", path: "../.."),
    ],
    targets: [
        // The payload type both sides share; it needs neither library.
        .target(name: "WidgetShared"),
        // The app side thumbnails photos, so it takes the whole library.
        .executableTarget(name: "widget-writer", dependencies: [
            "WidgetShared", .product(name: "WidgetThumbnails", package: "WidgetThumbnails"),
        ]),
        // The widget side only reads: the store, and the widget rules to check its own family's
        // cap; no codec or colour library.
        .executableTarget(name: "widget-reader", dependencies: [
            "WidgetShared", .product(name: "WidgetSnapshots", package: "WidgetThumbnails"),
            .product(name: "WidgetRules", package: "WidgetThumbnails"),
        ]),
        // Docs/library.md's snippet, word for word (scripts/check-examples.sh compares them).
        .executableTarget(name: "readme-library", dependencies: [
            .product(name: "WidgetThumbnails", package: "WidgetThumbnails"),
        ]),
    ],
    swiftLanguageModes: [.v6]
)
