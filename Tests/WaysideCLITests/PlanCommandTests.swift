import Foundation
import Testing
import WaysideCLI
import WaysideData

@Suite("wayside plan")
struct PlanCommandTests {
  func run(_ words: [String]) async throws -> (status: Int32, out: String) {
    var arguments = Arguments(words, command: "plan")
    let io = CommandIO.capturing()
    let status = try await PlanCommand.run(&arguments, io)
    return (status, io.capturedOut)
  }

  var network: String { BundledData.url(.superchargerNetwork).path }

  @Test(
    "--network --json prints total, drive and charge hours and stops within the checker reference")
  func networkJSON() async throws {
    let (status, out) = try await run([
      "--network", network, "--from", "Dedham_MA", "--to", "South_Hill_VA", "--json",
    ])
    #expect(status == 0)
    let object = try #require(
      try JSONSerialization.jsonObject(with: Data(out.utf8)) as? [String: Any])
    let total = try #require(object["total_hours"] as? Double)
    let drive = try #require(object["drive_hours"] as? Double)
    let charge = try #require(object["charge_hours"] as? Double)
    #expect(total <= 12.3209 + 5e-5)
    #expect(abs(drive + charge - total) < 1e-9)
    let stops = try #require(object["stops"] as? [[String: Any]])
    let stopHours = stops.compactMap { $0["charge_hours"] as? Double }.reduce(0, +)
    #expect(abs(stopHours - charge) < 1e-9)
  }

  @Test("A real trip within range prints a plan without stops")
  func realTripInRange() async throws {
    let (status, out) = try await run(["Kassel", "Göttingen", "--json"])
    #expect(status == 0)
    let object = try #require(
      try JSONSerialization.jsonObject(with: Data(out.utf8)) as? [String: Any])
    #expect((object["stops"] as? [Any])?.isEmpty == true)
    #expect(object["total_minutes"] is Double)
  }

  @Test("A range shorter than the network's gaps is a failure naming the gap")
  func impossibleNetworkTrip() async {
    await #expect {
      _ = try await run([
        "--network", network, "--from", "Council_Bluffs_IA", "--to", "Cadillac_MI", "--range-km",
        "50",
      ])
    } throws: { error in
      guard let error = error as? CommandError else { return false }
      return error.exitCode == 1 && error.message.contains("no feasible plan")
        && error.message.contains("gap of at least")
    }
  }

  @Test(
    "Bad inputs fail with a usage message naming the input",
    arguments: [
      (["Kassel", "Bremen", "--vehicle", "trabant"], "unknown vehicle 'trabant'"),
      (["Kassel", "Bremen", "--soc", "120"], "--soc expects a percentage 0…100, got '120.0'"),
      (["Kassel", "Bremen", "--arrive-soc", "lots"], "--arrive-soc expects a number, got 'lots'"),
      (["Kassel"], "missing TO"),
      (["Kassel", "Bremen", "--depart", "tomorrow"], "--depart expects an ISO 8601 date-time"),
      (["Kassel", "Bremen", "--value-of-time", "0"], "--value-of-time expects a positive number"),
      (["--network", "x.csv", "--to", "B"], "--network needs --from"),
      (
        ["--network", "x.csv", "--from", "A", "--to", "B", "--range-km", "-1"],
        "--range-km expects a positive number"
      ),
      (
        ["--network", "/nonexistent/x.csv", "--from", "A", "--to", "B"],
        "cannot read network file '/nonexistent/x.csv'"
      ),
    ])
  func badInputs(words: [String], expected: String) async {
    await #expect {
      _ = try await run(words)
    } throws: { error in
      (error as? CommandError)?.message.contains(expected) ?? false
    }
  }

  @Test("An unknown station name is a failure listing similar names")
  func unknownStation() async {
    await #expect {
      _ = try await run(["--network", network, "--from", "Dedham", "--to", "South_Hill_VA"])
    } throws: { error in
      (error as? CommandError)?.message.contains("similar: Dedham_MA") ?? false
    }
  }

  @Test("A real trip with stops prices each stop and the total, in JSON and in text")
  func realTripPrices() async throws {
    let words = [
      "Kassel", "München", "--soc", "50", "--depart", "2026-03-20T08:00:00+01:00", "--json",
    ]
    let (status, out) = try await run(words)
    #expect(status == 0)
    let object = try #require(
      try JSONSerialization.jsonObject(with: Data(out.utf8)) as? [String: Any])
    let stops = try #require(object["stops"] as? [[String: Any]])
    #expect(!stops.isEmpty)
    var sum = Decimal(0)
    var priced = 0
    for stop in stops {
      if let price = stop["price"] as? [String: Any] {
        let incl = try #require(price["incl_vat"] as? Double)
        let excl = try #require(price["excl_vat"] as? Double)
        #expect(incl > 0 && excl > 0 && excl <= incl)
        #expect(price["currency"] as? String == "EUR")
        #expect(["ad_hoc", "roaming"].contains(price["access"] as? String ?? ""))
        #expect((price["tariff"] as? String)?.isEmpty == false)
        sum += Decimal(string: String(format: "%.2f", incl)) ?? 0
        priced += 1
      } else {
        #expect((stop["price_note"] as? String)?.hasPrefix("no price known") == true)
      }
    }
    if priced > 0 {
      let total = try #require(object["total_price"] as? [String: Any])
      let incl = try #require(total["incl_vat"] as? Double)
      #expect(Decimal(string: String(format: "%.2f", incl)) == sum)
      #expect(total["priced_stops"] as? Int == priced)
      #expect(total["unpriced_stops"] as? Int == stops.count - priced)
    }
    let (_, text) = try await run(Array(words.dropLast()))
    #expect(text.contains("Charging price: "))
    let stopLines = text.split(separator: "\n").filter { $0.first?.isNumber == true }
    #expect(stopLines.count == stops.count)
    #expect(stopLines.allSatisfy { $0.contains(" EUR (") || $0.contains("no price known") })
  }
}
