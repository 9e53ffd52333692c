import Foundation
import ChargingData
import StationStore
import Testing

@testable import ChargingCar

/// The simulator's store hears what other processes write (issue 24, live settings): a second
/// connection to the same `user.sqlite` stands in for `wayside tariffs` and `wayside vehicle`.
@Suite("Live settings: writes from another process reach the running car")
struct LiveSettingsTests {
  static func folder() -> URL {
    FileManager.default.temporaryDirectory.appendingPathComponent(
      "wayside-live-settings-\(UUID().uuidString)")
  }

  @Test("SQLite's data version moves for another connection's commit, not for the store's own")
  func dataVersionMovesForOthersOnly() throws {
    let directory = Self.folder()
    defer { try? FileManager.default.removeItem(at: directory) }
    let mine = try StationStore(directory: directory)
    let other = try StationStore(directory: directory)
    let start = try mine.userDataVersion()
    try mine.setSelectedTariffIDs(["a"])
    #expect(try mine.userDataVersion() == start)
    try other.setSelectedTariffIDs(["b"])
    #expect(try mine.userDataVersion() != start)
    #expect(try mine.selectedTariffIDs() == ["b"])
  }

  @Test(
    "a tariff, a vehicle and a favourite another process writes each reach the car's client as a change",
    .timeLimit(.minutes(1)))
  func otherWritersReachTheCar() async throws {
    let directory = Self.folder()
    defer { try? FileManager.default.removeItem(at: directory) }
    let simulator = try DriverSetupStore(directory: directory)
    let watch = try simulator.watchOtherWriters()
    defer { watch.cancel() }
    var changes = simulator.client.changes(nil).makeAsyncIterator()
    let catalog = try await BundledTariffs.catalog()
    let tariff = try #require(catalog.entries.first).id
    // Each write from a store of its own that is closed afterwards, as a command's process
    // ends after writing.
    func command(_ write: (DriverSetupStore) throws -> Void) throws {
      try write(try DriverSetupStore(directory: directory))
    }

    try command { try $0.chooseTariffs([tariff], in: catalog) }
    // Waits for the change notification itself; the time limit only ends a broken run.
    #expect(await changes.next() != nil)
    #expect(try simulator.setup().tariffIDs == [tariff])

    try command { try $0.setVehicle("ioniq5-72") }
    #expect(await changes.next() != nil)
    #expect(try simulator.setup().vehicleID == "ioniq5-72")

    try command { try $0.store.setFavourite("DE-TEST-1", true) }
    #expect(await changes.next() != nil)
    #expect(try simulator.setup().favourites.contains("DE-TEST-1"))

    try command { try $0.clearTariffs() }
    #expect(await changes.next() != nil)
    #expect(try simulator.setup().tariffIDs.isEmpty)
  }
}
