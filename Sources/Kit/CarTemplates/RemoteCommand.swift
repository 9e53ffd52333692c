/// A command the system sends to a media app's `MPRemoteCommandCenter`: Now Playing's own
/// transport buttons, the car's steering-wheel buttons and Siri all arrive this way
/// (carplay-facts.md §8: Now Playing's "controls come from `MPRemoteCommandCenter`").
///
/// Journeys spell each one after `remote` (``words``): `remote pause`, `remote seek 74`,
/// `remote rate 1.5`.
public enum RemoteCommand: Hashable, Sendable, Codable, CustomStringConvertible {
  /// `playCommand`.
  case play
  /// `pauseCommand`.
  case pause
  /// `togglePlayPauseCommand`.
  case togglePlayPause
  /// `nextTrackCommand`.
  case nextTrack
  /// `previousTrackCommand`.
  case previousTrack
  /// `skipForwardCommand`; the interval is the one the app registered
  /// (``RemoteCommandTargets/skipForwardInterval``).
  case skipForward
  /// `skipBackwardCommand`; the interval is the one the app registered.
  case skipBackward
  /// `changePlaybackPositionCommand` to an absolute position in seconds
  /// (`MPChangePlaybackPositionCommandEvent.positionTime`).
  case changePlaybackPosition(Double)
  /// `changePlaybackRateCommand` to a rate (`MPChangePlaybackRateCommandEvent.playbackRate`).
  case changePlaybackRate(Double)

  /// Which of `MPRemoteCommandCenter`'s commands a command is; the raw value is the journey
  /// word after `remote`.
  public enum Kind: String, Hashable, Sendable, Codable, CaseIterable, Comparable,
    CustomStringConvertible
  {
    case play, pause
    case togglePlayPause = "toggle"
    case nextTrack = "next"
    case previousTrack = "previous"
    case skipForward = "skip-forward"
    case skipBackward = "skip-backward"
    case changePlaybackPosition = "seek"
    case changePlaybackRate = "rate"

    /// The journey word, e.g. `skip-forward`.
    public var description: String { rawValue }

    /// The property of `MPRemoteCommandCenter`, e.g. `nextTrackCommand`, for messages.
    public var centerProperty: String {
      switch self {
      case .play: "playCommand"
      case .pause: "pauseCommand"
      case .togglePlayPause: "togglePlayPauseCommand"
      case .nextTrack: "nextTrackCommand"
      case .previousTrack: "previousTrackCommand"
      case .skipForward: "skipForwardCommand"
      case .skipBackward: "skipBackwardCommand"
      case .changePlaybackPosition: "changePlaybackPositionCommand"
      case .changePlaybackRate: "changePlaybackRateCommand"
      }
    }

    /// Orders kinds as the center lists them.
    public static func < (a: Self, b: Self) -> Bool {
      let all = Self.allCases
      return (all.firstIndex(of: a) ?? 0) < (all.firstIndex(of: b) ?? 0)
    }
  }

  /// Which command this is.
  public var kind: Kind {
    switch self {
    case .play: .play
    case .pause: .pause
    case .togglePlayPause: .togglePlayPause
    case .nextTrack: .nextTrack
    case .previousTrack: .previousTrack
    case .skipForward: .skipForward
    case .skipBackward: .skipBackward
    case .changePlaybackPosition: .changePlaybackPosition
    case .changePlaybackRate: .changePlaybackRate
    }
  }

  /// The journey words after `remote`, e.g. `["seek", "74"]`.
  public var words: [String] {
    switch self {
    case .changePlaybackPosition(let seconds): [kind.rawValue, Self.number(seconds)]
    case .changePlaybackRate(let rate): [kind.rawValue, Self.number(rate)]
    default: [kind.rawValue]
    }
  }

  /// `seek 74`, `pause`.
  public var description: String { words.joined(separator: " ") }

  /// A number as journeys write it: `74`, not `74.0`; `1.5` as is.
  static func number(_ value: Double) -> String {
    if value.rounded() == value, abs(value) < 1e15 { return String(Int(value)) }
    return String(value)
  }
}

/// What a command's target answered (`MPRemoteCommandHandlerStatus`, raw values as the SDK's).
public enum RemoteCommandStatus: Int, Hashable, Sendable, Codable, CustomStringConvertible {
  /// The command was carried out.
  case success = 0
  /// The content asked for is not there (no next item to skip to).
  case noSuchContent = 100
  /// Nothing is loaded that the command could act on.
  case noActionableNowPlayingItem = 110
  /// The device the command needs is not there.
  case deviceNotFound = 120
  /// The command could not be carried out (the item failed, a rate out of range).
  case commandFailed = 200

  /// `success`, `no such content`, …
  public var description: String {
    switch self {
    case .success: "success"
    case .noSuchContent: "no such content"
    case .noActionableNowPlayingItem: "no actionable now-playing item"
    case .deviceNotFound: "device not found"
    case .commandFailed: "command failed"
    }
  }
}

/// A command as its target receives it (`MPRemoteCommandEvent` and its subclasses): the
/// command, and for a skip the interval the app registered.
public struct RemoteCommandEvent: Hashable, Sendable, Codable, CustomStringConvertible {
  /// The command.
  public var command: RemoteCommand
  /// For `skipForward` / `skipBackward`, the seconds to skip (`MPSkipIntervalCommandEvent.interval`).
  public var interval: Double?

  /// Creates an event.
  public init(_ command: RemoteCommand, interval: Double? = nil) {
    self.command = command
    self.interval = interval
  }

  /// `skip-forward 30s`, `pause`.
  public var description: String {
    interval.map { "\(command) \(RemoteCommand.number($0))s" } ?? command.description
  }
}

/// The commands an app has targets for in `MPRemoteCommandCenter` (`addTarget(handler:)` with
/// `isEnabled`), with the skip intervals and rates it offers.
///
/// The app states them as part of its screen (``CarScreen/remoteCommands``); the host sends
/// only these, and a command without a target is the host's diagnostic
/// (`H006-no-remote-target`): the system disables a control whose command has no target.
public struct RemoteCommandTargets: Hashable, Sendable, Codable {
  /// The commands with a target.
  public var commands: Set<RemoteCommand.Kind>
  /// `skipForwardCommand.preferredIntervals.first`, in seconds.
  public var skipForwardInterval: Double
  /// `skipBackwardCommand.preferredIntervals.first`, in seconds.
  public var skipBackwardInterval: Double
  /// `changePlaybackRateCommand.supportedPlaybackRates`.
  public var supportedRates: [Double]

  /// Creates targets.
  public init(
    commands: Set<RemoteCommand.Kind>, skipForwardInterval: Double = 15,
    skipBackwardInterval: Double = 15, supportedRates: [Double] = [1]
  ) {
    self.commands = commands
    self.skipForwardInterval = skipForwardInterval
    self.skipBackwardInterval = skipBackwardInterval
    self.supportedRates = supportedRates
  }

  /// No targets: every command is disabled.
  public static let none = RemoteCommandTargets(commands: [])

  /// `play, pause, toggle, …` in the center's order, or `none`.
  public var summary: String {
    commands.isEmpty ? "none" : commands.sorted().map(\.rawValue).joined(separator: ", ")
  }
}
