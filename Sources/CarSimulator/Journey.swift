import CarSession
import CarTemplates
import Geo

/// A scripted CarPlay session: which app, then one step per line (events, configuration
/// changes, expectations). See `Guides/Journeys.md` for the format.
public struct Journey: Hashable, Sendable {
  /// One line of a journey.
  public struct Line: Hashable, Sendable {
    /// 1-based line number in the file.
    public var number: Int
    /// The step.
    public var step: JourneyStep
  }

  /// Where the journey came from (a file path), for messages.
  public var name: String
  /// The steps, in order.
  public var lines: [Line]

  /// Creates a journey.
  public init(name: String, lines: [Line]) {
    self.name = name
    self.lines = lines
  }
}

/// A change to the session configuration; nil fields keep their value.
public struct ConfigurationChange: Hashable, Sendable {
  /// The display profile.
  public var display: DisplayProfile?
  /// Day (light) or night (dark).
  public var contentStyle: ContentStyle?
  /// Limited interfaces.
  public var limited: LimitedUserInterfaces?
  /// Video: none / supported-but-unavailable / available.
  public var video: (supported: Bool, available: Bool)?

  /// Applies the change.
  public func applied(to base: SessionConfiguration) -> SessionConfiguration {
    var c = base
    if let display { c.display = display }
    if let contentStyle { c.contentStyle = contentStyle }
    if let limited { c.limitedUserInterfaces = limited }
    if let video {
      c.supportsVideoPlayback = video.supported
      c.isVideoAvailable = video.available
    }
    return c
  }

  /// Whether two changes set the same fields to the same values.
  public static func == (a: Self, b: Self) -> Bool {
    a.display == b.display && a.contentStyle == b.contentStyle && a.limited == b.limited
      && a.video?.supported == b.video?.supported && a.video?.available == b.video?.available
  }

  /// Hashes the fields ``==`` compares.
  public func hash(into hasher: inout Hasher) {
    hasher.combine(display)
    hasher.combine(contentStyle)
    hasher.combine(limited)
    hasher.combine(video?.supported)
    hasher.combine(video?.available)
  }
}

/// What a journey line does.
public enum JourneyStep: Hashable, Sendable {
  /// `app NAME`: the app under test; a later `app` line starts another app in a car of its own.
  case app(String)
  /// `connect [display=…] [style=…] [limited=…] [video=…]`.
  case connect(ConfigurationChange)
  /// `reconnect`: connect again with the last configuration.
  case reconnect
  /// `disconnect`.
  case disconnect
  /// `config key=value…`.
  case config(ConfigurationChange)
  /// `tap row ID`.
  case tapRow(ElementID)
  /// `tap image ROW N`: image N (stored 0-based) of an image row.
  case tapImage(ElementID, Int)
  /// `select tab N`: N counted from 1, stored 0-based.
  case selectTab(Int)
  /// `select point ID`.
  case selectPoint(ElementID)
  /// `back`.
  case back
  /// `press ID` / `press primary` / `press secondary` / `press up-next` / `press album-artist`.
  case press(ElementID)
  /// `press primary|secondary|up-next|album-artist`.
  case pressPrimary, pressSecondary, pressUpNext, pressAlbumArtist
  /// `choose ID`: an alert or action-sheet action.
  case choose(ElementID)
  /// `system dismiss`: the host dismisses the modal.
  case systemDismiss
  /// `region LAT,LON LAT,LON`: the visible map region (two corners).
  case region(BoundingBox)
  /// `location LAT,LON`.
  case location(Coordinate)
  /// `data normal|empty|fail`: how the app's data sources answer from now on.
  case data(DataSourceMode)
  /// `say "PHRASE"`.
  case say(String)
  /// `lock` / `unlock`.
  case lock, unlock
  /// `wait 5s`: moves the clock.
  case wait(Duration)
  /// `video start`.
  case startVideo
  /// `pan up|down|left|right`: a knob or touch-pad pan step while the map is panning.
  case pan(PanDirection)
  /// `drag DX DY`: a touch drag on the map, points since the previous report.
  case drag(Double, Double)
  /// `pinch SCALE`: an iOS 26 zoom gesture on the map (2 = one step in).
  case pinch(Double)
  /// `type "TEXT"`: the search field's new text.
  case type(String)
  /// `start route ID`: choose a route of the trip preview and press Go.
  case startRoute(ElementID)
  /// `host set-root|push|present KIND ID [key=value…]` (a ``JourneyTemplate``) or
  /// `host pop|pop-root|pop-to ID|dismiss`, optionally ending in `no-completion`: an operation
  /// sent straight to the host, bypassing the session.
  case host(HostOperation, withCompletion: Bool)
  /// `expect …`.
  case expect(JourneyExpectation)
}

/// What a journey checks.
public enum JourneyExpectation: Hashable, Sendable {
  /// `expect top KIND ["TITLE"]`.
  case top(TemplateKind, title: String?)
  /// `expect top id ID`.
  case topID(TemplateID)
  /// `expect stack depth N`.
  case depth(Int)
  /// `expect modal KIND ["TITLE"]` / `expect no modal`.
  case modal(TemplateKind, title: String?)
  /// `expect no modal`.
  case noModal
  /// `expect text contains "…"` / `expect text lacks "…"`.
  case textContains(String)
  /// `expect text lacks "…"`.
  case textLacks(String)
  /// `expect transcript contains "…"`.
  case transcriptContains(String)
  /// `expect diagnostic ID`: consumes a pending diagnostic with this id (or id prefix).
  case diagnostic(String)
  /// `expect error NAME`: consumes a pending host exception (`NSGenericException`, …).
  case error(String)
  /// `expect state running|home|terminated|disconnected`.
  case state(String)
  /// `expect url contains "…"`.
  case url(String)
  /// `expect spinning ROW` / `expect not spinning`.
  case spinning(ElementID)
  /// `expect not spinning`.
  case notSpinning
}

/// A journey line that could not be read.
public struct JourneyParseError: Error, Hashable, Sendable, CustomStringConvertible {
  /// The file or journey name.
  public var name: String
  /// 1-based line number.
  public var line: Int
  /// What is wrong and what was expected.
  public var message: String
  /// `file:line: message`.
  public var description: String { "\(name):\(line): \(message)" }
}

extension Journey {
  /// Parses journey text; every malformed line is reported with its number.
  public static func parse(_ text: String, name: String = "journey") throws(JourneyParseError)
    -> Journey
  {
    var lines: [Line] = []
    for (index, raw) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
      let number = index + 1
      let words: [String]
      do {
        words = try tokenize(String(raw))
      } catch {
        throw JourneyParseError(name: name, line: number, message: error.message)
      }
      guard !words.isEmpty else { continue }
      do {
        lines.append(Line(number: number, step: try step(words)))
      } catch {
        throw JourneyParseError(name: name, line: number, message: error.message)
      }
    }
    return Journey(name: name, lines: lines)
  }

  struct Problem: Error {
    var message: String
    init(_ message: String) { self.message = message }
  }

  /// Splits a line into words; `"…"` quotes keep spaces; `#` outside quotes starts a comment.
  static func tokenize(_ line: String) throws(Problem) -> [String] {
    var words: [String] = []
    var current = ""
    var inQuotes = false
    var quoted = false
    for character in line {
      if inQuotes {
        if character == "\"" { inQuotes = false } else { current.append(character) }
      } else if character == "\"" {
        inQuotes = true
        quoted = true
      } else if character == "#" {
        break
      } else if character == " " || character == "\t" {
        if !current.isEmpty || quoted { words.append(current) }
        current = ""
        quoted = false
      } else {
        current.append(character)
      }
    }
    if inQuotes { throw Problem("unterminated quote") }
    if !current.isEmpty || quoted { words.append(current) }
    return words
  }

  /// The words of a line as written, for messages: `got 'expect stack depth two'`; a word that
  /// holds spaces (or nothing) is shown in its quotes again.
  static func got(_ words: [String]) -> String {
    let line = words.map { $0.isEmpty || $0.contains(" ") ? "\"\($0)\"" : $0 }
      .joined(separator: " ")
    return "got '\(line)'"
  }

  static let usage =
    "expected one of: app, connect, reconnect, disconnect, config, tap, select, back, press, "
    + "choose, system dismiss, region, location, data, say, lock, unlock, wait, video start, pan, "
    + "drag, pinch, type, start route, host, expect"

  static func step(_ words: [String]) throws(Problem) -> JourneyStep {
    let rest = Array(words.dropFirst())
    func one(_ what: String) throws(Problem) -> String {
      guard rest.count == 1 else {
        throw Problem("'\(words[0])' takes one \(what), \(got(words))")
      }
      return rest[0]
    }
    func none() throws(Problem) {
      guard rest.isEmpty else {
        throw Problem("'\(words[0])' takes no arguments, got '\(rest.joined(separator: " "))'")
      }
    }
    switch words[0] {
    case "app": return .app(try one("app name"))
    case "connect": return .connect(try configuration(rest))
    case "config":
      guard !rest.isEmpty else {
        throw Problem("'config' needs at least one key=value, \(got(words))")
      }
      return .config(try configuration(rest))
    case "reconnect": try none(); return .reconnect
    case "disconnect": try none(); return .disconnect
    case "back": try none(); return .back
    case "lock": try none(); return .lock
    case "unlock": try none(); return .unlock
    case "tap":
      if rest.count == 2, rest[0] == "row" { return .tapRow(ElementID(rest[1])) }
      if rest.count == 3, rest[0] == "image", let n = Int(rest[2]), n >= 1 {
        return .tapImage(ElementID(rest[1]), n - 1)
      }
      throw Problem("expected 'tap row ID' or 'tap image ROW N' (N from 1), \(got(words))")
    case "select":
      if rest.count == 2, rest[0] == "tab" {
        guard let n = Int(rest[1]), n >= 1 else {
          throw Problem("tab number must be 1 or more, got '\(rest[1])'")
        }
        return .selectTab(n - 1)
      }
      if rest.count == 2, rest[0] == "point" { return .selectPoint(ElementID(rest[1])) }
      throw Problem("expected 'select tab N' (N from 1) or 'select point ID', \(got(words))")
    case "press":
      switch try one("button id") {
      case "primary": return .pressPrimary
      case "secondary": return .pressSecondary
      case "up-next": return .pressUpNext
      case "album-artist": return .pressAlbumArtist
      case let id: return .press(ElementID(id))
      }
    case "choose": return .choose(ElementID(try one("action id")))
    case "system":
      guard rest == ["dismiss"] else {
        throw Problem("expected 'system dismiss', \(got(words))")
      }
      return .systemDismiss
    case "region":
      guard rest.count == 2, let a = Coordinate(parsing: rest[0]),
        let b = Coordinate(parsing: rest[1]),
        let box = BoundingBox(enclosing: [a, b])
      else {
        throw Problem(
          "expected 'region LAT,LON LAT,LON' (two corners in decimal degrees), \(got(words))")
      }
      return .region(box)
    case "location":
      guard rest.count == 1, let c = Coordinate(parsing: rest[0]) else {
        throw Problem(
          "expected 'location LAT,LON' in decimal degrees, e.g. 51.31,9.48, \(got(words))")
      }
      return .location(c)
    case "data":
      let word = try one("mode")
      guard let mode = DataSourceMode(parsing: word) else {
        throw Problem("expected 'data normal|empty|fail', got 'data \(word)'")
      }
      return .data(mode)
    case "say": return .say(try one("quoted phrase"))
    case "wait":
      let text = try one("duration")
      guard text.hasSuffix("s"), let seconds = Double(text.dropLast()), seconds >= 0,
        seconds.isFinite
      else { throw Problem("expected a duration in seconds such as '5s' or '0.5s', got '\(text)'") }
      return .wait(.milliseconds(Int((seconds * 1000).rounded())))
    case "video":
      guard rest == ["start"] else { throw Problem("expected 'video start', \(got(words))") }
      return .startVideo
    case "pan":
      guard rest.count == 1, let direction = PanDirection(rawValue: rest[0]) else {
        throw Problem("expected 'pan up|down|left|right', \(got(words))")
      }
      return .pan(direction)
    case "drag":
      guard rest.count == 2, let dx = Double(rest[0]), let dy = Double(rest[1]), dx.isFinite,
        dy.isFinite
      else {
        throw Problem("expected 'drag DX DY' in points, e.g. 'drag 40 -10', \(got(words))")
      }
      return .drag(dx, dy)
    case "pinch":
      guard rest.count == 1, let scale = Double(rest[0]), scale > 0, scale.isFinite else {
        throw Problem("expected 'pinch SCALE' with a factor above 0, e.g. 'pinch 2', \(got(words))")
      }
      return .pinch(scale)
    case "type": return .type(try one("quoted text"))
    case "start":
      guard rest.count == 2, rest[0] == "route" else {
        throw Problem("expected 'start route ID', \(got(words))")
      }
      return .startRoute(ElementID(rest[1]))
    case "host": return try hostStep(rest)
    case "expect": return .expect(try expectation(rest))
    default: throw Problem("unknown step '\(words[0])'; \(usage)")
    }
  }

  static func kind(_ word: String) throws(Problem) -> TemplateKind {
    let normalized = word.lowercased().replacingOccurrences(of: "-", with: "")
    guard let kind = TemplateKind.allCases.first(where: { $0.rawValue.lowercased() == normalized })
    else {
      throw Problem(
        "unknown template kind '\(word)'; expected one of "
          + TemplateKind.allCases.map(\.rawValue).joined(separator: ", "))
    }
    return kind
  }

  static func expectation(_ words: [String]) throws(Problem) -> JourneyExpectation {
    let got = got(["expect"] + words)
    switch words.first {
    case "top":
      if words.count == 3, words[1] == "id" { return .topID(TemplateID(words[2])) }
      guard words.count == 2 || words.count == 3 else {
        throw Problem("expected 'expect top KIND [\"TITLE\"]' or 'expect top id ID', \(got)")
      }
      return .top(try kind(words[1]), title: words.count == 3 ? words[2] : nil)
    case "stack":
      guard words.count == 3, words[1] == "depth", let n = Int(words[2]) else {
        throw Problem("expected 'expect stack depth N', \(got)")
      }
      return .depth(n)
    case "modal":
      guard words.count == 2 || words.count == 3 else {
        throw Problem("expected 'expect modal KIND [\"TITLE\"]', \(got)")
      }
      return .modal(try kind(words[1]), title: words.count == 3 ? words[2] : nil)
    case "no":
      guard words == ["no", "modal"] else { throw Problem("expected 'expect no modal', \(got)") }
      return .noModal
    case "not":
      guard words == ["not", "spinning"] else {
        throw Problem("expected 'expect not spinning', \(got)")
      }
      return .notSpinning
    case "text":
      guard words.count == 3, words[1] == "contains" || words[1] == "lacks" else {
        throw Problem("expected 'expect text contains \"…\"' or 'expect text lacks \"…\"', \(got)")
      }
      return words[1] == "contains" ? .textContains(words[2]) : .textLacks(words[2])
    case "transcript":
      guard words.count == 3, words[1] == "contains" else {
        throw Problem("expected 'expect transcript contains \"…\"', \(got)")
      }
      return .transcriptContains(words[2])
    case "url":
      guard words.count == 3, words[1] == "contains" else {
        throw Problem("expected 'expect url contains \"…\"', \(got)")
      }
      return .url(words[2])
    case "diagnostic":
      guard words.count == 2 else { throw Problem("expected 'expect diagnostic ID', \(got)") }
      return .diagnostic(words[1])
    case "error":
      guard words.count == 2 else {
        throw Problem("expected 'expect error NAME', e.g. NSGenericException, \(got)")
      }
      return .error(words[1])
    case "state":
      let states = ["running", "home", "terminated", "disconnected"]
      guard words.count == 2, states.contains(words[1]) else {
        throw Problem("expected 'expect state \(states.joined(separator: "|"))', \(got)")
      }
      return .state(words[1])
    case "spinning":
      guard words.count == 2 else { throw Problem("expected 'expect spinning ROW', \(got)") }
      return .spinning(ElementID(words[1]))
    default:
      throw Problem(
        "unknown expectation '\(words.first ?? "")'; expected top, stack depth, modal, no modal, "
          + "text, transcript, url, diagnostic, error, state, spinning, not spinning; \(got)")
    }
  }

  static func configuration(_ pairs: [String]) throws(Problem) -> ConfigurationChange {
    var change = ConfigurationChange()
    for pair in pairs {
      let parts = pair.split(separator: "=", maxSplits: 1).map(String.init)
      guard parts.count == 2 else { throw Problem("expected key=value, got '\(pair)'") }
      let (key, value) = (parts[0], parts[1])
      switch key {
      case "display":
        guard let profile = DisplayProfile.named(value) else {
          throw Problem(
            "unknown display '\(value)'; expected one of "
              + DisplayProfile.all.map(\.id).joined(separator: ", "))
        }
        change.display = profile
      case "style":
        switch value {
        case "day", "light": change.contentStyle = .light
        case "night", "dark": change.contentStyle = .dark
        default: throw Problem("style must be day, night, light or dark, got '\(value)'")
        }
      case "limited":
        var limited: LimitedUserInterfaces = []
        for item in value.split(separator: ",") {
          switch item {
          case "lists": limited.insert(.lists)
          case "keyboard": limited.insert(.keyboard)
          case "none": break
          default: throw Problem("limited takes lists, keyboard or none, got '\(item)'")
          }
        }
        change.limited = limited
      case "video":
        switch value {
        case "none": change.video = (false, false)
        case "unavailable", "supported": change.video = (true, false)
        case "available": change.video = (true, true)
        default: throw Problem("video must be none, unavailable or available, got '\(value)'")
        }
      default:
        throw Problem("unknown setting '\(key)'; expected display, style, limited or video")
      }
    }
    return change
  }
}
