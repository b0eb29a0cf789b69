// swift-tools-version:6.0
// An app-side writer and a widget-side reader sharing one container through the
// WidgetThumbnails library, as two processes (on iOS: the app and its widget extension).
import PackageDescription

let package = Package(
    name: "WidgetClient",
    products: [
        .executable(name: "widget-writer", targets: ["widget-writer"]),
        .executable(name: "widget-reader", targets: ["widget-reader"]),
    ],
    dependencies: [
        // The package two levels up, whatever its directory is called.
        .package(name: "WidgetThumbnails", path: "../.."),
    ],
    targets: [
        .target(name: "WidgetShared",
                dependencies: [.product(name: "WidgetThumbnails", package: "WidgetThumbnails")]),
        .executableTarget(name: "widget-writer", dependencies: ["WidgetShared"]),
        .executableTarget(name: "widget-reader", dependencies: ["WidgetShared"]),
    ],
    swiftLanguageModes: [.v6]
)
