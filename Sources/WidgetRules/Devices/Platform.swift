/// The operating system a catalogue row describes (the names are Apple's spelling).
public enum Platform: String, Sendable, Codable, CaseIterable {
    /// iPhone.
    case iOS
    /// iPad.
    case iPadOS
    /// Mac.
    case macOS
    /// Apple Watch.
    case watchOS
    /// Apple Vision Pro.
    case visionOS
}

/// Where on a device a widget slot is shown. A family can have several (on iPad,
/// `systemSmall` is on the Home Screen and the Lock Screen, at different sizes).
public enum WidgetSurface: String, Sendable, Codable, CaseIterable {
    /// The iPhone or iPad Home Screen.
    case homeScreen
    /// The Today View (left of the first Home Screen page).
    case todayView
    /// The iPhone or iPad Lock Screen.
    case lockScreen
    /// iPhone StandBy (the small widget scaled up; no published size).
    case standBy
    /// CarPlay (the small widget scaled up; no published size).
    case carPlay
    /// The Mac desktop (and Notification Center, with the same frames).
    case desktop
    /// The Apple Watch Smart Stack.
    case smartStack
    /// An Apple Watch face (complications).
    case watchFace
    /// A widget placed in the room on Apple Vision Pro.
    case spatial
}
