import Foundation
import Geo
import StationIndex
import StationStore
import Testing
import WaysideData

@testable import WaysideCLI

@Suite("Station queries answer from a store through a snapshot in the cache folder")
struct StationsStoreQueryTests {
  /// One OCM POI in the North Sea, far from every bundled station, so it is the nearest there.
  static let offshore = """
    [ { "ID": 4242, "OperatorInfo": { "Title": "Offshore Power" },
        "AddressInfo": { "Title": "Platform", "Latitude": 55.5, "Longitude": 4.5,
                         "Country": { "ISOCode": "DE" } },
        "Connections": [ { "ID": 1, "ConnectionTypeID": 33, "CurrentTypeID": 30, "PowerKW": 150 } ] } ]
    """

  static func run(_ words: [String]) async -> (status: Int32, out: String, err: String) {
    let io = CommandIO.capturing()
    let status = await WaysideMain.run(words, io: io)
    return (status, io.capturedOut, io.capturedErr)
  }

  func temporary() throws -> URL {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent(
      "wayside-store-query-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    return url
  }

  @Test("What `stations import FILE --store DIR` wrote is what `near --store DIR` answers from")
  func importThenQuery() async throws {
    let folder = try temporary()
    defer { try? FileManager.default.removeItem(at: folder) }
    let store = folder.appendingPathComponent("store")
    let cache = folder.appendingPathComponent("cache")
    let query = [
      "stations", "near", "55.5", "4.5", "--limit", "1", "--store", store.path, "--cache",
      cache.path,
    ]
    // Before the import the store holds the bundled set only: the nearest is on the coast.
    let before = await Self.run(query)
    #expect(before.status == 0, "\(before.err)")
    #expect(!before.out.contains("ocm-4242"))
    #expect(before.out.contains("store \(store.path)"))

    let file = folder.appendingPathComponent("offshore.json")
    try Data(Self.offshore.utf8).write(to: file)
    let imported = await Self.run(["stations", "import", file.path, "--store", store.path])
    #expect(imported.status == 0, "\(imported.err)")

    // The import changed the store's station file, so the snapshot is rebuilt and holds it.
    let after = await Self.run(query)
    #expect(after.status == 0, "\(after.err)")
    #expect(after.out.contains("ocm-4242"))
    let snapshots = try FileManager.default.contentsOfDirectory(atPath: cache.path)
    #expect(snapshots.count == 1 && snapshots[0].hasPrefix("store-"))

    // A second query reads the snapshot without opening the store: same answer.
    let again = await Self.run(query)
    #expect(again.out == after.out)
  }

  @Test("The bundled snapshot is written on first use, read afterwards, and ignored when stale")
  func bundledSnapshot() throws {
    let folder = try temporary()
    defer { try? FileManager.default.removeItem(at: folder) }
    let io = CommandIO.capturing()
    let fingerprint = try BundledData.quickFingerprint()
    let first = try StationSets.bundled(cache: folder, io)
    let url = folder.appendingPathComponent("bundled-stations.snapshot")
    #expect(FileManager.default.fileExists(atPath: url.path))
    let key = "bundled \(fingerprint) codec \(StationCodec.formatVersion)"
    let read = try #require(try StationSnapshot.open(url, key: key))
    let here = Coordinate(latitude: 51.31, longitude: 9.48)
    #expect(read.count == first.count)
    #expect(
      read.nearest(to: here, limit: 12).map(\.station)
        == first.nearest(to: here, limit: 12).map(\.station))
    // Another fingerprint (a build with new data) does not read this snapshot.
    #expect(try StationSnapshot.open(url, key: "bundled q1-0000000000000000 codec 2") == nil)
    // A damaged snapshot is refused, named in a warning, and rebuilt.
    let bytes = try Data(contentsOf: url)
    try bytes.prefix(bytes.count / 2).write(to: url)
    #expect(throws: StationSnapshotError.self) { _ = try StationSnapshot.open(url, key: key) }
    let rebuilt = try StationSets.bundled(cache: folder, io)
    #expect(io.capturedErr.contains(url.path))
    #expect(rebuilt.nearest(to: here, limit: 12).ids == first.nearest(to: here, limit: 12).ids)
    #expect(try StationSnapshot.open(url, key: key) != nil)
  }

  @Test("The cache folder follows WAYSIDE_CACHE_DIR, then XDG_CACHE_HOME, then ~/.cache")
  func cacheFolder() {
    #expect(
      StationSets.cacheDirectory(environment: ["WAYSIDE_CACHE_DIR": "/tmp/w", "HOME": "/h"]).path
        == "/tmp/w")
    #expect(
      StationSets.cacheDirectory(environment: ["XDG_CACHE_HOME": "/x", "HOME": "/h"]).path
        == "/x/wayside")
    #expect(StationSets.cacheDirectory(environment: ["HOME": "/h"]).path == "/h/.cache/wayside")
  }

  @Test("--stations and --store together are refused")
  func bothSources() async {
    let result = await Self.run([
      "stations", "near", "51", "9", "--stations", "a.csv", "--store", "/tmp/x",
    ])
    #expect(result.status == 2)
    #expect(result.err.contains("either --stations FILE or --store DIR"))
  }
}
