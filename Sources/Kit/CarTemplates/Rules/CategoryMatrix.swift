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
  /// - What iOS 27 adds is in ``allowedKinds(for:systemVersion:)``; this is the matrix of the
  ///   emulator's phone (``SystemVersion/emulatorDefault``, iOS 26.4).
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

  /// The template kinds a category may use on a phone with this iOS version.
  ///
  /// Up to iOS 26.x, ``allowedKinds(for:)``. From iOS 27 (carplay-facts.md §5, "Later
  /// changes"):
  /// - voice control for every category [W26-212: "Voice Control template available to all
  ///   categories"];
  /// - search for EV charging and audio: only SECONDARY (the June 2026 guide's footnote as
  ///   quoted by research notes, DG26*); the fact sheet calls the exact iOS 27 matrix
  ///   UNCONFIRMED. Only those two categories get it — the narrowest reading of the quote — and
  ///   only on an iOS 27 phone, which the emulator's phone is not unless a car says so
  ///   (``SystemVersion/emulatorDefault``). Other categories keep the 2025 matrix.
  public static func allowedKinds(for category: CarCategory, systemVersion: SystemVersion)
    -> Set<TemplateKind>
  {
    var kinds = allowedKinds(for: category)
    guard systemVersion >= .iOS27 else { return kinds }
    kinds.insert(.voiceControl)
    if category == .evCharging || category == .audio { kinds.insert(.search) }
    return kinds
  }

  /// Whether a category may use a template kind on a phone with this iOS version.
  public static func allows(
    _ kind: TemplateKind, for category: CarCategory, systemVersion: SystemVersion
  ) -> Bool {
    allowedKinds(for: category, systemVersion: systemVersion).contains(kind)
  }
}
