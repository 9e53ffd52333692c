import Foundation
import Geo
import Routing
import WaysideData

/// `wayside route FROM TO`: the fastest road route on the bundled OpenStreetMap network.
public enum RouteCommand: WaysideCommand {
  /// The subcommand word.
  public static let name = "route"
  /// One line for `wayside --help`.
  public static let abstract = "Fastest road route between two towns or LAT,LON points"
  /// The help text for `wayside route --help`.
  public static let usage = """
    Usage: wayside route FROM TO [--json] [--geojson FILE]

    FROM and TO are German town names (≥ 10,000 inhabitants; case and accents do not matter,
    'Fürth, Bayern' picks one of several) or LAT,LON in decimal degrees.
    Roads: Autobahnen and Bundesstraßen from OpenStreetMap (August 2021), time-weighted A*
    at motorway 120, ramp 50, trunk 90, primary 70, secondary 60 km/h.

    Options:
      --json          print one JSON object: length_km, duration_minutes, refs, snaps
      --geojson FILE  also write the route as a GeoJSON LineString to FILE

    Map data © OpenStreetMap contributors, ODbL 1.0.
    """

  /// Parses the arguments, runs the command and prints the result; returns the exit status.
  public static func run(_ arguments: inout Arguments, _ io: CommandIO) async throws -> Int32 {
    let json = arguments.flag("--json")
    let geoJSONPath = try arguments.option("--geojson")
    let from = try arguments.positional("FROM (a town name or LAT,LON)")
    let to = try arguments.positional("TO (a town name or LAT,LON)")
    try arguments.finish()

    let roads = try await RoadData.load()
    let origin = try RoadData.resolve(from, in: roads.places)
    let destination = try RoadData.resolve(to, in: roads.places)
    let route = try RoadData.route(from: origin, to: destination, on: roads.network)

    if let geoJSONPath {
      let feature = RouteGeoJSON(route: route, from: origin.label, to: destination.label)
      do {
        try feature.encoded().write(to: URL(fileURLWithPath: geoJSONPath))
      } catch {
        throw CommandError.failure("cannot write GeoJSON to '\(geoJSONPath)': \(error)")
      }
    }
    if json {
      io.out(
        try RoadData.json(
          RouteJSON(
            from: origin.label, to: destination.label,
            lengthKm: RoadData.round(route.lengthKilometres, 1),
            durationMinutes: RoadData.round(route.durationMinutes, 1), refs: route.refs,
            snapFromKm: RoadData.round(route.originSnap?.distanceKilometres ?? 0, 2),
            snapToKm: RoadData.round(route.destinationSnap?.distanceKilometres ?? 0, 2))))
    } else {
      io.out(
        "\(origin.label) → \(destination.label): \(RoadData.format(route.lengthKilometres)) km, \(RoadData.duration(route.durationSeconds))"
      )
      io.out(
        "Roads: \(route.refs.isEmpty ? "(none numbered over 8 km)" : route.refs.joined(separator: " > "))"
      )
      io.out(
        "Snapped to the road network: start \(RoadData.format(route.originSnap?.distanceKilometres ?? 0, digits: 2)) km, end \(RoadData.format(route.destinationSnap?.distanceKilometres ?? 0, digits: 2)) km away."
      )
      io.out("Map data © OpenStreetMap contributors, ODbL 1.0.")
    }
    return 0
  }
}

/// The `route` command's JSON output.
struct RouteJSON: Encodable {
  var from: String
  var to: String
  var lengthKm: Double
  var durationMinutes: Double
  var refs: [String]
  var snapFromKm: Double
  var snapToKm: Double

  enum CodingKeys: String, CodingKey {
    case from, to, refs
    case lengthKm = "length_km"
    case durationMinutes = "duration_minutes"
    case snapFromKm = "snap_from_km"
    case snapToKm = "snap_to_km"
  }
}

/// A route as a GeoJSON FeatureCollection with one LineString.
struct RouteGeoJSON {
  var route: Route
  var from: String
  var to: String

  func encoded() throws -> Data {
    let coordinates = route.polyline.coordinates.map { [$0.longitude, $0.latitude] }
    let object: [String: Any] = [
      "type": "FeatureCollection",
      "features": [
        [
          "type": "Feature",
          "properties": [
            "from": from, "to": to, "length_km": RoadData.round(route.lengthKilometres, 2),
            "duration_minutes": RoadData.round(route.durationMinutes, 1), "refs": route.refs,
            "attribution": "© OpenStreetMap contributors, ODbL 1.0",
          ] as [String: Any],
          "geometry": ["type": "LineString", "coordinates": coordinates] as [String: Any],
        ] as [String: Any]
      ],
    ]
    return try JSONSerialization.data(withJSONObject: object, options: [.sortedKeys])
  }
}

/// Loading and formatting shared by the `route` and `plan` commands.
enum RoadData {
  struct Loaded: Sendable {
    var network: RoadNetwork
    var places: PlaceDirectory
  }

  /// The bundled road network and places, built on first use and shared afterwards: a process
  /// (a test run, a server) that plans many routes builds the graph once.
  static func load() async throws(CommandError) -> Loaded {
    do {
      return Loaded(
        network: try await RoadNetwork.bundled(), places: try await PlaceDirectory.bundled())
    } catch {
      throw CommandError.failure("cannot load the bundled road network: \(error)")
    }
  }

  static func resolve(_ text: String, in places: PlaceDirectory) throws -> (
    label: String, coordinate: Coordinate
  ) {
    do {
      return try places.resolve(text)
    } catch {
      throw CommandError.failure(error.message)
    }
  }

  static func route(
    from origin: (label: String, coordinate: Coordinate),
    to destination: (label: String, coordinate: Coordinate), on network: RoadNetwork
  ) throws -> Route {
    do {
      return try network.fastestRoute(from: origin.coordinate, to: destination.coordinate)
    } catch {
      throw CommandError.failure(
        "no route from \(origin.label) to \(destination.label): \(error.message)")
    }
  }

  static func json(_ value: some Encodable) throws -> String {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys]
    return String(decoding: try encoder.encode(value), as: UTF8.self)
  }

  static func round(_ value: Double, _ digits: Int) -> Double {
    let scale = pow(10, Double(digits))
    return (value * scale).rounded() / scale
  }

  static func format(_ value: Double, digits: Int = 1) -> String {
    String(format: "%.\(digits)f", value)
  }

  static func duration(_ seconds: Double) -> String {
    let minutes = Int((seconds / 60).rounded())
    return minutes >= 60 ? "\(minutes / 60) h \(minutes % 60) min" : "\(minutes) min"
  }
}
