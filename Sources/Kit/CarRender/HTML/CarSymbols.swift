/// SF Symbols drawn with their stand-ins from Material Icons (Apache 2.0), the open icon font
/// the simulator bundles and serves: the browser has no SF Symbols, so each symbol name maps to
/// the Material Icons ligature that means the same thing.
package enum CarSymbols {
  /// The Material Icons ligature for an SF Symbol name: the exact name's stand-in, else the
  /// stand-in of the name without its variant suffixes (`.fill`, `.circle`, `.slash`, …), else
  /// a neutral circle — never a letter or an emoji.
  public static func icon(for symbol: String) -> String {
    if let icon = icons[symbol] { return icon }
    var parts = symbol.split(separator: ".").map(String.init)
    while parts.count > 1 {
      parts.removeLast()
      if let icon = icons[parts.joined(separator: ".")] { return icon }
    }
    return unknown
  }

  /// The seconds and direction of a skip symbol (`gobackward.15`, `goforward.30`), which the
  /// icon font has no stand-in for at every step: it is drawn as a circular arrow with the
  /// seconds inside.
  public static func skip(_ symbol: String) -> (seconds: Int, forward: Bool)? {
    let parts = symbol.split(separator: ".")
    guard parts.count == 2, parts[0] == "gobackward" || parts[0] == "goforward",
      let seconds = Int(parts[1]), (1...999).contains(seconds)
    else { return nil }
    return (seconds, parts[0] == "goforward")
  }

  /// Drawn for a symbol with no stand-in; the glyph's title still names the symbol.
  public static let unknown = "radio_button_unchecked"

  /// SF Symbol name → Material Icons ligature.
  public static let icons: [String: String] = [
    "bolt": "bolt", "bolt.car": "electric_car", "ev.charger": "ev_station",
    "powerplug": "power", "star": "star_border", "star.fill": "star", "heart": "favorite_border",
    "heart.fill": "favorite", "music.note": "music_note", "music.note.list": "queue_music",
    "play": "play_arrow", "play.fill": "play_arrow", "pause": "pause", "pause.fill": "pause",
    "forward": "fast_forward", "backward": "fast_rewind", "shuffle": "shuffle", "repeat": "repeat",
    "plus": "add", "minus": "remove", "plus.magnifyingglass": "zoom_in",
    "minus.magnifyingglass": "zoom_out", "arrow.up.and.down.and.arrow.left.and.right": "open_with",
    "move.3d": "open_with", "map": "map", "list.bullet": "list", "magnifyingglass": "search",
    "location": "near_me", "location.fill": "near_me", "location.north": "navigation",
    "gear": "settings", "gearshape": "settings", "slider.horizontal.3": "tune",
    "line.3.horizontal.decrease": "filter_list", "car": "directions_car", "clock": "schedule",
    "film": "movie", "tv": "tv", "play.rectangle": "smart_display", "radio": "radio", "mic": "mic",
    "arrow.triangle.turn.up.right.diamond": "directions",
    "arrow.up": "arrow_upward", "arrow.down": "arrow_downward", "arrow.left": "arrow_back",
    "arrow.right": "arrow_forward", "arrow.turn.up.right": "turn_right",
    "arrow.turn.up.left": "turn_left", "arrow.uturn.left": "u_turn_left",
    // Maneuvers: each kind has a stand-in of its own (MapCar's Maneuver.Kind.symbol).
    "arrow.up.left": "turn_slight_left", "arrow.up.right": "turn_slight_right",
    "arrow.down.left": "turn_sharp_left", "arrow.down.right": "turn_sharp_right",
    "signpost.left": "fork_left", "signpost.right": "fork_right",
    "arrow.uturn.down": "u_turn_left", "arrow.up.left.circle": "ramp_left",
    "arrow.up.right.circle": "ramp_right", "arrow.triangle.merge": "merge",
    "flag.checkered": "sports_score",
    "exclamationmark.triangle": "warning", "checkmark": "check", "xmark": "close",
    "house": "home", "mappin": "place", "mappin.and.ellipse": "place", "pin": "push_pin",
    "eurosign": "euro", "road.lanes": "add_road",
    "point.topleft.down.to.point.bottomright.curvepath": "route", "battery.25": "battery_2_bar",
    "battery.50": "battery_4_bar", "battery.75": "battery_5_bar", "battery.100": "battery_full",
    "square.grid.2x2": "apps", "square": "crop_square", "info": "info", "info.circle": "info",
    "headphones": "headphones", "books.vertical": "library_books", "waveform": "graphic_eq",
    "speaker.wave.2": "volume_up", "phone": "call", "message": "message", "person": "person",
    "cup.and.saucer": "local_cafe", "fork.knife": "restaurant", "parkingsign": "local_parking",
    "fuelpump": "local_gas_station", "creditcard": "credit_card", "wifi": "wifi",
    "bed.double": "hotel", "cart": "shopping_cart", "toilet": "wc",
    "figure.walk": "directions_walk",
    "ellipsis": "more_horiz", "trash": "delete", "bookmark": "bookmark_border",
    "bookmark.fill": "bookmark", "flag": "flag", "speedometer": "speed", "leaf": "eco",
    "arrow.clockwise": "refresh", "arrow.counterclockwise": "replay",
    "gobackward": "replay", "goforward": "refresh", "backward.fill": "fast_rewind",
    "forward.fill": "fast_forward", "backward.end.fill": "skip_previous",
    "forward.end.fill": "skip_next", "list.number": "format_list_numbered",
    "hand.thumbsup": "thumb_up", "hand.thumbsdown": "thumb_down",
    "antenna.radiowaves.left.and.right": "wifi_tethering",
  ]
}
