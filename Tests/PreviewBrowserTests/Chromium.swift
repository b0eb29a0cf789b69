import Foundation
import Testing
import TestSupport
import WidgetThumbnails

/// Debian's headless Chromium (`chromium`, installed by scripts/install-deps.sh), run once per
/// page: a screenshot of the viewport, or the DOM after the load event. Where it is missing the
/// browser tests skip with `skipMessage`, except when the CI environment variable is set:
/// then they run and fail.
enum Chromium {
    /// `WIDGET_THUMBS_CHROMIUM` (a path that is not an executable means none: how to see the
    /// skip), else the first `chromium` or `chromium-browser` on PATH or in /usr/bin.
    static let path: String? = {
        let environment = ProcessInfo.processInfo.environment
        if let override = environment["WIDGET_THUMBS_CHROMIUM"] {
            return FileManager.default.isExecutableFile(atPath: override) ? override : nil
        }
        let directories = (environment["PATH"] ?? "/usr/bin:/bin").split(separator: ":").map(String.init) + ["/usr/bin"]
        for name in ["chromium", "chromium-browser"] {
            for directory in directories where FileManager.default.isExecutableFile(atPath: directory + "/" + name) {
                return directory + "/" + name
            }
        }
        return nil
    }()

    static var isRequired: Bool { ProcessInfo.processInfo.environment["CI"] != nil }

    /// Run the browser tests: where Chromium is installed, and always under CI (to fail there).
    static var shouldRun: Bool { path != nil || isRequired }

    static let skipMessage: Comment = "skipped: chromium is not installed (scripts/install-deps.sh installs it; with CI set this fails)"

    /// The browser, or a failed test saying why.
    static func require() throws -> String {
        try #require(path, "chromium is not installed and CI is set: scripts/install-deps.sh installs it")
    }

    /// What every run passes: headless as root in a container (no sandbox, no GPU), pixels
    /// 1:1 with CSS px and sRGB output (no display profile), scrollbars hidden so the layout
    /// width is the window's, and a fresh profile per run so parallel runs never share one.
    static func arguments(width: Int, height: Int, profile: String) -> [String] {
        ["--headless", "--no-sandbox", "--disable-gpu", "--hide-scrollbars", "--force-device-scale-factor=1",
         "--force-color-profile=srgb", "--no-first-run", "--no-default-browser-check", "--disable-extensions",
         "--disable-dev-shm-usage", "--user-data-dir=\(profile)", "--window-size=\(width),\(height)"]
    }

    /// A screenshot of the first `width` x `height` CSS px of `page`, decoded, and the wall
    /// time the browser took from start to exit.
    static func screenshot(of page: String, width: Int, height: Int, in directory: TemporaryDirectory,
                           timeout: Double = 120) throws -> (image: RGBAImage, png: [UInt8], seconds: Double) {
        let browser = try require()
        let png = directory.file("screenshot-\(UUID().uuidString).png")
        let run = try ChildProcess.run(browser, arguments(width: width, height: height, profile: directory.file("profile-\(UUID().uuidString)"))
                                       + ["--screenshot=\(png)", URL(fileURLWithPath: page).absoluteString], timeout: timeout,
                                       capture: .files)
        #expect(run.status == 0, "chromium: \(run)")
        let bytes = try Array(Data(contentsOf: URL(fileURLWithPath: png)))
        let image = try ImageDecoder.decode(bytes, file: png).image
        #expect(image.width == width && image.height == height, "the screenshot is \(image.width)x\(image.height)")
        return (image, bytes, run.wallSeconds)
    }

    /// The DOM of `page` after its load event, serialised.
    static func dumpDOM(of page: String, width: Int, height: Int, in directory: TemporaryDirectory,
                        timeout: Double = 120) throws -> String {
        let browser = try require()
        let run = try ChildProcess.run(browser, arguments(width: width, height: height, profile: directory.file("profile-\(UUID().uuidString)"))
                                       + ["--dump-dom", URL(fileURLWithPath: page).absoluteString], timeout: timeout,
                                       capture: .files)
        #expect(run.status == 0, "chromium: \(run)")
        return run.stdout
    }
}
