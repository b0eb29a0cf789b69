import WidgetThumbnails

/// The platforms a target builds for, from the build settings Xcode and XcodeGen use:
/// `SDKROOT` (`auto` defers to `SUPPORTED_PLATFORMS`) and, for an iOS SDK,
/// `TARGETED_DEVICE_FAMILY` (1 iPhone, 2 iPad, 6 Mac Catalyst, 7 Vision Pro).
enum TargetPlatforms {
    /// A setting's value and where it came from (`project`, `target`, an xcconfig's name).
    struct Setting {
        var value: String
        var source: String
    }

    /// The platforms and the evidence (`SDKROOT = iphoneos (project), TARGETED_DEVICE_FAMILY = 1,2`).
    static func platforms(_ settings: [String: Setting]) -> (platforms: [Platform], evidence: String) {
        var evidence: [String] = []
        func said(_ key: String) -> String? {
            guard let setting = settings[key] else { return nil }
            evidence.append("\(key) = \(DisplayText.escaped(setting.value))" + (setting.source == "target" ? "" : " (\(DisplayText.escaped(setting.source)))"))
            return setting.value
        }
        var sdks: [String]
        if let sdk = said("SDKROOT"), sdk != "auto" {
            sdks = [sdk]
        } else if let supported = said("SUPPORTED_PLATFORMS") {
            sdks = supported.split(separator: " ").map(String.init)
        } else {
            // Xcode's templates set SDKROOT at project level; a project without it is taken as
            // iOS, the platform every widget extension template targets first.
            evidence.append("SDKROOT not set: iphoneos assumed")
            sdks = ["iphoneos"]
        }
        var platforms: [Platform] = []
        for sdk in sdks {
            let found: [Platform]
            if sdk.hasPrefix("iphone") {
                // Xcode's default family for an iOS target is 1 (iPhone).
                found = deviceFamilies(said("TARGETED_DEVICE_FAMILY") ?? "1")
            } else if sdk.hasPrefix("watch") {
                found = [.watchOS]
            } else if sdk.hasPrefix("macosx") {
                found = [.macOS]
            } else if sdk.hasPrefix("xr") {
                found = [.visionOS]
            } else {
                found = []  // appletvos and what is unknown here have no widgets
            }
            for platform in found where !platforms.contains(platform) { platforms.append(platform) }
        }
        var seen = Set<String>()
        return (platforms, evidence.filter { seen.insert($0).inserted }.joined(separator: ", "))
    }

    /// `TARGETED_DEVICE_FAMILY`'s numbers as platforms (4, Apple Watch, in an iOS SDK's list too).
    static func deviceFamilies(_ value: String) -> [Platform] {
        var platforms: [Platform] = []
        for number in value.split(whereSeparator: { $0 == "," || $0 == " " }) {
            let platform: Platform? = switch number {
            case "1": .iOS
            case "2": .iPadOS
            case "4": .watchOS
            case "6": .macOS
            case "7": .visionOS
            default: nil
            }
            if let platform, !platforms.contains(platform) { platforms.append(platform) }
        }
        return platforms
    }
}
