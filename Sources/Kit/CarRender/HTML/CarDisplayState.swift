import CarTemplates
import Geo

/// Everything a renderer needs to draw the car's display as the host shows it: the screen
/// after the host applied its limits, the car's configuration, and host-only state that apps do
/// not control (a row still spinning, the app sent home, the phone locked).
public struct CarDisplayState: Hashable, Sendable {
  /// Why no app screen is visible.
  public enum Away: Hashable, Sendable {
    /// No car is connected.
    case disconnected
    /// CarPlay sent the app back to the home screen (e.g. an empty tab bar or an exception).
    case home(reason: String)
  }

  /// The visible screen; nil before the app set a root.
  public var screen: CarScreen?
  /// The car's configuration.
  public var configuration: SessionConfiguration
  /// The app's display name on the CarPlay dock.
  public var appName: String
  /// Rows whose handler has not called its completion yet (CarPlay shows a spinner).
  public var spinningRows: Set<ElementID>
  /// Set when the app is not on screen.
  public var away: Away?
  /// Whether the phone is locked (every flow must still work).
  public var isPhoneLocked: Bool
  /// The clock text in the status bar, injected so renders are deterministic.
  public var clock: String
  /// Where the car is, drawn on maps as CarPlay draws the user's location; nil when unknown.
  public var carLocation: Coordinate?
  /// What the system video player shows, drawn over the template stack while it plays; nil
  /// when no video player is up. An empty title is a player without a known item.
  public var videoPlayerTitle: String?
  /// What the system plays now, as the app published it to `MPNowPlayingInfoCenter` with the
  /// elapsed time extrapolated to this moment (carplay-facts.md §8): the video player shows
  /// its title, time and paused state, and the web simulator plays its asset. Nil when nothing
  /// is published.
  public var nowPlaying: NowPlayingInfoSpec?
  /// How the driver works the screen: `touch`, `knob` or `touchpad`.
  public var input = "touch"
  /// The element a knob or touch pad has focused, drawn as CarPlay draws focus; nil on a
  /// touch-only car or when nothing can take focus.
  public var focus: FocusedElement?
  /// The region the top point-of-interest template's map shows, as the host keeps it
  /// (``PointOfInterestMap``): the map draws exactly this region; nil frames the places.
  public var mapRegion: BoundingBox?

  /// Creates a display state.
  public init(
    screen: CarScreen?, configuration: SessionConfiguration, appName: String,
    spinningRows: Set<ElementID> = [], away: Away? = nil, isPhoneLocked: Bool = false,
    clock: String = "12:00", carLocation: Coordinate? = nil, videoPlayerTitle: String? = nil
  ) {
    self.videoPlayerTitle = videoPlayerTitle
    self.carLocation = carLocation
    self.screen = screen
    self.configuration = configuration
    self.appName = appName
    self.spinningRows = spinningRows
    self.away = away
    self.isPhoneLocked = isPhoneLocked
    self.clock = clock
  }
}

/// The element a knob or touch pad has focused, named by the attributes the renderer gives it
/// (`data-ev`, `data-e`, `data-i`, `data-which`).
public struct FocusedElement: Hashable, Sendable {
  /// The `data-ev` kinds that can draw it (a pressed button is a bar, grid, action, … button).
  public var events: [String]
  /// The further `data-` attributes it carries, without the prefix: `e`, `i`, `which`.
  public var attributes: [String: String]

  /// Creates a focused element.
  public init(events: [String], attributes: [String: String] = [:]) {
    self.events = events
    self.attributes = attributes
  }

  /// A CSS selector list matching the element inside `.car`, e.g.
  /// `.car [data-ev="row"][data-e="kassel-hbf"]`; values are escaped for CSS.
  public var selector: String {
    let extra = attributes.sorted { $0.key < $1.key }
      .map { "[data-\($0.key)=\"\(Self.cssString($0.value))\"]" }.joined()
    return events.map { ".car [data-ev=\"\(Self.cssString($0))\"]\(extra)" }
      .joined(separator: ", ")
  }

  /// `text` safe inside a double-quoted CSS string that sits in an HTML `<style>` element.
  static func cssString(_ text: String) -> String {
    var out = ""
    for scalar in text.unicodeScalars {
      switch scalar {
      case "\\": out += "\\\\"
      case "\"": out += "\\\""
      case "<", ">", "&", "\n", "\r", "\u{0C}":
        out += "\\" + String(scalar.value, radix: 16) + " "
      default: out.unicodeScalars.append(scalar)
      }
    }
    return out
  }
}
