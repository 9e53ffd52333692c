import CarTemplates
import Geo
import Testing

@Suite("CarLint: every rule has a screen that breaks it and one that keeps it")
struct CarLintTests {
  /// What the lint looks at: a screen for some entitlements and car, or a dashboard.
  enum Input: Sendable {
    case screen(CarScreen, CarEntitlements, SessionConfiguration)
    case dashboard(DashboardSpec)

    func diagnostics() -> [Diagnostic] {
      switch self {
      case .screen(let screen, let entitlements, let configuration):
        CarLint.validate(screen: screen, entitlements: entitlements, configuration: configuration)
      case .dashboard(let dashboard):
        CarLint.validate(dashboard: dashboard)
      }
    }
  }

  struct Case: CustomTestStringConvertible, Sendable {
    let rule: LintRule
    let name: String
    let breaks: Input
    let keeps: Input
    var testDescription: String { "\(rule.id): \(name)" }
  }

  static let driving = SessionConfiguration(limitedUserInterfaces: [.lists, .keyboard])

  static func on(
    _ root: TemplateSpec, stack: [TemplateSpec] = [], modal: TemplateSpec? = nil,
    _ category: CarCategory = .evCharging, _ configuration: SessionConfiguration = .init()
  ) -> Input {
    .screen(CarScreen(root: root, stack: stack, modal: modal), .single(category), configuration)
  }

  static func on(_ root: TemplateSpec, stack: [TemplateSpec] = [], entitlements: Set<CarCategory>)
    -> Input
  { .screen(CarScreen(root: root, stack: stack), CarEntitlements(entitlements), .init()) }

  static func list(_ id: TemplateID = "list", rows: [ListRowSpec], title: String? = "List")
    -> TemplateSpec
  { .list(id, ListTemplateSpec(title: title, sections: [ListSectionSpec(rows: rows)])) }

  static func listSpec(_ spec: ListTemplateSpec) -> TemplateSpec { .list("list", spec) }

  static func item(_ id: ElementID, _ text: String = "Row", progress: Double? = nil) -> ListRowSpec
  {
    .item(ListItemSpec(id: id, text: text, playbackProgress: progress))
  }

  static func sections(_ count: Int) -> TemplateSpec {
    listSpec(
      ListTemplateSpec(
        title: "S",
        sections: (0..<count).map { ListSectionSpec(items: Make.items(1, prefix: "s\($0)-")) }))
  }

  static func headerGrid(_ count: Int) -> TemplateSpec {
    listSpec(
      ListTemplateSpec(
        title: "P", sections: [],
        headerGridButtons: Make.ids("h", count).map { Make.gridButton($0) }))
  }

  static func imageRow(images: Int, titles: Int) -> TemplateSpec {
    list(
      rows: [
        .imageRow(
          ImageRowSpec(
            id: "recent", text: "Recent", images: Array(repeating: .symbol("bolt"), count: images),
            imageTitles: Array(repeating: "A", count: titles)))
      ])
  }

  static func indexTitle(_ title: String) -> TemplateSpec {
    listSpec(
      ListTemplateSpec(
        title: "Index", sections: [ListSectionSpec(sectionIndexTitle: title, rows: [item("a")])]))
  }

  static func grid(_ buttons: [GridButtonSpec]) -> TemplateSpec {
    .grid("grid", GridTemplateSpec(title: "Grid", buttons: buttons))
  }

  static func rating(_ rating: Double, of maximum: Int) -> TemplateSpec {
    .information(
      "info",
      InformationTemplateSpec(
        title: "Station",
        items: [
          InformationItemSpec(
            id: "stars", title: "Rating", detail: nil, rating: rating, maximumRating: maximum)
        ]))
  }

  static func assistant(_ action: AssistantCellSpec.Action) -> TemplateSpec {
    listSpec(
      ListTemplateSpec(
        title: "Library", sections: [ListSectionSpec(items: Make.items(1))],
        assistantCell: AssistantCellSpec(visibility: .always, action: action)))
  }

  static func bar(leading: Int = 0, trailing: Int = 0, image: Bool = false) -> TemplateSpec {
    listSpec(
      ListTemplateSpec(
        title: "Bar", sections: [ListSectionSpec(items: Make.items(1))],
        navigationBar: NavigationBarSpec(
          leading: Make.ids("l", leading).map {
            BarButtonSpec(id: $0, title: "L", image: image ? .symbol("x") : nil)
          },
          trailing: Make.ids("t", trailing).map { BarButtonSpec(id: $0, title: "T") })))
  }

  static func detailsHeader(_ count: Int) -> TemplateSpec {
    listSpec(
      ListTemplateSpec(
        title: "Album", sections: [ListSectionSpec(items: Make.items(1))],
        detailsHeader: ListDetailsHeaderSpec(
          thumbnail: .asset("cover"), actionButtons: Make.barButtons("d", count))))
  }

  static func trips(_ count: Int, routes: Int = 1) -> TemplateSpec {
    .map(
      "map",
      MapTemplateSpec(
        viewport: MapViewportSpec(center: Make.kassel, zoom: 10),
        tripPreviews: Make.ids("trip", count).map {
          TripPreviewSpec(
            id: $0, destinationName: "Kassel", destination: Make.kassel,
            routeChoices: Make.ids("r", routes).map {
              TripPreviewSpec.RouteChoice(id: $0, summaryVariants: ["via A7"])
            })
        }))
  }

  static func text(_ text: String) -> TemplateSpec {
    .alert(
      "alert",
      AlertTemplateSpec(titleVariants: [text], actions: [AlertActionSpec(id: "ok", title: "OK")]))
  }

  static func dashboard(_ count: Int) -> Input {
    .dashboard(
      DashboardSpec(
        shortcutButtons: Make.ids("d", count).map {
          DashboardButtonSpec(id: $0, titleVariants: ["Home"])
        }))
  }

  static let root = Make.list("root", items: 1)

  static let cases: [Case] = [
    Case(
      rule: .templateNotAllowed, name: "Now Playing in an EV charging app",
      breaks: on(root, stack: [Make.nowPlaying()]),
      keeps: on(root, stack: [Make.nowPlaying()], .audio)),
    Case(
      rule: .templateNotAllowed, name: "a map template in an EV charging app",
      breaks: on(Make.map()), keeps: on(Make.map(), .navigation)),
    Case(
      rule: .entitlementCombination, name: "EV charging + parking",
      breaks: on(root, entitlements: [.evCharging, .parking]),
      keeps: on(root, entitlements: [.evCharging, .fueling])),
    Case(
      rule: .notAllowedAsRoot, name: "a point-of-interest root (UNCONFIRMED, refused)",
      breaks: on(Make.poi()), keeps: on(Make.tabBar([Make.poi()]))),
    Case(
      rule: .notPushable, name: "a pushed map",
      breaks: on(Make.map("base"), stack: [Make.map("pushed")], .navigation),
      keeps: on(Make.map("base"), stack: [Make.list()], .navigation)),
    Case(
      rule: .notPresentable, name: "an information template as modal",
      breaks: on(root, modal: Make.information()), keeps: on(root, modal: Make.alert())),
    Case(
      rule: .notAllowedInTab, name: "Now Playing as a tab",
      breaks: on(Make.tabBar([Make.nowPlaying()]), .audio),
      keeps: on(Make.tabBar([Make.list()]), .audio)),
    Case(
      rule: .depthExceeded, name: "four levels for EV charging + fueling (max 3)",
      breaks: on(
        root, stack: [Make.list("a"), Make.list("b"), Make.list("c")],
        entitlements: [.evCharging, .fueling]),
      keeps: on(
        root, stack: [Make.list("a"), Make.list("b")], entitlements: [.evCharging, .fueling])),
    Case(
      rule: .depthExceeded, name: "six levels for EV charging (max 5)",
      breaks: on(
        Make.tabBar(Make.tabs(2)),
        stack: Make.ids("p", 5).map { Make.list(TemplateID($0.rawValue)) }),
      keeps: on(
        Make.tabBar(Make.tabs(2)),
        stack: Make.ids("p", 4).map { Make.list(TemplateID($0.rawValue)) })),
    Case(
      rule: .tabCount, name: "six tabs in an EV charging app",
      breaks: on(Make.tabBar(Make.tabs(6))), keeps: on(Make.tabBar(Make.tabs(5)))),
    Case(
      rule: .tabCount, name: "five tabs in an audio app",
      breaks: on(Make.tabBar(Make.tabs(5)), .audio), keeps: on(Make.tabBar(Make.tabs(4)), .audio)),
    Case(
      rule: .emptyTabBar, name: "a tab bar without tabs",
      breaks: on(Make.tabBar([])), keeps: on(Make.tabBar(Make.tabs(1)))),
    Case(
      rule: .tabBarNotRoot, name: "a pushed tab bar",
      breaks: on(root, stack: [Make.tabBar(Make.tabs(1))]), keeps: on(Make.tabBar(Make.tabs(1)))),
    Case(
      rule: .tabBarNotRoot, name: "a tab bar inside a tab",
      breaks: on(Make.tabBar([Make.tabBar(Make.tabs(1), id: "inner")])),
      keeps: on(Make.tabBar(Make.tabs(1)))),
    Case(
      rule: .pushedAboveNowPlaying, name: "a grid above Now Playing",
      breaks: on(root, stack: [Make.nowPlaying(), Make.grid()], .audio),
      keeps: on(root, stack: [Make.nowPlaying(), Make.list("queue")], .audio)),
    Case(
      rule: .alertWithoutActions, name: "an alert with no action",
      breaks: on(root, modal: Make.alert(actions: 0)),
      keeps: on(root, modal: Make.alert(actions: 1))),
    Case(
      rule: .actionSheetWithoutText, name: "an action sheet without title and message",
      breaks: on(root, modal: Make.actionSheet(title: nil, message: nil)),
      keeps: on(root, modal: Make.actionSheet(title: nil, message: "Sort chargers by"))),
    Case(
      rule: .actionSheetWithoutActions, name: "an action sheet without actions",
      breaks: on(root, modal: Make.actionSheet(actions: 0)),
      keeps: on(root, modal: Make.actionSheet(actions: 2))),
    Case(
      rule: .duplicateTemplateID, name: "the same id on root and stack",
      breaks: on(Make.list("same"), stack: [Make.list("same")]),
      keeps: on(Make.list("one"), stack: [Make.list("two")])),
    Case(
      rule: .duplicateElementID, name: "two rows with one id",
      breaks: on(list(rows: [item("x"), item("x")])), keeps: on(list(rows: [item("x"), item("y")]))),
    Case(
      rule: .tabSelectionOutOfRange, name: "selecting tab 2 of 2",
      breaks: on(Make.tabBar(Make.tabs(2), selected: 2)),
      keeps: on(Make.tabBar(Make.tabs(2), selected: 1))),
    Case(
      rule: .ratingOutOfRange, name: "rating 5.5 of 5",
      breaks: on(root, stack: [rating(5.5, of: 5)]), keeps: on(root, stack: [rating(5, of: 5)])),
    Case(
      rule: .ratingOutOfRange, name: "rating 2.3, not a half step",
      breaks: on(root, stack: [rating(2.3, of: 5)]), keeps: on(root, stack: [rating(2.5, of: 5)])),
    Case(
      rule: .ratingOutOfRange, name: "maximum rating 6",
      breaks: on(root, stack: [rating(3, of: 6)]), keeps: on(root, stack: [rating(3, of: 4)])),
    Case(
      rule: .assistantCellCategory, name: "a Siri row in an EV charging app",
      breaks: on(assistant(.playMedia)), keeps: on(assistant(.playMedia), .audio)),
    Case(
      rule: .assistantCellCategory, name: "a start-call Siri row in an audio app",
      breaks: on(assistant(.startCall), .audio), keeps: on(assistant(.startCall), .communication)),
    Case(
      rule: .listItemCount, name: "101 items with maximumItemCount 100",
      breaks: on(Make.list(items: 101)), keeps: on(Make.list(items: 100))),
    Case(
      rule: .limitedListItems, name: "13 items while lists are limited",
      breaks: on(Make.list(items: 13), .evCharging, driving),
      keeps: on(Make.list(items: 12), .evCharging, driving)),
    Case(
      rule: .listSectionCount, name: "11 sections", breaks: on(sections(11)),
      keeps: on(sections(10))),
    Case(
      rule: .headerGridButtons, name: "5 pinned buttons", breaks: on(headerGrid(5)),
      keeps: on(headerGrid(4))),
    Case(
      rule: .imageRowImages, name: "5 images in a row",
      breaks: on(imageRow(images: 5, titles: 0)), keeps: on(imageRow(images: 4, titles: 0))),
    Case(
      rule: .sectionIndexTitle, name: "a two-letter index", breaks: on(indexTitle("Ka")),
      keeps: on(indexTitle("K"))),
    Case(
      rule: .gridButtonCount, name: "9 grid buttons", breaks: on(Make.grid(buttons: 9)),
      keeps: on(Make.grid(buttons: 8))),
    Case(
      rule: .gridButtonUndisplayable, name: "a grid button without image",
      breaks: on(grid([Make.gridButton("g", image: nil)])), keeps: on(grid([Make.gridButton("g")]))),
    Case(
      rule: .gridButtonUndisplayable, name: "a grid button with an empty title",
      breaks: on(grid([Make.gridButton("g", title: "")])),
      keeps: on(grid([Make.gridButton("g", title: "Fast")]))),
    Case(
      rule: .informationItems, name: "11 information items",
      breaks: on(root, stack: [Make.information(items: 11)]),
      keeps: on(root, stack: [Make.information(items: 10)])),
    Case(
      rule: .informationActions, name: "4 information actions",
      breaks: on(root, stack: [Make.information(actions: 4)]),
      keeps: on(root, stack: [Make.information(actions: 3)])),
    Case(
      rule: .poiCount, name: "13 points of interest",
      breaks: on(Make.tabBar([Make.poi(points: 13)])),
      keeps: on(Make.tabBar([Make.poi(points: 12)]))),
    Case(
      rule: .navigationBarButtons, name: "3 leading bar buttons",
      breaks: on(bar(leading: 3)), keeps: on(bar(leading: 2, trailing: 2))),
    Case(
      rule: .mapButtons, name: "5 map buttons",
      breaks: on(Make.map(buttons: 5), .navigation), keeps: on(Make.map(buttons: 4), .navigation)),
    Case(
      rule: .mapButtons, name: "3 map buttons while panning",
      breaks: on(Make.map(buttons: 3, panning: true), .navigation),
      keeps: on(Make.map(buttons: 2, panning: true), .navigation)),
    Case(
      rule: .alertActions, name: "3 alert actions",
      breaks: on(root, modal: Make.alert(actions: 3)),
      keeps: on(root, modal: Make.alert(actions: 2))),
    Case(
      rule: .voiceControlStates, name: "6 voice states",
      breaks: on(Make.map(), modal: Make.voice(states: 6), .navigation),
      keeps: on(Make.map(), modal: Make.voice(states: 5), .navigation)),
    Case(
      rule: .voiceStateActionButtons, name: "3 voice action buttons",
      breaks: on(Make.map(), modal: Make.voice(states: 1, buttons: 3), .navigation),
      keeps: on(Make.map(), modal: Make.voice(states: 1, buttons: 2), .navigation)),
    Case(
      rule: .detailsHeaderButtons, name: "3 details header buttons",
      breaks: on(detailsHeader(3), .audio), keeps: on(detailsHeader(2), .audio)),
    Case(
      rule: .dashboardButtons, name: "3 dashboard buttons", breaks: dashboard(3),
      keeps: dashboard(2)),
    Case(
      rule: .nowPlayingButtons, name: "6 Now Playing buttons",
      breaks: on(root, stack: [Make.nowPlaying(buttons: 6)], .audio),
      keeps: on(root, stack: [Make.nowPlaying(buttons: 5)], .audio)),
    Case(
      rule: .contactActions, name: "5 contact actions",
      breaks: on(root, stack: [Make.contact(actions: 5)], .communication),
      keeps: on(root, stack: [Make.contact(actions: 4)], .communication)),
    Case(
      rule: .tripPreviews, name: "13 trips", breaks: on(trips(13), .navigation),
      keeps: on(trips(12), .navigation)),
    Case(
      rule: .routeChoices, name: "4 routes for a trip",
      breaks: on(trips(1, routes: 4), .navigation), keeps: on(trips(1, routes: 3), .navigation)),
    Case(
      rule: .imageRowTitleCount, name: "2 titles for 3 images",
      breaks: on(imageRow(images: 3, titles: 2)), keeps: on(imageRow(images: 3, titles: 3))),
    Case(
      rule: .searchWhileKeyboardLimited, name: "search while the keyboard is limited",
      breaks: on(Make.map(), stack: [Make.search()], .navigation, driving),
      keeps: on(Make.map(), stack: [Make.search()], .navigation)),
    Case(
      rule: .poiSelectedIndex, name: "selecting point 5 of 3",
      breaks: on(Make.tabBar([Make.poi(points: 3, selected: 5)])),
      keeps: on(Make.tabBar([Make.poi(points: 3, selected: 2)]))),
    Case(
      rule: .playbackProgressRange, name: "progress 1.5",
      breaks: on(list(rows: [item("song", progress: 1.5)]), .audio),
      keeps: on(list(rows: [item("song", progress: 0.5)]), .audio)),
    Case(
      rule: .phoneInstruction, name: "'Open the app on your iPhone'",
      breaks: on(root, modal: text("Open the app on your iPhone to sign in")),
      keeps: on(root, modal: text("Sign-in required"))),
    Case(
      rule: .phoneInstruction, name: "German 'auf deinem iPhone'",
      breaks: on(list(rows: [item("x", "Bitte auf deinem iPhone anmelden")])),
      keeps: on(list(rows: [item("x", "Anmeldung erforderlich")]))),
    Case(
      rule: .tabWithoutAppearance, name: "a tab without title or image",
      breaks: on(Make.tabBar([list("t", rows: [item("a")], title: nil)])),
      keeps: on(Make.tabBar([list("t", rows: [item("a")], title: "Nearby")]))),
    Case(
      rule: .barButtonTitleAndImage, name: "a bar button with title and image",
      breaks: on(bar(leading: 1, image: true)), keeps: on(bar(leading: 1))),
    Case(
      rule: .actionSheetSingleAction, name: "an action sheet with one action",
      breaks: on(root, modal: Make.actionSheet(actions: 1)),
      keeps: on(root, modal: Make.actionSheet(actions: 2))),
  ]

  @Test("A screen that breaks the rule gets its diagnostic", arguments: cases)
  func breaks(_ c: Case) throws {
    let diagnostics = c.breaks.diagnostics()
    let hit = try #require(diagnostics.first { $0.ruleID == c.rule.id }, "\(diagnostics)")
    #expect(hit.severity == c.rule.severity)
    #expect(hit.source == c.rule.source)
    #expect(!hit.message.isEmpty)
  }

  @Test("A screen that keeps the rule gets no diagnostic of it", arguments: cases)
  func keeps(_ c: Case) {
    let diagnostics = c.keeps.diagnostics()
    #expect(!diagnostics.contains { $0.ruleID == c.rule.id }, "\(diagnostics)")
  }

  @Test("Every catalogue rule has a breaking and a keeping case")
  func everyRuleTested() {
    let tested = Set(Self.cases.map(\.rule.id))
    for rule in CarLint.rules {
      #expect(tested.contains(rule.id), "no test case for \(rule.id)")
    }
  }

  @Test("Rule ids are unique, numbered CPnnn-name, and each names its fact-sheet source")
  func catalogue() {
    let ids = CarLint.rules.map(\.id)
    #expect(Set(ids).count == ids.count)
    for rule in CarLint.rules {
      #expect(rule.id.wholeMatch(of: /CP\d{3}-[a-z0-9-]+/) != nil, "\(rule.id)")
      #expect(rule.source.contains("§") || rule.source.contains("Wayside"), "\(rule.id)")
      #expect(CarLint.rule(id: rule.id) == rule)
    }
    #expect(ids == ids.sorted())
  }

  @Test("A well-formed charging screen has no diagnostics")
  func cleanScreen() throws {
    let screen = CarScreen(
      root: Make.tabBar([
        Make.poi("map", points: 12, selected: 0).withTab("Map"),
        Make.list("recent", items: 12).withTab("Recent"),
      ]),
      stack: [Make.information("station", items: 6, actions: 2)],
      modal: Make.actionSheet(title: "Navigate", actions: 2))
    let diagnostics = CarLint.validate(
      screen: screen, entitlements: try .validated(.evCharging, .fueling),
      configuration: Self.driving)
    #expect(diagnostics.isEmpty, "\(diagnostics)")
  }

  @Test("Messages name the template, the element and the limit")
  func messages() throws {
    let poi = CarLint.validate(
      template: Make.poi("chargers", points: 14), as: .tab, entitlements: .single(.evCharging),
      configuration: .init())
    let hit = try #require(poi.first)
    #expect(hit.ruleID == "CP030-poi-count")
    #expect(hit.templateID == "chargers")
    #expect(hit.elementID == "p13")
    #expect(
      hit.message
        == "CPPointOfInterestTemplate 'chargers' has 14 points of interest; the car shows at most 12 and drops 'p13', 'p14'."
    )
    #expect(
      hit.description.hasPrefix("warning CP030-poi-count: CPPointOfInterestTemplate 'chargers'"))
    #expect(
      hit.description.hasSuffix(
        "(carplay-facts.md §1.5 [HDR CPPointOfInterestTemplate.rs; DG25 §Point of interest])"))

    let alert = CarLint.validate(
      template: Make.alert("failed", actions: 3), as: .present, entitlements: .single(.evCharging),
      configuration: .init())
    #expect(alert.first?.message.contains("keeps the LAST 2 and drops 'act1'") == true)

    let depth = CarLint.validate(
      screen: CarScreen(
        root: Self.root, stack: [Make.list("a"), Make.list("b"), Make.list("top")]),
      entitlements: try .validated(.evCharging, .fueling), configuration: .init())
    let tooDeep = try #require(depth.first { $0.ruleID == LintRule.depthExceeded.id })
    #expect(tooDeep.templateID == "top")
    #expect(tooDeep.message.contains("depth 4"))
    #expect(tooDeep.message.contains("at most 3"))
  }

  struct PhoneText: Sendable, CustomTestStringConvertible {
    var text: String
    /// The phrase that must be found, or nil when the text is neutral.
    var phrase: String?
    var testDescription: String { "\"\(text)\"" }
  }

  nonisolated static let phoneTexts: [PhoneText] = [
    // Instructions, in any case and both languages.
    PhoneText(text: "Please pick up your phone", phrase: "pick up your phone"),
    PhoneText(text: "CHECK YOUR IPHONE", phrase: "check your iphone"),
    PhoneText(text: "Bitte am Handy bestätigen", phrase: "am handy"),
    PhoneText(text: "Continue on iPhone", phrase: "continue on iphone"),
    PhoneText(text: "Finish this on your iPhone.", phrase: "on your iphone"),
    PhoneText(text: "Sign in on iPhone to see prices", phrase: "sign in on iphone"),
    PhoneText(text: "Auf dem iPhone öffnen", phrase: "auf dem iphone"),
    PhoneText(text: "Weiter auf iPhone", phrase: "auf iphone"),
    PhoneText(text: "Zahlung im iPhone bestätigen", phrase: "im iphone"),
    PhoneText(text: "Bitte am iPhone anmelden", phrase: "am iphone"),
    PhoneText(text: "Öffne die Karte in der iPhone-App", phrase: "in der iphone app"),
    // Neutral: the phone named as a state or a connection, not a place to act.
    PhoneText(text: "Login required", phrase: nil),
    PhoneText(text: "Payment failed – try another card", phrase: nil),
    PhoneText(text: "iPhone locked: data unavailable", phrase: nil),
    PhoneText(text: "iPhone gesperrt – Daten nicht verfügbar", phrase: nil),
    PhoneText(text: "Connect your iPhone", phrase: nil),
    // Whole words only: "Team iPhone" and "Adam iPhone" hold "am iphone" but not as words.
    PhoneText(text: "Team iPhone", phrase: nil),
    PhoneText(text: "Adam iPhone", phrase: nil),
  ]

  @Test(
    "Phone instructions are found as whole words; the phone named as a state is not one",
    arguments: phoneTexts)
  func phonePhrases(_ row: PhoneText) {
    #expect(PhoneInstruction.match(in: row.text) == row.phrase)
  }

  @Test("Every phone phrase is found in a sentence that uses it")
  func everyPhrase() {
    for phrase in PhoneInstruction.phrases {
      #expect(PhoneInstruction.match(in: "Bitte: \(phrase.uppercased())!") != nil, "\(phrase)")
    }
  }

  @Test("Telling the driver to use the phone is an error, not a hint")
  func phoneInstructionIsAnError() {
    #expect(LintRule.phoneInstruction.severity == .error)
  }
}

extension TemplateSpec {
  func withTab(_ title: String) -> TemplateSpec {
    var copy = self
    copy.tab = TabAppearance(title: title, image: .symbol("bolt"))
    return copy
  }
}
