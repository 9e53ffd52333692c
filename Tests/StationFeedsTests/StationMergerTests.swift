import Charging
import Foundation
import Geo
import Testing
import WaysideData

@testable import StationFeeds

@Suite("Station merge policy")
struct StationMergerTests {
  static let header = FastChargerCSVImporterTests.header

  /// A 2022 site with CCS, CHAdeMO and Type 2 (a real register row) and a 2026 row for the same
  /// operator 30 m away with more, faster points.
  static let old = RegisterJSONLinesImporterTests.realFastRow
  static func fastRow(
    id: String = "bnetza2026fast-0000000000000001", operatorName: String = "Comfortcharge GmbH",
    lat: Double = 48.29572, lon: Double = 8.57463, points: Int = 4, kw: String = "300",
    flags: String = ""
  ) -> String {
    "\(id),\(operatorName),In Betrieb,\(lat),\(lon),Bahnhofstr. 25,78727,Oberndorf,DE,\(points),600,\(kw),x,src,2026-01-28,\(flags)"
  }

  static func merge(old: [String], new: [String]) -> (stations: [Station], report: MergeReport) {
    let a = importText(old.joined(separator: "\n"), format: .registerJSONLines)
    let b = importText(([header] + new).joined(separator: "\n"), format: .fastChargerCSV)
    return StationMerger.merge(register2022: a, fastChargers2026: b)
  }

  @Test(
    "A matched pair keeps the 2026 id, position, points and power with the 2022 plug types and AC points"
  )
  func combine() throws {
    let (stations, report) = Self.merge(old: [Self.old], new: [Self.fastRow()])
    #expect(report.matched == 1)
    #expect(report.countsAddUp)
    let station = try #require(stations.first)
    #expect(stations.count == 1)
    #expect(station.id == "bnetza2026fast-0000000000000001")
    #expect(station.coordinate.latitude == 48.29572)
    #expect(station.maxPower == Power(kilowatts: 300))
    #expect(station.connectorStandards == [.type2Combo, .chademo, .type2])
    // 4 DC points from 2026 plus the one 2022 AC point.
    #expect(station.chargePointCount == 5)
    #expect(station.evses.count == 5)
    #expect(station.qualityFlags.contains("merged_with:bnetza2022-ef2048b81197"))
    #expect(station.source == StationSources.merged2022And2026)
  }

  struct NoMatch: CustomTestStringConvertible, Sendable {
    var name: String
    var row: String
    var testDescription: String { name }
  }

  @Test(
    "Sites stay apart when the operator differs or they are too far apart",
    arguments: [
      NoMatch(name: "another operator 30 m away", row: fastRow(operatorName: "Tesla Germany GmbH")),
      NoMatch(name: "same operator 150 m away", row: fastRow(lat: 48.29680)),
    ])
  func noMatch(_ c: NoMatch) {
    let (stations, report) = Self.merge(old: [Self.old], new: [c.row])
    #expect(report.matched == 0)
    #expect(report.only2022 == 1)
    #expect(report.only2026 == 1)
    #expect(stations.count == 2)
    #expect(report.countsAddUp)
  }

  @Test(
    "A 2022 DC site matches up to the larger radius, an AC-only site only within the base radius")
  func fastSiteRadius() {
    let seventyMetres = Self.fastRow(lat: 48.29608)
    #expect(Self.merge(old: [Self.old], new: [seventyMetres]).report.matchedBeyondBaseRadius == 1)
    let acOnly = RegisterJSONLinesImporterTests.realRow.replacingOccurrences(
      of: "Schulstiftung der Evangelischen Landeskirche in Württemberg", with: "Comfortcharge GmbH"
    ).replacingOccurrences(
      of: #""lat":48.524846,"lon":9.115607"#, with: #""lat":48.29545,"lon":8.57463"#)
    let report = Self.merge(old: [acOnly], new: [seventyMetres]).report
    #expect(report.matched == 0)
  }

  @Test("Each 2022 site is merged at most once: the closer 2026 site wins")
  func oneToOne() {
    let near = Self.fastRow(id: "near", lat: 48.29550)
    let far = Self.fastRow(id: "far", lat: 48.29580)
    let (stations, report) = Self.merge(old: [Self.old], new: [far, near])
    #expect(report.matched == 1)
    #expect(report.only2026 == 1)
    #expect(stations.first { $0.id == "near" }?.connectorStandards.contains(.chademo) == true)
    #expect(stations.first { $0.id == "far" }?.connectorStandards == [.unknown("DC")])
  }

  @Test(
    "Sites with misplaced coordinates are dropped with their flag and listed in the report",
    arguments: MergePolicy.placementFlags)
  func dropFlags(_ flag: String) {
    let (stations, report) = Self.merge(old: [Self.old], new: [Self.fastRow(flags: flag)])
    #expect(stations.map(\.id) == ["bnetza2022-ef2048b81197"])
    #expect(report.dropped2026 == [flag: 1])
    #expect(report.droppedSites.map(\.reason) == [flag])
    #expect(report.countsAddUp)
  }

  @Test(
    "Same-point rows under spellings of one operator fold into one station; identical rows count once"
  )
  func duplicates() throws {
    let a = Self.fastRow(id: "a", operatorName: "E.ON Drive GmbH", points: 4, kw: "175")
    let identical = Self.fastRow(
      id: "b", operatorName: "E.ON Drive Infrastructure GmbH", points: 4, kw: "175")
    let different = Self.fastRow(
      id: "c", operatorName: "E.ON Drive Infrastructure GmbH", points: 2, kw: "50")
    let other = Self.fastRow(id: "d", operatorName: "IONITY GmbH", points: 4, kw: "350")
    let (stations, report) = Self.merge(old: [], new: [a, identical, different, other])
    #expect(stations.map(\.id) == ["a", "d"])
    #expect(report.duplicates2026Collapsed == 2)
    #expect(report.duplicates2026Identical == 1)
    #expect(report.sameCoordinatesOtherOperatorKept == 2)
    #expect(stations.first?.chargePointCount == 6)
    #expect(report.countsAddUp)
  }

  @Test("Grid search and brute-force search give the same merge on the Kassel data")
  func gridAgreesWithBruteForce() throws {
    let (a, b) = try StationCatalog.importBundled(.kassel50km)
    let grid = StationMerger.merge(register2022: a, fastChargers2026: b)
    let brute = StationMerger.mergeWithBruteForceSearch(register2022: a, fastChargers2026: b)
    #expect(grid.stations == brute.stations)
    #expect(grid.report == brute.report)
    #expect(grid.report.matched > 20)
    #expect(grid.report.countsAddUp)
  }
}

/// The full German set, loaded once for the suite (on its own thread: waiting suspends rather
/// than blocking a cooperative-pool thread other suites need meanwhile).
@Suite("Bundled German station set")
struct BundledStationSetTests {
  static let loaded = LoadOnce { try StationCatalog.loadBundled() }

  @Test("Every loaded site is merged, kept alone or dropped for a reason: the counts add up")
  func countsAddUp() async throws {
    let (stations, report) = try await Self.loaded.value()
    #expect(report.loaded2022 == 22_037)
    #expect(report.loaded2026 == 16_485)
    #expect(report.import2022.recordsSkipped == 0)
    #expect(report.import2026.recordsSkipped == 0)
    #expect(report.countsAddUp)
    #expect(stations.count == report.stations)
    #expect(report.matched > 2_500)
    #expect(report.droppedSites.count == report.dropped2022Total + report.dropped2026Total)
    // Each flag count of the source README, minus sites carrying an earlier flag of the policy.
    #expect(report.dropped2022["coords_outside_germany_bbox"] == 1)
    #expect(report.dropped2022["coords_shared_by_3plus_postcode_areas"] == 9)
    #expect(report.dropped2026["coords_shared_by_3plus_postcode_areas"] == 3)
  }

  @Test("Station ids are unique")
  func uniqueIDs() async throws {
    let stations = try await Self.loaded.value().stations
    #expect(Set(stations.map(\.id)).count == stations.count)
  }

  @Test("No station sits at the Berlin placeholder point with a postcode outside Berlin")
  func berlinPlaceholder() async throws {
    let placeholder = Coordinate(latitude: 52.516181, longitude: 13.376935)
    let there = try await Self.loaded.value().stations.filter {
      GreatCircle.distanceKilometres($0.coordinate, placeholder) < 0.01
    }
    for station in there {
      let postcode = Int(station.address.postcode ?? "") ?? 0
      #expect((10_000..<15_000).contains(postcode), "\(station.id) \(station.address)")
    }
  }

  @Test("No station carries a flag the policy drops, and none lies outside Germany's box")
  func noMisplacedStations() async throws {
    let germany = BoundingBox(
      minimum: Coordinate(latitude: 47.2, longitude: 5.8),
      maximum: Coordinate(latitude: 55.1, longitude: 15.1))
    for station in try await Self.loaded.value().stations {
      #expect(!station.qualityFlags.contains { MergePolicy.placementFlags.contains($0) })
      #expect(germany.contains(station.coordinate), "\(station.id)")
    }
  }

  @Test("Merged stations have both a 2026 power and 2022 plug types where 2022 knew DC plugs")
  func mergedStations() async throws {
    let merged = try await Self.loaded.value().stations.filter {
      $0.source == StationSources.merged2022And2026
    }
    #expect(!merged.isEmpty)
    let withCCS = merged.filter { $0.connectorStandards.contains(.type2Combo) }
    #expect(withCCS.count > 1_000)
    #expect(
      merged.allSatisfy {
        $0.qualityFlags.contains { $0.hasPrefix(StationMerger.mergedFlagPrefix) }
      })
  }
}
