import Charging
import Foundation
import Geo
import StationIndex
import Testing

@testable import StationStore

@Suite("Station snapshots: the index image and records, read without a rebuild")
struct StationSnapshotTests {
  /// The Kassel extract plus one station the index cannot place.
  static let stations: [Station] = {
    var all = TestStations.kassel
    if let first = all.first {
      var lost = first
      lost.id = Station.ID("no-coordinate")
      lost.coordinate = Coordinate(latitude: .nan, longitude: 9.5)
      all.insert(lost, at: all.count / 2)
    }
    return all
  }()

  func temporaryFile() throws -> URL {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
      "wayside-snapshot-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    return folder.appendingPathComponent("stations.snapshot")
  }

  /// Query points: every 7th station's own position and a grid over the extract and beyond.
  static let points: [Coordinate] = {
    var points = stride(from: 0, to: TestStations.kassel.count, by: 7).map {
      TestStations.kassel[$0].coordinate
    }
    for lat in stride(from: 50.8, through: 51.8, by: 0.25) {
      for lon in stride(from: 8.9, through: 10.1, by: 0.3) {
        points.append(Coordinate(latitude: lat, longitude: lon))
      }
    }
    return points
  }()

  static func filters(_ stations: [Station]) -> [StationFilter] {
    [
      .none, StationFilter(minimumPower: Power(kilowatts: 50), directCurrentOnly: true),
      StationFilter(connectorStandards: [.type2]),
      StationFilter(operators: [stations.first?.operatorName ?? ""]),
      StationFilter(favourites: Set(stations.prefix(40).map(\.id))),
    ]
  }

  @Test(
    "An index read from its snapshot answers nearest, region and corridor queries exactly as the index it was written from"
  )
  func roundTrip() throws {
    let url = try temporaryFile()
    defer { try? FileManager.default.removeItem(at: url.deletingLastPathComponent()) }
    let built = try StationSnapshot.write(Self.stations, key: "test", to: url)
    let read = try #require(try StationSnapshot.open(url, key: "test"))
    #expect(read.count == built.count)
    #expect(read.count == Self.stations.count - 1)
    #expect(read.unindexed.map(\.id) == [Station.ID("no-coordinate")])
    for filter in Self.filters(Self.stations) {
      for point in Self.points {
        let a = built.nearest(to: point, limit: 12, filter: filter)
        let b = read.nearest(to: point, limit: 12, filter: filter)
        #expect(a.ids == b.ids)
        #expect(a.map(\.distanceKilometres) == b.map(\.distanceKilometres))
        #expect(a.map(\.station) == b.map(\.station))
        let box = BoundingBox(
          minimum: Coordinate(latitude: point.latitude - 0.05, longitude: point.longitude - 0.08),
          maximum: Coordinate(latitude: point.latitude + 0.05, longitude: point.longitude + 0.08))
        #expect(
          built.stations(in: box, filter: filter).ids == read.stations(in: box, filter: filter).ids)
      }
    }
    let route = RouteLine(Polyline(Array(Self.points.suffix(8))))
    let along = built.stations(along: route, withinKilometres: 3)
    #expect(!along.isEmpty)
    #expect(along.ids == read.stations(along: route, withinKilometres: 3).ids)
    // Every record reads back as written (compared as bytes: a NaN coordinate is not equal to
    // itself).
    let decoded = try #require(StationSnapshot.read(url, key: "test"))
    #expect(decoded.map(StationCodec.encode) == Self.stations.map(StationCodec.encode))
  }

  @Test("A snapshot written under another key, or no file at all, reads as no snapshot")
  func otherKey() throws {
    let url = try temporaryFile()
    defer { try? FileManager.default.removeItem(at: url.deletingLastPathComponent()) }
    #expect(try StationSnapshot.open(url, key: "test") == nil)
    try StationSnapshot.write(Self.stations, key: "test", to: url)
    #expect(try StationSnapshot.open(url, key: "other") == nil)
    #expect(StationSnapshot.read(url, key: "other") == nil)
  }

  @Test(
    "A truncated or damaged snapshot is refused with an error naming the file and what was expected"
  )
  func damaged() throws {
    let url = try temporaryFile()
    defer { try? FileManager.default.removeItem(at: url.deletingLastPathComponent()) }
    try StationSnapshot.write(Self.stations, key: "test", to: url)
    let bytes = try Data(contentsOf: url)
    var cuts = [8, 12, 16, 20, 27, 40, 100]
    cuts += stride(from: 0, to: bytes.count, by: max(1, bytes.count / 23)).map { $0 }
    cuts.append(bytes.count - 1)
    for cut in Set(cuts) where cut > 14 {  // the key "test" ends at byte 16
      let error = #expect(throws: StationSnapshotError.self) {
        _ = try StationSnapshot.open(Data(bytes.prefix(cut)), key: "test", path: url.path)
      }
      #expect(error?.path == url.path)
      #expect(
        error.map { $0.description.contains("expected") || $0.description.contains("cut off") }
          == true)
    }
    let parsed = bytes.withUnsafeBytes { StationSnapshot.Layout.parse($0, key: "test") }
    guard case .parts(let parts) = parsed else {
      Issue.record("the snapshot written does not parse")
      return
    }
    // One flipped bit anywhere in the header, index image or record table fails the checksum.
    for position in stride(
      from: 16, to: parts.records.lowerBound, by: max(1, parts.records.lowerBound / 31))
    {
      var damaged = bytes
      damaged[position] ^= 0x10
      let error = #expect(throws: StationSnapshotError.self) {
        _ = try StationSnapshot.open(damaged, key: "test", path: url.path)
      }
      #expect(error.map { "\($0)".contains(url.path) } == true)
    }
    // A flipped bit in a record is found when that station is read: it shows as unreadable,
    // never as another station, and the damage names the file and the record.
    var damaged = bytes
    let position = parts.records.lowerBound + (parts.records.count / 2)
    damaged[position] ^= 0x10
    let index = try #require(try StationSnapshot.open(damaged, key: "test", path: url.path))
    #expect(StationSnapshot.damage(in: index) == nil)
    let everywhere = index.stations(
      in: BoundingBox(
        minimum: Coordinate(latitude: -90, longitude: -180),
        maximum: Coordinate(latitude: 90, longitude: 180)))
    let read = everywhere.map(\.station)
    let unreadable = read.filter { $0.id.rawValue.hasPrefix("unreadable-") }
    #expect(unreadable.count == 1)
    #expect(
      Set(read.map(\.id)).isSubset(of: Set(Self.stations.map(\.id)).union(unreadable.map(\.id))))
    let damage = try #require(StationSnapshot.damage(in: index))
    #expect(damage.path == url.path)
    #expect(damage.reason.contains("checksum"))
    // Another format's file is named as such.
    var other = bytes
    other[7] = UInt8(ascii: "1")
    let error = #expect(throws: StationSnapshotError.self) {
      _ = try StationSnapshot.open(other, key: "test", path: url.path)
    }
    #expect(error?.reason.contains("WSNAP003") == true)
  }

  @Test(
    "Without the checksum, damaged index tables are refused by the structural checks or answer queries without crashing"
  )
  func structuralChecks() throws {
    let url = try temporaryFile()
    defer { try? FileManager.default.removeItem(at: url.deletingLastPathComponent()) }
    try StationSnapshot.write(Self.stations, key: "test", to: url)
    let bytes = try Data(contentsOf: url)
    var refused = 0
    var generator = SplitMix(seed: 15)
    for _ in 0..<300 {
      var damaged = bytes
      // Damage the header and index image (the first ~40 % of the file), where the tables are.
      let position = 16 + Int(generator.next() % UInt64(bytes.count * 2 / 5))
      damaged[position] = UInt8(truncatingIfNeeded: generator.next())
      do {
        guard
          let index = try StationSnapshot.open(
            damaged, key: "test", path: url.path, verifyChecksum: false)
        else { continue }
        for point in Self.points.prefix(10) {
          for match in index.nearest(to: point, limit: 5) { _ = match.station.id }
          _ = index.stations(in: BoundingBox(minimum: point, maximum: point)).count
        }
      } catch {
        refused += 1
        #expect(error.path == url.path)
      }
    }
    #expect(refused > 0)
  }

  @Test("An unusable snapshot is reported once, rebuilt from the source and rewritten")
  func fallback() throws {
    let url = try temporaryFile()
    defer { try? FileManager.default.removeItem(at: url.deletingLastPathComponent()) }
    var builds = 0
    var warnings: [String] = []
    let first = StationSnapshot.index(at: url, key: "test", warn: { warnings.append($0) }) {
      builds += 1
      return Self.stations
    }
    #expect(builds == 1)
    #expect(warnings.isEmpty)
    let bytes = try Data(contentsOf: url)
    try bytes.prefix(bytes.count - 3).write(to: url)
    let second = StationSnapshot.index(at: url, key: "test", warn: { warnings.append($0) }) {
      builds += 1
      return Self.stations
    }
    #expect(builds == 2)
    #expect(warnings.count == 1)
    #expect(warnings.first?.contains(url.path) == true)
    #expect(warnings.first?.contains("rebuilding") == true)
    let third = StationSnapshot.index(at: url, key: "test", warn: { warnings.append($0) }) {
      builds += 1
      return Self.stations
    }
    #expect(builds == 2)
    let here = Coordinate(latitude: 51.31, longitude: 9.48)
    #expect(first.nearest(to: here, limit: 12).ids == second.nearest(to: here, limit: 12).ids)
    #expect(first.nearest(to: here, limit: 12).ids == third.nearest(to: here, limit: 12).ids)
  }

  @Test("The cache folder follows WAYSIDE_CACHE_DIR, then XDG_CACHE_HOME, then ~/.cache")
  func cacheFolder() {
    #expect(
      StationSnapshot.cacheDirectory(environment: ["WAYSIDE_CACHE_DIR": "/tmp/w", "HOME": "/h"])
        .path == "/tmp/w")
    #expect(
      StationSnapshot.cacheDirectory(environment: ["XDG_CACHE_HOME": "/x", "HOME": "/h"]).path
        == "/x/wayside")
    #expect(StationSnapshot.cacheDirectory(environment: ["HOME": "/h"]).path == "/h/.cache/wayside")
  }
}

/// A small seeded generator for reproducible damage.
struct SplitMix {
  var state: UInt64
  init(seed: UInt64) { state = seed }
  mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }
}
