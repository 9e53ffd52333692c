import CarSession
import CarTemplates

/// A demo app registered by name, so the command line (`--app NAME`), journeys and the web
/// simulator can find it: the kit's one app descriptor, ``AnyCarApp``.
public typealias KitDemo = AnyCarApp

/// Every demo app of the kit, by name.
public enum KitDemos {
  /// The demos, in the order listings show them.
  public static let all: [KitDemo] = [
    ListDetailDemo.demo,
    TabsDemo.demo,
    PlacesDemo.demo,
    MapDemo.demo,
    NowPlayingDemo.demo,
    RuleBreakerDemo.demo,
    MediaRuleBreakerDemo.demo,
  ]

  /// The demo with this name, if any.
  public static func named(_ name: String) -> KitDemo? {
    all.first { $0.id == name }
  }

  /// The names, comma-separated, for messages.
  public static var names: String { all.map(\.id).joined(separator: ", ") }
}
