import Glibc

/// `--name value` pairs, just enough for two small example tools (the real CLI has a full
/// parser; an example should not need one).
public struct Arguments {
    private var values: [String: String] = [:]
    public let usage: String

    /// Exits 64 with `usage` on a word that is not `--name value`.
    public init(_ words: [String], usage: String) {
        self.usage = usage
        var index = 0
        while index < words.count {
            let word = words[index]
            guard word.hasPrefix("--"), index + 1 < words.count else { fail("unexpected '\(word)'") }
            values[String(word.dropFirst(2))] = words[index + 1]
            index += 2
        }
    }

    public func optional(_ name: String) -> String? { values[name] }

    public func required(_ name: String) -> String {
        guard let value = values[name] else { fail("missing --\(name)") }
        return value
    }

    public func fail(_ message: String) -> Never {
        StandardError.write("error: \(message)\nusage: \(usage)")
        exit(64)
    }
}

/// Where errors go (print goes to standard output).
public enum StandardError {
    public static func write(_ text: String) {
        let line = text + "\n"
        _ = line.utf8CString.withUnsafeBufferPointer { Glibc.write(STDERR_FILENO, $0.baseAddress, $0.count - 1) }
    }
}
