/// CarPlay limits that are the same in every car: constants of the framework or numbers stated
/// by Apple's guide and headers.
///
/// Each constant cites its section in `carplay-facts.md`; what the host does when a limit is
/// exceeded is described by ``HostLimit``.
public enum FixedLimits {
  /// Points of interest on a point-of-interest template; only the first 12 are used
  /// (carplay-facts.md §1.5, §10 [HDR CPPointOfInterestTemplate.rs; DG25 §Point of interest]).
  public static let pointsOfInterest = 12

  /// Buttons on a point of interest's detail card: primary and secondary (carplay-facts.md
  /// §1.5 [HDR CPPointOfInterest.rs]). The model's shape enforces it.
  public static let pointOfInterestDetailButtons = 2

  /// Items on an information template; only the first 10 are used (carplay-facts.md §1.4
  /// [HDR CPInformationTemplate.rs]).
  public static let informationItems = 10

  /// Actions on an information template; only the first 3 are used (carplay-facts.md §1.4
  /// [HDR CPInformationTemplate.rs; DOC cpinformationtemplate/actions]).
  public static let informationActions = 3

  /// Highest `maximumRating` of an information rating item: a whole number 1–5
  /// (carplay-facts.md §1.4 [HDR CPInformationRatingItem.rs]).
  public static let maximumRatingUpperBound = 5

  /// Buttons on a grid template (`CPGridTemplateMaximumItems`); only the first 8 are shown
  /// (carplay-facts.md §1.2 [DOC cpgridtemplatemaximumitems]).
  public static let gridButtons = 8

  /// Grid buttons in one row; with more than 4 the buttons are balanced over two rows
  /// (carplay-facts.md §1.2 [DOC cpgridtemplate]).
  public static let gridButtonsPerRow = 4

  /// Leading navigation-bar buttons; extras are dropped, the first 2 shown
  /// (carplay-facts.md §1.0 [HDR CPBarButtonProviding.rs]).
  public static let leadingBarButtons = 2

  /// Trailing navigation-bar buttons; extras are dropped, the first 2 shown
  /// (carplay-facts.md §1.0 [HDR CPBarButtonProviding.rs]).
  public static let trailingBarButtons = 2

  /// Map buttons on a map template; the first 4 are shown (carplay-facts.md §1.6
  /// [HDR CPMapTemplate.rs]).
  public static let mapButtons = 4

  /// Map buttons shown while the panning interface is up (carplay-facts.md §1.6
  /// [HDR CPMapTemplate.rs]).
  public static let mapButtonsWhilePanning = 2

  /// Trips in a trip preview (`showTripPreviews`) (carplay-facts.md §1.6 [DG25 §Preview]).
  public static let tripPreviews = 12

  /// Route choices per trip (carplay-facts.md §1.6 [DG25 §Preview]).
  public static let routeChoicesPerTrip = 3

  /// Action buttons on a navigation alert (carplay-facts.md §1.6 [DG25 §Panels]).
  public static let navigationAlertActions = 2

  /// Buttons on the Now Playing template, filled leading to trailing (carplay-facts.md §1.9,
  /// §8 [HDR CPNowPlayingTemplate.rs]).
  public static let nowPlayingButtons = 5

  /// States of a voice control template; extras are dropped (carplay-facts.md §1.8
  /// [HDR CPVoiceControlTemplate.rs]).
  public static let voiceControlStates = 5

  /// Contextual actions on a contact template (carplay-facts.md §1.12
  /// [DOC cpcontacttemplate; W20-10635]).
  public static let contactActions = 4

  /// Characters of a list section's index title; the system forces it to 1
  /// (carplay-facts.md §1.1 [HDR CPListSection.rs]).
  public static let sectionIndexTitleLength = 1

  /// Shortcut buttons on the navigation dashboard (`CPDashboardController.shortcutButtons`);
  /// the first 2 are shown (carplay-facts.md §4 [HDR CPDashboardController.rs]).
  public static let dashboardButtons = 2

  /// List items some cars allow while lists are limited (`limitedUserInterfaces` contains
  /// `.lists`): "Some cars dynamically limit lists to 12 list items" (carplay-facts.md §1.1
  /// [DG25 §List template, §Keyboard and list restrictions]).
  public static let limitedListItems = 12

  /// Recents and favourites of a quick-food-ordering app: at most 12 each
  /// (carplay-facts.md §9 [DG25 §Guidelines]).
  public static let quickFoodOrderingRecents = 12
}
