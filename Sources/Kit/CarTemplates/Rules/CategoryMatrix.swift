/// Which template kinds each CarPlay category may use: the template × category matrix of the
/// June 2025 CarPlay Developer Guide (carplay-facts.md §5 [DG25 §Templates]).
///
/// Using a template the category does not allow "triggers an exception at runtime"
/// (carplay-facts.md §1.0; OBSERVED `NSInvalidArgumentException` from `CPAssertAllowedClasses`).
/// Later additions reported only by secondary sources or for beta SDKs are left out on purpose;
/// see ``allowedKinds(for:)``.
public enum CategoryMatrix {
  /// Kinds every category may use: action sheet, alert, grid, list, tab bar
  /// (carplay-facts.md §5 matrix, all columns; action sheet for audio from iOS 17).
  public static let everyCategory: Set<TemplateKind> = [
    .actionSheet, .alert, .grid, .list, .tabBar,
  ]

  /// The template kinds a category may use (carplay-facts.md §5).
  ///
  /// - Audio: the common five + Now Playing [DG25].
  /// - Communication: + information, Now Playing (iOS 17+), contact [DG25].
  /// - Navigation: + information, contact, map, search, voice control [DG25].
  /// - Driving task, EV charging, fueling, parking, quick food ordering: + information and
  ///   point of interest [DG25].
  /// - Public safety: not in the 2025 matrix; given the driving-task column (information, point
  ///   of interest). Now Playing and contact for public safety are SECONDARY only and left out
  ///   (conservative).
  /// - Voice-based conversational (iOS 26.4): voice control plus templates whose full list is
  ///   UNCONFIRMED; only the common five and voice control are allowed (conservative).
  /// - Video (iOS 27): not in any matrix Wayside could read (UNCONFIRMED); given the audio
  ///   column, the conservative choice for a media app.
  /// - iOS 27 makes voice control available to all categories [W26-212] and, per SECONDARY
  ///   quotes of the 2026 guide, search to EV charging and audio; both are beta-SDK changes and
  ///   are not modelled, so apps built against this matrix run on shipping iOS.
  public static func allowedKinds(for category: CarCategory) -> Set<TemplateKind> {
    switch category {
    case .audio, .video:
      everyCategory.union([.nowPlaying])
    case .communication:
      everyCategory.union([.information, .nowPlaying, .contact])
    case .navigation:
      everyCategory.union([.information, .contact, .map, .search, .voiceControl])
    case .drivingTask, .evCharging, .fueling, .parking, .quickFoodOrdering, .publicSafety:
      everyCategory.union([.information, .pointOfInterest])
    case .voiceConversational:
      everyCategory.union([.voiceControl])
    }
  }

  /// Whether a category may use a template kind.
  public static func allows(_ kind: TemplateKind, for category: CarCategory) -> Bool {
    allowedKinds(for: category).contains(kind)
  }
}
