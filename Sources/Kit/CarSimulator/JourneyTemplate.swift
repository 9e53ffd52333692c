import CarSession
import CarTemplates
import Geo

/// A template a journey's raw `host set-root|push|present` step builds from a kind, an id and a
/// few counts, so a journey can hand the host exactly the violation it wants to show (seven tabs,
/// nine grid buttons, an alert with three actions) without an app that builds it.
///
/// Counts are plain: `items=N` rows per list section, `sections=N`, `tabs=N`, `buttons=N`,
/// `actions=N`, `points=N`, `states=N`, `leading=N` / `trailing=N` bar buttons, and a few
/// kind-specific keys; see ``keys(for:)`` and `Guides/Journeys.md`. Every element gets a stable
/// id (`row-1`, `button-1`, `action-1`, …) so later steps can refer to it.
public struct JourneyTemplate: Hashable, Sendable {
  /// The template's kind.
  public var kind: TemplateKind
  /// The template's id.
  public var id: TemplateID
  /// The settings given on the line, by key, as written.
  public var settings: [String: String]

  /// Creates a generated template description.
  public init(kind: TemplateKind, id: TemplateID, settings: [String: String] = [:]) {
    self.kind = kind
    self.id = id
    self.settings = settings
  }

  /// The keys a kind accepts, in the order messages list them.
  public static func keys(for kind: TemplateKind) -> [String] {
    let bar = ["leading", "trailing"]
    switch kind {
    case .list:
      return [
        "title", "items", "sections", "headers", "index", "images", "header-buttons",
        "details-buttons",
      ] + bar
    case .grid: return ["title", "buttons", "blank"] + bar
    // Besides these, a tab bar takes `tab-N=KIND` and `tab-N.KEY=VALUE` for tab N's own
    // content (``TabKey``).
    case .tabBar: return ["tabs", "selected", "tab-kind"]
    case .information: return ["title", "items", "actions"] + bar
    case .pointOfInterest: return ["title", "points", "selected"] + bar
    case .map: return ["buttons", "panning", "trips", "routes"] + bar
    case .nowPlaying: return ["buttons"]
    case .alert: return ["title", "actions"]
    case .actionSheet: return ["title", "message", "actions"]
    case .voiceControl: return ["states", "state-buttons"]
    case .search: return []
    case .contact: return ["title", "actions"]
    }
  }

  /// Keys whose value is text rather than a count.
  static let textKeys: Set<String> = ["title", "message", "index"]
  /// Keys whose value is a template kind.
  static let kindKeys: Set<String> = ["tab-kind"]
  /// Keys whose value is `yes` or `no`.
  static let flagKeys: Set<String> = ["panning", "headers"]
  /// The largest count a line may ask for: enough for every limit, small enough to stay quick.
  static let maximumCount = 1000
  /// The most elements one generated template may hold, counted over the product of its
  /// counts (sections × items, tabs × each tab's content, trips × routes, …): a cap on each
  /// count alone let one 84-byte line ask for millions of rows. 1,000 is ten times the largest
  /// CarPlay list limit a journey needs to break (a template of 1,000 rows runs in about a
  /// second in a debug build on a busy machine; 4,000 took four, and the fuzzer's ten).
  public static let maximumElements = 1_000
  /// The most generated elements over all `host` lines of one journey.
  public static let maximumJourneyElements = 20_000

  /// Reads `KIND ID [key=value…]`; throws a message naming the offending word and what was
  /// expected.
  static func parse(_ words: [String]) throws(Journey.Problem) -> JourneyTemplate {
    guard words.count >= 2 else {
      throw Journey.Problem(
        "expected a template kind and id, e.g. 'list results items=3', got "
          + "'\(words.joined(separator: " "))'")
    }
    let kind = try Journey.kind(words[0])
    let allowed = keys(for: kind)
    var settings: [String: String] = [:]
    for pair in words.dropFirst(2) {
      let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
        .map(String.init)
      let tabKey = kind == .tabBar && parts.count == 2 ? TabKey(parts[0]) : nil
      guard parts.count == 2, allowed.contains(parts[0]) || tabKey != nil else {
        let expected = allowed.isEmpty ? "no settings" : allowed.joined(separator: ", ")
        throw Journey.Problem(
          "unknown setting '\(pair)' for \(kind); expected key=value with a key of: \(expected)")
      }
      let (key, value) = (parts[0], parts[1])
      if let tabKey {
        // A tab's own kind (`tab-2=grid`) or setting (`tab-2.buttons=9`), checked below
        // against that tab's kind.
        if tabKey.setting == nil { _ = try Journey.kind(value) }
      } else if kindKeys.contains(key) {
        _ = try Journey.kind(value)
      } else if flagKeys.contains(key) {
        guard value == "yes" || value == "no" else {
          throw Journey.Problem("'\(key)' takes yes or no, got '\(pair)'")
        }
      } else if !textKeys.contains(key) {
        guard let count = Int(value), (0...maximumCount).contains(count) else {
          throw Journey.Problem(
            "'\(key)' takes a count from 0 to \(maximumCount), got '\(pair)'")
        }
      }
      settings[key] = value
    }
    let template = JourneyTemplate(kind: kind, id: TemplateID(words[1]), settings: settings)
    if kind == .tabBar { try template.checkTabs() }
    let elements = try template.elementCount()
    guard elements <= maximumElements else {
      throw Journey.Problem(
        "'\(words.joined(separator: " "))' would build \(elements) elements; a generated "
          + "template holds at most \(maximumElements) (the product of its counts, e.g. "
          + "sections × items)")
    }
    return template
  }

  /// How many elements the template holds — rows, buttons, actions, points, states, routes and
  /// section headers, each tab's content for a tab bar — computed from its counts without
  /// building it.
  func elementCount() throws(Journey.Problem) -> Int {
    let bar = count("leading", default: 0) + count("trailing", default: 0)
    switch kind {
    case .list:
      return count("sections", default: 1) * (1 + count("items", default: 3))
        + count("images", default: 0) + count("header-buttons", default: 0)
        + count("details-buttons", default: 0) + bar
    case .grid: return count("buttons", default: 2) + count("blank", default: 0) + bar
    case .tabBar:
      var total = 0
      for index in 0..<min(count("tabs", default: 2), Self.maximumCount) {
        total += 1 + (try tabDescription(index).elementCount())
        // Stop adding once over the cap: the caller only needs to know that it is.
        if total > Self.maximumElements { return total }
      }
      return total
    case .information: return count("items", default: 2) + count("actions", default: 1) + bar
    case .pointOfInterest: return count("points", default: 3) + bar
    case .map:
      return count("buttons", default: 0)
        + count("trips", default: 0) * (1 + count("routes", default: 1)) + bar
    case .nowPlaying: return count("buttons", default: 0)
    case .alert: return count("actions", default: 1)
    case .actionSheet: return count("actions", default: 2)
    case .voiceControl: return count("states", default: 1) + count("state-buttons", default: 0)
    case .search: return 0
    case .contact: return count("actions", default: 1)
    }
  }

  /// `tab-N` (a tab's kind) or `tab-N.KEY` (one of its settings), N from 1.
  struct TabKey {
    var number: Int
    var setting: String?

    init?(_ key: String) {
      guard key.hasPrefix("tab-") else { return nil }
      let rest = key.dropFirst(4).split(separator: ".", maxSplits: 1).map(String.init)
      guard let first = rest.first, let number = Int(first), number >= 1 else { return nil }
      self.number = number
      setting = rest.count == 2 ? rest[1] : nil
    }
  }

  /// Checks per-tab settings: the tab exists and its kind takes the setting.
  private func checkTabs() throws(Journey.Problem) {
    let tabs = count("tabs", default: 2)
    for key in settings.keys.sorted() {
      guard let tabKey = TabKey(key) else { continue }
      guard tabKey.number <= tabs else {
        throw Journey.Problem(
          "'\(key)' names tab \(tabKey.number), but the tab bar has \(tabs) tabs")
      }
    }
    for index in 0..<min(tabs, Self.maximumCount) where hasOwnSettings(tab: index) {
      _ = try tabDescription(index)
    }
    // `tab-kind` applies to every tab without its own kind: it must be a kind a tab can be.
    if settings["tab-kind"] != nil, tabs > 0 { _ = try tabDescription(tabs - 1) }
  }

  private func hasOwnSettings(tab index: Int) -> Bool {
    settings.keys.contains { TabKey($0)?.number == index + 1 }
  }

  /// Tab `index` (0-based): its kind (`tab-N`, else `tab-kind`, else list), titled `Tab N`
  /// unless it says otherwise, with its own `tab-N.KEY` settings, read like a template line of
  /// its own.
  private func tabDescription(_ index: Int) throws(Journey.Problem) -> JourneyTemplate {
    let prefix = "tab-\(index + 1)."
    let kind = settings["tab-\(index + 1)"] ?? settings["tab-kind"] ?? "list"
    let own = settings.sorted { $0.key < $1.key }.filter { $0.key.hasPrefix(prefix) }
      .map { "\($0.key.dropFirst(prefix.count))=\($0.value)" }
    var tab: JourneyTemplate
    do {
      tab = try Self.parse([kind, "\(id)-tab-\(index + 1)"] + own)
    } catch {
      throw Journey.Problem("tab \(index + 1): \(error.message)")
    }
    if tab.settings["title"] == nil { tab.settings["title"] = "Tab \(index + 1)" }
    return tab
  }

  private func count(_ key: String, default value: Int) -> Int {
    settings[key].flatMap { Int($0) } ?? value
  }

  private func text(_ key: String, default value: String?) -> String? {
    settings[key] ?? value
  }

  private static func numbered(_ prefix: String, _ count: Int) -> [(ElementID, String)] {
    (0..<count).map { (ElementID("\(prefix)-\($0 + 1)"), "\(prefix.capitalized) \($0 + 1)") }
  }

  private var navigationBar: NavigationBarSpec {
    NavigationBarSpec(
      leading: Self.numbered("leading", count("leading", default: 0)).map {
        BarButtonSpec(id: $0.0, title: $0.1)
      },
      trailing: Self.numbered("trailing", count("trailing", default: 0)).map {
        BarButtonSpec(id: $0.0, title: $0.1)
      })
  }

  /// The template this description stands for.
  public var template: TemplateSpec {
    let title = text("title", default: id.rawValue)
    switch kind {
    case .list: return .list(id, list(title: title))
    case .grid:
      let buttons = Self.numbered("button", count("buttons", default: 2)).map {
        GridButtonSpec(id: $0.0, titleVariants: TextVariants([$0.1]), image: .symbol("square"))
      }
      let blank = Self.numbered("blank", count("blank", default: 0)).map {
        GridButtonSpec(id: $0.0, titleVariants: TextVariants([$0.1]), image: nil)
      }
      return .grid(
        id, GridTemplateSpec(title: title, buttons: buttons + blank, navigationBar: navigationBar))
    case .tabBar:
      // Every tab's kind and settings were checked when the line was read.
      let tabs = (0..<count("tabs", default: 2)).map { index in
        var tab =
          ((try? tabDescription(index))
          ?? JourneyTemplate(kind: .list, id: TemplateID("\(id)-tab-\(index + 1)"))).template
        tab.tab = TabAppearance(title: "Tab \(index + 1)")
        return tab
      }
      return .tabBar(
        id, TabBarTemplateSpec(tabs: tabs, selectedIndex: count("selected", default: 1) - 1))
    case .information:
      let items = Self.numbered("item", count("items", default: 2)).map {
        InformationItemSpec(id: $0.0, title: $0.1, detail: "Detail")
      }
      let actions = Self.numbered("action", count("actions", default: 1)).map {
        TextButtonSpec(id: $0.0, title: $0.1)
      }
      return .information(
        id,
        InformationTemplateSpec(
          title: title ?? id.rawValue, items: items, actions: actions,
          navigationBar: navigationBar))
    case .pointOfInterest:
      let points = (0..<count("points", default: 3)).map { index in
        PointOfInterestSpec(
          id: ElementID("point-\(index + 1)"),
          location: Coordinate(latitude: 51.30 + Double(index) * 0.005, longitude: 9.48),
          title: "Point \(index + 1)")
      }
      return .pointOfInterest(
        id,
        PointOfInterestTemplateSpec(
          title: title ?? id.rawValue, points: points,
          selectedIndex: settings["selected"].flatMap { Int($0) }.map { $0 - 1 },
          navigationBar: navigationBar))
    case .map: return .map(id, map)
    case .nowPlaying:
      let buttons = Self.numbered("button", count("buttons", default: 0)).map {
        NowPlayingButtonSpec(id: $0.0, kind: .image(.symbol("star")))
      }
      return .nowPlaying(id, NowPlayingTemplateSpec(buttons: buttons))
    case .alert:
      let actions = Self.numbered("action", count("actions", default: 1)).map {
        AlertActionSpec(id: $0.0, title: $0.1)
      }
      return .alert(
        id, AlertTemplateSpec(titleVariants: TextVariants([title ?? ""]), actions: actions))
    case .actionSheet:
      let actions = Self.numbered("action", count("actions", default: 2)).map {
        AlertActionSpec(id: $0.0, title: $0.1)
      }
      return .actionSheet(
        id,
        ActionSheetTemplateSpec(
          title: title, message: text("message", default: nil), actions: actions))
    case .voiceControl:
      let buttons = Self.numbered("button", count("state-buttons", default: 0)).map {
        BarButtonSpec(id: $0.0, title: $0.1)
      }
      // The buttons go on the first state only, so one setting breaks one limit once.
      let states = Self.numbered("state", count("states", default: 1)).enumerated().map {
        VoiceControlStateSpec(
          id: $1.0, titleVariants: TextVariants([$1.1]), actionButtons: $0 == 0 ? buttons : [])
      }
      return .voiceControl(id, VoiceControlTemplateSpec(states: states))
    case .search: return .search(id, SearchTemplateSpec())
    case .contact:
      let actions = Self.numbered("action", count("actions", default: 1)).map {
        ContactTemplateSpec.Action(id: $0.0, kind: .custom(title: $0.1, image: .symbol("star")))
      }
      return .contact(id, ContactTemplateSpec(name: title ?? id.rawValue, actions: actions))
    }
  }

  private func list(title: String?) -> ListTemplateSpec {
    var next = 0
    let headers = settings["headers"] == "yes"
    let sections = (0..<count("sections", default: 1)).map { section in
      let rows = (0..<count("items", default: 3)).map { _ -> ListRowSpec in
        next += 1
        return .item(ListItemSpec(id: ElementID("row-\(next)"), text: "Row \(next)"))
      }
      return ListSectionSpec(
        header: headers ? "Section \(section + 1)" : nil, sectionIndexTitle: settings["index"],
        rows: rows)
    }
    var all = sections
    let images = count("images", default: 0)
    if images > 0, !all.isEmpty {
      all[0].rows.append(
        .imageRow(
          ImageRowSpec(
            id: "image-row", text: "Images",
            images: (0..<images).map { CarImage.asset("image-\($0 + 1)") })))
    }
    let headerButtons = Self.numbered("pinned", count("header-buttons", default: 0)).map {
      GridButtonSpec(id: $0.0, titleVariants: TextVariants([$0.1]), image: .symbol("pin"))
    }
    let detailsButtons = count("details-buttons", default: 0)
    let details =
      settings["details-buttons"] == nil
      ? nil
      : ListDetailsHeaderSpec(
        thumbnail: .asset("thumbnail"), title: title,
        actionButtons: Self.numbered("detail", detailsButtons).map {
          BarButtonSpec(id: $0.0, title: $0.1)
        })
    return ListTemplateSpec(
      title: title, sections: all, headerGridButtons: headerButtons, detailsHeader: details,
      navigationBar: navigationBar)
  }

  private var map: MapTemplateSpec {
    let buttons = Self.numbered("map-button", count("buttons", default: 0)).map {
      MapButtonSpec(id: $0.0, image: .symbol("plus"))
    }
    let routes = count("routes", default: 1)
    let trips = (0..<count("trips", default: 0)).map { index in
      TripPreviewSpec(
        id: ElementID("trip-\(index + 1)"), destinationName: "Destination \(index + 1)",
        destination: Coordinate(latitude: 51.30 + Double(index) * 0.01, longitude: 9.48),
        routeChoices: (0..<routes).map {
          TripPreviewSpec.RouteChoice(
            id: ElementID("route-\($0 + 1)"), summaryVariants: TextVariants(["Route \($0 + 1)"]))
        })
    }
    return MapTemplateSpec(
      navigationBar: navigationBar, mapButtons: buttons, isPanning: settings["panning"] == "yes",
      viewport: MapViewportSpec(center: Coordinate(latitude: 51.31, longitude: 9.48), zoom: 12),
      tripPreviews: trips)
  }
}

extension JourneyTemplate {
  /// The elements a `host set-root|push|present` line (already read without error) builds;
  /// 0 for the other host verbs.
  static func elementCount(ofHostLine words: [String]) -> Int {
    var rest = Array(words.dropFirst())
    if rest.last == "no-completion" { rest.removeLast() }
    guard let verb = rest.first, ["set-root", "push", "present"].contains(verb),
      let template = try? parse(Array(rest.dropFirst()))
    else { return 0 }
    return (try? template.elementCount()) ?? 0
  }
}

extension Journey {
  /// `host set-root|push|present KIND ID [key=value…]` and
  /// `host pop|pop-root|pop-to ID|dismiss`, each optionally ending in `no-completion`.
  static func hostStep(_ rest: [String]) throws(Problem) -> JourneyStep {
    var words = rest
    let withCompletion = words.last != "no-completion"
    if !withCompletion { words.removeLast() }
    let usage =
      "expected 'host set-root|push|present KIND ID [key=value…]' or "
      + "'host pop|pop-root|pop-to ID|dismiss', optionally ending in 'no-completion'"
    guard let verb = words.first else {
      throw Problem("\(usage), got 'host \(rest.joined(separator: " "))'")
    }
    let operation: HostOperation
    switch (verb, words.count) {
    case ("pop", 1): operation = .pop
    case ("pop-root", 1): operation = .popToRoot
    case ("dismiss", 1): operation = .dismiss
    case ("pop-to", 2): operation = .popTo(TemplateID(words[1]))
    case ("set-root", _):
      operation = .setRoot(try JourneyTemplate.parse(Array(words.dropFirst())).template)
    case ("push", _):
      operation = .push(try JourneyTemplate.parse(Array(words.dropFirst())).template)
    case ("present", _):
      operation = .present(try JourneyTemplate.parse(Array(words.dropFirst())).template)
    default:
      throw Problem("\(usage), got 'host \(rest.joined(separator: " "))'")
    }
    return .host(operation, withCompletion: withCompletion)
  }
}
