import Geo
import WaysideData

extension RoadNetwork {
  private static let bundledNetwork = LoadOnce {
    try RoadNetwork(geoJSON: [
      BundledData.data(.motorways), BundledData.data(.federalRoads),
    ])
  }

  /// The bundled road network (Autobahnen and Bundesstraßen, OpenStreetMap, ODbL 1.0), built
  /// once per process on first use and shared by every later caller (a CLI run, a server, a test
  /// run planning many routes). Waiting for the build never blocks a cooperative-pool thread
  /// (see ``WaysideData/LoadOnce``).
  public static func bundled() async throws -> RoadNetwork {
    try await bundledNetwork.value()
  }
}

extension RoadNetwork {
  private static let bundledStreetNetwork = LoadOnce {
    try RoadNetwork(
      geoJSON: [BundledData.data(.motorways), BundledData.data(.federalRoads)],
      streets: (BundledData.data(.cityRoads), kasselBounds))
  }

  /// The area the bundled Kassel streets cover (basemap/city/README.md).
  public static let kasselBounds = BoundingBox(
    minimum: Coordinate(latitude: 51.2428, longitude: 9.3802),
    maximum: Coordinate(latitude: 51.3866, longitude: 9.6102))

  /// The bundled national roads with Kassel's streets in place of the national roads inside
  /// the city (``init(geoJSON:streets:)``): what the map app routes on, door to door in Kassel.
  /// Built once per process on first use.
  public static func bundledWithStreets() async throws -> RoadNetwork {
    try await bundledStreetNetwork.value()
  }
}

extension PlaceDirectory {
  private static let bundledPlaces = LoadOnce {
    try PlaceDirectory(geoJSON: BundledData.data(.places))
  }

  /// The bundled places (towns of the basemap), read once per process on first use.
  public static func bundled() async throws -> PlaceDirectory {
    try await bundledPlaces.value()
  }
}
