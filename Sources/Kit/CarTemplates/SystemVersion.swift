/// The iPhone's iOS version, as `major.minor`: CarPlay runs on the phone, so the templates a
/// category may use can depend on it (carplay-facts.md §5, "Later changes").
public struct SystemVersion: Hashable, Sendable, Codable, Comparable, CustomStringConvertible {
  /// The major version, e.g. 26.
  public var major: Int
  /// The minor version, e.g. 4.
  public var minor: Int

  /// Creates a version.
  public init(_ major: Int, _ minor: Int = 0) {
    self.major = major
    self.minor = minor
  }

  /// iOS 26.4, the newest release of the shipping SDK in carplay-facts.md (the June 2025
  /// guide's matrix plus the 26.x additions).
  public static let iOS26_4 = SystemVersion(26, 4)
  /// iOS 27, whose SDK the fact sheet reads as beta/GM (carplay-facts.md §0, HDR27).
  public static let iOS27 = SystemVersion(27)
  /// The emulator's phone: iOS 26.4. Template availability that only iOS 27 brings is off unless
  /// a car says otherwise (`connect ios=27`): apps tested against the emulator then also run on
  /// the phones most drivers have, the conservative choice.
  public static let emulatorDefault = iOS26_4

  /// `26.4`, `27`.
  public var description: String { minor == 0 ? "\(major)" : "\(major).\(minor)" }

  /// Reads `26.4`, `27` or `27.0`; nil for anything else.
  public init?(word: String) {
    let parts = word.split(separator: ".", omittingEmptySubsequences: false)
    guard (1...2).contains(parts.count), let major = Int(parts[0]), (1...99).contains(major)
    else { return nil }
    let minor = parts.count == 2 ? Int(parts[1]) : 0
    guard let minor, (0...9).contains(minor) else { return nil }
    self.init(major, minor)
  }

  /// Orders by major, then minor version.
  public static func < (a: Self, b: Self) -> Bool {
    (a.major, a.minor) < (b.major, b.minor)
  }
}
