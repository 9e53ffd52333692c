import CarSession
import CarSimulator
import Foundation
import MediaCar
import Testing

/// The repository's `Journeys/` folder, found from this file's path.
private let journeys = URL(fileURLWithPath: #filePath)
  .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
  .appendingPathComponent("Journeys")

@MainActor
@Suite("Media journeys: browse to video and back, an empty catalogue, a failing stream")
struct MediaJourneyTests {
  @Test(
    "The media journeys in Journeys/ pass",
    arguments: [
      "media-browse-play.journey", "media-close-video.journey", "media-empty.journey",
      "media-failing-stream.journey", "media-no-video-car.journey", "media-now-playing.journey",
      "media-remote-commands.journey", "media-retry-video.journey", "media-siri-transport.journey",
    ]
  )
  func journey(_ file: String) async throws {
    let text = try String(contentsOf: journeys.appendingPathComponent(file), encoding: .utf8)
    let journey = try Journey.parse(text, name: file)
    let report = await JourneyRunner.run(
      journey, apps: { $0 == "media" ? MediaApp.descriptor : nil })
    #expect(report.failure == nil, "\(report.failure?.description ?? "")\n\(report.transcript)")
    #expect(journey.lines.count > 10)
  }

  @Test("Every media journey in Journeys/ is run by this suite")
  func allJourneysListed() throws {
    let files = try FileManager.default.contentsOfDirectory(atPath: journeys.path)
      .filter { $0.hasPrefix("media-") && $0.hasSuffix(".journey") }.sorted()
    #expect(
      files == [
        "media-browse-play.journey", "media-close-video.journey", "media-empty.journey",
        "media-failing-stream.journey", "media-no-video-car.journey", "media-now-playing.journey",
        "media-remote-commands.journey", "media-retry-video.journey",
        "media-siri-transport.journey",
      ])
  }
}
