import Foundation
import WidgetThumbnails

/// The CLI's JSON output, read back in tests: a report as a dictionary (`object`), or through a
/// `Decodable` mirror of the parts a test reads (`decode`, `BatchJSON`). The mirrors are
/// written here, not taken from the CLI's `Encodable` reports, so a renamed key fails a test.
public enum JSONReport {
    /// The JSON object `text` holds (a whole report, or one line of `--json-lines`), nil when
    /// it is not valid JSON or not an object.
    public static func object(_ text: some StringProtocol) -> [String: Any]? {
        value(text, as: [String: Any].self)
    }

    /// The JSON value `text` holds as `type` (`[String: [String: Any]]` for a `--json-lines`
    /// summary line), nil when it is not valid JSON or not of that type.
    public static func value<T>(_ text: some StringProtocol, as type: T.Type) -> T? {
        (try? JSONSerialization.jsonObject(with: Data(text.utf8))) as? T
    }

    /// `text` decoded as `type`.
    public static func decode<T: Decodable>(_ type: T.Type, from text: some StringProtocol) throws -> T {
        try JSONDecoder().decode(type, from: Data(text.utf8))
    }
}

/// The parts of `batch --json` the tests read.
public struct BatchJSON: Decodable, Sendable {
    public struct Item: Decodable, Sendable {
        /// The render facts `--fit`, `--families` and the appearance checks report.
        public struct Appearance: Decodable, Sendable {
            public struct Warning: Decodable, Sendable {
                public var code: String
                public var message: String
            }

            public var faintShare: Double
            public var hasTransparency: Bool
            public var meanLuminance: Double
            public var warnings: [Warning]
        }

        public var input: String
        public var family: String?
        public var status: String
        public var error: String?
        public var output: String?
        public var width: Int?
        public var height: Int?
        public var bytes: Int?
        public var format: String?
        public var checksum: String?
        public var sourceWidth: Int?
        public var sourceHeight: Int?
        public var timings: [String: Double]?
        public var renderCost: RenderCost?
        public var crop: [String: Int]?
        public var appearance: Appearance?
    }

    public struct Summary: Decodable, Sendable {
        public var total: Int
        public var ok: Int
        public var failed: Int
        public var skipped: Int
    }

    public var inputs: [Item]
    public var summary: Summary

    public init(_ text: String) throws {
        self = try JSONReport.decode(BatchJSON.self, from: text)
    }
}
