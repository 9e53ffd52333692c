import CarSession
import KitDemos

/// A package's own app, as the kit sees one: an id no Wayside app has.
enum KitApps {
  static let cities = AnyCarApp(
    "cities", summary: "chargers by city", app: ListDetailDemo(),
    state: ListDetailDemo.initialState)
  static let second = AnyCarApp(
    "cities-too", summary: "the same app under a second id", app: ListDetailDemo(),
    state: ListDetailDemo.initialState)

  /// This folder, for journey paths in expectations.
  static let folder = String(#filePath.dropLast("KitApps.swift".count))
}
