/// The bytes of a widget timeline's archive: chronod refuses a timeline whose archive passes
/// about 10 MiB (`reload: failed with too large timeline archive N`, CHSErrorDomain 1050) and
/// retries an hour later, so every entry of it stays on its old view. Each entry carries its
/// images, so entries x image bytes decide it, and how an image is handed over decides its bytes.
///
/// The figures are the one place these facts live: the README's budget section and `budget
/// --entries`, `explain` and `check` all read them from here.
public struct TimelineBudget: Sendable, Equatable, Codable {
    /// How the widget hands an image to SwiftUI.
    public enum HandOver: String, Sendable, Codable, CaseIterable {
        /// `UIImage(data:)` from the file's bytes: the archive keeps those bytes.
        case data
        /// `UIImage(cgImage:)`, `Image(decorative:)` or anything decoded first: the archive
        /// stores a lossless re-encode, `decodedFactor` times the JPEG's bytes.
        case decoded
    }

    /// The limit a timeline archive is held to, in bytes: 10 MiB. Measured in the simulator:
    /// 20 entries of a 640 px image, 9,814,408 bytes, passed; 21 entries, 10,764,872 bytes,
    /// failed; 11,307,528 bytes were refused in a device log.
    public static let limitBytes = 10 * 1_048_576

    /// Where `limitBytes` comes from, and how devices differ from it.
    public static let limitSource = "about 10 MiB, measured in the simulator (a 640 px image x 20 entries, "
        + "9,814,408 bytes, passed; x 21, 10,764,872 bytes, failed); devices differ: one report is more lenient, "
        + "one watch face far stricter (about 2-4 MB), so keep well under it"

    /// How much larger an image handed over decoded is stored than its JPEG handed over as
    /// data: 482 KB against 113 KB for the same 640 px image (about 4.3x).
    public static let decodedFactorNumerator = 482
    /// The JPEG's bytes in that measurement (see `decodedFactorNumerator`).
    public static let decodedFactorDenominator = 113

    /// The factor as a number, about 4.27.
    public static var decodedFactor: Double { Double(decodedFactorNumerator) / Double(decodedFactorDenominator) }

    /// Where `decodedFactor` comes from.
    public static let decodedFactorSource = "UIImage(data:) from a 640 px JPEG kept the file's 113 KB per entry; "
        + "UIImage(cgImage:) / Image(decorative:) of the same image stored 482 KB (a lossless re-encode); "
        + "unknown for WebP and HEIC handed over as data"

    /// The entries of the timeline.
    public var entries: Int
    /// The bytes of the images one entry carries (their files' bytes).
    public var imageBytesPerEntry: Int

    /// A timeline of `entries` entries, each carrying images whose files hold
    /// `imageBytesPerEntry` bytes.
    public init(entries: Int, imageBytesPerEntry: Int) {
        self.entries = entries
        self.imageBytesPerEntry = imageBytesPerEntry
    }

    /// The archive's image bytes when the images are handed over as `handOver`.
    public func archiveBytes(_ handOver: HandOver) -> Int {
        let perEntry = switch handOver {
        case .data: imageBytesPerEntry
        case .decoded: imageBytesPerEntry * Self.decodedFactorNumerator / Self.decodedFactorDenominator
        }
        return entries.multipliedReportingOverflow(by: perEntry).overflow ? Int.max : entries * perEntry
    }

    /// Whether the archive stays at most `limitBytes` with `handOver`.
    public func fits(_ handOver: HandOver) -> Bool { archiveBytes(handOver) <= Self.limitBytes }

    /// The most entries that fit with `handOver` (0 when one entry is already over; `Int.max`
    /// for entries without image bytes).
    public func maximumEntries(_ handOver: HandOver) -> Int {
        let one = TimelineBudget(entries: 1, imageBytesPerEntry: imageBytesPerEntry).archiveBytes(handOver)
        return one == 0 ? Int.max : Self.limitBytes / one
    }

    /// The most image bytes per entry that fit `entries` entries with `handOver`.
    public static func maximumImageBytesPerEntry(entries: Int, _ handOver: HandOver) -> Int {
        let perEntry = limitBytes / max(1, entries)
        return switch handOver {
        case .data: perEntry
        case .decoded: perEntry * decodedFactorDenominator / decodedFactorNumerator
        }
    }
}
