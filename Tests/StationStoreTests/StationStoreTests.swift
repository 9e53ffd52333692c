import Charging
import Foundation
import Geo
import Testing

@testable import StationStore

let fixedNow = Date(timeIntervalSince1970: 1_780_000_000)

@Suite("Station store")
struct StationStoreTests {
  @Test("The first run imports through the loader; later starts read the store without it")
  func firstRunThenStore() throws {
    let folder = try TemporaryFolder()
    defer { folder.cleanUp() }
    var calls = 0
    do {
      let store = try StationStore(directory: folder.url, now: { fixedNow })
      let startup = try store.loadStations {
        calls += 1
        return TestStations.kassel
      }
      #expect(startup.imported)
      #expect(startup.stations.count == 292)
    }
    let reopened = try StationStore(directory: folder.url, now: { fixedNow })
    let again = try reopened.loadStations {
      calls += 1
      return []
    }
    #expect(calls == 1)
    #expect(!again.imported)
    #expect(again.stations == TestStations.kassel)
    #expect(reopened.recoveries.isEmpty)
    let history = try reopened.importHistory()
    #expect(history.map(\.origin) == [StationStore.bundledOrigin])
    #expect(history.first?.stationCount == 292)
  }

  @Test("Replacing an origin removes its old stations; upserting keeps other stations")
  func replaceAndUpsert() throws {
    let folder = try TemporaryFolder()
    defer { folder.cleanUp() }
    let store = try StationStore(directory: folder.url)
    try store.replaceStations(Array(TestStations.kassel.prefix(10)), origin: "bundled")
    try store.upsertStations([TestStations.everyField], origin: "file.json")
    #expect(try store.stationCount() == 11)
    try store.replaceStations(Array(TestStations.kassel.prefix(3)), origin: "bundled")
    #expect(try store.stationCount() == 4)
    var changed = TestStations.kassel[0]
    changed.operatorName = "Renamed"
    try store.upsertStations([changed], origin: "file.json")
    let all = try store.loadStations()
    #expect(all.count == 4)
    #expect(all.contains(changed))
  }

  @Test("A region query returns exactly the stations inside the box")
  func regionQuery() throws {
    let folder = try TemporaryFolder()
    defer { folder.cleanUp() }
    let store = try StationStore(directory: folder.url)
    try store.replaceStations(TestStations.kassel, origin: "bundled")
    let box = BoundingBox(
      minimum: Coordinate(latitude: 51.28, longitude: 9.42),
      maximum: Coordinate(latitude: 51.34, longitude: 9.52))
    let expected = TestStations.kassel.filter { box.contains($0.coordinate) }
    #expect(!expected.isEmpty)
    #expect(try store.stations(in: box) == expected)
  }

  @Test("Favourites, tariffs, cards, vehicle, presets and settings survive a reopen")
  func userDataPersists() throws {
    struct Vehicle: Codable, Equatable {
      var name: String
      var usableKWh: Double
    }
    struct Preset: Codable, Equatable {
      var minimumKW: Double
      var dcOnly: Bool
    }
    let folder = try TemporaryFolder()
    defer { folder.cleanUp() }
    let card = ChargingCard(
      id: "enbw", name: "EnBW mobility+ ADAC", provider: "EnBW", tariffIDs: ["enbw-s", "enbw-m"])
    do {
      let store = try StationStore(directory: folder.url, now: { fixedNow })
      try store.setFavourite("b", true)
      try store.setFavourite("a", true)
      try store.setFavourite("c", true)
      try store.setFavourite("c", false)
      try store.setSelectedTariffIDs(["ionity-power", "aral-pulse", "ionity-power"])
      try store.saveChargingCard(card)
      try store.saveChargingCard(ChargingCard(id: "x", name: "X", provider: "X", tariffIDs: []))
      try store.removeChargingCard(id: "x")
      try store.setVehicleProfile(Vehicle(name: "ID.3 77 kWh", usableKWh: 77))
      try store.saveFilterPreset(Preset(minimumKW: 150, dcOnly: true), named: "Motorway")
      try store.saveFilterPreset(Preset(minimumKW: 11, dcOnly: false), named: "City")
      try store.deleteFilterPreset(named: "City")
      try store.setSetting(StationStore.openChargeMapAPIKeySetting, "k-123")
    }
    let store = try StationStore(directory: folder.url, now: { fixedNow })
    #expect(try store.favouriteStationIDs() == ["a", "b"])
    #expect(try store.selectedTariffIDs() == ["ionity-power", "aral-pulse"])
    #expect(try store.chargingCards() == [card])
    #expect(try store.vehicleProfile(as: Vehicle.self) == Vehicle(name: "ID.3 77 kWh", usableKWh: 77))
    #expect(try store.filterPresetNames() == ["Motorway"])
    #expect(
      try store.filterPreset(named: "Motorway", as: Preset.self) == Preset(minimumKW: 150, dcOnly: true))
    #expect(try store.setting(StationStore.openChargeMapAPIKeySetting) == "k-123")
    #expect(try store.setting("missing") == nil)
  }

  @Test("A live region answers any box it covers, newest first, and only with stations inside")
  func liveRegionCache() throws {
    let folder = try TemporaryFolder()
    defer { folder.cleanUp() }
    let store = try StationStore(directory: folder.url)
    let wide = BoundingBox(
      minimum: Coordinate(latitude: 51.0, longitude: 9.0),
      maximum: Coordinate(latitude: 51.6, longitude: 10.0))
    let city = BoundingBox(
      minimum: Coordinate(latitude: 51.28, longitude: 9.42),
      maximum: Coordinate(latitude: 51.34, longitude: 9.52))
    let older = Date(timeIntervalSince1970: 1_000)
    try store.cacheLiveRegion(wide, source: "ocm", stations: TestStations.kassel, fetchedAt: older)
    try store.cacheLiveRegion(
      wide, source: "ocm", stations: Array(TestStations.kassel.prefix(5)), fetchedAt: older)
    let cached = try #require(try store.cachedLiveRegion(covering: city, source: "ocm"))
    #expect(cached.fetchedAt == older)
    #expect(cached.bounds == wide)
    let inside = TestStations.kassel.prefix(5).filter { city.contains($0.coordinate) }
    #expect(Set(cached.stations) == Set(inside))
    #expect(cached.age(at: Date(timeIntervalSince1970: 1_060)) == 60)
    #expect(try store.cachedLiveRegion(covering: wide, source: "other") == nil)
    let outside = BoundingBox(
      minimum: Coordinate(latitude: 52, longitude: 9), maximum: Coordinate(latitude: 52.1, longitude: 9.1))
    #expect(try store.cachedLiveRegion(covering: outside, source: "ocm") == nil)
    try store.cacheLiveRegion(city, source: "ocm", stations: [], fetchedAt: Date(timeIntervalSince1970: 2_000))
    #expect(try store.cachedLiveRegion(covering: city, source: "ocm")?.stations == [])
  }

  @Test("Only the newest cached regions per source are kept")
  func liveRegionPruning() throws {
    let folder = try TemporaryFolder()
    defer { folder.cleanUp() }
    let store = try StationStore(directory: folder.url)
    let limit = StationStore.maximumCachedRegionsPerSource
    for i in 0...limit {
      let box = BoundingBox(
        minimum: Coordinate(latitude: Double(i) * 0.1, longitude: 0),
        maximum: Coordinate(latitude: Double(i) * 0.1 + 0.05, longitude: 0.05))
      try store.cacheLiveRegion(
        box, source: "ocm", stations: [], fetchedAt: Date(timeIntervalSince1970: Double(i)))
    }
    let first = BoundingBox(
      minimum: Coordinate(latitude: 0, longitude: 0), maximum: Coordinate(latitude: 0.05, longitude: 0.05))
    #expect(try store.cachedLiveRegion(covering: first, source: "ocm") == nil)
    let last = BoundingBox(
      minimum: Coordinate(latitude: Double(limit) * 0.1, longitude: 0),
      maximum: Coordinate(latitude: Double(limit) * 0.1 + 0.05, longitude: 0.05))
    #expect(try store.cachedLiveRegion(covering: last, source: "ocm") != nil)
  }

  @Test(
    "The default folder follows XDG_DATA_HOME, else ~/.local/share",
    arguments: [
      (["XDG_DATA_HOME": "/data", "HOME": "/home/a"], "/data/wayside"),
      (["XDG_DATA_HOME": "", "HOME": "/home/a"], "/home/a/.local/share/wayside"),
      (["XDG_DATA_HOME": "relative", "HOME": "/home/a"], "/home/a/.local/share/wayside"),
      (["HOME": "/home/b"], "/home/b/.local/share/wayside"),
    ])
  func defaultDirectory(_ environment: [String: String], _ expected: String) {
    #expect(StationStore.defaultDirectory(environment: environment).path == expected)
  }
}

