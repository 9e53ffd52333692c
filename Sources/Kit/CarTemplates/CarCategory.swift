import Foundation

/// A CarPlay app category, granted by an entitlement (carplay-facts.md §5).
public enum CarCategory: String, Hashable, Sendable, Codable, CaseIterable, CustomStringConvertible
{
  case audio, communication, drivingTask, evCharging, fueling, navigation, parking,
    quickFoodOrdering, publicSafety, voiceConversational, video

  /// The entitlement key, e.g. `com.apple.developer.carplay-charging` (carplay-facts.md §5,
  /// table "Entitlement keys"). Navigation is `carplay-maps`; there is no `carplay-navigation`.
  public var entitlementKey: String {
    switch self {
    case .audio: "com.apple.developer.carplay-audio"
    case .communication: "com.apple.developer.carplay-communication"
    case .drivingTask: "com.apple.developer.carplay-driving-task"
    case .evCharging: "com.apple.developer.carplay-charging"
    case .fueling: "com.apple.developer.carplay-fueling"
    case .navigation: "com.apple.developer.carplay-maps"
    case .parking: "com.apple.developer.carplay-parking"
    case .quickFoodOrdering: "com.apple.developer.carplay-quick-ordering"
    case .publicSafety: "com.apple.developer.carplay-public-safety"
    case .voiceConversational: "com.apple.developer.carplay-voice-based-conversation"
    case .video: "com.apple.developer.carplay-video"
    }
  }

  /// The raw value, e.g. `evCharging`.
  public var description: String { rawValue }
}

/// The categories an app holds: one, or an allowed pair (EV charging + fueling, audio + video).
public struct CarEntitlements: Hashable, Sendable, Codable {
  /// The categories granted.
  public var categories: Set<CarCategory>

  /// Creates entitlements; use ``validated(_:)-(Set<CarCategory>)`` to check the combination.
  public init(_ categories: Set<CarCategory>) { self.categories = categories }

  /// A single category.
  public static func single(_ category: CarCategory) -> CarEntitlements {
    CarEntitlements([category])
  }
}

/// Light or dark appearance of the car's screen (`CPContentStyle`).
public enum ContentStyle: String, Hashable, Sendable, Codable { case light, dark }

/// Interfaces the car limits at run time, e.g. while driving (`CPLimitableUserInterface`).
public struct LimitedUserInterfaces: OptionSet, Hashable, Sendable, Codable {
  /// The bit set of limited interfaces.
  public let rawValue: Int
  /// Creates a set from its bits.
  public init(rawValue: Int) { self.rawValue = rawValue }
  /// The keyboard is disabled (1 << 0).
  public static let keyboard = LimitedUserInterfaces(rawValue: 1 << 0)
  /// Lists are limited, possibly to 12 items (1 << 1).
  public static let lists = LimitedUserInterfaces(rawValue: 1 << 1)
}

/// A car display to test against (carplay-facts.md §4 "Displays, scale, appearance").
public struct DisplayProfile: Hashable, Sendable, Codable, Identifiable {
  /// The profile's short name, as journeys and the command line spell it (`standard`).
  public var id: String
  /// A readable name for listings.
  public var name: String
  /// Width in pixels.
  public var width: Int
  /// Height in pixels.
  public var height: Int
  /// Pixel scale (@2x or @3x).
  public var scale: Int

  /// Creates a display profile.
  public init(id: String, name: String, width: Int, height: Int, scale: Int) {
    self.id = id
    self.name = name
    self.width = width
    self.height = height
    self.scale = scale
  }

  /// Width in points.
  public var pointWidth: Int { width / max(1, scale) }
  /// Height in points.
  public var pointHeight: Int { height / max(1, scale) }
  /// Whether the display is taller than wide.
  public var isPortrait: Bool { height > width }

  /// Minimum 748×456 @2x [DG25 §Test your navigation app].
  public static let minimum = DisplayProfile(
    id: "minimum", name: "Minimum", width: 748, height: 456, scale: 2)
  /// Standard 800×480 @2x [DG25 §Test your navigation app; HIG §Layout].
  public static let standard = DisplayProfile(
    id: "standard", name: "Standard", width: 800, height: 480, scale: 2)
  /// 960×540 (16:9) [HIG §Layout].
  public static let wide540 = DisplayProfile(
    id: "wide540", name: "960×540", width: 960, height: 540, scale: 2)
  /// 1280×720 (16:9) [HIG §Layout].
  public static let hd = DisplayProfile(
    id: "hd", name: "1280×720", width: 1280, height: 720, scale: 2)
  /// High-res 1920×720 @3x [DG25 §Test your navigation app; HIG §Layout].
  public static let wide = DisplayProfile(
    id: "wide", name: "1920×720", width: 1920, height: 720, scale: 3)
  /// Portrait 900×1200 @3x [DG25 §Test your navigation app].
  public static let portrait = DisplayProfile(
    id: "portrait", name: "Portrait 900×1200", width: 900, height: 1200, scale: 3)

  /// Every profile from the fact sheet, smallest first.
  public static let all: [DisplayProfile] = [.minimum, .standard, .wide540, .hd, .wide, .portrait]

  /// The profile with this id or name (`standard`, `1920x720`, `800x480`, …), if any.
  public static func named(_ text: String) -> DisplayProfile? {
    let key = text.lowercased().replacingOccurrences(of: "×", with: "x")
    return all.first { profile in
      profile.id == key || "\(profile.width)x\(profile.height)" == key
    }
  }
}

/// What the connected car says about itself; changes arrive as host events.
public struct SessionConfiguration: Hashable, Sendable, Codable {
  /// The car's display.
  public var display: DisplayProfile
  /// Day (light) or night (dark) appearance.
  public var contentStyle: ContentStyle
  /// The interfaces the car limits right now, e.g. lists while driving.
  public var limitedUserInterfaces: LimitedUserInterfaces
  /// Whether the car supports video (`supportsVideoPlayback`, iOS 26.4); fixed per session.
  public var supportsVideoPlayback: Bool
  /// Whether video may play right now (e.g. parked); can change at any time.
  public var isVideoAvailable: Bool
  /// The phone's iOS version (not part of `CPSessionConfiguration`: an app reads it with
  /// `#available`); fixed per session. Which templates a category may use can depend on it
  /// (``CategoryMatrix/allowedKinds(for:systemVersion:)``).
  public var systemVersion: SystemVersion

  /// Creates a configuration.
  public init(
    display: DisplayProfile = .standard, contentStyle: ContentStyle = .light,
    limitedUserInterfaces: LimitedUserInterfaces = [], supportsVideoPlayback: Bool = false,
    isVideoAvailable: Bool = false, systemVersion: SystemVersion = .emulatorDefault
  ) {
    self.display = display
    self.contentStyle = contentStyle
    self.limitedUserInterfaces = limitedUserInterfaces
    self.supportsVideoPlayback = supportsVideoPlayback
    self.isVideoAvailable = isVideoAvailable
    self.systemVersion = systemVersion
  }

  private enum CodingKeys: String, CodingKey {
    case display, contentStyle, limitedUserInterfaces, supportsVideoPlayback, isVideoAvailable
    case systemVersion
  }

  /// Decodes a configuration; one written before ``systemVersion`` existed gets the emulator's.
  public init(from decoder: any Decoder) throws {
    let c = try decoder.container(keyedBy: CodingKeys.self)
    display = try c.decode(DisplayProfile.self, forKey: .display)
    contentStyle = try c.decode(ContentStyle.self, forKey: .contentStyle)
    limitedUserInterfaces = try c.decode(LimitedUserInterfaces.self, forKey: .limitedUserInterfaces)
    supportsVideoPlayback = try c.decode(Bool.self, forKey: .supportsVideoPlayback)
    isVideoAvailable = try c.decode(Bool.self, forKey: .isVideoAvailable)
    systemVersion =
      try c.decodeIfPresent(SystemVersion.self, forKey: .systemVersion) ?? .emulatorDefault
  }
}
