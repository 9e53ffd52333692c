import CarSession
import CarSimulator
import Foundation
import Testing

@testable import ChargingCar

/// The repository's `Journeys/` folder, found from this file's path.
let journeysFolder = URL(fileURLWithPath: #filePath)
  .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
  .appendingPathComponent("Journeys")

@MainActor
@Suite("Charging app: the journeys in Journeys/charging-*.journey")
struct JourneyFileTests {
  nonisolated static let files = [
    "charging-cold-launch.journey", "charging-refresh.journey", "charging-navigate.journey",
    "charging-route.journey", "charging-siri.journey", "charging-displays.journey",
    "charging-drivers.journey", "charging-live.journey", "charging-map-region.journey",
    "charging-rows.journey", "charging-trip.journey", "charging-destinations.journey",
    "charging-availability.journey", "charging-watch.journey", "charging-filters.journey",
    "charging-data-age.journey", "charging-search.journey", "charging-siri-place.journey",
  ]

  @Test(
    "each charging journey passes, showing the driver what it expects, and breaks no rule",
    arguments: JourneyFileTests.files)
  func journey(_ file: String) async throws {
    let text = try String(contentsOf: journeysFolder.appendingPathComponent(file), encoding: .utf8)
    // Named by its path: a `feed` step's file is found beside the journey.
    let journey = try Journey.parse(text, name: journeysFolder.appendingPathComponent(file).path)
    let report = await JourneyRunner.run(
      journey, apps: { $0 == "charging" ? ChargingApp.descriptor : nil })
    #expect(report.failure == nil, "\(report.failure?.description ?? "")\n\(report.transcript)")
    #expect(report.lintDiagnostics.isEmpty, "\(report.lintDiagnostics)")
    let thrown = report.transcript.entries.filter {
      if case .exception = $0 { true } else { false }
    }
    #expect(thrown.isEmpty, "\(thrown)")
  }

  @Test(
    "a phone step with an unknown id fails with a diagnostic naming the id and what was expected",
    arguments: [
      (
        "phone tariffs retail-mobility-plus-charging enbw-gold",
        "phone setting tariffs 'enbw-gold': no such tariff; expected 'none' or ids of the"
      ),
      ("phone vehicle trabant-601", "phone setting vehicle 'trabant-601': no such profile"),
    ])
  func unknownPhoneID(_ step: String, _ expected: String) async throws {
    let text = """
      app charging
      connect display=standard style=day
      \(step)
      expect text contains "Chargers"
      """
    let journey = try Journey.parse(text, name: "unknown-phone-id")
    let report = await JourneyRunner.run(
      journey, apps: { $0 == "charging" ? ChargingApp.descriptor : nil })
    let failure = try #require(report.failure, "the unknown id was taken silently")
    #expect(failure.line == 3, "\(failure)")
    #expect(failure.description.contains(expected), "\(failure)")
  }

  @Test("every charging journey in the folder is run by this suite")
  func allListed() throws {
    let files = try FileManager.default.contentsOfDirectory(atPath: journeysFolder.path)
      .filter { $0.hasPrefix("charging-") && $0.hasSuffix(".journey") }
    #expect(Set(files) == Set(Self.files))
  }
}
