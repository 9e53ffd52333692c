/// A shortcut button on the CarPlay dashboard (`CPDashboardButton`), offered by navigation apps.
public struct DashboardButtonSpec: Hashable, Sendable, Codable, Identifiable {
  public var id: ElementID
  public var titleVariants: TextVariants
  public var subtitleVariants: TextVariants
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
  public var shortcutButtons: [DashboardButtonSpec]

  /// Creates dashboard content.
  public init(shortcutButtons: [DashboardButtonSpec]) { self.shortcutButtons = shortcutButtons }
}
