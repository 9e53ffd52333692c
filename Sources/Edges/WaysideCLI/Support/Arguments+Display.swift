import CarTemplates

extension Arguments {
  /// Removes and parses `--display PROFILE` (an id such as `wide` or a size such as `1920x720`).
  public mutating func displayProfile() throws -> DisplayProfile? {
    guard let text = try option("--display") else { return nil }
    guard let profile = DisplayProfile.named(text) else {
      let ids = DisplayProfile.all.map(\.id).joined(separator: ", ")
      throw CommandError.usage("option --display expects one of \(ids), got '\(text)'")
    }
    return profile
  }

  /// Removes and parses `--style day|night` (also `light|dark`).
  public mutating func contentStyle() throws -> ContentStyle? {
    guard let text = try option("--style") else { return nil }
    switch text {
    case "day", "light": return .light
    case "night", "dark": return .dark
    default: throw CommandError.usage("option --style expects day or night, got '\(text)'")
    }
  }
}
