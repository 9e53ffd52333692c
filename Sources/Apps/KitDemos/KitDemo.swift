import CarSession
import CarTemplates

/// Every demo app of the kit, by name.
public enum KitDemos {
  /// The demos, in the order listings show them.
  public static let all: [AnyCarApp] = [
    ListDetailDemo.demo,
    TabsDemo.demo,
    PlacesDemo.demo,
    MapDemo.demo,
    NowPlayingDemo.demo,
    RuleBreakerDemo.demo,
    MediaRuleBreakerDemo.demo,
  ]

  /// The demo with this name, if any.
  public static func named(_ name: String) -> AnyCarApp? {
    all.first { $0.id == name }
  }

  /// The names, comma-separated, for messages.
  public static var names: String { all.map(\.id).joined(separator: ", ") }
}
