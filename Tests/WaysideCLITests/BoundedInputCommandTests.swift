import Foundation
import Testing
import WaysideCLI

private func wayside(_ words: [String]) async -> (status: Int32, out: String, err: String) {
  let io = CommandIO.capturing()
  let status = await WaysideMain.run(words, io: io)
  return (status, io.capturedOut, io.capturedErr)
}

/// A network CSV of `count` stations on a grid `spacing` degrees apart.
private func network(count: Int, spacing: Double) -> String {
  var lines = ["name,lat,lon,rate_km_per_hour"]
  let side = Int(Double(count).squareRoot().rounded(.up))
  for index in 0..<count {
    let lat = 30 + Double(index / side) * spacing
    let lon = -100 + Double(index % side) * spacing
    lines.append("S\(index),\(lat),\(lon),\(200 + index % 300)")
  }
  return lines.joined(separator: "\n") + "\n"
}

/// Small inputs to the command line that asked for unbounded work or printed raw escapes.
@Suite("The command line bounds its work and escapes what it echoes")
struct BoundedInputCommandTests {
  @Test("escape sequences in a journey file are shown escaped in the error message")
  func journeyEscapes() async throws {
    let path = try hostileFile(
      "connect\ntap row \u{1B}[2J\u{1B}]0;pwned\u{7}\n", name: "evil\u{1B}[31m.journey")
    let result = await wayside(["journey", path])
    #expect(result.status != 0)
    let all = result.err + result.out
    #expect(!all.contains("\u{1B}"), "a raw escape reached the terminal: \(all.debugDescription)")
    #expect(!all.contains("\u{7}"))
    #expect(all.contains("\\u{1B}"), "\(all.debugDescription)")
  }

  @Test("one journey host line asking for millions of rows is refused at once")
  func journeyProduct() async throws {
    let path = try hostileFile(
      "host set-root list big sections=1000 items=1000 leading=1000 trailing=1000\n",
      name: "big.journey")
    let result = await wayside(["journey", path])
    #expect(result.status == 1)
    #expect(result.err.contains("at most 1000"), "\(result.err)")
  }

  @Test("a zone offset beyond ±18:00 is refused", arguments: ["+99:00", "-19:00", "+01:60"])
  func startOffset(_ offset: String) async throws {
    let tariff = try hostileFile(
      #"{"country_code":"DE","party_id":"X","id":"t","currency":"EUR","elements":[{"price_components":[{"type":"ENERGY","price":0.5,"step_size":1}]}],"last_updated":"2026-01-01T00:00:00Z"}"#,
      name: "tariff.json")
    let result = await wayside([
      "price", "--tariff", tariff, "--start", "2026-01-19T10:00:00\(offset)", "--kwh", "20",
      "--charge-minutes", "30",
    ])
    #expect(result.status == 2, "\(result.err)")
    #expect(result.err.contains("at most ±18:00"), "\(result.err)")
  }

  @Test("a network of 3,000 chargers is refused at once, naming the limit")
  func networkSize() async throws {
    let path = try hostileFile(network(count: 3_000, spacing: 0.05), name: "net.csv")
    let result = await wayside(["plan", "--network", path, "--from", "S0", "--to", "S2999"])
    #expect(result.status == 1)
    #expect(result.err.contains("expected at most 1500"), "\(result.err)")
  }

  @Test("a dense network whose legs would take the exact search too long is refused")
  func networkDensity() async throws {
    // 1,200 stations within 60 km of each other: every one is in range of every other.
    let path = try hostileFile(network(count: 1_200, spacing: 0.01), name: "dense.csv")
    let result = await wayside(["plan", "--network", path, "--from", "S0", "--to", "S1199"])
    #expect(result.status == 1)
    #expect(result.err.contains("too many legs"), "\(result.err)")
  }

  @Test("a sparse network of 1,500 chargers is planned")
  func sparseNetwork() async throws {
    // 0.7° apart (about 60–80 km), 320 km of range: a few dozen neighbours each.
    let path = try hostileFile(network(count: 1_500, spacing: 0.7), name: "sparse.csv")
    let result = await wayside(["plan", "--network", path, "--from", "S0", "--to", "S1499"])
    #expect(result.status == 0, "\(result.err)")
    #expect(result.out.hasPrefix("S0, "), "\(result.out)")
  }
}
