import Foundation
import Testing
import WaysideCLI
import WaysideData

@Suite("wayside stations near|region|corridor")
struct StationsCommandTests {
  static let kassel = BundledData.url(.stationsKassel2022).path

  static func run(_ words: [String]) async -> (status: Int32, out: String, err: String) {
    let io = CommandIO.capturing()
    let status = await WaysideMain.run(words, io: io)
    return (status, io.capturedOut, io.capturedErr)
  }

  static func json(_ text: String) throws -> [[String: Any]] {
    let value = try JSONSerialization.jsonObject(with: Data(text.utf8))
    return try #require(value as? [[String: Any]])
  }

  /// A temporary file with `text`, removed by the caller.
  static func file(_ name: String, _ text: String) throws -> URL {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent(
      "wayside-stations-\(UUID().uuidString)-\(name)")
    try Data(text.utf8).write(to: url)
    return url
  }

  @Test(
    "near prints the requested number of stations as JSON, nearest first, with the contract's fields"
  )
  func nearJSON() async throws {
    let result = await Self.run([
      "stations", "near", "51.3127", "9.4797", "--limit", "5", "--json", "--stations", Self.kassel,
    ])
    #expect(result.status == 0)
    let rows = try Self.json(result.out)
    #expect(rows.count == 5)
    for key in ["id", "name", "operator", "lat", "lon", "distance_km", "max_power_kw"] {
      #expect(rows.allSatisfy { $0[key] != nil }, "\(key)")
    }
    let distances = rows.compactMap { $0["distance_km"] as? Double }
    #expect(distances == distances.sorted())
    #expect(rows.allSatisfy { $0["km_along_route"] == nil })
  }

  @Test("options may come before the coordinates, and negative coordinates are coordinates")
  func optionOrder() async throws {
    let result = await Self.run([
      "stations", "--limit", "3", "--json", "--stations", Self.kassel, "near", "51.3", "9.5",
    ])
    #expect(result.status == 0)
    #expect(try Self.json(result.out).count == 3)
    let west = await Self.run([
      "stations", "near", "40.4", "-3.7", "--json", "--stations", Self.kassel,
    ])
    #expect(west.status == 0)
  }

  @Test("filters combine: DC at 50 kW or more with a CCS plug")
  func filters() async throws {
    let result = await Self.run([
      "stations", "near", "51.3127", "9.4797", "--dc", "--min-kw", "50", "--connector", "CCS",
      "--limit", "8", "--json", "--stations", Self.kassel,
    ])
    #expect(result.status == 0)
    let rows = try Self.json(result.out)
    #expect(rows.count == 8)
    #expect(
      rows.allSatisfy { ($0["max_power_kw"] as? Double ?? 0) >= 50 && $0["dc"] as? Bool == true })
    #expect(rows.allSatisfy { ($0["connectors"] as? [String])?.contains("CCS") == true })
  }

  @Test("region returns only stations inside the box; text output is an aligned table")
  func region() async throws {
    let words = ["stations", "region", "51.28", "9.42", "51.34", "9.52", "--stations", Self.kassel]
    let json = await Self.run(words + ["--json"])
    #expect(json.status == 0)
    let rows = try Self.json(json.out)
    #expect(!rows.isEmpty)
    #expect(
      rows.allSatisfy {
        let lat = $0["lat"] as? Double ?? 0
        let lon = $0["lon"] as? Double ?? 0
        return (51.28...51.34).contains(lat) && (9.42...9.52).contains(lon)
      })
    let text = await Self.run(words)
    let lines = text.out.split(separator: "\n").map(String.init)
    #expect(lines[0].hasPrefix("\(rows.count) station(s) in "))
    // The id column starts at the same place on every row.
    let idColumn = try #require(lines[1].range(of: "id")).lowerBound.utf16Offset(in: lines[1])
    for line in lines.dropFirst(2) {
      let found = try #require(line.range(of: "bnetza2022-"))
      #expect(found.lowerBound.utf16Offset(in: line) == idColumn, "\(line)")
    }
  }

  @Test("corridor lists stations in order along the route with km_along_route")
  func corridor() async throws {
    // A straight route across Kassel, west to east.
    let route = try Self.file(
      "route.geojson",
      #"{"type":"FeatureCollection","features":[{"type":"Feature","properties":{},"geometry":{"type":"LineString","coordinates":[[9.0,51.2],[9.3,51.3],[10.0,51.32]]}}]}"#
    )
    defer { try? FileManager.default.removeItem(at: route) }
    let result = await Self.run([
      "stations", "corridor", "--route", route.path, "--within-km", "2", "--json", "--stations",
      Self.kassel,
    ])
    #expect(result.status == 0, "\(result.err)")
    let rows = try Self.json(result.out)
    #expect(!rows.isEmpty)
    let along = rows.compactMap { $0["km_along_route"] as? Double }
    #expect(along.count == rows.count)
    #expect(along == along.sorted())
    #expect(rows.allSatisfy { ($0["distance_km"] as? Double ?? 99) <= 2 })
  }

  @Test(
    "bad input gives a message naming the input and the expectation, with exit 2 or 1",
    arguments: [
      ("non-numeric latitude", ["near", "abc", "9.5"], 2, "LAT expects decimal degrees"),
      ("latitude out of range", ["near", "95", "9.5"], 2, "got '95'"),
      ("missing longitude", ["near", "51.3"], 2, "missing LON"),
      (
        "unknown connector", ["near", "51.3", "9.5", "--connector", "Foo"], 2,
        "unknown connector 'Foo'"
      ),
      ("limit zero", ["near", "51.3", "9.5", "--limit", "0"], 2, "--limit"),
      ("non-numeric limit", ["near", "51.3", "9.5", "--limit", "ten"], 2, "got 'ten'"),
      ("negative power", ["near", "51.3", "9.5", "--min-kw", "-5"], 2, "--min-kw"),
      ("unknown query", ["nearby", "51.3", "9.5"], 2, "unknown query 'nearby'"),
      ("no query", [], 2, "missing what to find"),
      ("region corners swapped", ["region", "52", "9", "51", "10"], 2, "MIN_LAT 52.0 is north"),
      ("corridor without a route", ["corridor", "--within-km", "2"], 2, "--route FILE.geojson"),
      ("corridor without a width", ["corridor", "--route", "x.geojson"], 2, "--within-km"),
      (
        "route option on near", ["near", "51", "9", "--route", "x.geojson"], 2,
        "only applies to 'corridor'"
      ),
      (
        "missing route file",
        ["corridor", "--route", "/no/such/route.geojson", "--within-km", "2"], 1,
        "'/no/such/route.geojson' does not exist"
      ),
      (
        "missing station file", ["near", "51", "9", "--stations", "/no/such/stations.csv"], 1,
        "cannot read station file '/no/such/stations.csv'"
      ),
      ("unknown option", ["near", "51", "9", "--colour", "red"], 2, "unknown option '--colour'"),
    ] as [(String, [String], Int32, String)])
  func badInput(_ name: String, _ words: [String], _ status: Int32, _ message: String) async {
    let result = await Self.run(["stations"] + words)
    #expect(result.status == status, "\(name)")
    #expect(result.err.contains(message), "\(name): \(result.err)")
    #expect(result.out.isEmpty, "\(name)")
  }

  @Test(
    "a route file that is not GeoJSON, or whose feature is not a line, is a failure (exit 1)",
    arguments: [
      ("not JSON", "this is not json", "cannot read route file"),
      (
        "a point",
        #"{"type":"FeatureCollection","features":[{"type":"Feature","properties":{},"geometry":{"type":"Point","coordinates":[9.5,51.3]}}]}"#,
        "is not a LineString"
      ),
      ("no features", #"{"type":"FeatureCollection","features":[]}"#, "has no features"),
      (
        "lat/lon swapped past 90",
        #"{"type":"LineString","coordinates":[[51.3,95.0],[51.4,95.1]]}"#, "is out of range"
      ),
    ] as [(String, String, String)])
  func badRoute(_ name: String, _ content: String, _ message: String) async throws {
    let route = try Self.file("bad.geojson", content)
    defer { try? FileManager.default.removeItem(at: route) }
    let result = await Self.run([
      "stations", "corridor", "--route", route.path, "--within-km", "2", "--stations", Self.kassel,
    ])
    #expect(result.status == 1, "\(name)")
    #expect(
      result.err.contains(route.path) || result.err.contains(route.lastPathComponent), "\(name)")
    #expect(result.err.contains(message), "\(name): \(result.err)")
  }

  @Test("a route index beyond the file's features is a usage error naming the count")
  func routeIndexOutOfRange() async throws {
    let result = await Self.run([
      "stations", "corridor", "--route", BundledData.url(.routeBerlinHamburg).path,
      "--route-index", "3", "--within-km", "2", "--stations", Self.kassel,
    ])
    #expect(result.status == 2)
    #expect(result.err.contains("has 3 feature(s), numbered from 0"))
  }
}
