import CarSession
import CarTemplates
import Foundation
import Testing

@testable import CarSimulator

/// Small inputs that once asked for unbounded work: every count's product is capped.
@Suite("Bounded work from small journey lines and long sessions")
struct BoundedWorkTests {
  @Test(
    "a host line whose counts multiply past the element cap is refused naming the cap",
    arguments: [
      "host set-root list big sections=1000 items=1000",
      "host set-root map m trips=1000 routes=1000",
      "host set-root tab-bar t tabs=1000 tab-kind=list tab-1.items=1000",
      "host push list l sections=100 items=100",
    ])
  func productCap(_ line: String) {
    do {
      _ = try Journey.parse(line, name: "big.journey")
      Issue.record("'\(line)' was accepted")
    } catch {
      #expect(error.line == 1)
      #expect(error.message.contains("elements"), "\(error)")
      #expect(
        error.message.contains("at most \(JourneyTemplate.maximumElements)"), "\(error)")
    }
  }

  @Test("a line at the cap is accepted, and builds the elements it counts")
  func atTheCap() throws {
    let journey = try Journey.parse("host set-root list big sections=1 items=998", name: "j")
    guard case .host(.setRoot(let template), _) = journey.lines.first?.step,
      case .list(let list) = template.content
    else {
      Issue.record("expected a list set as root")
      return
    }
    #expect(list.sections.reduce(0) { $0 + $1.rows.count } == 998)
  }

  @Test("the host lines of one journey are capped together")
  func journeyCap() {
    let line = "host push list l sections=1 items=999\n"
    let lines = JourneyTemplate.maximumJourneyElements / 1000 + 1
    do {
      _ = try Journey.parse(String(repeating: line, count: lines), name: "many.journey")
      Issue.record("\(lines) lines of 1,000 rows were accepted")
    } catch {
      #expect(error.message.contains("at most \(JourneyTemplate.maximumJourneyElements)"))
      #expect(error.line == lines)
    }
  }

  @MainActor
  @Test("the list of opened URLs keeps the latest ones, so Navigate taps do not slow down")
  func openedURLsBounded() throws {
    let host = CarSimulator(entitlements: .single(.evCharging), clock: .manual(ManualClock()))
    host.connect(SessionConfiguration())
    for index in 0..<3_000 {
      host.open(try #require(URL(string: "maps://?daddr=\(index)")))
    }
    #expect(host.openedURLs.count == CarSimulator.openedURLLimit)
    #expect(host.openedURLs.last?.absoluteString == "maps://?daddr=2999")
    #expect(host.openedURLs.first?.absoluteString == "maps://?daddr=2900")
  }
}
