import Charging
import Foundation
import Testing

@Suite("Opening hours evaluated on the station's wall clock")
struct OpeningHoursTests {
  static let berlin = TimeZone(identifier: "Europe/Berlin")

  /// Weekdays 08:00–18:00, Saturday 22:00–06:00 (overnight, unsplit), closed on Sunday, and an
  /// exceptional closing on Wednesday 2026-03-04 plus an opening on Sunday 2026-03-08 10–12 UTC.
  static let hours = OpeningHours(
    twentyFourSeven: false,
    regular: (1...5).map { .init(weekday: $0, beginMinute: 8 * 60, endMinute: 18 * 60) }
      + [.init(weekday: 6, beginMinute: 22 * 60, endMinute: 6 * 60)],
    exceptionalOpenings: [
      .init(begin: utc("2026-03-08T10:00:00Z"), end: utc("2026-03-08T12:00:00Z"))
    ],
    exceptionalClosings: [
      .init(begin: utc("2026-03-04T00:00:00Z"), end: utc("2026-03-05T00:00:00Z"))
    ]
  )

  static func utc(_ text: String) -> Double {
    (ISO8601DateFormatter().date(from: text) ?? .distantPast).timeIntervalSince1970
  }

  struct Case: CustomTestStringConvertible, Sendable {
    var name: String
    var instant: String
    var open: Bool
    var testDescription: String { name }
  }

  @Test(
    "Exceptional closings win, then exceptional openings, then the regular local hours",
    arguments: [
      Case(
        name: "Monday 08:00 local opens (begin inclusive)", instant: "2026-03-02T07:00:00Z",
        open: true),
      Case(name: "Monday 07:59 local is closed", instant: "2026-03-02T06:59:00Z", open: false),
      Case(
        name: "Monday 18:00 local is closed (end exclusive)", instant: "2026-03-02T17:00:00Z",
        open: false),
      Case(
        name: "Monday 17:00 UTC is 18:00 in Berlin, not 17:00", instant: "2026-03-02T16:59:00Z",
        open: true),
      Case(
        name: "Summer time: 07:30 UTC is 09:30 local", instant: "2026-07-06T07:30:00Z", open: true),
      Case(
        name: "Summer time: 16:30 UTC is 18:30 local", instant: "2026-07-06T16:30:00Z", open: false),
      Case(
        name: "Wednesday noon is closed by the exceptional closing",
        instant: "2026-03-04T11:00:00Z", open: false),
      Case(
        name: "Saturday 23:00 local is inside the overnight period",
        instant: "2026-03-07T22:00:00Z", open: true),
      Case(
        name: "Sunday 05:00 local is the overnight period's tail", instant: "2026-03-08T04:00:00Z",
        open: true),
      Case(
        name: "Sunday 07:00 local is after the overnight period", instant: "2026-03-08T06:00:00Z",
        open: false),
      Case(
        name: "Sunday 10:30 UTC is inside the exceptional opening", instant: "2026-03-08T10:30:00Z",
        open: true),
      Case(
        name: "Sunday 12:00 UTC is after it (end exclusive)", instant: "2026-03-08T12:00:00Z",
        open: false),
    ])
  func evaluation(_ c: Case) throws {
    let zone = try #require(Self.berlin)
    let date = Date(timeIntervalSince1970: Self.utc(c.instant))
    #expect(Self.hours.isOpen(at: date, in: zone) == c.open)
  }

  @Test("A local moment counts weekdays from Monday = 1 to Sunday = 7 in the station's zone")
  func localMoment() throws {
    let zone = try #require(Self.berlin)
    // Sunday 23:30 UTC is Monday 00:30 in Berlin (winter time).
    let moment = LocalMoment(
      Date(timeIntervalSince1970: Self.utc("2026-03-01T23:30:00Z")), in: zone)
    #expect(moment.weekday == 1)
    #expect(moment.minuteOfDay == 30)
  }

  @Test("Unknown hours count as open; twenty-four-seven is open except when closed exceptionally")
  func stationDefaults() throws {
    let source = DataSource(name: "t", date: "2026-01-01", licence: "CC0", attribution: "")
    var station = Station(
      id: "s", operatorName: "Op", address: Address(),
      coordinate: .init(latitude: 52.5, longitude: 13.4), evses: [], source: source)
    let wednesday = Date(timeIntervalSince1970: Self.utc("2026-03-04T11:00:00Z"))
    #expect(station.isOpen(at: wednesday))
    station.openingHours = OpeningHours(
      twentyFourSeven: true, exceptionalClosings: Self.hours.exceptionalClosings)
    #expect(!station.isOpen(at: wednesday))
    #expect(station.isOpen(at: wednesday.addingTimeInterval(86_400)))
  }
}
