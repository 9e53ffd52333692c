import CarTemplates
import Foundation
import Testing

@Suite("Entitlements, category matrix, placement and depth")
struct CategoryRulesTests {
  struct Combination: CustomTestStringConvertible, Sendable {
    let name: String
    let categories: Set<CarCategory>
    let isAllowed: Bool
    var testDescription: String { name }
  }

  static let combinations: [Combination] = [
    Combination(name: "EV charging alone", categories: [.evCharging], isAllowed: true),
    Combination(name: "navigation alone", categories: [.navigation], isAllowed: true),
    Combination(
      name: "EV charging + fueling", categories: [.evCharging, .fueling], isAllowed: true),
    Combination(name: "audio + video", categories: [.audio, .video], isAllowed: true),
    Combination(name: "no category", categories: [], isAllowed: false),
    Combination(
      name: "EV charging + parking", categories: [.evCharging, .parking], isAllowed: false),
    Combination(
      name: "audio + communication", categories: [.audio, .communication], isAllowed: false),
    Combination(name: "navigation + audio", categories: [.navigation, .audio], isAllowed: false),
    Combination(
      name: "EV charging + fueling + parking", categories: [.evCharging, .fueling, .parking],
      isAllowed: false),
  ]

  @Test(
    "Only single categories, EV charging + fueling and audio + video may be held",
    arguments: combinations)
  func entitlementCombinations(_ c: Combination) throws {
    if c.isAllowed {
      let entitlements = try CarEntitlements.validated(c.categories)
      #expect(entitlements.categories == c.categories)
      #expect(entitlements.isValid)
    } else {
      let error = #expect(throws: EntitlementError.self) {
        try CarEntitlements.validated(c.categories)
      }
      #expect(error?.message.contains("EV charging + fueling, audio + video") == true)
      for category in c.categories {
        #expect(error?.message.contains(category.entitlementKey) == true)
      }
      #expect(!CarEntitlements(c.categories).isValid)
    }
  }

  struct MatrixCase: CustomTestStringConvertible, Sendable {
    let kind: TemplateKind
    let category: CarCategory
    let allowed: Bool
    var testDescription: String { "\(kind) for \(category): \(allowed ? "allowed" : "refused")" }
  }

  static let matrix: [MatrixCase] = [
    MatrixCase(kind: .pointOfInterest, category: .evCharging, allowed: true),
    MatrixCase(kind: .information, category: .evCharging, allowed: true),
    MatrixCase(kind: .map, category: .evCharging, allowed: false),
    MatrixCase(kind: .search, category: .evCharging, allowed: false),
    MatrixCase(kind: .nowPlaying, category: .evCharging, allowed: false),
    MatrixCase(kind: .information, category: .audio, allowed: false),
    MatrixCase(kind: .nowPlaying, category: .audio, allowed: true),
    MatrixCase(kind: .actionSheet, category: .audio, allowed: true),
    MatrixCase(kind: .nowPlaying, category: .communication, allowed: true),
    MatrixCase(kind: .contact, category: .communication, allowed: true),
    MatrixCase(kind: .pointOfInterest, category: .navigation, allowed: false),
    MatrixCase(kind: .map, category: .navigation, allowed: true),
    MatrixCase(kind: .voiceControl, category: .navigation, allowed: true),
    MatrixCase(kind: .voiceControl, category: .evCharging, allowed: false),
    MatrixCase(kind: .contact, category: .publicSafety, allowed: false),
    MatrixCase(kind: .information, category: .voiceConversational, allowed: false),
    MatrixCase(kind: .nowPlaying, category: .video, allowed: true),
  ]

  @Test("The template × category matrix follows the June 2025 guide", arguments: matrix)
  func templateMatrix(_ c: MatrixCase) {
    #expect(CategoryMatrix.allows(c.kind, for: c.category) == c.allowed)
  }

  @Test(
    "Every category may use list, grid, tab bar, alert and action sheet",
    arguments: CarCategory.allCases)
  func commonTemplates(_ category: CarCategory) {
    #expect(CategoryMatrix.everyCategory.isSubset(of: CategoryMatrix.allowedKinds(for: category)))
  }

  @Test("Combined entitlements allow the union of their templates")
  func unionOfTemplates() throws {
    let media = try CarEntitlements.validated(.audio, .video)
    #expect(media.allows(.nowPlaying))
    #expect(!media.allows(.information))
  }

  struct PlacementCase: CustomTestStringConvertible, Sendable {
    let kind: TemplateKind
    let placement: TemplatePlacement
    let allowed: Bool
    var testDescription: String { "\(kind) as \(placement): \(allowed ? "allowed" : "refused")" }
  }

  static let placements: [PlacementCase] = [
    PlacementCase(kind: .tabBar, placement: .root, allowed: true),
    PlacementCase(kind: .tabBar, placement: .push, allowed: false),
    PlacementCase(kind: .tabBar, placement: .present, allowed: false),
    PlacementCase(kind: .list, placement: .root, allowed: true),
    PlacementCase(kind: .list, placement: .tab, allowed: true),
    PlacementCase(kind: .pointOfInterest, placement: .tab, allowed: true),
    PlacementCase(kind: .pointOfInterest, placement: .root, allowed: false),
    PlacementCase(kind: .information, placement: .present, allowed: false),
    PlacementCase(kind: .information, placement: .push, allowed: true),
    PlacementCase(kind: .map, placement: .root, allowed: true),
    PlacementCase(kind: .map, placement: .push, allowed: false),
    PlacementCase(kind: .nowPlaying, placement: .push, allowed: true),
    PlacementCase(kind: .nowPlaying, placement: .present, allowed: false),
    PlacementCase(kind: .alert, placement: .present, allowed: true),
    PlacementCase(kind: .alert, placement: .push, allowed: false),
    PlacementCase(kind: .voiceControl, placement: .present, allowed: true),
    PlacementCase(kind: .contact, placement: .present, allowed: false),
    PlacementCase(kind: .search, placement: .tab, allowed: false),
  ]

  @Test(
    "Root, push, present and tab placements follow the fact sheet's table", arguments: placements)
  func placement(_ c: PlacementCase) {
    #expect(c.kind.canBe(c.placement) == c.allowed)
  }

  @Test("Only alert, action sheet and voice control are presentable")
  func presentable() {
    #expect(TemplateKind.presentable == [.alert, .actionSheet, .voiceControl])
    #expect(TemplateKind.tabbable == [.list, .grid, .information, .pointOfInterest])
  }

  @Test("Only a list may be pushed above Now Playing")
  func aboveNowPlaying() {
    #expect(TemplateKind.list.canBePushed(above: .nowPlaying))
    #expect(!TemplateKind.grid.canBePushed(above: .nowPlaying))
    #expect(TemplateKind.grid.canBePushed(above: .list))
  }

  @Test(
    "Depth per category includes the root",
    arguments: [
      (CarCategory.evCharging, 5), (.audio, 5), (.navigation, 5), (.parking, 5), (.fueling, 3),
      (.drivingTask, 2), (.quickFoodOrdering, 2), (.voiceConversational, 3), (.video, 3),
    ])
  func depth(_ category: CarCategory, _ expected: Int) {
    #expect(category.maximumDepth == expected)
  }

  @Test("Combined entitlements take the smaller depth and tab count")
  func combinedDepth() throws {
    let charging = try CarEntitlements.validated(.evCharging, .fueling)
    #expect(charging.maximumDepth == 3)
    #expect(charging.maximumTabCount == 5)
    let media = try CarEntitlements.validated(.audio, .video)
    #expect(media.maximumTabCount == 4)
  }

  @Test("Audio apps get 4 tabs, the others 5")
  func tabCounts() {
    #expect(CarCategory.audio.maximumTabCount == 4)
    #expect(CarCategory.evCharging.maximumTabCount == 5)
    #expect(CarCategory.navigation.maximumTabCount == 5)
  }

  @Test("Limited lists cap the item count at 12; unlimited lists keep the car's value")
  func limitedLists() {
    let driving = SessionConfiguration(limitedUserInterfaces: [.lists])
    let limited = CarLimits.limits(for: .evCharging, configuration: driving)
    #expect(limited.maximumItemCount == 12)
    #expect(limited.listsAreLimited)
    let parked = CarLimits.limits(for: .evCharging, configuration: SessionConfiguration())
    #expect(parked.maximumItemCount == CarLimits.defaultMaximumItemCount)
    #expect(!parked.listsAreLimited)
    let small = CarLimits.limits(
      for: .evCharging, configuration: driving, base: CarLimits(maximumItemCount: 8))
    #expect(small.maximumItemCount == 8)
  }

  @Test("Limits take depth and tab count from the entitlements and the keyboard from the car")
  func limitsFromEntitlements() throws {
    let limits = CarLimits.limits(
      for: try CarEntitlements.validated(.evCharging, .fueling),
      configuration: SessionConfiguration(limitedUserInterfaces: [.keyboard]))
    #expect(limits.maximumDepth == 3)
    #expect(limits.maximumTabCount == 5)
    #expect(limits.keyboardIsLimited)
    #expect(!limits.listsAreLimited)
  }

  @Test("Every host limit and violation maps to a catalogue rule with a fact-sheet source")
  func rulesHaveSources() {
    for limit in HostLimit.allCases {
      #expect(limit.rule.source.contains("carplay-facts.md"), "\(limit)")
      #expect(limit.isConfirmed == (limit.rule.severity == .warning), "\(limit)")
    }
    for violation in HostViolation.allCases {
      if let rule = violation.rule { #expect(rule.severity == .error, "\(violation)") }
    }
  }

  @Test(
    "The host throws for refused templates and depth, fails operations, and goes home for an empty tab bar"
  )
  func violationBehaviour() {
    #expect(HostViolation.templateNotAllowed.behaviour == .throwsException)
    #expect(HostViolation.templateNotAllowed.exceptionName == "NSInvalidArgumentException")
    #expect(HostViolation.depthExceeded.exceptionName == "NSGenericException")
    #expect(
      HostViolation.depthExceeded.hostMessage == "Application exceeded the hierarchy depth limit")
    #expect(HostViolation.tooManyTabs.behaviour == .throwsException)
    #expect(HostViolation.emptyTabBar.behaviour == .returnsToHomeScreen)
    #expect(HostViolation.popAtRoot.behaviour == .failsOperation)
    #expect(HostViolation.popAtRoot.hostMessage == "No templates were available to be popped.")
    #expect(HostViolation.dismissWithoutModal.behaviour == .noEffect)
    #expect(HostLimit.alertActions.behaviour == .keepsLast)
    #expect(HostLimit.undisplayableGridButtons.behaviour == .hidesElement)
  }
}

@Suite("CategoryMatrix: what iOS 27 adds")
struct SystemVersionMatrixTests {
  @Test("iOS 27 adds search for EV charging and audio and voice control for every category; older phones keep the 2025 matrix")
  func iOS27Additions() {
    for category in CarCategory.allCases {
      #expect(
        CategoryMatrix.allowedKinds(for: category, systemVersion: .iOS26_4)
          == CategoryMatrix.allowedKinds(for: category))
      let added = CategoryMatrix.allowedKinds(for: category, systemVersion: .iOS27)
        .subtracting(CategoryMatrix.allowedKinds(for: category))
      var expected: Set<TemplateKind> = [.voiceControl, .search]
      if category != .evCharging && category != .audio { expected.remove(.search) }
      expected.subtract(CategoryMatrix.allowedKinds(for: category))
      #expect(added == expected, "\(category)")
    }
  }

  @Test("versions read from journeys: 26.4, 27 and 27.0; anything else is refused")
  func versionWords() {
    #expect(SystemVersion(word: "26.4") == .iOS26_4)
    #expect(SystemVersion(word: "27") == .iOS27)
    #expect(SystemVersion(word: "27.0") == .iOS27)
    for bad in ["", "x", "27.", "27.10", "0", "27.1.1"] { #expect(SystemVersion(word: bad) == nil) }
    #expect(SystemVersion(26, 4) < .iOS27)
    #expect("\(SystemVersion.iOS26_4) \(SystemVersion.iOS27)" == "26.4 27")
  }

  @Test("a configuration written before the version existed decodes with the emulator's phone")
  func oldConfigurationDecodes() throws {
    let encoded = try JSONEncoder().encode(SessionConfiguration())
    var object = try #require(try JSONSerialization.jsonObject(with: encoded) as? [String: Any])
    #expect(object.removeValue(forKey: "systemVersion") != nil)
    let old = try JSONSerialization.data(withJSONObject: object)
    let decoded = try JSONDecoder().decode(SessionConfiguration.self, from: old)
    #expect(decoded.systemVersion == .emulatorDefault)
  }
}
