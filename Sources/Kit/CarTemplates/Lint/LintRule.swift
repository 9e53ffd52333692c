/// One CarPlay rule that ``CarLint`` checks: a stable id, a severity that mirrors the host's
/// reaction, a one-line summary, and the fact-sheet section it comes from.
public struct LintRule: Hashable, Sendable, Codable, Identifiable, CustomStringConvertible {
  /// Stable id, `CPnnn-short-name`; never reused for another rule.
  public var id: String
  /// How bad a finding of this rule is.
  public var severity: Diagnostic.Severity
  /// What the rule demands, in one line.
  public var summary: String
  /// What the real host does when the rule is broken.
  public var hostBehaviour: String
  /// The section of `carplay-facts.md` and its source tags.
  public var source: String

  /// Creates a rule.
  public init(
    id: String, severity: Diagnostic.Severity, summary: String, hostBehaviour: String,
    source: String
  ) {
    self.id = id
    self.severity = severity
    self.summary = summary
    self.hostBehaviour = hostBehaviour
    self.source = source
  }

  /// `id (severity): summary`.
  public var description: String { "\(id) (\(severity)): \(summary)" }
}

// MARK: - Errors: the host throws, kills the app or goes home

extension LintRule {
  /// A template kind the app's categories do not allow.
  public static let templateNotAllowed = LintRule(
    id: "CP001-template-not-allowed", severity: .error,
    summary: "Use only templates the app's CarPlay categories allow.",
    hostBehaviour: "NSInvalidArgumentException 'Unsupported object … Allowed classes: (…)'",
    source: "carplay-facts.md §1.0, §5 [DG25 §Templates; OSS]")
  /// Entitlements that cannot be combined.
  public static let entitlementCombination = LintRule(
    id: "CP002-entitlement-combination", severity: .error,
    summary: "Hold one category, or EV charging + fueling, or audio + video.",
    hostBehaviour: "not granted by Apple",
    source: "carplay-facts.md §5 [DG25 §Entitlements; DOC carplay-audio; W20-10635]")
  /// A kind that cannot be the root.
  public static let notAllowedAsRoot = LintRule(
    id: "CP003-not-allowed-as-root", severity: .error,
    summary: "Only tab bar, list, grid and map may be set as root (others UNCONFIRMED: refused).",
    hostBehaviour: "exception (UNCONFIRMED kinds: assumed)",
    source: "carplay-facts.md §2 [DG25 §Startup; DOC cptabbartemplate]")
  /// A kind that cannot be pushed.
  public static let notPushable = LintRule(
    id: "CP004-not-pushable", severity: .error,
    summary:
      "Only list, grid, information, POI, search, Now Playing, contact and voice control may be pushed.",
    hostBehaviour: "exception (UNCONFIRMED kinds: assumed)",
    source: "carplay-facts.md §2 [DOC cpinterfacecontroller; DOC template class pages]")
  /// A modal that cannot be presented.
  public static let notPresentable = LintRule(
    id: "CP005-not-presentable", severity: .error,
    summary: "Only alert, action sheet and voice control may be presented modally.",
    hostBehaviour: "exception",
    source: "carplay-facts.md §2 [HDR CPInterfaceController.rs; DOC presenttemplate]")
  /// A tab kind that tabs cannot hold.
  public static let notAllowedInTab = LintRule(
    id: "CP006-not-allowed-in-tab", severity: .error,
    summary: "Tabs hold only list, grid, information and point-of-interest templates.",
    hostBehaviour: "exception (assumed; tab contents SECONDARY)",
    source: "carplay-facts.md §1.3, §2 [DG26* SECONDARY; W20-10635]")
  /// Navigation deeper than the category allows.
  public static let depthExceeded = LintRule(
    id: "CP007-depth-exceeded", severity: .error,
    summary:
      "Stay within the category's depth including the root (5; fueling 3; driving task and quick food 2).",
    hostBehaviour:
      "NSGenericException 'Application exceeded the hierarchy depth limit' kills the app",
    source: "carplay-facts.md §2 [DG25 §Templates; OSS OBSERVED]")
  /// More tabs than the car allows.
  public static let tabCount = LintRule(
    id: "CP008-tab-count", severity: .error,
    summary: "Show at most maximumTabCount tabs (4 audio, 5 others today).",
    hostBehaviour: "exception",
    source: "carplay-facts.md §1.3 [HDR CPTabBarTemplate.rs; DG25 §Tab bar template]")
  /// A tab bar with no tabs.
  public static let emptyTabBar = LintRule(
    id: "CP009-empty-tab-bar", severity: .error,
    summary: "A tab bar needs at least one tab.",
    hostBehaviour: "back to the CarPlay home screen (UNCONFIRMED; conservative)",
    source: "carplay-facts.md §1.3, §11 [UNCONFIRMED]")
  /// A tab bar anywhere but the root.
  public static let tabBarNotRoot = LintRule(
    id: "CP010-tab-bar-not-root", severity: .error,
    summary: "A tab bar can only be the root: never pushed, presented or nested in a tab.",
    hostBehaviour: "exception",
    source: "carplay-facts.md §1.3 [DOC cptabbartemplate]")
  /// Something other than a list pushed above Now Playing.
  public static let pushedAboveNowPlaying = LintRule(
    id: "CP011-pushed-above-now-playing", severity: .error,
    summary: "Only a list may be pushed on top of Now Playing.",
    hostBehaviour: "exception (assumed)",
    source: "carplay-facts.md §1.9 [DG25 §Now playing template; W20-10635]")
  /// An alert without actions.
  public static let alertWithoutActions = LintRule(
    id: "CP012-alert-without-actions", severity: .error,
    summary: "An alert needs at least one action.",
    hostBehaviour: "exception (assumed; 'at least one action required')",
    source: "carplay-facts.md §1.10 [HDR CPAlertTemplate.rs]")
  /// An action sheet with neither title nor message.
  public static let actionSheetWithoutText = LintRule(
    id: "CP013-action-sheet-without-text", severity: .error,
    summary: "An action sheet needs a title or a message.",
    hostBehaviour: "exception (assumed)",
    source: "carplay-facts.md §1.11 [HDR CPActionSheetTemplate.rs]")
  /// An action sheet without actions.
  public static let actionSheetWithoutActions = LintRule(
    id: "CP014-action-sheet-without-actions", severity: .error,
    summary: "An action sheet needs at least one action.",
    hostBehaviour: "exception (assumed)",
    source: "carplay-facts.md §1.11 [HDR CPActionSheetTemplate.rs]")
  /// Two templates on screen with the same id.
  public static let duplicateTemplateID = LintRule(
    id: "CP015-duplicate-template-id", severity: .error,
    summary: "Every template on the screen (root, tabs, stack, modal) has its own id.",
    hostBehaviour:
      "pushing the same instance twice fails ('not supported', OBSERVED); events become ambiguous",
    source: "carplay-facts.md §2 [OSS OBSERVED]")
  /// Two elements in one template with the same id.
  public static let duplicateElementID = LintRule(
    id: "CP016-duplicate-element-id", severity: .error,
    summary: "Every row, button, point and action in a template has its own id.",
    hostBehaviour: "taps and refreshes cannot tell the elements apart",
    source: "Wayside identity model (issue 2, item 2)")
  /// A selected tab index outside the tabs.
  public static let tabSelectionOutOfRange = LintRule(
    id: "CP017-tab-selection-out-of-range", severity: .error,
    summary: "The selected tab index must be smaller than the tab count.",
    hostBehaviour: "exception (assumed; 'index must be < tab count')",
    source: "carplay-facts.md §1.3 [HDR CPTabBarTemplate.rs]")
  /// A rating outside 0…maximumRating or not in half steps, or a maximum outside 1–5.
  public static let ratingOutOfRange = LintRule(
    id: "CP018-rating-out-of-range", severity: .error,
    summary: "Ratings go in 0.5 steps from 0 to maximumRating, a whole number 1–5.",
    hostBehaviour: "UNCONFIRMED; treated as an error (conservative)",
    source: "carplay-facts.md §1.4 [HDR CPInformationRatingItem.rs]")
  /// A Siri assistant cell in an app that is neither audio nor communication.
  public static let assistantCellCategory = LintRule(
    id: "CP019-assistant-cell-category", severity: .error,
    summary:
      "The assistant cell is only for audio (play media) and communication (start call) apps.",
    hostBehaviour: "UNCONFIRMED; treated as an error (conservative)",
    source: "carplay-facts.md §1.1 [HDR CPListTemplate.rs; DOC cplisttemplate]")
}

// MARK: - Limits: the host trims (warning) or the behaviour is unknown (error)

extension LintRule {
  /// List items over `maximumItemCount`.
  public static let listItemCount = LintRule(
    id: "CP020-list-item-count", severity: .warning,
    summary: "Keep list items (across sections) within maximumItemCount.",
    hostBehaviour: "keeps the first N items, drops the rest silently",
    source: "carplay-facts.md §1.1, §10 [DOC itemcount; HDR CPListTemplate.rs]")
  /// List items over 12 while the car limits lists.
  public static let limitedListItems = LintRule(
    id: "CP021-limited-list-items", severity: .warning,
    summary: "While the car limits lists, only 12 items are shown: put the important ones first.",
    hostBehaviour: "keeps the first 12 items, drops the rest silently",
    source: "carplay-facts.md §1.1 [DG25 §List template, §Keyboard and list restrictions]")
  /// List sections over `maximumSectionCount`.
  public static let listSectionCount = LintRule(
    id: "CP022-list-section-count", severity: .warning,
    summary: "Keep list sections within maximumSectionCount.",
    hostBehaviour: "keeps the first N sections",
    source: "carplay-facts.md §1.1, §10 [DOC sectioncount; HDR]")
  /// Header grid buttons over the maximum.
  public static let headerGridButtons = LintRule(
    id: "CP023-header-grid-buttons", severity: .warning,
    summary: "Keep pinned header grid buttons within maximumHeaderGridButtonCount.",
    hostBehaviour: "keeps the first N",
    source: "carplay-facts.md §1.1 [HDR CPListTemplate.rs]")
  /// Image-row images over the maximum.
  public static let imageRowImages = LintRule(
    id: "CP024-image-row-images", severity: .warning,
    summary: "Keep image-row images within CPMaximumNumberOfGridImages.",
    hostBehaviour: "uses the first N images; may show fewer",
    source: "carplay-facts.md §1.1 [HDR CPListImageRowItem.rs]")
  /// Section index titles longer than one character.
  public static let sectionIndexTitle = LintRule(
    id: "CP025-section-index-title", severity: .warning,
    summary: "A section index title is one character.",
    hostBehaviour: "forces it to 1 character",
    source: "carplay-facts.md §1.1 [HDR CPListSection.rs]")
  /// More than 8 grid buttons.
  public static let gridButtonCount = LintRule(
    id: "CP026-grid-button-count", severity: .warning,
    summary: "A grid shows at most 8 buttons.",
    hostBehaviour: "keeps the first 8",
    source: "carplay-facts.md §1.2 [DOC cpgridtemplatemaximumitems]")
  /// A grid button without image or title.
  public static let gridButtonUndisplayable = LintRule(
    id: "CP027-grid-button-undisplayable", severity: .warning,
    summary: "A grid button needs an image and a non-empty title.",
    hostBehaviour: "the button is not displayed",
    source: "carplay-facts.md §1.2 [HDR CPGridButton.rs]")
  /// More than 10 information items.
  public static let informationItems = LintRule(
    id: "CP028-information-items", severity: .warning,
    summary: "An information template shows at most 10 items.",
    hostBehaviour: "keeps the first 10",
    source: "carplay-facts.md §1.4 [HDR CPInformationTemplate.rs]")
  /// More than 3 information actions.
  public static let informationActions = LintRule(
    id: "CP029-information-actions", severity: .warning,
    summary: "An information template shows at most 3 actions.",
    hostBehaviour: "keeps the first 3",
    source: "carplay-facts.md §1.4 [HDR CPInformationTemplate.rs; DOC actions]")
  /// More than 12 points of interest.
  public static let poiCount = LintRule(
    id: "CP030-poi-count", severity: .warning,
    summary: "A point-of-interest template shows at most 12 points.",
    hostBehaviour: "keeps the first 12",
    source: "carplay-facts.md §1.5 [HDR CPPointOfInterestTemplate.rs; DG25 §Point of interest]")
  /// More than 2 leading or 2 trailing bar buttons.
  public static let navigationBarButtons = LintRule(
    id: "CP031-nav-bar-buttons", severity: .warning,
    summary: "A navigation bar shows at most 2 leading and 2 trailing buttons.",
    hostBehaviour: "keeps the first 2 of each side",
    source: "carplay-facts.md §1.0 [HDR CPBarButtonProviding.rs]")
  /// More than 4 map buttons (2 while panning).
  public static let mapButtons = LintRule(
    id: "CP032-map-buttons", severity: .warning,
    summary: "A map shows at most 4 map buttons, 2 while panning.",
    hostBehaviour: "keeps the first 4 (2 while panning)",
    source: "carplay-facts.md §1.6 [HDR CPMapTemplate.rs]")
  /// Alert actions over `maximumActionCount`.
  public static let alertActions = LintRule(
    id: "CP033-alert-actions", severity: .warning,
    summary: "Keep alert actions within maximumActionCount; the host keeps the LAST ones.",
    hostBehaviour: "keeps the most recently added N (last N, not first N)",
    source: "carplay-facts.md §1.10 [HDR CPAlertTemplate.rs]")
  /// More than 5 voice control states.
  public static let voiceControlStates = LintRule(
    id: "CP034-voice-control-states", severity: .warning,
    summary: "A voice control template has at most 5 states.",
    hostBehaviour: "keeps the first 5",
    source: "carplay-facts.md §1.8 [HDR CPVoiceControlTemplate.rs]")
  /// Voice state action buttons over the maximum.
  public static let voiceStateActionButtons = LintRule(
    id: "CP035-voice-action-buttons", severity: .warning,
    summary: "A voice control state has at most maximumActionButtonCount action buttons.",
    hostBehaviour: "extras ignored",
    source: "carplay-facts.md §1.8 [HDR CPVoiceControlTemplate.rs; W26-212]")
  /// Details-header action buttons over the maximum.
  public static let detailsHeaderButtons = LintRule(
    id: "CP036-details-header-buttons", severity: .warning,
    summary: "A list details header has at most maximumActionButtonCount buttons.",
    hostBehaviour: "extras ignored",
    source: "carplay-facts.md §1.1 [HDR CPListTemplateDetailsHeader.h]")
  /// More than 2 dashboard buttons.
  public static let dashboardButtons = LintRule(
    id: "CP037-dashboard-buttons", severity: .warning,
    summary: "The dashboard shows at most 2 shortcut buttons.",
    hostBehaviour: "keeps the first 2",
    source: "carplay-facts.md §4 [HDR CPDashboardController.rs]")
  /// More than 5 Now Playing buttons.
  public static let nowPlayingButtons = LintRule(
    id: "CP038-now-playing-buttons", severity: .error,
    summary: "Now Playing has at most 5 buttons.",
    hostBehaviour: "UNCONFIRMED; the emulator keeps the first 5, lint treats it as an error",
    source: "carplay-facts.md §1.9, §10 [HDR CPNowPlayingTemplate.rs]")
  /// More than 4 contact actions.
  public static let contactActions = LintRule(
    id: "CP039-contact-actions", severity: .error,
    summary: "A contact template has at most 4 actions.",
    hostBehaviour: "UNCONFIRMED; the emulator keeps the first 4, lint treats it as an error",
    source: "carplay-facts.md §1.12 [DOC cpcontacttemplate; W20-10635]")
  /// More than 12 trip previews.
  public static let tripPreviews = LintRule(
    id: "CP040-trip-previews", severity: .error,
    summary: "A trip preview shows at most 12 trips.",
    hostBehaviour: "UNCONFIRMED; the emulator keeps the first 12, lint treats it as an error",
    source: "carplay-facts.md §1.6, §10 [DG25 §Preview]")
  /// More than 3 route choices in a trip.
  public static let routeChoices = LintRule(
    id: "CP041-route-choices", severity: .error,
    summary: "A trip offers at most 3 route choices.",
    hostBehaviour: "UNCONFIRMED; the emulator keeps the first 3, lint treats it as an error",
    source: "carplay-facts.md §1.6, §10 [DG25 §Preview]")
}

// MARK: - Other warnings and design notes

extension LintRule {
  /// Image titles that do not match the images.
  public static let imageRowTitleCount = LintRule(
    id: "CP050-image-row-title-count", severity: .warning,
    summary: "An image row's titles, when given, match its images one to one.",
    hostBehaviour: "UNCONFIRMED; titles and images pair up wrongly",
    source: "carplay-facts.md §1.1 [HDR CPListImageRowItem.rs]")
  /// A search template while the keyboard is limited.
  public static let searchWhileKeyboardLimited = LintRule(
    id: "CP051-search-keyboard-limited", severity: .warning,
    summary: "Do not rely on search while the car limits the keyboard.",
    hostBehaviour: "the keyboard is unavailable; the driver cannot type",
    source: "carplay-facts.md §1.7, §9 [DG25 §Keyboard and list restrictions]")
  /// A selected POI index outside the points.
  public static let poiSelectedIndex = LintRule(
    id: "CP052-poi-selected-index", severity: .warning,
    summary: "The selected point index must point at a shown point (one of the first 12).",
    hostBehaviour: "no point is selected (assumed)",
    source: "carplay-facts.md §1.5 [HDR CPPointOfInterestTemplate.rs]")
  /// A list playback progress outside 0…1.
  public static let playbackProgressRange = LintRule(
    id: "CP053-playback-progress-range", severity: .warning,
    summary: "List-row playback progress lies between 0 and 1.",
    hostBehaviour: "UNCONFIRMED; clamped or ignored",
    source: "carplay-facts.md §1.1, §8 [HDR CPListItem.rs]")
  /// Text that tells the driver to use the phone.
  public static let phoneInstruction = LintRule(
    id: "CP060-phone-instruction", severity: .error,
    summary: "Never tell the driver to pick up or use the iPhone; report errors in CarPlay.",
    hostBehaviour: "none at run time; a rule, not a hint: App Review rejects the app",
    source: "carplay-facts.md §9 [DG25 §Guidelines; HIG §Error handling]")
  /// A tab without title or image.
  public static let tabWithoutAppearance = LintRule(
    id: "CP061-tab-without-title-or-image", severity: .note,
    summary: "Give every tab a title, an image or a system item.",
    hostBehaviour: "the tab shows a '…' placeholder (OBSERVED)",
    source: "carplay-facts.md §1.0, §1.3 [HDR CPTemplate.rs; OSS OBSERVED]")
  /// A bar button with both title and image.
  public static let barButtonTitleAndImage = LintRule(
    id: "CP062-bar-button-title-wins", severity: .note,
    summary: "A bar button shows its title or its image, not both; the title wins.",
    hostBehaviour: "the image is ignored",
    source: "carplay-facts.md §1.0 [HDR CPBarButton.rs]")
  /// An action sheet with a single action.
  public static let actionSheetSingleAction = LintRule(
    id: "CP063-action-sheet-single-choice", severity: .note,
    summary: "An action sheet presents two or more choices; use an alert for one.",
    hostBehaviour: "none",
    source: "carplay-facts.md §1.11 [DG25 §Action sheet template]")
}
