import CarTemplates
import Charging
import Foundation
import Testing

@testable import ChargingCar

/// The repository's `Apps/Charging/Assets.xcassets`, found from this file's path.
let chargingAssets = URL(fileURLWithPath: #filePath)
  .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
  .appendingPathComponent("Apps/Charging/Assets.xcassets")

@Suite("Charging app: availability at a glance (status pins and row images)")
struct SiteStatusTests {
  static func availability(_ statuses: [EVSEStatus], age: TimeInterval = 60) -> SiteAvailability {
    let now = Date(timeIntervalSince1970: 1_773_907_200)
    return SiteAvailability(
      statuses.enumerated().map {
        StatusObservation(evseID: "E\($0.offset)", status: $0.element, observedAt: now - age)
      }, now: now)
  }

  @Test("each status has its own pin: free, busy, out of order, unknown (stale and none too)")
  func statuses() {
    #expect(SiteStatus(nil) == .unknown)
    #expect(SiteStatus(Self.availability([.available, .charging])) == .free)
    #expect(SiteStatus(Self.availability([.charging, .outOfOrder])) == .busy)
    #expect(SiteStatus(Self.availability([.outOfOrder, .outOfOrder])) == .outOfOrder)
    #expect(SiteStatus(Self.availability([.unknown])) == .unknown)
    // A quarter of an hour old: nothing is known, never free.
    #expect(SiteStatus(Self.availability([.available], age: 16 * 60)) == .unknown)
  }

  @Test("the pins differ in shape and glyph, not colour alone")
  func shapes() {
    let drawings = SiteStatus.allCases.map(\.svg)
    // Without any colour the four drawings are still four different pictures.
    let shapes = drawings.map { $0.replacingOccurrences(of: #"#[0-9a-f]{6}"#, with: "", options: .regularExpression) }
    #expect(Set(shapes).count == SiteStatus.allCases.count)
    #expect(Set(SiteStatus.allCases.map(\.assetName)).count == 4)
    #expect(ChargingApp.assetImages.count == 4)
  }

  @Test("Apps/Charging's asset catalogue ships the same drawings as the simulator draws")
  func catalogue() throws {
    for status in SiteStatus.allCases {
      let folder = chargingAssets.appendingPathComponent("\(status.assetName).imageset")
      let svg = try String(
        contentsOf: folder.appendingPathComponent("\(status.assetName).svg"), encoding: .utf8)
      #expect(svg == status.svg, "\(status.assetName).svg differs from SiteStatus.svg")
      let contents = try String(
        contentsOf: folder.appendingPathComponent("Contents.json"), encoding: .utf8)
      #expect(contents.contains("\"\(status.assetName).svg\""))
      #expect(contents.contains("preserves-vector-representation"))
    }
  }
}
