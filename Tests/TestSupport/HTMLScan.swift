import Foundation
import WidgetThumbnails

/// Just enough HTML reading for the preview page: the attributes of every `<tag ...>`, text as
/// the page escapes it, and the page's rule for a family's frame. For the page's suites in
/// process (WidgetThumbsBatchTests) and through the binary (CLITests).
public enum HTMLScan {
    public static func attributes(of tag: String, in html: String) -> [[String: String]] {
        html.components(separatedBy: "<\(tag) ").dropFirst().map { rest in
            let body = rest.prefix { $0 != ">" }
            var attributes: [String: String] = [:]
            var scanner = Substring(body)
            while let equals = scanner.firstIndex(of: "=") {
                let name = scanner[..<equals].trimmingCharacters(in: .whitespaces)
                let afterQuote = scanner.index(equals, offsetBy: 2)
                guard afterQuote <= scanner.endIndex, let close = scanner[afterQuote...].firstIndex(of: "\"") else { break }
                attributes[name] = String(scanner[afterQuote..<close])
                scanner = scanner[scanner.index(after: close)...]
            }
            return attributes
        }
    }

    public static func escaped(_ text: String) -> String {
        text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
            .replacingOccurrences(of: ">", with: "&gt;").replacingOccurrences(of: "\"", with: "&quot;")
            .replacingOccurrences(of: "'", with: "&#39;")
    }

    /// The page's rule for `.f-<family>`: its width and height in CSS px and its radius.
    public static func frameRule(_ family: WidgetFamily, in html: String) -> (width: Double, height: Double, radius: String)? {
        guard let start = html.range(of: ".f-\(family.rawValue){") else { return nil }
        let body = html[start.upperBound...].prefix { $0 != "}" }
        var values: [String: String] = [:]
        for declaration in body.split(separator: ";") {
            let parts = declaration.split(separator: ":", maxSplits: 1).map(String.init)
            if parts.count == 2 { values[parts[0]] = parts[1] }
        }
        func pixels(_ key: String) -> Double? { values[key].flatMap { Double($0.replacingOccurrences(of: "px", with: "")) } }
        guard let width = pixels("width"), let height = pixels("height"), let radius = values["border-radius"] else { return nil }
        return (width, height, radius)
    }
}
