/// The limits a connected car reports at run time (class properties such as
/// `CPListTemplate.maximumItemCount`) together with the category's depth and tab limits:
/// everything the host checks that is not a ``FixedLimits`` constant.
///
/// Apple publishes no numbers for most of these (carplay-facts.md §11); the defaults below are
/// modelling choices for the emulator, each documented, and can be overridden per test.
public struct CarLimits: Hashable, Sendable, Codable {
  /// List items across all sections (`CPListTemplate.maximumItemCount`); extras are trimmed,
  /// first N kept (carplay-facts.md §1.1, §10).
  public var maximumItemCount: Int
  /// List sections (`CPListTemplate.maximumSectionCount`); first N kept (carplay-facts.md §1.1).
  public var maximumSectionCount: Int
  /// Pinned grid buttons above a list (`maximumHeaderGridButtonCount`, iOS 26); first N kept
  /// (carplay-facts.md §1.1).
  public var maximumHeaderGridButtonCount: Int
  /// Images in a list image row (`CPMaximumNumberOfGridImages`); first N used
  /// (carplay-facts.md §1.1).
  public var maximumImageRowImageCount: Int
  /// Tabs of a tab bar (`CPTabBarTemplate.maximumTabCount`); more throws an exception
  /// (carplay-facts.md §1.3).
  public var maximumTabCount: Int
  /// Actions of an alert (`CPAlertTemplate.maximumActionCount`); the most recently added N are
  /// kept — last N, not first N (carplay-facts.md §1.10).
  public var maximumAlertActionCount: Int
  /// Action buttons of a voice control state (`maximumActionButtonCount`, iOS 26.4); extras
  /// ignored (carplay-facts.md §1.8).
  public var maximumVoiceStateActionButtonCount: Int
  /// Action buttons of a list details header (`maximumActionButtonCount`, iOS 26.4); extras
  /// ignored (carplay-facts.md §1.1).
  public var maximumDetailsHeaderActionButtonCount: Int
  /// Templates on the navigation stack including the root (carplay-facts.md §2); exceeding it
  /// throws `NSGenericException` and kills the app (OBSERVED).
  public var maximumDepth: Int
  /// Whether the car currently limits lists (`.lists` in `limitedUserInterfaces`), which caps
  /// ``maximumItemCount`` at ``FixedLimits/limitedListItems``.
  public var listsAreLimited: Bool
  /// Whether the car currently disables the keyboard (`.keyboard`; carplay-facts.md §9).
  public var keyboardIsLimited: Bool

  /// Creates limits; every parameter defaults to the emulator's value.
  public init(
    maximumItemCount: Int = CarLimits.defaultMaximumItemCount,
    maximumSectionCount: Int = CarLimits.defaultMaximumSectionCount,
    maximumHeaderGridButtonCount: Int = CarLimits.defaultMaximumHeaderGridButtonCount,
    maximumImageRowImageCount: Int = CarLimits.defaultMaximumImageRowImageCount,
    maximumTabCount: Int = CarCategory.defaultMaximumTabCount,
    maximumAlertActionCount: Int = CarLimits.defaultMaximumAlertActionCount,
    maximumVoiceStateActionButtonCount: Int = CarLimits.defaultMaximumVoiceStateActionButtonCount,
    maximumDetailsHeaderActionButtonCount: Int =
      CarLimits.defaultMaximumDetailsHeaderActionButtonCount,
    maximumDepth: Int = CarCategory.defaultMaximumDepth,
    listsAreLimited: Bool = false,
    keyboardIsLimited: Bool = false
  ) {
    self.maximumItemCount = maximumItemCount
    self.maximumSectionCount = maximumSectionCount
    self.maximumHeaderGridButtonCount = maximumHeaderGridButtonCount
    self.maximumImageRowImageCount = maximumImageRowImageCount
    self.maximumTabCount = maximumTabCount
    self.maximumAlertActionCount = maximumAlertActionCount
    self.maximumVoiceStateActionButtonCount = maximumVoiceStateActionButtonCount
    self.maximumDetailsHeaderActionButtonCount = maximumDetailsHeaderActionButtonCount
    self.maximumDepth = maximumDepth
    self.listsAreLimited = listsAreLimited
    self.keyboardIsLimited = keyboardIsLimited
  }

  /// Emulator default for `maximumItemCount` in an unrestricted car: 100.
  ///
  /// UNCONFIRMED (carplay-facts.md §1.1, §11: Apple publishes no number). 100 is a modelling
  /// choice: large enough for real station and playlist lists, small enough that an app which
  /// never pages is caught trimming in tests.
  public static let defaultMaximumItemCount = 100

  /// Emulator default for `maximumSectionCount`: 10. UNCONFIRMED (carplay-facts.md §11); a
  /// modest value so that apps which split lists into many sections see trimming.
  public static let defaultMaximumSectionCount = 10

  /// Emulator default for `maximumHeaderGridButtonCount`: 4. UNCONFIRMED (carplay-facts.md
  /// §11); one grid row (``FixedLimits/gridButtonsPerRow``), the conservative reading.
  public static let defaultMaximumHeaderGridButtonCount = 4

  /// Emulator default for `CPMaximumNumberOfGridImages`: 4. UNCONFIRMED (carplay-facts.md
  /// §1.1, §11); CarPlay "may show fewer depending on screen width", so the emulator assumes a
  /// narrow screen.
  public static let defaultMaximumImageRowImageCount = 4

  /// Emulator default for `CPAlertTemplate.maximumActionCount`: 2. UNCONFIRMED
  /// (carplay-facts.md §1.10, §11); two (confirm + cancel) is the smallest count that serves
  /// the usual alert, so apps tested against it keep working in cars that allow more.
  public static let defaultMaximumAlertActionCount = 2

  /// Emulator default for a voice control state's `maximumActionButtonCount`: 2 ("up to two
  /// action buttons", carplay-facts.md §1.8 [W26-212]).
  public static let defaultMaximumVoiceStateActionButtonCount = 2

  /// Emulator default for the details header's `maximumActionButtonCount`: 2. UNCONFIRMED
  /// (carplay-facts.md §1.1: Apple gives no guaranteed minimum); the voice control value is
  /// reused as the conservative choice.
  public static let defaultMaximumDetailsHeaderActionButtonCount = 2

  /// The emulator's limits for an unrestricted car and a five-level category.
  public static let emulatorDefault = CarLimits()

  /// The limits in force for an app with these entitlements in a car with this configuration.
  ///
  /// Depth and tab count come from the categories (the smallest for combined entitlements);
  /// `.lists` caps the item count at 12 and `.keyboard` marks the keyboard as unavailable
  /// (carplay-facts.md §1.1, §4 "CPSessionConfiguration", §9).
  /// `base` is the unrestricted car's run-time values; it defaults to the emulator's.
  public static func limits(
    for entitlements: CarEntitlements, configuration: SessionConfiguration,
    base: CarLimits = .emulatorDefault
  ) -> CarLimits {
    var limits = base
    limits.maximumDepth = entitlements.maximumDepth
    limits.maximumTabCount = entitlements.maximumTabCount
    limits.applying(configuration.limitedUserInterfaces)
    return limits
  }

  /// The limits in force for a single-category app; see the entitlements variant.
  public static func limits(
    for category: CarCategory, configuration: SessionConfiguration,
    base: CarLimits = .emulatorDefault
  ) -> CarLimits {
    limits(for: .single(category), configuration: configuration, base: base)
  }

  /// Applies the car's run-time limitations: `.lists` caps list items at
  /// ``FixedLimits/limitedListItems`` (carplay-facts.md §1.1 [DG25 §List template]).
  public mutating func applying(_ limited: LimitedUserInterfaces) {
    listsAreLimited = limited.contains(.lists)
    keyboardIsLimited = limited.contains(.keyboard)
    if listsAreLimited {
      maximumItemCount = min(maximumItemCount, FixedLimits.limitedListItems)
    }
  }
}
