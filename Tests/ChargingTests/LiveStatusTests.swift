import Foundation
import Testing

@testable import Charging

private let berlin = TimeZone(identifier: "Europe/Berlin") ?? .current
private let t0 = Date(timeIntervalSince1970: 1_775_000_000)  // 2026-03-31 23:33:20 UTC

private func seen(_ id: String, _ status: EVSEStatus, minutesAgo: Double) -> StatusObservation {
  StatusObservation(evseID: id, status: status, observedAt: t0.addingTimeInterval(-minutesAgo * 60))
}

@Suite("A site's live availability")
struct SiteAvailabilityTests {
  @Test(arguments: [
    ([EVSEStatus.available, .available, .charging, .charging], "2 of 4 free"),
    ([.charging, .reserved, .blocked], "all busy"),
    ([.outOfOrder, .inoperative], "out of order"),
    ([.available, .charging, .outOfOrder], "1 of 3 free, 1 out of order"),
    ([.charging, .outOfOrder], "0 of 2 free, 1 out of order"),
  ])
  func freshStatusesReadAsTheDriverExpects(_ statuses: [EVSEStatus], _ text: String) {
    let observations = statuses.enumerated().map { seen("E\($0.offset)", $0.element, minutesAgo: 3) }
    let availability = SiteAvailability(observations, now: t0)
    #expect(availability.text(timeZone: berlin) == text)
    #expect(availability.textWithAge(now: t0, timeZone: berlin) == text + " · 3 min ago")
  }

  @Test func aStaleStatusIsUnknownSinceItsTimeAndNeverFree() {
    let old = [seen("E1", .available, minutesAgo: 16), seen("E2", .available, minutesAgo: 20)]
    let availability = SiteAvailability(old, now: t0)
    #expect(!availability.hasFree)
    #expect(availability.text(timeZone: berlin) == "unknown since 01:17")
  }

  @Test(
    "a status older than 12 hours (kept from before a long stop) reads 'unknown since' its date, not a clock time that would read as today's"
  )
  func anOldStatusIsUnknownSinceItsDay() {
    let halfDay = SiteAvailability([seen("E1", .available, minutesAgo: 12 * 60)], now: t0)
    #expect(halfDay.text(timeZone: berlin) == "unknown since 13:33")
    let older = SiteAvailability([seen("E1", .available, minutesAgo: 12 * 60 + 1)], now: t0)
    #expect(older.text(timeZone: berlin) == "unknown since 31 Mar")
    let days = SiteAvailability([seen("E1", .charging, minutesAgo: 3 * 24 * 60)], now: t0)
    #expect(days.text(timeZone: berlin) == "unknown since 29 Mar")
    #expect(!days.hasFree && !days.isKnownUnusable)
  }

  @Test func aStaleChargePointBesideFreshOnesCountsAsNotFree() {
    let mixed = [seen("E1", .available, minutesAgo: 1), seen("E2", .available, minutesAgo: 30)]
    let availability = SiteAvailability(mixed, now: t0)
    #expect(availability.text(timeZone: berlin) == "1 of 2 free")
    #expect(availability.hasFree)
    #expect(!availability.isKnownUnusable)
  }

  @Test func aSiteWithoutLiveStatusHasNoText() {
    #expect(SiteAvailability([], now: t0).text(timeZone: berlin) == nil)
  }
}

@Suite("The in-memory live status board")
struct LiveStatusBoardTests {
  @Test func aChangedStatusNamesItsStationAndAnUnchangedOneDoesNot() {
    var board = LiveStatusBoard()
    #expect(board.apply(seen("E1", .available, minutesAgo: 5), station: "s1") == "s1")
    #expect(board.apply(seen("E1", .available, minutesAgo: 4), station: "s1") == nil)
    #expect(board.apply(seen("E1", .charging, minutesAgo: 3), station: "s1") == "s1")
    #expect(board.apply(seen("E1", .available, minutesAgo: 10), station: "s1") == nil)
    #expect(board.availability(for: ["s1"], now: t0).busy == 1)
  }

  @Test func aChargePointMovedToAnotherStationLeavesTheFirst() {
    var board = LiveStatusBoard()
    board.apply(seen("E1", .available, minutesAgo: 5), station: "s1")
    board.apply(seen("E1", .available, minutesAgo: 4), station: "s2")
    #expect(!board.hasStatus(for: ["s1"]))
    #expect(board.availability(for: ["s2"], now: t0).free == 1)
  }
}
