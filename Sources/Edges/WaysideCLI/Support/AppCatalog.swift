import CarSession
import WaysideApps

/// The apps the command line runs, by id: Wayside's own, or a package's own apps handed to
/// the kit's simulator entry point (`WaysideSimulator`).
///
/// The commands read the catalogue of the task they run in (``current``), so `serve`,
/// `render`, `journey` and `lint` take the same app ids whoever's apps they run.
package struct AppCatalog: Sendable {
  /// The apps, in the order the panel and messages list them.
  package var apps: [AnyCarApp]
  /// The app shown when none is named.
  package var defaultID: String
  /// Whether these are Wayside's own apps: the charging app's driver setup is then read from
  /// and written to the store, and the charging data commands are offered.
  package var isWayside: Bool
  /// Where the simulator's car starts when `--location` is not given (a town of the bundled
  /// basemap or `LAT,LON`); nil for Kassel.
  package var startLocation: String?

  /// Wayside's apps: the in-car apps and the kit's demos.
  package static let wayside = AppCatalog(
    apps: WaysideApps.all, defaultID: WaysideApps.defaultID, isWayside: true)

  /// The catalogue the commands of this task use (Wayside's apps unless a package's own were
  /// given).
  @TaskLocal package static var current = AppCatalog.wayside

  /// A package's own apps; the first is the default unless `defaultID` names another.
  ///
  /// - Throws: ``CommandError`` naming the problem when the list is empty, two apps share an
  ///   id, or `defaultID` is not one of them.
  package static func custom(
    _ apps: [AnyCarApp], defaultID: String? = nil, startLocation: String? = nil
  ) throws(CommandError) -> AppCatalog {
    guard let first = apps.first else {
      throw .usage("no apps given: pass at least one app descriptor (AnyCarApp)")
    }
    var seen = Set<String>()
    for app in apps where !seen.insert(app.id).inserted {
      throw .usage("two apps have the id '\(app.id)'; each app needs an id of its own")
    }
    let catalog = AppCatalog(
      apps: apps, defaultID: defaultID ?? first.id, isWayside: false,
      startLocation: startLocation)
    guard catalog.named(catalog.defaultID) != nil else {
      throw .usage("the default app '\(catalog.defaultID)' is not one of \(catalog.ids)")
    }
    return catalog
  }

  /// The command's name in messages: `wayside`, or the name of the package's executable.
  package var programName: String {
    guard !isWayside, let path = CommandLine.arguments.first, !path.isEmpty else {
      return "wayside"
    }
    return path.split(separator: "/").last.map(String.init) ?? "wayside"
  }

  /// The app with this id, if any.
  package func named(_ id: String) -> AnyCarApp? { apps.first { $0.id == id } }

  /// The ids, comma-separated, for messages.
  package var ids: String { apps.map(\.id).joined(separator: ", ") }

  /// The app with this id, or a usage error naming the option and the ids there are.
  package func app(_ id: String, option: String = "--app") throws(CommandError) -> AnyCarApp {
    guard let app = named(id) else {
      throw .usage("option \(option) expects one of \(ids), got '\(id)'")
    }
    return app
  }
}
