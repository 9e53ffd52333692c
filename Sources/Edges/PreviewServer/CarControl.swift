import CarSession
import CarSimulator
import CarTemplates
import Foundation

/// What a tap on the rendered display asks for: a driver action on the host, or something the
/// page itself stands in for (CarPlay's Home screen, the system's playback controls).
public enum PageAction: Hashable, Sendable {
  /// A driver action (``DriverAction``), read by the one driver vocabulary.
  case driver(DriverAction)
  /// "Open app" on the Home screen: the app is opened again (the car reconnects).
  case reopen
  /// The dock's Home button: like ``reopen`` while the car is connected; nothing while it is
  /// not (the car's button never plugs the car in).
  case home
  /// The place card's close button: the host deselects the point, as CarPlay does.
  case closeCard
  /// A control the system owns, not the app; the message says so.
  case systemControl(String)
  /// An app's icon on the Home screen or in the dock: that app comes to the front (a running
  /// app as it was left).
  case openApp(String)
  /// The dock's Now Playing: the playing app comes to the front on its Now Playing screen.
  case openNowPlaying(String)
}

extension PageEvent {
  /// Page events that are not driver actions, with what they mean.
  static let pageOnly: [String: PageAction] = [
    "home": .home,
    "reopen": .reopen,
    "poiDeselect": .closeCard,
  ]

  /// Page events of the Home screen and the dock, which name an app in `e`.
  static let appEvents: [String: @Sendable (String) -> PageAction] = [
    "openApp": { .openApp($0) },
    "nowPlaying": { .openNowPlaying($0) },
  ]

  /// What the event asks for; an unknown kind or a missing or malformed field is an error
  /// naming the event and what was expected.
  public func action() throws(DriverSyntaxError) -> PageAction {
    if let meaning = Self.pageOnly[ev] { return meaning }
    if let app = Self.appEvents[ev] {
      guard let id = e, !id.isEmpty else {
        throw DriverSyntaxError(
          input: "page event {ev=\(ev)}",
          message: "page event '\(ev)' needs e = an app id, got nothing",
          expected: "e = an app id")
      }
      return app(id)
    }
    var fields: [String: String] = [:]
    if let e { fields["e"] = e }
    if let i { fields["i"] = i }
    if let which { fields["which"] = which }
    if let text { fields["text"] = text }
    if let dx { fields["dx"] = dx }
    if let dy { fields["dy"] = dy }
    if let scale { fields["scale"] = scale }
    return .driver(
      try DriverAction.decode(
        pageEvent: ev, fields: fields,
        alsoAccepted: (Array(Self.pageOnly.keys) + Array(Self.appEvents.keys)).sorted()))
  }
}

/// A map move from the side panel's arrows.
public enum MapMove: String, Hashable, Sendable, CaseIterable {
  /// Half a region north.
  case north
  /// Half a region south.
  case south
  /// Half a region east.
  case east
  /// Half a region west.
  case west
  /// Half the span.
  case zoomIn
  /// Twice the span.
  case zoomOut
}

/// A side-panel command, read once from its JSON (``PanelCommand``): the car's settings, the
/// phone, where the car is, which app runs.
public enum CarControl: Hashable, Sendable {
  /// The car connects.
  case connect
  /// The car disconnects.
  case disconnect
  /// The car's display profile.
  case display(DisplayProfile)
  /// Day or night.
  case style(ContentStyle)
  /// Driving: lists and keyboard limited, video not allowed.
  case driving(Bool)
  /// Video may play (the car supports it).
  case videoAllowed(Bool)
  /// Another car is plugged in that does or does not support video (support is fixed for a
  /// connection, carplay-facts.md §4).
  case videoSupport(Bool)
  /// How the app's data sources answer.
  case dataSource(DataSourceMode)
  /// The app's panel feed (``PanelFeed``) starts or stops.
  case liveFeed(Bool)
  /// The car moves to a place (a name from the bundled places, or `LAT,LON`).
  case move(to: String)
  /// The car drives from a place (nil: where it is) to another at a speed in km/h.
  case drive(from: String?, to: String, kilometresPerHour: Double)
  /// The drive stops.
  case stopDriving
  /// Another app comes to the front, as from the car's Home screen (one already running as
  /// it was left).
  case switchApp(String)
  /// The app in front is launched afresh (a developer's control, not the car's): its session
  /// ends and a new one starts, as after a reinstall.
  case restartApp
  /// The point-of-interest map pans or zooms.
  case moveMap(MapMove)
  /// A driver action: the phone is locked or unlocked, Siri hears a phrase.
  case driver(DriverAction)
  /// The panel stands in for the phone app: the driver's tariffs or vehicle change.
  case phone(PhoneChange)
  /// How the car's driver works the screen: touch, a knob or a touch pad.
  case input(CarInputKind)
  /// The phone's iOS version (`ios`, e.g. `27`): fixed per connection, so the car connects
  /// again; it decides which templates the app's category may use (carplay-facts.md §5).
  case systemVersion(SystemVersion)

  /// The speed a drive uses when the panel gives none.
  public static let defaultSpeed = 120.0
  /// The speeds a drive accepts, in km/h.
  public static let speeds = 5.0...250.0

  /// The commands, as the panel names them.
  public static let names = [
    "connect", "disconnect", "display", "style", "driving", "video", "videoSupport", "lock",
    "move", "drive", "stopDriving", "data", "voice", "app", "region", "tariff", "tariffsClear",
    "vehicle", "input", "liveFeed", "restartApp", "ios",
  ]

  /// Reads a panel command; an unknown command or a missing or malformed value is an error
  /// naming the command and what was expected.
  public init(_ command: PanelCommand) throws(CarControlError) {
    let value = command.value ?? ""
    func fail(_ expected: String) -> CarControlError {
      CarControlError(
        command: command.cmd,
        message: "'\(command.cmd)' expects \(expected), got "
          + (command.value.map { "'\($0)'" } ?? "nothing"))
    }
    func flag() throws(CarControlError) -> Bool {
      switch value {
      case "true": return true
      case "false": return false
      default: throw fail("true or false")
      }
    }
    func text(_ what: String) throws(CarControlError) -> String {
      let trimmed = value.trimmingCharacters(in: .whitespaces)
      guard !trimmed.isEmpty else { throw fail(what) }
      return trimmed
    }
    switch command.cmd {
    case "connect": self = .connect
    case "disconnect": self = .disconnect
    case "display":
      guard let profile = DisplayProfile.named(value) else {
        throw fail("a display, one of " + DisplayProfile.all.map(\.id).joined(separator: ", "))
      }
      self = .display(profile)
    case "style":
      guard let style = ContentStyle(word: value) else { throw fail("day or night") }
      self = .style(style)
    case "driving": self = .driving(try flag())
    case "video": self = .videoAllowed(try flag())
    case "videoSupport": self = .videoSupport(try flag())
    case "lock": self = .driver(try flag() ? .lock : .unlock)
    case "data":
      guard let mode = DataSourceMode(parsing: value) else {
        throw CarControlError(
          command: command.cmd,
          message: "unknown data source mode '\(value)'; expected "
            + DataSourceMode.allCases.map(\.description).joined(separator: ", "))
      }
      self = .dataSource(mode)
    case "move": self = .move(to: try text("a place name or LAT,LON"))
    case "drive":
      let to = (command.to ?? "").trimmingCharacters(in: .whitespaces)
      guard !to.isEmpty else {
        throw CarControlError(
          command: command.cmd, message: "'drive' expects a destination in 'to', got nothing")
      }
      let speedText = (command.speed ?? "").trimmingCharacters(in: .whitespaces)
      let speed = speedText.isEmpty ? Self.defaultSpeed : Double(speedText)
      guard let speed, Self.speeds.contains(speed) else {
        throw CarControlError(
          command: command.cmd,
          message: "'drive' expects a speed from \(Int(Self.speeds.lowerBound)) to "
            + "\(Int(Self.speeds.upperBound)) km/h in 'speed', got '\(speedText)'")
      }
      let from = value.trimmingCharacters(in: .whitespaces)
      self = .drive(from: from.isEmpty ? nil : from, to: to, kilometresPerHour: speed)
    case "stopDriving": self = .stopDriving
    case "voice": self = .driver(.say(try text("a phrase for Siri")))
    case "app": self = .switchApp(try text("an app id"))
    case "restartApp": self = .restartApp
    case "region":
      guard let move = MapMove(rawValue: value) else {
        throw fail("a map move, one of " + MapMove.allCases.map(\.rawValue).joined(separator: ", "))
      }
      self = .moveMap(move)
    case "tariff": self = .phone(.toggleTariff(try text("a tariff id")))
    case "tariffsClear": self = .phone(.clearTariffs)
    case "vehicle": self = .phone(.setVehicle(try text("a vehicle profile id")))
    case "liveFeed": self = .liveFeed(try flag())
    case "input":
      guard let kind = CarInputKind(word: value) else { throw fail("touch, knob or touchpad") }
      self = .input(kind)
    case "ios":
      guard let version = SystemVersion(word: value) else {
        throw fail("an iOS version such as 26.4 or 27")
      }
      self = .systemVersion(version)
    default:
      throw CarControlError(
        command: command.cmd,
        message: "unknown command '\(command.cmd)'; expected one of: "
          + Self.names.joined(separator: ", "))
    }
  }
}

/// A change the phone app makes to the driver's setup (the side panel stands in for it).
public enum PhoneChange: Hashable, Sendable {
  /// Adds the tariff with this id to the chosen ones, or removes it when chosen.
  case toggleTariff(String)
  /// Chooses no tariff.
  case clearTariffs
  /// Makes the profile with this id the driver's car.
  case setVehicle(String)
}

/// A side-panel command that could not be read.
public struct CarControlError: Error, Hashable, Sendable, CustomStringConvertible {
  /// The command's name as sent.
  public var command: String
  /// What is wrong and what was expected.
  public var message: String
  /// The message.
  public var description: String { message }
}
