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
  /// The car's `maximumItemCount`, a run-time limit of the car itself (`connect` only).
  public var maximumItemCount: Int?
  /// The car's `maximumSectionCount`, a run-time limit of the car itself (`connect` only).
  public var maximumSectionCount: Int?
  /// How the car's driver works the screen (`connect input=touch|knob|touchpad` only): part of
  /// the car, like its limits.
  public var input: CarInputKind?
  /// The phone's iOS version (`connect ios=27` only): fixed for the session, like the car's
  /// limits; it decides which templates the app's category may use (carplay-facts.md §5).
  public var systemVersion: SystemVersion?

  /// Whether the change sets one of the car's run-time limits.
  public var setsLimits: Bool { maximumItemCount != nil || maximumSectionCount != nil }

  /// The car's limits: `base` with the ones this change sets.
  public func limits(over base: CarLimits) -> CarLimits {
    var limits = base
    if let maximumItemCount { limits.maximumItemCount = maximumItemCount }
    if let maximumSectionCount { limits.maximumSectionCount = maximumSectionCount }
    return limits
  }

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
    if let systemVersion { c.systemVersion = systemVersion }
    return c
  }

  /// Whether two changes set the same fields to the same values.
  public static func == (a: Self, b: Self) -> Bool {
    a.display == b.display && a.contentStyle == b.contentStyle && a.limited == b.limited
      && a.video?.supported == b.video?.supported && a.video?.available == b.video?.available
      && a.maximumItemCount == b.maximumItemCount && a.maximumSectionCount == b.maximumSectionCount
      && a.input == b.input && a.systemVersion == b.systemVersion
  }

  /// Hashes the fields `==` compares.
  public func hash(into hasher: inout Hasher) {
    hasher.combine(display)
    hasher.combine(contentStyle)
    hasher.combine(limited)
    hasher.combine(video?.supported)
    hasher.combine(video?.available)
    hasher.combine(maximumItemCount)
    hasher.combine(maximumSectionCount)
    hasher.combine(input)
    hasher.combine(systemVersion)
  }
}

/// What a journey line does.
public enum JourneyStep: Hashable, Sendable {
  /// `app NAME`: the app under test; a later `app` line starts another app in a car of its own.
  case app(String)
  /// `connect [display=…] [style=…] [limited=…] [video=…] [max-items=N] [max-sections=N]
  /// [input=touch|knob|touchpad] [ios=26.4|27]`.
  case connect(ConfigurationChange)
  /// `reconnect`: connect again with the last configuration.
  case reconnect
  /// `disconnect`.
  case disconnect
  /// `config key=value…`.
  case config(ConfigurationChange)
  /// A driver action: `tap row ID`, `tap image ROW N`, `select tab N`, `select point ID`,
  /// `back`, `press ID|primary|secondary|up-next|album-artist`, `choose ID`, `system dismiss`,
  /// `region LAT,LON LAT,LON`, `location LAT,LON`, `say "PHRASE"`, `lock`, `unlock`, and the
  /// map's `pan up|down|left|right`, `drag DX DY`, `pinch SCALE`, `type "TEXT"`,
  /// `start route ID`, the knob's `knob next|previous|select|back` and the video player's
  /// `video close` (``DriverAction/vocabulary``).
  case driver(DriverAction)
  /// `data normal|empty|fail`: how the app's data sources answer from now on.
  case data(DataSourceMode)
  /// `phone tariffs ID…|none`, `phone vehicle ID`: the driver changes a setting in the phone
  /// app (`PhoneSettingsBox`); the app hears the change.
  case phone(key: String, values: [String])
  /// `feed NAME FILE`: the file's bytes are handed to the app's feed `NAME` (`DataFeedBox`),
  /// e.g. `feed live status.json` for the charging app's live status.
  case feed(name: String, file: String)
  /// `mark`: remembers where the transcript is, for `expect transcript since-mark`.
  case mark
  /// `wait 5s`: moves the clock.
  case wait(Duration)
  /// `video start`.
  case startVideo
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
  /// `expect transcript since-mark "…"`: the transcript after the last `mark` step.
  case transcriptSinceMark(String)
  /// `expect diagnostic ID`: consumes a pending diagnostic with this id (or id prefix).
  case diagnostic(String)
  /// `expect error NAME`: consumes a pending host exception (`NSGenericException`, …).
  case error(String)
  /// `expect error any`: consumes a pending host exception, whichever it is (for rules the
  /// fact sheet documents only as "an exception").
  case anyError
  /// `expect cannot ACTION`, e.g. `expect cannot tap row far-away`: the driver action is not
  /// possible on the shown screen (nothing is done, nothing recorded).
  case cannot(DriverAction)
  /// `expect no shortcut "PHRASE"`: no App Shortcut of the app matches the phrase.
  case noShortcut(String)
  /// `expect state running|home|terminated|disconnected`.
  case state(String)
  /// `expect url contains "…"`.
  case url(String)
  /// `expect focus ACTION`, e.g. `expect focus tap row kassel-hbf`: a knob or touch pad has
  /// focused the item that this action selects.
  case focus(DriverAction)
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
  ///
  /// Lines end with LF, CRLF or CR alike, so a file saved on Windows reads as it does on a Mac.
  public static func parse(_ text: String, name: String = "journey") throws(JourneyParseError)
    -> Journey
  {
    var lines: [Line] = []
    var marked = false
    var generated = 0
    // `isNewline` covers "\n", "\r" and "\r\n" (one Character), so CRLF files split per line.
    for (index, raw) in text.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline)
      .enumerated()
    {
      let number = index + 1
      let words: [String]
      do {
        words = try tokenize(String(raw))
      } catch {
        throw JourneyParseError(name: name, line: number, message: error.message)
      }
      guard !words.isEmpty else { continue }
      do throws(Problem) {
        let step = try step(words)
        if case .host = step {
          generated += JourneyTemplate.elementCount(ofHostLine: words)
          guard generated <= JourneyTemplate.maximumJourneyElements else {
            throw Problem(
              "the journey's host lines build \(generated) elements by this line; a journey "
                + "generates at most \(JourneyTemplate.maximumJourneyElements)")
          }
        }
        if step == .mark { marked = true }
        if case .expect(.transcriptSinceMark) = step, !marked {
          throw Problem("'expect transcript since-mark' needs a 'mark' step on an earlier line")
        }
        lines.append(Line(number: number, step: step))
      } catch {
        throw JourneyParseError(name: name, line: number, message: error.message)
      }
    }
    return Journey(name: name, lines: lines)
  }

  /// Parses a journey file's bytes: they must be UTF-8; the first invalid byte is reported
  /// with its offset (from 0) and line.
  public static func parse(bytes: some Collection<UInt8>, name: String = "journey")
    throws(JourneyParseError) -> Journey
  {
    var parser = Unicode.UTF8.ForwardParser()
    var iterator = bytes.makeIterator()
    var offset = 0
    var line = 1
    while true {
      switch parser.parseScalar(from: &iterator) {
      case .valid(let scalar):
        if scalar.count == 1, scalar.first == UInt8(ascii: "\n") { line += 1 }
        offset += scalar.count
      case .error(let length):
        let bad = bytes.dropFirst(offset).first.map { String($0, radix: 16, uppercase: true) }
        throw JourneyParseError(
          name: name, line: line,
          message: "invalid UTF-8 at byte offset \(offset) (0x\(bad ?? "?")"
            + (length > 1 ? ", a \(length)-byte sequence" : "")
            + "); save the journey as UTF-8")
      case .emptyInput:
        return try parse(String(decoding: bytes, as: UTF8.self), name: name)
      }
    }
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
    + "choose, system dismiss, region, location, data, phone, feed, say, lock, unlock, wait, video start, video close, pan, "
    + "drag, pinch, type, start route, knob, host, mark, expect"

  /// A driver action's words, read by the one driver vocabulary.
  static func driverAction(_ words: [String]) throws(Problem) -> DriverAction {
    do {
      return try DriverAction.parse(words)
    } catch {
      throw Problem(error.message)
    }
  }

  /// The phone settings a `phone` step can change.
  static let phoneKeys: Set<String> = ["tariffs", "vehicle"]

  /// The longest `wait` a journey may ask for, in seconds: a year.
  static let longestWait: Double = 365 * 24 * 3600

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
    case "connect": return .connect(try configuration(rest, limits: true))
    case "config":
      guard !rest.isEmpty else {
        throw Problem("'config' needs at least one key=value, \(got(words))")
      }
      return .config(try configuration(rest, limits: false))
    case "reconnect": try none(); return .reconnect
    case "disconnect": try none(); return .disconnect
    case "mark": try none(); return .mark
    case "phone":
      guard let key = rest.first, Self.phoneKeys.contains(key), rest.count >= 2 else {
        throw Problem(
          "expected 'phone tariffs ID…', 'phone tariffs none' or 'phone vehicle ID', \(got(words))")
      }
      let values = Array(rest.dropFirst())
      if key == "vehicle", values.count != 1 {
        throw Problem("'phone vehicle' takes one vehicle profile id, \(got(words))")
      }
      return .phone(key: key, values: values == ["none"] ? [] : values)
    case "feed":
      guard rest.count == 2, !rest[0].isEmpty, !rest[1].isEmpty else {
        throw Problem("expected 'feed NAME FILE', e.g. 'feed live status.json', \(got(words))")
      }
      return .feed(name: rest[0], file: rest[1])
    case "data":
      let word = try one("mode")
      guard let mode = DataSourceMode(parsing: word) else {
        throw Problem("expected 'data normal|empty|fail', got 'data \(word)'")
      }
      return .data(mode)
    case "wait":
      let text = try one("duration")
      guard text.hasSuffix("s"), let seconds = Double(text.dropLast()), seconds >= 0,
        seconds.isFinite
      else { throw Problem("expected a duration in seconds such as '5s' or '0.5s', got '\(text)'") }
      // A journey's clock moves by this much at once; a year is far beyond any drive and keeps
      // the milliseconds well inside Int.
      guard seconds <= Self.longestWait else {
        throw Problem(
          "expected a wait of at most \(Int(Self.longestWait))s (a year), got '\(text)'")
      }
      return .wait(.milliseconds(Int((seconds * 1000).rounded())))
    case "video":
      switch rest {
      case ["start"]: return .startVideo
      case ["close"]: return .driver(.closeVideoPlayer)
      default: throw Problem("expected 'video start' or 'video close', \(got(words))")
      }
    case "host": return try hostStep(rest)
    case "expect": return .expect(try expectation(rest))
    case let verb where DriverAction.isVerb(verb): return .driver(try driverAction(words))
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
      if words.count == 3, words[1] == "shortcut" { return .noShortcut(words[2]) }
      guard words == ["no", "modal"] else {
        throw Problem("expected 'expect no modal' or 'expect no shortcut \"PHRASE\"', \(got)")
      }
      return .noModal
    case "cannot":
      guard words.count >= 2 else {
        throw Problem("expected 'expect cannot ACTION', e.g. 'expect cannot tap row ID', \(got)")
      }
      return .cannot(try driverAction(Array(words.dropFirst())))
    case "focus":
      guard words.count >= 2 else {
        throw Problem(
          "expected 'expect focus ACTION', e.g. 'expect focus tap row ID' or "
            + "'expect focus back', \(got)")
      }
      return .focus(try driverAction(Array(words.dropFirst())))
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
      guard words.count == 3, words[1] == "contains" || words[1] == "since-mark" else {
        throw Problem(
          "expected 'expect transcript contains \"…\"' or 'expect transcript since-mark \"…\"', "
            + got)
      }
      return words[1] == "contains"
        ? .transcriptContains(words[2]) : .transcriptSinceMark(words[2])
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
        throw Problem(
          "expected 'expect error NAME' (e.g. NSGenericException) or 'expect error any', \(got)")
      }
      return words[1] == "any" ? .anyError : .error(words[1])
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
          + "no shortcut, cannot, focus, text, transcript, url, diagnostic, error, state, spinning, "
          + "not spinning; \(got)")
    }
  }

  /// Reads `key=value` settings; the car's run-time limits (`max-items`, `max-sections`) only
  /// when `limits` is set (on `connect`: they belong to the car, not to its configuration).
  static func configuration(_ pairs: [String], limits: Bool) throws(Problem)
    -> ConfigurationChange
  {
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
        guard let style = ContentStyle(word: value) else {
          throw Problem("style must be day, night, light or dark, got '\(value)'")
        }
        change.contentStyle = style
      case "max-items", "max-sections":
        guard limits else {
          throw Problem(
            "'\(key)' is a run-time limit of the car; give it on 'connect', not 'config'")
        }
        guard let n = Int(value), (1...JourneyTemplate.maximumCount).contains(n) else {
          throw Problem(
            "'\(key)' takes a count from 1 to \(JourneyTemplate.maximumCount), got '\(pair)'")
        }
        if key == "max-items" {
          change.maximumItemCount = n
        } else {
          change.maximumSectionCount = n
        }
      case "input":
        guard limits else {
          throw Problem("'input' belongs to the car; give it on 'connect', not 'config'")
        }
        guard let input = CarInputKind(word: value) else {
          throw Problem("input must be touch, knob or touchpad, got '\(value)'")
        }
        change.input = input
      case "ios":
        guard limits else {
          throw Problem("'ios' is the phone's iOS version, fixed per session; give it on 'connect', not 'config'")
        }
        guard let version = SystemVersion(word: value) else {
          throw Problem("ios takes a version such as 26.4 or 27, got '\(value)'")
        }
        change.systemVersion = version
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
        throw Problem(
          "unknown setting '\(key)'; expected display, style, limited, video"
            + (limits
              ? ", max-items, max-sections, input or ios"
              : " (max-items, max-sections, input and ios on connect)"))
      }
    }
    return change
  }
}

extension ContentStyle {
  /// Reads `day`/`light` or `night`/`dark`, as journeys and the web simulator's panel write
  /// them; nil for anything else.
  public init?(word: String) {
    switch word {
    case "day", "light": self = .light
    case "night", "dark": self = .dark
    default: return nil
    }
  }
}
