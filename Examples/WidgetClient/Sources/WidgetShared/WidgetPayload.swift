/// What the app shares with its widget, beside the photo: the app's own Codable type. The
/// store is generic over it; the writer and the reader agree on it by sharing this file.
public struct WidgetPayload: Codable, Sendable, Equatable {
    public var title: String
    public var count: Int
    public var updatedBy: String

    public init(title: String, count: Int, updatedBy: String) {
        self.title = title
        self.count = count
        self.updatedBy = updatedBy
    }
}
