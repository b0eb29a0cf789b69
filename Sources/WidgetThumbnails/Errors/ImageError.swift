/// The one error type of the library: what went wrong (a code a program can switch on),
/// which file, and a sentence a person can act on.
public struct ImageError: Error, Sendable, Equatable, CustomStringConvertible {
    /// What kind of failure, for a program to switch on.
    public enum Code: String, Sendable, Codable, CaseIterable {
        /// Not a JPEG, PNG, WebP or HEIF by its magic bytes.
        case unsupportedFormat = "unsupported format"
        /// The bytes are not a valid image of their format (or are too damaged to decode).
        case corruptImage = "corrupt image"
        /// Over a configured limit: pixels, dimensions, file size, metadata size, scans.
        case tooLarge = "too large"
        /// Reading or writing a file failed.
        case io = "I/O error"
        /// No encoding fits the byte budget within the allowed quality and size.
        case budgetUnreachable = "budget unreachable"
        /// A caller asked for something the library cannot do with these arguments.
        case invalidArgument = "invalid argument"
    }

    /// What kind of failure.
    public var code: Code
    /// The input's name as the caller gave it, when known.
    public var file: String?
    /// A sentence a person can act on.
    public var reason: String

    /// A failure of `code`, explained by `reason`, naming `file` when known.
    public init(_ code: Code, _ reason: String, file: String? = nil) {
        self.code = code
        self.reason = reason
        self.file = file
    }

    /// The same error, naming `file` (decoders do not know file names; their callers do).
    public func naming(_ file: String?) -> ImageError {
        var copy = self
        if copy.file == nil { copy.file = file }
        return copy
    }

    /// `<file>: <code>: <reason>`, the shape the CLI prints after `widget-thumbs: `. File
    /// names and reasons may hold anything a file name can (control characters, bytes that
    /// are not UTF-8): they are escaped (`DisplayText`), so one error is always one line.
    public var description: String {
        let message = reason.isEmpty ? code.rawValue : "\(code.rawValue): \(DisplayText.escaped(reason))"
        guard let file else { return message }
        return "\(DisplayText.escaped(file)): \(message)"
    }
}
