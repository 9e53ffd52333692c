import Charging
import Foundation
import Geo
import StationIndex
import StationStore
import Testing
import WaysideData

@testable import ChargingCar

@Suite("Charging app: the site catalogue kept as a cache image beside the station snapshot")
struct SiteCatalogImageTests {
  /// The Kassel set's search, and the same stations read back from a snapshot in `folder`.
  static func snapshotSearch(in folder: URL) throws -> (eager: ChargeSearch, index: StationIndex) {
    let eager = try Fixture.kassel()
    let world = BoundingBox(
      minimum: Coordinate(latitude: -90, longitude: -180),
      maximum: Coordinate(latitude: 90, longitude: 180))
    let stations = Array(eager.index.stations(in: world, order: .unspecified).map(\.station))
    let url = folder.appendingPathComponent("stations.snapshot")
    try StationSnapshot.write(stations, key: "kassel", to: url)
    let index = try #require(try StationSnapshot.open(url, key: "kassel"))
    return (eager, index)
  }

  static func folder() throws -> URL {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent(
      "wayside-sites-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    return url
  }

  /// Each site as its sorted row ids, by site id.
  static func membership(_ catalog: SiteCatalog) -> [Station.ID: [Station.ID]] {
    Dictionary(uniqueKeysWithValues: catalog.sites.map { ($0.id, $0.stations.map(\.id)) })
  }

  @Test("sites read from the image are the sites grouped from every station, for every row")
  func sameSites() throws {
    let folder = try Self.folder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let (eager, index) = try Self.snapshotSearch(in: folder)
    let url = folder.appendingPathComponent("sites.image")
    var warnings: [String] = []
    let written = SiteCatalogImage.catalog(of: index, at: url, key: "k") { warnings.append($0) }
    let read = SiteCatalogImage.catalog(of: index, at: url, key: "k") { warnings.append($0) }
    #expect(warnings.isEmpty, "\(warnings)")
    guard case .table = read.storage else {
      Issue.record("the second catalogue was not read from the image")
      return
    }
    let expected = eager.siteCatalog
    #expect(read.count == expected.count && written.count == expected.count)
    #expect(read.rowCount == expected.rowCount)
    #expect(Self.membership(read) == Self.membership(expected))
    for site in expected.sites {
      for station in site.stations {
        #expect(read.site(containing: station.id)?.id == site.id, "\(station.id)")
        #expect(read.site(containing: station.id) == site)
      }
    }
    #expect(read.site(containing: Station.ID("no such row")) == nil)
    #expect(read.site(containing: Station.ID("")) == nil)
  }

  @Test("a Charge-tab search over the image's sites answers as one over sites grouped at once")
  func sameAnswers() throws {
    let folder = try Self.folder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let (eager, index) = try Self.snapshotSearch(in: folder)
    let url = folder.appendingPathComponent("sites.image")
    _ = SiteCatalogImage.catalog(of: index, at: url, key: "k") { _ in }
    let lazy = ChargeSearch(
      index: index, sites: SiteCatalogImage.catalog(of: index, at: url, key: "k") { _ in },
      pricing: eager.pricing)
    let region = BoundingBox(
      minimum: Coordinate(latitude: 51.29, longitude: 9.44),
      maximum: Coordinate(latitude: 51.33, longitude: 9.52))
    for filter in [ChargeFilter(), ChargeFilter(fastOnly: true)] {
      for box in [nil, region] {
        let query = SiteQuery(center: ChargingApp.kasselCentre, region: box, filter: filter)
        #expect(
          lazy.sites(query, setup: DriverSetup(), start: priceDate)
            == eager.sites(query, setup: DriverSetup(), start: priceDate))
      }
    }
  }

  @Test(
    "a damaged, truncated or foreign site image is reported naming the file and rebuilt",
    arguments: ["flipped byte", "truncated", "foreign"])
  func damagedImageRebuilt(damage: String) throws {
    let folder = try Self.folder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let (eager, index) = try Self.snapshotSearch(in: folder)
    let url = folder.appendingPathComponent("sites.image")
    _ = SiteCatalogImage.catalog(of: index, at: url, key: "k") { _ in }
    var bytes = try Data(contentsOf: url)
    switch damage {
    case "flipped byte": bytes[bytes.count - 5] ^= 0x01
    case "truncated": bytes = bytes.prefix(bytes.count / 2)
    default: bytes = Data("not a site image at all".utf8)
    }
    try bytes.write(to: url)
    var warnings: [String] = []
    let rebuilt = SiteCatalogImage.catalog(of: index, at: url, key: "k") { warnings.append($0) }
    #expect(warnings.count == 1)
    #expect(
      warnings.first?.contains("site catalogue \(url.path) is unusable") == true, "\(warnings)")
    #expect(Self.membership(rebuilt) == Self.membership(eager.siteCatalog))
    let again = SiteCatalogImage.catalog(of: index, at: url, key: "k") { warnings.append($0) }
    #expect(warnings.count == 1, "the rebuilt image is used without a warning")
    #expect(again.count == eager.siteCatalog.count)
  }

  @Test("tables that contradict each other are refused even when the checksum is not checked")
  func contradictionsRefused() throws {
    let folder = try Self.folder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let (_, index) = try Self.snapshotSearch(in: folder)
    let source = try #require(index.stationSource)
    let table = SiteCatalogImage.build(index, source: source)
    let bytes = SiteCatalogImage.encode(table, key: "k")
    #expect(
      try SiteCatalogImage.read(Data(bytes), key: "k", path: "m", source: source) != nil)
    // Every 4-byte word after the header in turn set to a large value: refused or still
    // consistent, never a crash.
    var refused = 0
    for word in stride(from: 40, to: min(bytes.count - 4, 4000), by: 4) {
      var damaged = bytes
      damaged.replaceSubrange(word..<word + 4, with: [0xFF, 0xFF, 0x00, 0x00])
      if (try? SiteCatalogImage.read(
        Data(damaged), key: "k", path: "m", source: source, verifyChecksum: false)) == nil
      {
        refused += 1
      }
    }
    #expect(refused > 100)
  }
}
