import Foundation
import Testing
import WaysideCLI

/// Writes `text` to a fresh temporary file and returns its path (shared by the hostile-input
/// suites).
func hostileFile(_ text: String, name: String) throws -> String {
  let directory = FileManager.default.temporaryDirectory
    .appendingPathComponent("wayside-hostile-\(UUID().uuidString)")
  try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
  let url = directory.appendingPathComponent(name)
  try Data(text.utf8).write(to: url)
  return url.path
}

private func wayside(_ words: [String]) async -> (status: Int32, out: String, err: String) {
  let io = CommandIO.capturing()
  let status = await WaysideMain.run(words, io: io)
  return (status, io.capturedOut, io.capturedErr)
}

private func tariff(components: String, elements: Int = 1) -> String {
  let element = #"{"price_components":[\#(components)]}"#
  return #"{"country_code":"DE","party_id":"X","id":"hostile","currency":"EUR","elements":["#
    + Array(repeating: element, count: elements).joined(separator: ",")
    + #"],"last_updated":"2026-01-01T00:00:00Z"}"#
}

private let session = [
  "--start", "2026-01-19T10:00:00+01:00", "--kwh", "20", "--charge-minutes", "30",
]

@Suite("The command line on hostile input")
struct HostileInputCommandTests {
  @Test("a step_size that would overflow pricing is refused with the field named, not a trap")
  func hugeStepSize() async throws {
    for step in ["9223372036854776", "9223372036854775807", "100000001"] {
      let path = try hostileFile(
        tariff(components: #"{"type":"ENERGY","price":0.5,"step_size":\#(step)}"#),
        name: "step.json")
      let result = await wayside(["price", "--tariff", path] + session)
      #expect(result.status == 1, "step \(step): \(result.out)")
      #expect(result.err.contains("step_size"), "\(result.err)")
      #expect(result.err.contains("expected at most 100000000"), "\(result.err)")
    }
  }

  @Test("the largest allowed step_size still prices")
  func largestStepSize() async throws {
    let path = try hostileFile(
      tariff(components: #"{"type":"TIME","price":1,"step_size":100000000}"#), name: "ok.json")
    let result = await wayside(["price", "--tariff", path, "--json"] + session)
    #expect(result.status == 0, "\(result.err)")
  }

  @Test("a 100,000-element tariff is refused quickly with the limit named")
  func hugeTariff() async throws {
    let text = tariff(
      components: #"{"type":"ENERGY","price":0.5,"step_size":1}"#, elements: 100_000)
    let path = try hostileFile(text, name: "huge.json")
    let result = await wayside(["price", "--tariff", path] + session)
    #expect(result.status == 1)
    #expect(result.err.contains("more than the 2097152 bytes"), "\(result.err)")
    // Below the file-size cap the element cap answers.
    let compact = tariff(
      components: #"{"type":"ENERGY","price":0.5,"step_size":1}"#, elements: 5_000)
    let compactPath = try hostileFile(compact, name: "many.json")
    let many = await wayside(["price", "--tariff", compactPath] + session)
    #expect(many.status == 1)
    #expect(many.err.contains("5000 elements, expected at most 1000"), "\(many.err)")
  }

  @Test("a VAT rate above 100 % is refused, naming the field")
  func vatAboveHundred() async throws {
    let path = try hostileFile(
      tariff(components: #"{"type":"ENERGY","price":0.5,"vat":200,"step_size":1}"#),
      name: "vat.json")
    let result = await wayside(["price", "--tariff", path] + session)
    #expect(result.status == 1)
    #expect(result.err.contains("vat: 200 is out of range, expected a percentage 0 … 100"))
  }

  @Test("out-of-range coordinates are reported as out of range, not as an unknown town")
  func outOfRangeCoordinates() async throws {
    let result = await wayside(["route", "95,10", "51.3,9.4"])
    #expect(result.status == 1)
    #expect(result.err.contains("coordinates '95,10' are out of range"), "\(result.err)")
    #expect(result.err.contains("latitude 95.0 is outside -90 … 90"), "\(result.err)")
    #expect(!result.err.contains("no town named"))
  }

  @Test("render --from talks only to loopback unless --allow-remote is given")
  func renderFromLoopbackOnly() async throws {
    for url in ["http://example.invalid:8080", "http://10.0.0.1:8080", "http://127.0.0.1.nip.io/"] {
      let result = await wayside(["render", "--from", url])
      #expect(result.status == 2, "\(url): \(result.err)")
      #expect(result.err.contains("expects a simulator on this machine"), "\(result.err)")
      #expect(result.err.contains("--allow-remote"))
    }
    // Loopback names pass the check (nothing listens on port 9, so the fetch itself fails).
    let local = await wayside(["render", "--from", "http://127.0.0.1:9"])
    #expect(local.status == 1, "\(local.err)")
    #expect(local.err.contains("cannot reach a simulator"), "\(local.err)")
  }

  @Test("control characters in station names and operators are escaped when printed")
  func controlCharactersEscaped() async throws {
    let header =
      "id,operator,status,lat,lon,street,postcode,city,country,charge_points,max_device_power_kw,max_connector_power_kw,source_address,source,source_date,quality_flags"
    let row =
      "evil-1,\u{1B}[2J\u{1B}[31mEvil\u{7} Op,In Betrieb,48.78,11.41,Main\u{1B}]0;pwned\u{7} 1,85057,Ingolstadt,DE,2,150,150,x,src,2026-01-28,"
    let path = try hostileFile(header + "\n" + row + "\n", name: "evil.csv")
    let result = await wayside(["stations", "near", "48.78", "11.41", "--stations", path])
    #expect(result.status == 0, "\(result.err)")
    #expect(!result.out.unicodeScalars.contains { $0.value == 0x1B || $0.value == 0x07 })
    #expect(result.out.contains("\\u{1B}[31mEvil\\u{7}"), "\(result.out)")
    #expect(result.out.contains("pwned\\u{7}"), "\(result.out)")
  }
}
