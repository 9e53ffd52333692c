/// The in-car apps' icons as the CarPlay Home screen and dock draw them: the same designs as
/// the iOS apps' icons (`Apps/Icons/make_icons.py` draws both the PNGs of the apps' asset
/// catalogs and the SVGs in `Apps/Icons/`, which a test holds equal to these).
///
/// Each is a 1024 × 1024 square (the display rounds its corners, as iOS masks an icon);
/// gradient ids are unique per app, so several icons can share one page.
public enum AppIcons {
  /// The icon of the app with this id, nil for an app without one of its own (the demos).
  public static func svg(for appID: String) -> String? {
    switch appID {
    case "charging": return charging
    case "map": return maps
    case "media": return media
    default: return nil
    }
  }

  /// The file name in `Apps/Icons/` for each app id that has an icon.
  public static let files = ["charging": "charging.svg", "map": "maps.svg", "media": "media.svg"]

  static func square(_ id: String, top: String, bottom: String, shapes: String) -> String {
    "<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 1024 1024\">"
      + "<defs><linearGradient id=\"icon-\(id)\" x1=\"0\" y1=\"0\" x2=\"0\" y2=\"1\">"
      + "<stop offset=\"0\" stop-color=\"\(top)\"/><stop offset=\"1\" stop-color=\"\(bottom)\"/>"
      + "</linearGradient></defs><rect width=\"1024\" height=\"1024\" fill=\"url(#icon-\(id))\"/>"
      + shapes + "</svg>"
  }

  /// A white lightning bolt on green.
  public static let charging = square(
    "charging", top: "#16a34a", bottom: "#047857",
    shapes:
      "<polygon points=\"560,140 300,590 480,590 400,884 724,420 540,420 680,140\" fill=\"#ffffff\"/>"
  )

  /// A white play symbol in a ring on orange to crimson.
  public static let media = square(
    "media", top: "#ea580c", bottom: "#be123c",
    shapes:
      "<circle cx=\"512\" cy=\"512\" r=\"306\" fill=\"none\" stroke=\"#ffffff\" stroke-width=\"48\"/>"
      + "<polygon points=\"430,360 430,664 690,512\" fill=\"#ffffff\"/>")

  /// A white navigation arrow on blue.
  public static let maps = square(
    "maps", top: "#2563eb", bottom: "#1e40af",
    shapes: "<polygon points=\"512,170 770,840 512,700 254,840\" fill=\"#ffffff\"/>")
}
