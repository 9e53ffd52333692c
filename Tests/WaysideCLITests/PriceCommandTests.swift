import Foundation
import Testing
import WaysideCLI

/// Writes `text` to a fresh temporary file and returns its path.
private func temporaryFile(_ text: String, name: String = "tariff.json") throws -> String {
  let directory = FileManager.default.temporaryDirectory
    .appendingPathComponent("wayside-price-\(UUID().uuidString)")
  try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
  let url = directory.appendingPathComponent(name)
  try Data(text.utf8).write(to: url)
  return url.path
}

/// OCPI's tariff_13 example: TIME 3.00/h (10 %, step 60 s), PARKING_TIME 5.00/h (20 %, step 300 s).
private let tariff13 = """
  {"country_code":"DE","party_id":"ALL","id":"13","currency":"EUR","elements":[{"price_components":[
  {"type":"TIME","price":3.00,"vat":10.0,"step_size":60},
  {"type":"PARKING_TIME","price":5.00,"vat":20.0,"step_size":300}]}],"last_updated":"2015-06-29T20:39:09Z"}
  """

private func run(_ words: [String]) async -> (Int32, String, String) {
  let io = CommandIO.capturing()
  let status = await WaysideMain.run(["price"] + words, io: io)
  return (status, io.capturedOut, io.capturedErr)
}

struct PriceErrorCase: Sendable, CustomTestStringConvertible {
  let name: String
  let words: [String]
  let status: Int32
  let message: String
  var testDescription: String { name }
}

@Suite("wayside price")
struct PriceCommandTests {
  @Test("prints the OCPI example's cost excl. and incl. VAT as JSON")
  func json() async throws {
    let path = try temporaryFile(tariff13)
    let (status, out, err) = await run([
      "--tariff", path, "--start", "2026-01-19T10:00:00+01:00", "--kwh", "25", "--charge-minutes",
      "150", "--park-minutes", "42", "--json",
    ])
    #expect(status == 0, "\(err)")
    let object = try #require(
      try JSONSerialization.jsonObject(with: Data(out.utf8)) as? [String: Any])
    #expect((object["excl_vat"] as? NSNumber)?.doubleValue == 11.25)
    #expect((object["incl_vat"] as? NSNumber)?.doubleValue == 12.75)
    #expect(object["currency"] as? String == "EUR")
    #expect((object["breakdown"] as? [[String: Any]])?.count == 2)
  }

  @Test("prints totals as text by default")
  func text() async throws {
    let path = try temporaryFile(tariff13)
    let (status, out, _) = await run([
      "--tariff", path, "--start", "2026-01-19T10:00:00+01:00", "--kwh", "25", "--charge-minutes",
      "150",
    ])
    #expect(status == 0)
    #expect(out.contains("Total excl. VAT: 7.50 EUR"))
    #expect(out.contains("Total incl. VAT: 8.25 EUR"))
  }

  @Test("a file with several tariffs needs --tariff-id, then prices the chosen one")
  func tariffList() async throws {
    let other = tariff13.replacingOccurrences(of: "\"id\":\"13\"", with: "\"id\":\"14\"")
    let path = try temporaryFile("{\"tariffs\":[\(tariff13),\(other)]}")
    let base = [
      "--tariff", path, "--start", "2026-01-19T10:00:00+01:00", "--kwh", "10", "--charge-minutes",
      "60",
    ]
    let (status, _, err) = await run(base)
    #expect(status == 2)
    #expect(err.contains("holds 2 tariffs (13, 14); choose one with --tariff-id"))
    let (ok, out, _) = await run(base + ["--tariff-id", "14", "--json"])
    #expect(ok == 0 && out.contains("\"tariff_id\" : \"14\""))
  }

  @Test(
    "bad input gives a clear error and a non-zero status",
    arguments: [
      PriceErrorCase(
        name: "missing --tariff",
        words: ["--start", "2026-01-19T10:00:00Z", "--kwh", "1", "--charge-minutes", "1"],
        status: 2, message: "wayside price: missing --tariff FILE.json"),
      PriceErrorCase(
        name: "unreadable number",
        words: [
          "--tariff", "x.json", "--start", "2026-01-19T10:00:00Z", "--kwh", "ten",
          "--charge-minutes", "1",
        ], status: 2,
        message: "wayside price: option --kwh expects a number ≥ 0 such as 12.5, got 'ten'"),
      PriceErrorCase(
        name: "bad start",
        words: [
          "--tariff", "x.json", "--start", "tomorrow", "--kwh", "1", "--charge-minutes", "1",
        ],
        status: 2,
        message:
          "wayside price: option --start expects an ISO 8601 date-time such as 2026-01-19T09:30:00+01:00, got 'tomorrow'"
      ),
      PriceErrorCase(
        name: "missing file",
        words: [
          "--tariff", "/nonexistent/t.json", "--start", "2026-01-19T10:00:00Z", "--kwh", "1",
          "--charge-minutes", "1",
        ], status: 1,
        message:
          #"wayside price: tariff file '/nonexistent/t.json' does not exist; expected an OCPI tariff JSON file (one tariff, {"tariffs": [...]} or {"data": ...})"#
      ),
      PriceErrorCase(
        name: "a directory instead of a file",
        words: [
          "--tariff", "/tmp", "--start", "2026-01-19T10:00:00Z", "--kwh", "1", "--charge-minutes",
          "1",
        ], status: 1,
        message:
          #"wayside price: tariff file '/tmp' is a directory; expected an OCPI tariff JSON file (one tariff, {"tariffs": [...]} or {"data": ...})"#
      ),
      PriceErrorCase(
        name: "a file that is not JSON",
        words: [
          "--tariff", "bad.json", "--start", "2026-01-19T10:00:00Z", "--kwh", "1",
          "--charge-minutes", "1",
        ], status: 1,
        message:
          #"wayside price: tariff file 'bad.json' is not valid JSON: Invalid value at line 2, column 10 (byte 11); expected an OCPI tariff JSON file"#
      ),
      PriceErrorCase(
        name: "unknown option",
        words: [
          "--tariff", "x.json", "--start", "2026-01-19T10:00:00Z", "--kwh", "1",
          "--charge-minutes", "1", "--fast",
        ], status: 2, message: "wayside price: unknown option '--fast'"),
      PriceErrorCase(
        name: "energy without time",
        words: [
          "--tariff", "x.json", "--start", "2026-01-19T10:00:00Z", "--kwh", "5",
          "--charge-minutes", "0",
        ], status: 2,
        message: "wayside price: 5 kWh cannot be charged in 0 minutes, expected a charging time > 0"
      ),
    ])
  func badInput(_ c: PriceErrorCase) async throws {
    // Cases that get past argument parsing need a real file.
    let path = try temporaryFile(tariff13)
    let bad = try temporaryFile("{\n  \"id\": nope}")
    let words = c.words.map { $0 == "x.json" ? path : $0 == "bad.json" ? bad : $0 }
    let (status, _, err) = await run(words)
    #expect(status == c.status)
    #expect(
      err.hasPrefix(c.message.replacingOccurrences(of: "'bad.json'", with: "'\(bad)'")), "\(err)")
  }

  @Test("an impossible tariff is refused naming the tariff and the field")
  func impossibleTariff() async throws {
    let path = try temporaryFile(
      tariff13.replacingOccurrences(of: "\"step_size\":60", with: "\"step_size\":0"))
    let (status, _, err) = await run([
      "--tariff", path, "--start", "2026-01-19T10:00:00Z", "--kwh", "1", "--charge-minutes", "10",
    ])
    #expect(status == 1)
    #expect(
      err.contains(
        "tariff '13': elements[0].price_components[0].step_size: 0 for TIME, expected ≥ 1"))
  }
}
