/// How playback is presented in the car: the system's video player or sound only (Now Playing).
public enum Presentation: String, Hashable, Sendable, Codable, CustomStringConvertible {
  /// Sound only, with the Now Playing template.
  case audio
  /// The system's video player (only while the car allows video).
  case video
  /// `audio` or `video`.
  public var description: String { rawValue }
}

/// The control surface a playback command came from.
///
/// Every surface sends through the same path; the origin is carried so transcripts and tests can
/// tell a driver's tap from a steering-wheel button or the system degrading video.
public enum CommandOrigin: String, Hashable, Sendable, Codable, CaseIterable,
  CustomStringConvertible
{
  /// A list row or details-header button on the car screen.
  case car
  /// A button of the Now Playing template.
  case nowPlaying
  /// `MPRemoteCommandCenter` (lock screen, Control Centre, the car's media keys via iOS).
  case remoteCommand
  /// A hardware button (steering wheel, headset).
  case hardware
  /// The phone app.
  case phone
  /// Siri (an App Shortcut).
  case siri
  /// The app itself reacting to the car (video withdrawn or restored).
  case system
  /// The raw value, e.g. `remoteCommand`.
  public var description: String { rawValue }
}

/// One request to the playback engine, whatever surface sent it.
public enum PlaybackCommand: Hashable, Sendable, CustomStringConvertible {
  /// Plays an item from its start (or from where it was left), presented as asked.
  case play(MediaItem.ID, Presentation)
  /// Pauses.
  case pause
  /// Resumes the paused item.
  case resume
  /// Pauses when playing, resumes when paused.
  case togglePlayPause
  /// Skips to the next queued item.
  case next
  /// Goes back: to the start of the item after its first 3 s, else to the previous item.
  case previous
  /// Moves to a position in seconds (clamped to the item).
  case seek(to: Double)
  /// Moves by a number of seconds, forwards (positive) or back (negative).
  case skip(by: Double)
  /// Appends an item to Up Next.
  case enqueue(MediaItem.ID)
  /// Changes the playback rate (e.g. 1, 1.5, 2).
  case setRate(Double)
  /// Keeps playing the current item but presents it differently (video withdrawn or back).
  case present(Presentation)
  /// Stops and forgets the current item.
  case stop

  /// `play 'blender-sintel' as video`, `skip +30s`, … for transcripts.
  public var description: String {
    switch self {
    case .play(let id, let p): "play '\(id)' as \(p)"
    case .pause: "pause"
    case .resume: "resume"
    case .togglePlayPause: "toggle"
    case .next: "next"
    case .previous: "previous"
    case .seek(let s): "seek \(MediaItem.clock(s))"
    case .skip(let s): "skip \(s >= 0 ? "+" : "-")\(Int(abs(s)))s"
    case .enqueue(let id): "enqueue '\(id)'"
    case .setRate(let r): "rate \(r)×"
    case .present(let p): "present as \(p)"
    case .stop: "stop"
    }
  }
}
