import Charging
import Foundation
import Geo
import Testing

/// The OCPI 2.2.1 hours examples (`Documentation/Reference/ev-domain.md` §1.5) and the
/// time-zone handling of ``Charging/OpeningHours/isOpen(at:in:)``.
@Suite("Opening hours evaluated at an instant")
struct OpeningHoursEvaluationTests {
  static let berlin = TimeZone(identifier: "Europe/Berlin")!

  static func utc(_ text: String) -> Date {
    ISO8601DateFormatter().date(from: text)!
  }

  static let christmasClosing = OpeningHours.ExceptionalPeriod(
    begin: utc("2018-12-25T03:00:00Z").timeIntervalSince1970,
    end: utc("2018-12-25T05:00:00Z").timeIntervalSince1970)

  @Test(
    "OCPI examples: exceptional closings win, openings add, regular hours in local time",
    arguments: [
      (
        "24/7 with a closing: inside the closing",
        OpeningHours(twentyFourSeven: true, exceptionalClosings: [christmasClosing]),
        "2018-12-25T04:00:00Z", false
      ),
      (
        "24/7 with a closing: closing end is exclusive",
        OpeningHours(twentyFourSeven: true, exceptionalClosings: [christmasClosing]),
        "2018-12-25T05:00:00Z", true
      ),
      (
        "24/7 with a closing: before it",
        OpeningHours(twentyFourSeven: true, exceptionalClosings: [christmasClosing]),
        "2018-12-25T02:59:59Z", true
      ),
      // Mon/Tue 01:00–06:00 local; 2018-12-24 is a Monday, 00:30 UTC = 01:30 CET.
      ("regular Mon 01–06: Monday 01:30 local", monTue, "2018-12-24T00:30:00Z", true),
      ("regular Mon 01–06: Monday 00:30 local", monTue, "2018-12-23T23:30:00Z", false),
      ("regular Mon 01–06: end is exclusive (06:00 local)", monTue, "2018-12-24T05:00:00Z", false),
      ("regular Tue with the Christmas closing", monTueWithClosing, "2018-12-25T03:30:00Z", false),
      ("regular Tue before the closing", monTueWithClosing, "2018-12-25T02:30:00Z", true),
      ("regular Wed is closed", monTue, "2018-12-26T02:00:00Z", false),
      // 00:00–04:00 every day, extra opening 05:00–06:00 UTC on 2018-12-25.
      ("extra opening adds to regular hours", nightsWithExtra, "2018-12-25T05:30:00Z", true),
      ("outside regular and extra hours", nightsWithExtra, "2018-12-25T04:30:00Z", false),
      (
        "closing beats an overlapping opening",
        OpeningHours(
          twentyFourSeven: false, exceptionalOpenings: [christmasClosing],
          exceptionalClosings: [christmasClosing]), "2018-12-25T04:00:00Z", false
      ),
      // Summer time: 2026-07-06 (Monday) 06:30 UTC = 08:30 CEST.
      ("summer time is applied", weekdaysEightToEight, "2026-07-06T06:30:00Z", true),
      ("winter time is applied", weekdaysEightToEight, "2026-01-05T06:30:00Z", false),
      (
        "Sunday maps to weekday 7",
        OpeningHours(
          twentyFourSeven: false, regular: [.init(weekday: 7, beginMinute: 0, endMinute: 1440)]),
        "2026-03-01T12:00:00Z", true
      ),
      (
        "an unsplit overnight period runs into the next day",
        OpeningHours(
          twentyFourSeven: false, regular: [.init(weekday: 1, beginMinute: 1320, endMinute: 360)]),
        "2026-03-03T03:00:00Z", true
      ),
      (
        "an unsplit overnight period is closed in the afternoon",
        OpeningHours(
          twentyFourSeven: false, regular: [.init(weekday: 1, beginMinute: 1320, endMinute: 360)]),
        "2026-03-02T15:00:00Z", false
      ),
    ] as [(String, OpeningHours, String, Bool)])
  func ocpiRules(_ name: String, _ hours: OpeningHours, _ instant: String, _ open: Bool) {
    #expect(hours.isOpen(at: Self.utc(instant), in: Self.berlin) == open, "\(name)")
  }

  static let monTue = OpeningHours(
    twentyFourSeven: false,
    regular: [
      .init(weekday: 1, beginMinute: 60, endMinute: 360),
      .init(weekday: 2, beginMinute: 60, endMinute: 360),
    ])
  static let monTueWithClosing = OpeningHours(
    twentyFourSeven: false, regular: monTue.regular, exceptionalClosings: [christmasClosing])
  static let nightsWithExtra = OpeningHours(
    twentyFourSeven: false,
    regular: (1...7).map { .init(weekday: $0, beginMinute: 0, endMinute: 240) },
    exceptionalOpenings: [
      .init(
        begin: utc("2018-12-25T05:00:00Z").timeIntervalSince1970,
        end: utc("2018-12-25T06:00:00Z").timeIntervalSince1970)
    ])
  static let weekdaysEightToEight = OpeningHours(
    twentyFourSeven: false,
    regular: (1...5).map { .init(weekday: $0, beginMinute: 480, endMinute: 1200) })

  @Test("stations without hours count as open; a station's own zone is used")
  func stationRule() {
    let source = DataSource(name: "test", date: "2026-01-01", licence: "-", attribution: "-")
    var station = Station(
      id: "s", operatorName: "o", address: Address(),
      coordinate: Coordinate(latitude: 52.5, longitude: 13.4), evses: [], source: source)
    let instant = Self.utc("2026-01-05T06:30:00Z")  // Monday 07:30 Berlin, 01:30 New York
    #expect(station.isOpen(at: instant))
    station.openingHours = OpeningHours(
      twentyFourSeven: false, regular: [.init(weekday: 1, beginMinute: 0, endMinute: 120)])
    #expect(!station.isOpen(at: instant))
    station.timeZone = "America/New_York"
    #expect(station.isOpen(at: instant))
  }
}
