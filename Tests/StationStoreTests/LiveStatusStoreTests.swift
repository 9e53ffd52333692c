import Charging
import Foundation
import Testing

@testable import StationStore

private func temporaryDirectory() -> URL {
  FileManager.default.temporaryDirectory.appendingPathComponent("wayside-live-\(UUID().uuidString)")
}

private func record(_ evse: String, _ status: EVSEStatus, at seconds: Double, station: String? = "s1")
  -> LiveStatusRecord
{
  LiveStatusRecord(
    observation: StatusObservation(
      evseID: evse, status: status, observedAt: Date(timeIntervalSince1970: seconds)),
    stationID: station.map { Station.ID($0) }, source: "test-feed")
}

@Suite("Live status in the store")
struct LiveStatusStoreTests {
  @Test func theLastKnownStatusWithItsTimeIsKeptAcrossARestart() throws {
    let directory = temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    do {
      let store = try StationStore(directory: directory)
      try store.applyLiveStatus([record("E1", .charging, at: 100), record("E2", .available, at: 100)])
    }
    let reopened = try StationStore(directory: directory)
    let kept = try reopened.liveStatus()
    #expect(kept.map(\.observation.evseID) == ["E1", "E2"])
    #expect(kept.first?.observation.status == .charging)
    #expect(kept.first?.observation.observedAt == Date(timeIntervalSince1970: 100))
    #expect(try reopened.liveStatus(forStations: ["s1"]).count == 2)
  }

  @Test func anOlderObservationNeverOverwritesANewerOne() throws {
    let directory = temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let store = try StationStore(directory: directory)
    try store.applyLiveStatus([record("E1", .available, at: 200)])
    let changed = try store.applyLiveStatus([record("E1", .charging, at: 100)])
    #expect(changed == 0)
    #expect(try store.liveStatus().first?.observation.status == .available)
    try store.removeLiveStatus(source: "test-feed")
    #expect(try store.liveStatus().isEmpty)
  }
}
