import Foundation
import WidgetThumbnails

/// An `.xcconfig` file's settings (`KEY = value`, `//` comments, `#include "other.xcconfig"`
/// relative to the file, `#include?` when it may be absent), later lines over earlier ones as
/// Xcode reads them. Settings with a condition (`KEY[sdk=macosx*]`) are left out: the
/// platforms are read from the unconditional ones.
enum XcconfigReader {
    /// The deepest chain of includes followed.
    static let maxIncludeDepth = 16

    static func read(_ relative: String, into settings: inout [String: TargetPlatforms.Setting], files: inout ProjectFiles,
                     visited: inout Set<String>, optional: Bool = false) {
        guard visited.insert(relative).inserted else {
            files.note(relative, "includes itself: read once")
            return
        }
        guard visited.count <= maxIncludeDepth else {
            files.note(relative, "more than \(maxIncludeDepth) xcconfig files included: not read")
            return
        }
        if optional && files.presence(relative) == .absent { return }
        guard let bytes = files.read(relative, maxBytes: ProjectFiles.maxSmallFileBytes, what: "the xcconfig file") else { return }
        let source = PathComponents.lastComponent(of: relative)
        for rawLine in String(decoding: bytes, as: UTF8.self).split(whereSeparator: \.isNewline) {
            var line = Substring(rawLine)
            if line.hasPrefix("#include") {
                let isOptional = line.hasPrefix("#include?")
                guard let open = line.firstIndex(of: "\""), let close = line[line.index(after: open)...].firstIndex(of: "\"") else {
                    files.note(relative, "an #include without a quoted file name: left out")
                    continue
                }
                let name = String(line[line.index(after: open)..<close])
                guard let included = files.relative(name, from: ProjectFiles.folder(of: relative), file: relative) else { continue }
                read(included, into: &settings, files: &files, visited: &visited, optional: isOptional)
                continue
            }
            if let comment = line.range(of: "//") { line = line[..<comment.lowerBound] }
            guard let equals = line.firstIndex(of: "=") else { continue }
            let key = line[..<equals].trimmingCharacters(in: .whitespaces)
            guard !key.isEmpty, !key.contains("[") else { continue }
            let value = line[line.index(after: equals)...].replacingOccurrences(of: "$(inherited)", with: "").trimmingCharacters(in: .whitespaces)
            settings[key] = TargetPlatforms.Setting(value: value, source: source)
        }
    }
}
