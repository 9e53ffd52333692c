import CarSession
import CarTemplates
import Geo

/// One thing the driver (or the phone's owner) does to the car, whoever asks for it: a journey
/// line, a tap on the web simulator's display, a side-panel control.
///
/// Journeys spell an action in words (``parse(_:)``, e.g. `tap row kassel-hbf`); the web page
/// sends it as an event with fields (``decode(pageEvent:fields:alsoAccepted:)``, e.g.
/// `{"ev": "row", "e": "kassel-hbf"}`). Both read the same table (``vocabulary``), so the two
/// cannot drift apart, and both reject anything unknown or malformed with a message naming the
/// input and what was expected. ``CarSimulator/drive(_:)`` carries an action out.
public enum DriverAction: Hashable, Sendable, CustomStringConvertible {
  /// Taps a list row (`tap row ID`; page `row`).
  case tapRow(ElementID)
  /// Taps image `index` (0-based) of an image row (`tap image ROW N`, N from 1; page `rowImage`
  /// with `i` from 0).
  case tapImage(row: ElementID, index: Int)
  /// Selects the tab at `index` (0-based) of the root tab bar (`select tab N`, N from 1; page
  /// `tab` with `e` from 0).
  case selectTab(Int)
  /// Presses the back button (`back`).
  case back
  /// Selects a point of interest (`select point ID`; page `poi`).
  case selectPoint(ElementID)
  /// Presses a shown button by id (`press ID`; page `bar`, `grid`, `action`, `mapButton`,
  /// `nowPlayingButton`, `contactAction`).
  case press(ElementID)
  /// Presses the selected point's primary card button (`press primary`; page `poiButton` with
  /// `which` = `primary`).
  case pressPrimary
  /// Presses the selected point's secondary card button (`press secondary`).
  case pressSecondary
  /// Taps Up Next on Now Playing (`press up-next`; page `upNext`).
  case pressUpNext
  /// Taps the album/artist button on Now Playing (`press album-artist`; page `albumArtist`).
  case pressAlbumArtist
  /// Chooses an action of the presented alert or action sheet (`choose ID`; page
  /// `alertAction`).
  case choose(ElementID)
  /// The host dismisses the presented template on its own (`system dismiss`).
  case systemDismiss
  /// The system ends the guidance of the top map template's navigation session on its own
  /// (`system cancel-navigation`): the driver ended it from the system's interface, or another
  /// navigation app started guiding. CarPlay calls `mapTemplateDidCancelNavigation(_:)`
  /// (carplay-facts.md §1.6, delegate highlights); the app hears
  /// `HostEvent.navigationCancelled(template:)`.
  case systemCancelNavigation
  /// The system closes the top map template's panning interface on its own
  /// (`system end-panning`); CarPlay calls `mapTemplateDidDismissPanningInterface(_:)`
  /// (carplay-facts.md §1.6, panning callbacks); the app hears
  /// `HostEvent.panningDismissed(template:)`.
  case systemEndPanning
  /// The visible map region changes (`region LAT,LON LAT,LON`).
  case region(BoundingBox)
  /// The phone (and car) moves (`location LAT,LON`).
  case location(Coordinate)
  /// Siri hears a phrase (`say "PHRASE"`).
  case say(String)
  /// The phone is locked (`lock`).
  case lock
  /// The phone is unlocked (`unlock`).
  case unlock
  /// A knob, touch-pad or arrow pan step on a map in panning mode (`pan up|down|left|right`);
  /// on a point-of-interest template's map (which pans without a mode) it moves the region
  /// half its span and the app hears the new region.
  case pan(PanDirection)
  /// A touch drag on the map by points since the previous report (`drag DX DY`); a
  /// point-of-interest template's map follows the finger and the app hears the new region.
  case drag(dx: Double, dy: Double)
  /// An iOS 26 zoom gesture (pinch) on the map by a scale factor above 0 (`pinch SCALE`; 2 is
  /// one step in); on a point-of-interest template's map the region shrinks or grows by it.
  case pinch(Double)
  /// The search field's new text, as the driver types it (`type "TEXT"`).
  case type(String)
  /// Chooses a route of the shown trip preview and presses Go (`start route ID`).
  case startRoute(ElementID)
  /// A knob or touch-pad gesture (`knob next|previous|select|back`; page `knob` with `which`):
  /// the focus moves, the focused item is selected as a tap would, or the top template pops.
  case knob(KnobMove)
  /// The driver closes the system video player with its close button (`video close`; page
  /// `videoClose`).
  case closeVideoPlayer
  /// The driver closes the selected point's card with its ✕ (`close card`; page
  /// `poiDeselect`): the host deselects the point and the places show again.
  case closeCard
  /// A knob or touch pad on information row `index` (0-based) of a shown information template
  /// (`read item N`, N from 1; page `infoItem` with `e` from 0). CarPlay's information items
  /// have no action: the focus rests on the row so the driver can read down the list (it
  /// scrolls into view); selecting it changes nothing.
  case readItem(Int)
  /// Tap the app's notification banner (``CarSimulator/post(_:)``).
  case tapNotification
  /// A remote command through `MPRemoteCommandCenter`, as Now Playing's transport buttons, the
  /// steering wheel or Siri send it (`remote pause`, `remote seek 74`, `remote rate 1.5`; page
  /// `transport` with `e` the command's word).
  case remote(RemoteCommand)

  /// The action as a journey spells it, e.g. `tap image gallery 2` or `say "Show chargers"`;
  /// ``parse(_:)`` of its words gives the action back.
  public var description: String {
    words.map { $0.isEmpty || $0.contains(" ") ? "\"\($0)\"" : $0 }.joined(separator: " ")
  }

  /// The journey words of the action.
  public var words: [String] {
    switch self {
    case .tapRow(let row): ["tap", "row", row.rawValue]
    case .tapImage(let row, let index): ["tap", "image", row.rawValue, "\(index + 1)"]
    case .selectTab(let index): ["select", "tab", "\(index + 1)"]
    case .back: ["back"]
    case .selectPoint(let point): ["select", "point", point.rawValue]
    case .press(let button): ["press", button.rawValue]
    case .pressPrimary: ["press", "primary"]
    case .pressSecondary: ["press", "secondary"]
    case .pressUpNext: ["press", "up-next"]
    case .pressAlbumArtist: ["press", "album-artist"]
    case .choose(let action): ["choose", action.rawValue]
    case .systemDismiss: ["system", "dismiss"]
    case .systemCancelNavigation: ["system", "cancel-navigation"]
    case .systemEndPanning: ["system", "end-panning"]
    case .region(let box): ["region", box.minimum.description, box.maximum.description]
    case .location(let coordinate): ["location", coordinate.description]
    case .say(let phrase): ["say", phrase]
    case .lock: ["lock"]
    case .unlock: ["unlock"]
    case .pan(let direction): ["pan", direction.rawValue]
    case .drag(let dx, let dy): ["drag", Self.number(dx), Self.number(dy)]
    case .pinch(let scale): ["pinch", Self.number(scale)]
    case .type(let text): ["type", text]
    case .startRoute(let route): ["start", "route", route.rawValue]
    case .knob(let move): ["knob", move.rawValue]
    case .closeVideoPlayer: ["video", "close"]
    case .closeCard: ["close", "card"]
    case .readItem(let index): ["read", "item", "\(index + 1)"]
    case .tapNotification: ["tap", "notification"]
    case .remote(let command): ["remote"] + command.words
    }
  }

  /// A number as journeys write it: `40`, not `40.0`; `0.5` as is.
  static func number(_ value: Double) -> String {
    if value.rounded() == value, abs(value) < 1e15 { return String(Int(value)) }
    return String(value)
  }
}

/// A driver action that could not be read: unknown, or with a missing or malformed operand.
public struct DriverSyntaxError: Error, Hashable, Sendable, CustomStringConvertible {
  /// The input as given, e.g. `tap kassel-hbf` or the page event's name and fields.
  public var input: String
  /// What is wrong and what was expected, naming the input.
  public var message: String
  /// What was expected, on its own (e.g. `one of: row, rowImage, …` or
  /// `e = the element id`), when the reader can say it apart from the message.
  public var expected: String?
  /// Creates an error.
  public init(input: String, message: String, expected: String? = nil) {
    self.input = input
    self.message = message
    self.expected = expected
  }
  /// The message.
  public var description: String { message }
}

// MARK: - The vocabulary

extension DriverAction {
  /// How the web page names one action: its event kind and, for `poiButton`, the `which` field.
  public struct PageSpelling: Hashable, Sendable {
    /// The `ev` field.
    public var event: String
    /// The value the `which` field must have, if the event needs one.
    public var which: String?
  }

  /// One driver verb: its journey words, its page spellings and how its operands are read.
  public struct Verb: Sendable {
    /// The journey keywords, e.g. `["tap", "image"]`.
    public var keywords: [String]
    /// The operands after the keywords as the journey usage shows them, e.g. `ROW N`.
    public var operandUsage: String
    /// Text after the quoted usage in messages, e.g. `(N from 1)`.
    public var note: String?
    /// The page events that mean this verb.
    public var page: [PageSpelling]
    let read: @Sendable (inout Operands) throws -> DriverAction

    /// `tap image ROW N`.
    public var usage: String {
      (keywords + (operandUsage.isEmpty ? [] : [operandUsage])).joined(separator: " ")
    }
  }

  /// Every driver verb, journeys' and the page's alike.
  public static let vocabulary: [Verb] =
    [
      Verb(["tap", "row"], "ID", page: ["row"]) { .tapRow(try $0.element("ID")) },
      Verb(["tap", "image"], "ROW N", note: "(N from 1)", page: ["rowImage"]) {
        .tapImage(row: try $0.element("ROW"), index: try $0.number("image", field: "i"))
      },
      Verb(["select", "tab"], "N", note: "(N from 1)", page: ["tab"]) {
        .selectTab(try $0.number("tab", field: "e"))
      },
      Verb(["select", "point"], "ID", page: ["poi"]) { .selectPoint(try $0.element("ID")) },
      Verb(["back"], "", page: ["back"]) { _ in .back },
      Verb(["press", "primary"], "", page: [PageSpelling(event: "poiButton", which: "primary")]) {
        _ in .pressPrimary
      },
      Verb(
        ["press", "secondary"], "", page: [PageSpelling(event: "poiButton", which: "secondary")]
      ) { _ in .pressSecondary },
      Verb(["press", "up-next"], "", page: ["upNext"]) { _ in .pressUpNext },
      Verb(["press", "album-artist"], "", page: ["albumArtist"]) { _ in .pressAlbumArtist },
      Verb(
        ["press"], "ID",
        page: ["bar", "grid", "action", "mapButton", "nowPlayingButton", "contactAction"]
      ) { .press(try $0.element("ID")) },
      Verb(["choose"], "ID", page: ["alertAction"]) { .choose(try $0.element("ID")) },
      Verb(["system", "dismiss"], "") { _ in .systemDismiss },
      Verb(["system", "cancel-navigation"], "") { _ in .systemCancelNavigation },
      Verb(["system", "end-panning"], "") { _ in .systemEndPanning },
      Verb(["region"], "LAT,LON LAT,LON", note: "(two corners in decimal degrees)") {
        let a = try $0.coordinate()
        let b = try $0.coordinate()
        guard let box = BoundingBox(enclosing: [a, b]) else { throw Operands.Problem.malformed }
        return .region(box)
      },
      Verb(["location"], "LAT,LON", note: "in decimal degrees, e.g. 51.31,9.48") {
        .location(try $0.coordinate())
      },
      Verb(["say"], "\"PHRASE\"") { .say(try $0.phrase(field: "text")) },
      Verb(["lock"], "") { _ in .lock },
      Verb(["unlock"], "") { _ in .unlock },
      Verb(["pan"], "up|down|left|right", page: ["pan"]) {
        guard let direction = try PanDirection(rawValue: $0.phrase(field: "which")) else {
          throw Operands.Problem.malformed
        }
        return .pan(direction)
      },
      Verb(["drag"], "DX DY", note: "in points, e.g. 'drag 40 -10'", page: ["drag"]) {
        .drag(dx: try $0.finite(field: "dx"), dy: try $0.finite(field: "dy"))
      },
      Verb(["pinch"], "SCALE", note: "with a factor above 0, e.g. 'pinch 2'", page: ["pinch"]) {
        let scale = try $0.finite(field: "scale")
        guard scale > 0 else { throw Operands.Problem.malformed }
        return .pinch(scale)
      },
      Verb(["type"], "\"TEXT\"", page: ["type"]) { .type(try $0.phrase(field: "text")) },
      Verb(["start", "route"], "ID", page: ["startRoute"]) { .startRoute(try $0.element("ID")) },
      Verb(["video", "close"], "", page: ["videoClose"]) { _ in .closeVideoPlayer },
      Verb(["close", "card"], "", page: ["poiDeselect"]) { _ in .closeCard },
      Verb(["read", "item"], "N", note: "(N from 1)", page: ["infoItem"]) {
        .readItem(try $0.number("item", field: "e"))
      },
      Verb(["tap", "notification"], "", page: ["notification"]) { _ in .tapNotification },
      Verb(
        ["remote"], "play|pause|toggle|next|previous|skip-forward|skip-backward|seek SECONDS|rate RATE",
        note: "(seek to an absolute position in seconds; rate above 0)", page: ["transport"]
      ) { .remote(try $0.remoteCommand()) },
    ]
    + KnobMove.allCases.map { move in
      Verb(["knob", move.rawValue], "", page: [PageSpelling(event: "knob", which: move.rawValue)]) {
        _ in .knob(move)
      }
    }

  /// Whether a journey line starting with `word` is a driver action.
  public static func isVerb(_ word: String) -> Bool {
    vocabulary.contains { $0.keywords.first == word }
  }

  /// Reads a journey's words, e.g. `["tap", "row", "kassel-hbf"]`.
  public static func parse(_ words: [String]) throws(DriverSyntaxError) -> DriverAction {
    let input = Journey.got(words)
    let group = vocabulary.filter { $0.keywords.first == words.first }
    guard !group.isEmpty else {
      throw DriverSyntaxError(
        input: input,
        message: "unknown driver action '\(words.first ?? "")'; expected one of: "
          + uniqueFirstWords.joined(separator: ", "))
    }
    // The longest keyword list that matches wins: `press primary` before `press ID`.
    let matching = group.filter { words.starts(with: $0.keywords) }
      .sorted { $0.keywords.count > $1.keywords.count }
    for verb in matching {
      var operands = Operands(words: Array(words.dropFirst(verb.keywords.count)))
      do {
        let action = try verb.read(&operands)
        if operands.isFinished { return action }
      } catch Operands.Problem.message(let message) {
        throw DriverSyntaxError(input: input, message: message)
      } catch {
        continue
      }
    }
    throw DriverSyntaxError(input: input, message: "expected \(usages(group)), \(input)")
  }

  /// Reads a page event: its kind (`ev`) and fields (`e` element, `i` image index, `which`).
  ///
  /// `alsoAccepted` lists event kinds the caller handles itself (the page's Home button, say),
  /// named in the message for an unknown kind.
  public static func decode(
    pageEvent event: String, fields: [String: String], alsoAccepted: [String] = []
  ) throws(DriverSyntaxError) -> DriverAction {
    let shown = ([("ev", event)] + fields.sorted { $0.key < $1.key }.map { ($0.key, $0.value) })
      .map { "\($0.0)=\($0.1)" }.joined(separator: " ")
    let input = "page event {\(shown)}"
    let candidates = vocabulary.compactMap { verb in
      verb.page.first { $0.event == event }.map { (verb, $0) }
    }
    guard !candidates.isEmpty else {
      let known = vocabulary.flatMap { $0.page.map(\.event) } + alsoAccepted
      let expected = "one of: " + unique(known).joined(separator: ", ")
      throw DriverSyntaxError(
        input: input, message: "unknown page event '\(event)'; expected \(expected)",
        expected: expected)
    }
    let which = candidates.compactMap(\.1.which)
    let verb: Verb
    if which.isEmpty {
      verb = candidates[0].0
    } else {
      guard let chosen = candidates.first(where: { $0.1.which == fields["which"] }) else {
        let expected = "which = \(which.joined(separator: " or "))"
        throw DriverSyntaxError(
          input: input,
          message: "page event '\(event)' needs \(expected), "
            + "got \(fields["which"].map { "'\($0)'" } ?? "nothing")",
          expected: expected)
      }
      verb = chosen.0
    }
    var operands = Operands(fields: fields, event: event)
    do {
      return try verb.read(&operands)
    } catch Operands.Problem.needs(let expected, let got) {
      throw DriverSyntaxError(
        input: input,
        message: "page event '\(event)' needs \(expected), got "
          + (got.map { "'\($0)'" } ?? "nothing"),
        expected: expected)
    } catch Operands.Problem.message(let message) {
      throw DriverSyntaxError(input: input, message: message)
    } catch {
      throw DriverSyntaxError(
        input: input, message: "page event '\(event)' (\(verb.usage)) is malformed: \(input)",
        expected: verb.usage)
    }
  }

  private static var uniqueFirstWords: [String] {
    unique(vocabulary.compactMap(\.keywords.first))
  }

  private static func unique(_ words: [String]) -> [String] {
    var seen: Set<String> = []
    return words.filter { seen.insert($0).inserted }
  }

  /// `'tap row ID' or 'tap image ROW N' (N from 1)`.
  private static func usages(_ verbs: [Verb]) -> String {
    let parts = verbs.map { "'\($0.usage)'" + ($0.note.map { " \($0)" } ?? "") }
    guard let last = parts.last else { return "" }
    return parts.count == 1 ? last : parts.dropLast().joined(separator: ", ") + " or " + last
  }

  /// The operands of one action, from a journey's words or a page event's fields.
  public struct Operands: Sendable {
    /// Why an operand could not be read.
    public enum Problem: Error {
      /// Missing or malformed: the verb's usage says what was expected.
      case malformed
      /// A message of its own (a number out of range).
      case message(String)
      /// A page field missing or malformed: what it must be, and what it was (nil: absent).
      case needs(String, got: String?)
    }

    private var words: [String]
    private var fields: [String: String]?

    init(words: [String]) {
      self.words = words
      fields = nil
    }

    init(fields: [String: String], event: String) {
      words = []
      self.fields = fields
    }

    /// Whether every word was used (page fields are not counted).
    var isFinished: Bool { fields != nil || words.isEmpty }

    private mutating func next() -> String? {
      words.isEmpty ? nil : words.removeFirst()
    }

    /// An element id: the next word, or the page's `e` field.
    mutating func element(_ role: String) throws(Problem) -> ElementID {
      if let fields {
        guard let value = fields["e"], !value.isEmpty else {
          throw .needs("e = the \(role == "ROW" ? "row" : "element") id", got: nil)
        }
        return ElementID(value)
      }
      guard let word = next() else { throw .malformed }
      return ElementID(word)
    }

    /// A 0-based index: the next word counted from 1, or the page `field` counted from 0.
    mutating func number(_ what: String, field: String) throws(Problem) -> Int {
      if let fields {
        guard let value = fields[field], let n = Int(value), n >= 0 else {
          throw .needs("\(field) = the \(what) index from 0", got: fields[field])
        }
        return n
      }
      guard let word = next() else { throw .malformed }
      guard let n = Int(word), n >= 1 else {
        throw .message("\(what) number must be 1 or more, got '\(word)'")
      }
      return n - 1
    }

    /// A remote command: its word (`pause`, `skip-forward`, or the page's `e` field), and for
    /// `seek` a position of 0 or more, for `rate` a rate above 0 (the next word, or the page's
    /// `value` field).
    mutating func remoteCommand() throws(Problem) -> RemoteCommand {
      let word: String
      if let fields {
        guard let value = fields["e"], !value.isEmpty else {
          throw .needs("e = a remote command's word", got: nil)
        }
        word = value
      } else {
        guard let value = next() else { throw .malformed }
        word = value
      }
      guard let kind = RemoteCommand.Kind(rawValue: word) else {
        throw .message(
          "unknown remote command '\(word)'; expected one of: "
            + RemoteCommand.Kind.allCases.map(\.rawValue).joined(separator: ", "))
      }
      switch kind {
      case .play: return .play
      case .pause: return .pause
      case .togglePlayPause: return .togglePlayPause
      case .nextTrack: return .nextTrack
      case .previousTrack: return .previousTrack
      case .skipForward: return .skipForward
      case .skipBackward: return .skipBackward
      case .changePlaybackPosition:
        let seconds = try finite(field: "value")
        guard seconds >= 0 else {
          throw .message("remote seek needs a position of 0 seconds or more, got \(seconds)")
        }
        return .changePlaybackPosition(seconds)
      case .changePlaybackRate:
        let rate = try finite(field: "value")
        guard rate > 0 else { throw .message("remote rate needs a rate above 0, got \(rate)") }
        return .changePlaybackRate(rate)
      }
    }

    /// `LAT,LON` in decimal degrees.
    mutating func coordinate() throws(Problem) -> Coordinate {
      guard let word = next(), let coordinate = Coordinate(parsing: word) else {
        throw .malformed
      }
      return coordinate
    }

    /// A finite decimal number: the next word, or the page's `field`.
    mutating func finite(field: String) throws(Problem) -> Double {
      if let fields {
        guard let text = fields[field], let value = Double(text), value.isFinite else {
          throw .needs("\(field) = a finite number", got: fields[field])
        }
        return value
      }
      guard let word = next(), let value = Double(word), value.isFinite else {
        throw .malformed
      }
      return value
    }

    /// A phrase (quoted in journeys), or the page's `field` (which may be empty: a cleared
    /// search field).
    mutating func phrase(field: String) throws(Problem) -> String {
      if let fields {
        guard let value = fields[field] else { throw .needs("\(field) = the text", got: nil) }
        return value
      }
      guard let word = next() else { throw .malformed }
      return word
    }
  }
}

extension DriverAction.Verb {
  init(
    _ keywords: [String], _ operandUsage: String, note: String? = nil,
    page: [DriverAction.PageSpelling] = [],
    read: @escaping @Sendable (inout DriverAction.Operands) throws -> DriverAction
  ) {
    self.keywords = keywords
    self.operandUsage = operandUsage
    self.note = note
    self.page = page
    self.read = read
  }
}

extension DriverAction.PageSpelling: ExpressibleByStringLiteral {
  /// A page event without a `which` requirement.
  public init(stringLiteral value: String) {
    self.init(event: value, which: nil)
  }
}
