/// A shortcut button on the CarPlay dashboard (`CPDashboardButton`), offered by navigation apps.
public struct DashboardButtonSpec: Hashable, Sendable, Codable, Identifiable {
  /// The button's stable identity, which press events name.
  public var id: ElementID
  /// The titles, longest first.
  public var titleVariants: TextVariants
  /// The subtitles, longest first.
  public var subtitleVariants: TextVariants
  /// The button's icon.
  public var image: CarImage?

  /// Creates a dashboard button.
  public init(
    id: ElementID, titleVariants: TextVariants, subtitleVariants: TextVariants = [],
    image: CarImage? = nil
  ) {
    self.id = id
    self.titleVariants = titleVariants
    self.subtitleVariants = subtitleVariants
    self.image = image
  }
}

/// What a navigation app puts on the CarPlay dashboard (`CPDashboardController`): at most two
/// shortcut buttons are shown (carplay-facts.md §4 [HDR CPDashboardController.rs]).
public struct DashboardSpec: Hashable, Sendable, Codable {
  /// The shortcut buttons; the first 2 are shown (carplay-facts.md §4).
  public var shortcutButtons: [DashboardButtonSpec]

  /// Creates dashboard content.
  public init(shortcutButtons: [DashboardButtonSpec]) { self.shortcutButtons = shortcutButtons }
}
