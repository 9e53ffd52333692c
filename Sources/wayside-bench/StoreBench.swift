import Charging
import Foundation
import Geo

#if canImport(Glibc)
  import Glibc
#endif
import StationStore
import WaysideData

/// The station store benchmark: first-run import and start-up from an existing store, for the
/// bundled German stations, beside re-parsing the bundled files and JSON-per-row decoding.
enum StoreBench {
  /// Runs the benchmark and prints one line per figure.
  static func run() {
    print("== StationStore (2022 register JSONL + 2026 fast-charger CSV, unmerged)")
    var parsed: [Station] = []
    let parse = measure(runs: 3) { parsed = BundledStations.parseAll() }
    print(line("baseline: re-parse bundled files → [Station]", parse, "\(parsed.count) stations"))

    let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
      "wayside-store-bench-\(ProcessInfo.processInfo.processIdentifier)")
    defer { try? FileManager.default.removeItem(at: folder) }
    do {
      var firstRun: [Double] = []
      var writeOnly: [Double] = []
      for _ in 0..<3 {
        try? FileManager.default.removeItem(at: folder)
        let start = DispatchTime.now().uptimeNanoseconds
        let store = try StationStore(directory: folder)
        var writeStart: UInt64 = 0
        _ = try store.loadStations {
          let stations = BundledStations.parseAll()
          writeStart = DispatchTime.now().uptimeNanoseconds
          return stations
        }
        let end = DispatchTime.now().uptimeNanoseconds
        firstRun.append(Double(end - start) / 1e6)
        writeOnly.append(Double(end - writeStart) / 1e6)
      }
      lastCPU = []
      print(line("first run: create store, parse, write (target < 3000 ms)", firstRun.sorted(), ""))
      print(line("  of which writing to SQLite", writeOnly.sorted(), ""))

      var loaded = 0
      let startup = measure(runs: 7) {
        guard let store = try? StationStore(directory: folder),
          let stations = try? store.loadStations(orImport: { [] })
        else { return }
        loaded = stations.stations.count
      }
      print(
        line("start-up: open store → [Station] (target < 150 ms)", startup, "\(loaded) stations"))

      let store = try StationStore(directory: folder)
      let decodeOnly = measure(runs: 7) { _ = try? store.loadStations() }
      print(line("  of which reading + decoding rows", decodeOnly, ""))

      let encoder = JSONEncoder()
      let rows = parsed.compactMap { try? encoder.encode($0) }
      let decoder = JSONDecoder()
      let jsonRows = measure(runs: 3) {
        for row in rows { _ = try? decoder.decode(Station.self, from: row) }
      }
      print(line("baseline: JSON-per-row decoding of the same stations", jsonRows, ""))
      let binary = parsed.map(StationCodec.encode)
      let binaryRows = measure(runs: 7) {
        for row in binary { _ = try? StationCodec.decode(row) }
      }
      print(
        line(
          "StationCodec binary decoding of the same stations", binaryRows,
          String(format: "%.1f× faster than JSON", median(jsonRows) / median(binaryRows))))
      let size =
        (try? FileManager.default.attributesOfItem(atPath: store.stationsURL.path)[.size])
        as? Int ?? 0
      print("  stations.sqlite: \(size / 1024) KiB")
    } catch {
      print("store benchmark failed: \(error)")
    }
  }

  /// Wall-clock milliseconds per run, sorted; the thread's CPU time of each run is kept in
  /// `lastCPU` so a loaded machine (many processes on few cores) can be told from slow code.
  private static func measure(runs: Int, _ body: () -> Void) -> [Double] {
    var times: [Double] = []
    var cpu: [Double] = []
    for _ in 0..<runs {
      let start = DispatchTime.now().uptimeNanoseconds
      let cpuStart = threadCPUMilliseconds()
      body()
      cpu.append(threadCPUMilliseconds() - cpuStart)
      times.append(Double(DispatchTime.now().uptimeNanoseconds - start) / 1e6)
    }
    lastCPU = cpu.sorted()
    return times.sorted()
  }

  nonisolated(unsafe) private static var lastCPU: [Double] = []  // single-threaded benchmark

  private static func threadCPUMilliseconds() -> Double {
    var spec = timespec()
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &spec)
    return Double(spec.tv_sec) * 1e3 + Double(spec.tv_nsec) / 1e6
  }

  private static func median(_ sorted: [Double]) -> Double { sorted[sorted.count / 2] }

  private static func line(_ label: String, _ sorted: [Double], _ note: String) -> String {
    let cpu = lastCPU.isEmpty ? "" : String(format: ", CPU %.1f", median(lastCPU))
    let text = String(
      format: "%-58@ median %8.1f ms (min %.1f%@)", label as NSString, median(sorted), sorted[0],
      cpu as NSString)
    return note.isEmpty ? text : "\(text)  \(note)"
  }
}

/// A minimal reader of the bundled station files for the benchmark only (the full importers with
/// diagnostics and the merge live in StationFeeds).
enum BundledStations {
  private struct Row: Decodable {
    struct Plug: Decodable {
      var type: String
      var current: String
      var max_kw: Double?
      var count: Int
    }
    var id: String
    var operatorName: String
    var lat: Double
    var lon: Double
    var street: String?
    var postcode: String?
    var city: String?
    var charge_points: Int
    var connectors: [Plug]
    var quality_flags: [String]
    enum CodingKeys: String, CodingKey {
      case id, lat, lon, street, postcode, city, charge_points, connectors, quality_flags
      case operatorName = "operator"
    }
  }

  static func parseAll() -> [Station] { register2022() + fastChargers2026() }

  static func register2022() -> [Station] {
    guard let data = try? BundledData.data(.stations2022) else { return [] }
    let source = DataSource(
      name: "BNetzA Ladesäulenregister", date: "2022-01-01", licence: "CC BY 4.0",
      attribution: BundledData.attributions[0])
    let decoder = JSONDecoder()
    return data.split(separator: UInt8(ascii: "\n")).compactMap { line in
      guard let row = try? decoder.decode(Row.self, from: Data(line)) else { return nil }
      var evses: [EVSE] = []
      for (index, plug) in row.connectors.enumerated() {
        let standard: ConnectorStandard =
          switch plug.type {
          case "type2_socket", "type2_cable": .type2
          case "ccs2": .type2Combo
          case "chademo": .chademo
          case "schuko": .domestic("F")
          default: .unknown(plug.type)
          }
        let connector = Connector(
          id: "1", standard: standard, powerType: plug.current == "DC" ? .dc : .ac3Phase,
          maxElectricPower: plug.max_kw.map { Power(kilowatts: $0) })
        for n in 0..<max(1, plug.count) {
          evses.append(EVSE(uid: "\(index)-\(n)", connectors: [connector]))
        }
      }
      return Station(
        id: Station.ID(row.id), operatorName: row.operatorName,
        address: Address(street: row.street, postcode: row.postcode, city: row.city),
        coordinate: Coordinate(latitude: row.lat, longitude: row.lon), evses: evses,
        chargePointCount: row.charge_points, source: source, qualityFlags: row.quality_flags)
    }
  }

  static func fastChargers2026() -> [Station] {
    guard let data = try? BundledData.data(.fastChargers2026) else { return [] }
    let source = DataSource(
      name: "BNetzA Ladesäulenregister via woladen.de", date: "2026-01-28", licence: "CC BY 4.0",
      attribution: BundledData.attributions[1])
    let text = String(decoding: data, as: UTF8.self)
    var stations: [Station] = []
    for line in text.split(separator: "\n").dropFirst() {
      let f = fields(line)
      guard f.count >= 16, let lat = Double(f[3]), let lon = Double(f[4]) else { continue }
      let points = Int(f[9]) ?? 1
      let kw = Double(f[11]) ?? Double(f[10])
      let connector = Connector(
        id: "1", standard: .unknown("unspecified"), powerType: .dc,
        maxElectricPower: kw.map { Power(kilowatts: $0) })
      let evses = (0..<max(1, points)).map { EVSE(uid: "\($0)", connectors: [connector]) }
      stations.append(
        Station(
          id: Station.ID(f[0]), operatorName: f[1],
          address: Address(street: f[5], postcode: f[6], city: f[7], country: f[8]),
          coordinate: Coordinate(latitude: lat, longitude: lon), evses: evses,
          chargePointCount: points, source: source,
          qualityFlags: f[15].split(separator: ";").map(String.init)))
    }
    return stations
  }

  /// Splits one CSV line, honouring double quotes.
  private static func fields(_ line: Substring) -> [String] {
    var result: [String] = []
    var current = ""
    var quoted = false
    var iterator = line.makeIterator()
    while let c = iterator.next() {
      if c == "\"" {
        quoted.toggle()
      } else if c == ",", !quoted {
        result.append(current)
        current = ""
      } else {
        current.append(c)
      }
    }
    result.append(current)
    return result
  }
}
