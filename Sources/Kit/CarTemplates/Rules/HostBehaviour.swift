/// What the real CarPlay host does when an app breaks a rule (carplay-facts.md §10).
public enum HostBehaviour: String, Hashable, Sendable, Codable, CustomStringConvertible {
  /// Keeps the first N elements and silently discards the rest.
  case keepsFirst
  /// Keeps the most recently added N elements (the last N): alert actions.
  case keepsLast
  /// Does not display the element at all (grid button without image or title).
  case hidesElement
  /// Shortens a text to the allowed length (section index title).
  case shortensText
  /// Raises an Objective-C exception, which ends the app.
  case throwsException
  /// Reports failure: completion gets `success = false` and an error; without a completion
  /// block the host throws instead (carplay-facts.md §3).
  case failsOperation
  /// Leaves the app and shows the CarPlay home screen.
  case returnsToHomeScreen
  /// Does nothing.
  case noEffect

  /// A short phrase for messages: "keeps the first N, drops the rest".
  public var description: String {
    switch self {
    case .keepsFirst: "keeps the first N, drops the rest"
    case .keepsLast: "keeps the last N, drops the earlier ones"
    case .hidesElement: "does not display the element"
    case .shortensText: "shortens the text"
    case .throwsException: "throws an exception"
    case .failsOperation: "fails the operation (exception without completion block)"
    case .returnsToHomeScreen: "returns to the CarPlay home screen"
    case .noEffect: "has no effect"
    }
  }
}

/// A counted limit the host enforces by trimming what the app gave (carplay-facts.md §10).
public enum HostLimit: String, Hashable, Sendable, Codable, CaseIterable, CustomStringConvertible {
  case listItems, limitedListItems, listSections, headerGridButtons, imageRowImages
  case sectionIndexTitle, gridButtons, undisplayableGridButtons, informationItems
  case informationActions, pointsOfInterest, leadingBarButtons, trailingBarButtons, mapButtons
  case mapButtonsWhilePanning, alertActions, voiceControlStates, voiceStateActionButtons
  case detailsHeaderActionButtons, dashboardButtons, nowPlayingButtons, contactActions
  case tripPreviews, routeChoices

  /// The raw value, e.g. `listItems`.
  public var description: String { rawValue }

  /// How the host trims (carplay-facts.md §10).
  ///
  /// Now Playing buttons, contact actions, trips and route choices have UNCONFIRMED behaviour;
  /// the emulator keeps the first N (the usual CarPlay reaction) and ``isConfirmed`` is false,
  /// so lint reports them as errors.
  public var behaviour: HostBehaviour {
    switch self {
    case .alertActions: .keepsLast
    case .undisplayableGridButtons: .hidesElement
    case .sectionIndexTitle: .shortensText
    default: .keepsFirst
    }
  }

  /// Whether Apple's text or headers confirm ``behaviour``.
  public var isConfirmed: Bool {
    switch self {
    case .nowPlayingButtons, .contactActions, .tripPreviews, .routeChoices: false
    default: true
    }
  }

  /// The lint rule that reports this limit.
  public var rule: LintRule {
    switch self {
    case .listItems: .listItemCount
    case .limitedListItems: .limitedListItems
    case .listSections: .listSectionCount
    case .headerGridButtons: .headerGridButtons
    case .imageRowImages: .imageRowImages
    case .sectionIndexTitle: .sectionIndexTitle
    case .gridButtons: .gridButtonCount
    case .undisplayableGridButtons: .gridButtonUndisplayable
    case .informationItems: .informationItems
    case .informationActions: .informationActions
    case .pointsOfInterest: .poiCount
    case .leadingBarButtons, .trailingBarButtons: .navigationBarButtons
    case .mapButtons, .mapButtonsWhilePanning: .mapButtons
    case .alertActions: .alertActions
    case .voiceControlStates: .voiceControlStates
    case .voiceStateActionButtons: .voiceStateActionButtons
    case .detailsHeaderActionButtons: .detailsHeaderButtons
    case .dashboardButtons: .dashboardButtons
    case .nowPlayingButtons: .nowPlayingButtons
    case .contactActions: .contactActions
    case .tripPreviews: .tripPreviews
    case .routeChoices: .routeChoices
    }
  }

  /// The limit's value under these run-time limits (for `undisplayableGridButtons`, 0: every
  /// undisplayable button is hidden).
  public func value(in limits: CarLimits) -> Int {
    switch self {
    case .listItems, .limitedListItems: limits.maximumItemCount
    case .listSections: limits.maximumSectionCount
    case .headerGridButtons: limits.maximumHeaderGridButtonCount
    case .imageRowImages: limits.maximumImageRowImageCount
    case .sectionIndexTitle: FixedLimits.sectionIndexTitleLength
    case .gridButtons: FixedLimits.gridButtons
    case .undisplayableGridButtons: 0
    case .informationItems: FixedLimits.informationItems
    case .informationActions: FixedLimits.informationActions
    case .pointsOfInterest: FixedLimits.pointsOfInterest
    case .leadingBarButtons: FixedLimits.leadingBarButtons
    case .trailingBarButtons: FixedLimits.trailingBarButtons
    case .mapButtons: FixedLimits.mapButtons
    case .mapButtonsWhilePanning: FixedLimits.mapButtonsWhilePanning
    case .alertActions: limits.maximumAlertActionCount
    case .voiceControlStates: FixedLimits.voiceControlStates
    case .voiceStateActionButtons: limits.maximumVoiceStateActionButtonCount
    case .detailsHeaderActionButtons: limits.maximumDetailsHeaderActionButtonCount
    case .dashboardButtons: FixedLimits.dashboardButtons
    case .nowPlayingButtons: FixedLimits.nowPlayingButtons
    case .contactActions: FixedLimits.contactActions
    case .tripPreviews: FixedLimits.tripPreviews
    case .routeChoices: FixedLimits.routeChoicesPerTrip
    }
  }

  /// What is being counted, for messages: "list items", "points of interest", ….
  public var noun: String {
    switch self {
    case .listItems, .limitedListItems: "list items"
    case .listSections: "list sections"
    case .headerGridButtons: "header grid buttons"
    case .imageRowImages: "images"
    case .sectionIndexTitle: "index title characters"
    case .gridButtons: "grid buttons"
    case .undisplayableGridButtons: "grid buttons without image or title"
    case .informationItems: "information items"
    case .informationActions: "information actions"
    case .pointsOfInterest: "points of interest"
    case .leadingBarButtons: "leading bar buttons"
    case .trailingBarButtons: "trailing bar buttons"
    case .mapButtons: "map buttons"
    case .mapButtonsWhilePanning: "map buttons while panning"
    case .alertActions: "alert actions"
    case .voiceControlStates: "voice control states"
    case .voiceStateActionButtons: "voice state action buttons"
    case .detailsHeaderActionButtons: "details header buttons"
    case .dashboardButtons: "dashboard buttons"
    case .nowPlayingButtons: "Now Playing buttons"
    case .contactActions: "contact actions"
    case .tripPreviews: "trip previews"
    case .routeChoices: "route choices"
    }
  }
}

/// A structural rule whose violation the host does not trim but refuses: the template, the
/// operation or the app fails (carplay-facts.md §2, §3, §10).
public enum HostViolation: String, Hashable, Sendable, Codable, CaseIterable,
  CustomStringConvertible
{
  case templateNotAllowed, notAllowedAsRoot, notPushable, notPresentable, notAllowedInTab
  case depthExceeded, tooManyTabs, emptyTabBar, tabBarNotRoot, pushedAboveNowPlaying
  case secondModal, failedOperationWithoutCompletion, popToMissingTarget, popAtRoot
  case dismissWithoutModal, pushSameInstanceTwice, alertWithoutActions, actionSheetWithoutText
  case actionSheetWithoutActions, tabSelectionOutOfRange

  /// The raw value, e.g. `depthExceeded`.
  public var description: String { rawValue }

  /// What the host does (carplay-facts.md §10).
  ///
  /// UNCONFIRMED entries take the conservative (harshest plausible) reaction: an empty tab bar
  /// goes home (as the issue describes; carplay-facts.md §11), a second modal fails the
  /// operation, and invalid template contents (alert without actions, action sheet without
  /// text or actions, a tab index out of range, a kind refused as root/push/tab) throw.
  public var behaviour: HostBehaviour {
    switch self {
    case .emptyTabBar: .returnsToHomeScreen
    case .secondModal, .popToMissingTarget, .popAtRoot, .pushSameInstanceTwice: .failsOperation
    case .dismissWithoutModal: .noEffect
    default: .throwsException
    }
  }

  /// Whether a source confirms ``behaviour`` (Apple text or OBSERVED on devices).
  public var isConfirmed: Bool {
    switch self {
    case .templateNotAllowed, .depthExceeded, .tooManyTabs, .tabBarNotRoot, .notPresentable,
      .failedOperationWithoutCompletion, .popToMissingTarget, .popAtRoot, .dismissWithoutModal,
      .pushSameInstanceTwice:
      true
    default: false
    }
  }

  /// The exception name the real host raises, when it throws: `NSInvalidArgumentException` for
  /// a refused template class (OBSERVED) and for a template in a place it cannot go (a
  /// placement, like a class, is an argument the method refuses; UNCONFIRMED),
  /// `NSGenericException` otherwise (OBSERVED for depth and failed operations without
  /// completion).
  public var exceptionName: String? {
    switch behaviour {
    case .throwsException:
      switch self {
      case .templateNotAllowed, .notAllowedAsRoot, .notPushable, .notPresentable,
        .notAllowedInTab, .tabBarNotRoot, .pushedAboveNowPlaying:
        "NSInvalidArgumentException"
      default: "NSGenericException"
      }
    case .failsOperation: "NSGenericException"
    default: nil
    }
  }

  /// The host's message, word for word where it was OBSERVED (carplay-facts.md §1.0, §2, §3).
  public var hostMessage: String {
    switch self {
    case .templateNotAllowed:
      "Unsupported object passed to setRootTemplate:animated:completion:. Allowed classes: (…)"
    case .depthExceeded: "Application exceeded the hierarchy depth limit"
    case .failedOperationWithoutCompletion:
      "An error was encountered during a template operation, but no completion block was specified."
    case .popAtRoot: "No templates were available to be popped."
    case .pushSameInstanceTwice:
      "Pushing the same template instance more than once is not supported."
    case .popToMissingTarget: "The requested template is not in the navigation stack."
    case .secondModal: "A template is already presented."
    case .tooManyTabs: "The tab bar holds more templates than maximumTabCount."
    case .emptyTabBar: "The tab bar has no templates."
    case .tabBarNotRoot: "CPTabBarTemplate can only be set as the root template."
    case .pushedAboveNowPlaying: "Only a CPListTemplate may be pushed above CPNowPlayingTemplate."
    case .notAllowedAsRoot: "The template cannot be set as the root template."
    case .notPushable: "The template cannot be pushed."
    case .notPresentable:
      "Only CPAlertTemplate, CPActionSheetTemplate and CPVoiceControlTemplate can be presented."
    case .notAllowedInTab: "The template cannot be a tab of CPTabBarTemplate."
    case .dismissWithoutModal: "No template is presented."
    case .alertWithoutActions: "CPAlertTemplate requires at least one action."
    case .actionSheetWithoutText: "CPActionSheetTemplate requires a title or a message."
    case .actionSheetWithoutActions: "CPActionSheetTemplate requires at least one action."
    case .tabSelectionOutOfRange: "The selected tab index is not smaller than the tab count."
    }
  }

  /// `CarPlayErrorDomain` code for operation failures: −1 is the only OBSERVED code (pop at
  /// root); the others are UNCONFIRMED and use −1 as well (carplay-facts.md §3).
  public var errorCode: Int { -1 }

  /// The lint rule that reports this violation ahead of time, when a screen can show it.
  public var rule: LintRule? {
    switch self {
    case .templateNotAllowed: .templateNotAllowed
    case .notAllowedAsRoot: .notAllowedAsRoot
    case .notPushable: .notPushable
    case .notPresentable: .notPresentable
    case .notAllowedInTab: .notAllowedInTab
    case .depthExceeded: .depthExceeded
    case .tooManyTabs: .tabCount
    case .emptyTabBar: .emptyTabBar
    case .tabBarNotRoot: .tabBarNotRoot
    case .pushedAboveNowPlaying: .pushedAboveNowPlaying
    case .pushSameInstanceTwice: .duplicateTemplateID
    case .alertWithoutActions: .alertWithoutActions
    case .actionSheetWithoutText: .actionSheetWithoutText
    case .actionSheetWithoutActions: .actionSheetWithoutActions
    case .tabSelectionOutOfRange: .tabSelectionOutOfRange
    case .secondModal, .failedOperationWithoutCompletion, .popToMissingTarget, .popAtRoot,
      .dismissWithoutModal:
      nil
    }
  }
}
