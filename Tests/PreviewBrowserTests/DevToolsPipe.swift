import Foundation
import Glibc
import Testing
import TestSupport
import WidgetThumbnails

/// Headless Chromium driven over the DevTools protocol on a pipe (`--remote-debugging-pipe`:
/// the browser reads commands on its fd 3 and writes replies and events on its fd 4, each a
/// JSON object ended by a NUL byte), for what `--screenshot` cannot take: the whole page,
/// beyond the window, the way DevTools' "Capture full size screenshot" and Puppeteer's
/// `fullPage` take it (the window is the page's height only while the shot is taken), and
/// the page as print media lays it out.
final class DevToolsPipe {
    private let process: SpawnedProcess
    private let commands: Int32
    private let replies: Int32
    private var pending: [UInt8] = []
    private var lastID = 0
    private let deadline: Double

    /// Starts the browser with a fresh profile in `directory`; every later call fails once
    /// `timeout` seconds have passed since.
    init(in directory: TemporaryDirectory, timeout: Double = 120) throws {
        let browser = try Chromium.require()
        deadline = Date().timeIntervalSince1970 + timeout
        var toBrowser: [Int32] = [0, 0], fromBrowser: [Int32] = [0, 0]
        try #require(pipe(&toBrowser) == 0 && pipe(&fromBrowser) == 0, "pipe: \(errno)")
        // Above 4, so handing them to the child's 3 and 4 never overwrites one with the other;
        // close-on-exec, so no other child started meanwhile keeps an end open.
        let ends = (toBrowser + fromBrowser).map { end in
            defer { close(end) }
            return fcntl(end, F_DUPFD_CLOEXEC, 10)
        }
        let arguments = ["--headless", "--no-sandbox", "--disable-gpu", "--hide-scrollbars", "--force-color-profile=srgb",
                         "--no-first-run", "--no-default-browser-check", "--disable-extensions", "--disable-dev-shm-usage",
                         // Lazy loading on, as a desktop browser has it (headless loads lazy images at once).
                         "--blink-settings=lazyLoadEnabled=true",
                         "--remote-debugging-pipe", "--user-data-dir=\(directory.file("profile-\(UUID().uuidString)"))", "about:blank"]
        defer {
            close(ends[0])
            close(ends[3])
        }
        commands = ends[1]
        replies = ends[2]
        process = try SpawnedProcess.start(browser, arguments, descriptors: [3: ends[0], 4: ends[3]])
    }

    deinit {
        process.kill()
        _ = process.wait()
        close(commands)
        close(replies)
    }

    /// Sends `method` and returns its reply's `result`; an `error` reply fails.
    @discardableResult
    func call(_ method: String, _ parameters: [String: Any] = [:], session: String? = nil) throws -> [String: Any] {
        lastID += 1
        var message: [String: Any] = ["id": lastID, "method": method, "params": parameters]
        if let session { message["sessionId"] = session }
        let bytes = Array(try JSONSerialization.data(withJSONObject: message)) + [0]
        let written = bytes.withUnsafeBytes { write(commands, $0.baseAddress, $0.count) }
        try #require(written == bytes.count, "DevTools pipe: wrote \(written) of \(bytes.count) bytes")
        while true {
            let reply = try next()
            guard reply["id"] as? Int == lastID else { continue }
            try #require(reply["error"] == nil, "\(method): \(reply["error"] ?? "")")
            return reply["result"] as? [String: Any] ?? [:]
        }
    }

    /// Reads until the event `name` arrives.
    func wait(for name: String) throws {
        while try next()["method"] as? String != name {}
    }

    private func next() throws -> [String: Any] {
        while !pending.contains(0) {
            let left = Int32(max(0, (deadline - Date().timeIntervalSince1970) * 1000))
            var poller = pollfd(fd: replies, events: Int16(POLLIN), revents: 0)
            try #require(left > 0 && poll(&poller, 1, left) == 1, "DevTools pipe: no reply in time")
            var chunk = [UInt8](repeating: 0, count: 1 << 16)
            let count = read(replies, &chunk, chunk.count)
            try #require(count > 0, "DevTools pipe: the browser closed it")
            pending += chunk[..<count]
        }
        let end = pending.firstIndex(of: 0)!
        let message = Data(pending[..<end])
        pending.removeSubrange(...end)
        return try #require(try JSONSerialization.jsonObject(with: message) as? [String: Any])
    }

    /// `page` opened in a `width` x `height` window with `media` ("screen" or "print")
    /// emulated, then the whole page at 1 px per CSS px, decoded.
    static func fullPageScreenshot(of page: String, width: Int, height: Int, media: String = "screen",
                                   in directory: TemporaryDirectory) throws -> RGBAImage {
        let browser = try DevToolsPipe(in: directory)
        let target = try #require(try browser.call("Target.createTarget", ["url": "about:blank"])["targetId"] as? String)
        let session = try #require(try browser.call("Target.attachToTarget", ["targetId": target, "flatten": true])["sessionId"] as? String)
        try browser.call("Page.enable", session: session)
        try browser.call("Emulation.setDeviceMetricsOverride",
                         ["width": width, "height": height, "deviceScaleFactor": 1, "mobile": false], session: session)
        try browser.call("Emulation.setEmulatedMedia", ["media": media], session: session)
        try browser.call("Page.navigate", ["url": URL(fileURLWithPath: page).absoluteString], session: session)
        try browser.wait(for: "Page.loadEventFired")
        let metrics = try browser.call("Page.getLayoutMetrics", session: session)
        let size = try #require(metrics["cssContentSize"] as? [String: Any])
        let pageHeight = try #require((size["height"] as? NSNumber)?.doubleValue)
        let shot = try browser.call("Page.captureScreenshot",
                                    ["format": "png", "captureBeyondViewport": true,
                                     "clip": ["x": 0, "y": 0, "width": width, "height": pageHeight, "scale": 1]], session: session)
        let base64 = try #require(shot["data"] as? String)
        let png = try #require(Data(base64Encoded: base64))
        return try ImageDecoder.decode(Array(png), file: "full-page screenshot").image
    }
}
