/// The only two kinds of relative path a manifest or snapshot may name, by exact grammar:
/// `images/thumbnail-<rev>.<ext>` (each `StoredFormat.fileExtension`) and `snapshots/snapshot-<rev>.json`, where `<rev>` is
/// canonical decimal (`0` or `[1-9][0-9]{0,18}`). Anything else (`..`, `//`, a trailing slash,
/// backslashes, NUL, `%2e`, Unicode lookalikes, case variants, `thumbnail-01.png`...) fails here,
/// before any system call.
public enum LayoutPath: Sendable, Hashable, CustomStringConvertible {
    /// `images/thumbnail-<rev>.<ext>`.
    case image(revision: UInt64, format: StoredFormat)
    /// `snapshots/snapshot-<rev>.json`.
    case snapshot(revision: UInt64)

    /// The largest revision the grammar can name (19 digits).
    public static let maximumRevision: UInt64 = 9_999_999_999_999_999_999

    /// The folder that holds the images.
    public static let imagesDirectory = "images"
    /// The folder that holds the snapshots.
    public static let snapshotsDirectory = "snapshots"

    /// The revision the name carries.
    public var revision: UInt64 {
        switch self {
        case .image(let revision, _), .snapshot(let revision): revision
        }
    }

    /// `images` or `snapshots`.
    public var directory: String {
        switch self {
        case .image: Self.imagesDirectory
        case .snapshot: Self.snapshotsDirectory
        }
    }

    /// The file's name inside its directory.
    public var fileName: String {
        switch self {
        case .image(let revision, let format): "thumbnail-\(revision).\(format.fileExtension)"
        case .snapshot(let revision): "snapshot-\(revision).json"
        }
    }

    public var description: String { "\(directory)/\(fileName)" }

    var containerPath: ContainerPath {
        // Always valid: built from the grammar.
        try! ContainerPath(description)
    }

    /// Parses a path from JSON; anything outside the grammar throws `.invalidPath`.
    public init(parsing text: String) throws(ConfinementError) {
        let bytes = Array(text.utf8)
        guard bytes.count <= 64, bytes.allSatisfy({ $0 >= 0x21 && $0 <= 0x7E }) else {
            throw .invalidPath(text, "not a layout path (images/thumbnail-<rev>.<ext> or snapshots/snapshot-<rev>.json)")
        }
        if let rest = Self.strip(prefix: "images/thumbnail-", from: bytes),
           let (revision, suffix) = Self.revision(in: rest) {
            // Only the extension each format writes: "thumbnail-1.jpeg" is not a layout name.
            let format = StoredFormat.allCases.first { suffix.elementsEqual(".\($0.fileExtension)".utf8) }
            if let format { self = .image(revision: revision, format: format); return }
        } else if let rest = Self.strip(prefix: "snapshots/snapshot-", from: bytes),
                  let (revision, suffix) = Self.revision(in: rest),
                  suffix.elementsEqual(".json".utf8) {
            self = .snapshot(revision: revision)
            return
        }
        throw .invalidPath(text, "not a layout path (images/thumbnail-<rev>.<ext> or snapshots/snapshot-<rev>.json)")
    }

    /// The layout path of `name` found in `directory`, or nil for any other name.
    static func entry(_ name: String, in directory: String) -> LayoutPath? {
        guard let path = try? LayoutPath(parsing: "\(directory)/\(name)"), path.directory == directory else { return nil }
        return path
    }

    private static func strip(prefix: String, from bytes: [UInt8]) -> ArraySlice<UInt8>? {
        let head = Array(prefix.utf8)
        guard bytes.starts(with: head) else { return nil }
        return bytes[head.count...]
    }

    /// A canonical decimal revision at the start of `bytes`, and what follows it.
    private static func revision(in bytes: ArraySlice<UInt8>) -> (UInt64, ArraySlice<UInt8>)? {
        let digits = bytes.prefix { $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }
        guard (1...19).contains(digits.count) else { return nil }
        guard digits.count == 1 || digits.first != UInt8(ascii: "0") else { return nil }
        var value: UInt64 = 0
        for digit in digits { value = value * 10 + UInt64(digit - UInt8(ascii: "0")) }
        return (value, bytes[digits.endIndex...])
    }
}
