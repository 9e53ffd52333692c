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

extension PlaceDirectory {
  private static let bundledPlaces = LoadOnce {
    try PlaceDirectory(geoJSON: BundledData.data(.places))
  }

  /// The bundled places (towns of the basemap), read once per process on first use.
  public static func bundled() async throws -> PlaceDirectory {
    try await bundledPlaces.value()
  }
}
