import JSONScanning
import Charging
import Foundation
import Geo

/// Imports the BNetzA register as JSON Lines (`de_stations_bnetza_2022-01-01.jsonl` and its
/// Kassel subset): one charging site per line.
///
/// Modelling (see Guides/StationData.md):
/// - Each connector group `{type, current, max_kw, count}` becomes `count` EVSEs with one
///   connector each, mapped by ``RegisterConnectorMapping``; `max_kw` becomes the connector's
///   `maxElectricPower`. The register counts a charge point with two plugs once per plug, so the
///   EVSE count can exceed the site's charge points: ``Charging/Station/chargePointCount`` keeps
///   the register's `charge_points`, the number of vehicles that can charge at once.
/// - `address_extra` is appended to the street in parentheses; `district` and `state` are not
///   part of the model and are not kept.
/// - `quality_flags` are kept on the station.
public enum RegisterJSONLinesImporter {
  /// Imports JSON Lines bytes; `fileName` names the file in diagnostics.
  public static func importStations(from data: Data, fileName: String) -> ImportResult {
    var log = DiagnosticLog(file: fileName)
    var stations: [Station] = []
    var recordsRead = 0
    var skipped = 0
    var ids = UniqueIDs()
    let bytes = [UInt8](data)
    bytes.withUnsafeBufferPointer { buffer in
      var lineStart = 0
      var lineNumber = 0
      while lineStart < buffer.count {
        lineNumber += 1
        var lineEnd = lineStart
        // Lines end with LF, CRLF or a lone CR.
        while lineEnd < buffer.count, buffer[lineEnd] != 0x0A, buffer[lineEnd] != 0x0D {
          lineEnd += 1
        }
        let crlf =
          lineEnd + 1 < buffer.count && buffer[lineEnd] == 0x0D && buffer[lineEnd + 1] == 0x0A
        defer { lineStart = lineEnd + (crlf ? 2 : 1) }
        var contentStart = lineStart
        if lineNumber == 1, lineEnd - lineStart >= 3, buffer[0] == 0xEF, buffer[1] == 0xBB,
          buffer[2] == 0xBF
        {
          contentStart += 3
        }
        let isBlank = buffer[contentStart..<lineEnd].allSatisfy {
          $0 == 0x20 || $0 == 0x09 || $0 == 0x0D
        }
        if isBlank { continue }
        recordsRead += 1
        let value: JSONValue
        do throws(JSONSyntaxError) {
          value = try JSONScanner.parse(buffer, range: contentStart..<lineEnd)
        } catch {
          log.emit(
            .error, line: lineNumber,
            "is not valid JSON (\(error.reason) at column \((error.byteOffset ?? contentStart) - contentStart + 1)); "
              + "row skipped",
            expected: "one JSON object per line")
          skipped += 1
          continue
        }
        guard let object = value.objectValue else {
          log.emit(
            .error, line: lineNumber, "is not a JSON object; row skipped",
            expected: "one JSON object per line", value: value.kindDescription)
          skipped += 1
          continue
        }
        let reader = RecordReader(object, line: lineNumber)
        if var station = station(from: reader, &log) {
          station.id = ids.unique(station.id, line: lineNumber, &log)
          stations.append(station)
        } else {
          skipped += 1
        }
      }
    }
    return ImportResult(
      format: .registerJSONLines, stations: stations, diagnostics: log.diagnostics,
      recordsRead: recordsRead, recordsSkipped: skipped)
  }

  /// One site, or nil after an error diagnostic.
  static func station(from row: RecordReader, _ log: inout DiagnosticLog) -> Station? {
    guard
      let id = row.string(
        "id", &log, missing: .error, expected: "the site id, e.g. bnetza2022-5003165a4dd8")
    else { return nil }
    let lat = row.number(
      "lat", &log, missing: .error, invalid: .error, expected: "a latitude in degrees")
    let lon = row.number(
      "lon", &log, missing: .error, invalid: .error, expected: "a longitude in degrees")
    guard
      let coordinate = CoordinateCheck.coordinate(
        latitude: lat, longitude: lon, line: row.line, field: ("lat", "lon"), &log)
    else { return nil }
    let operatorName =
      row.string("operator", &log, missing: .warning, expected: "the operator's name") ?? ""
    var street = row.string("street", &log)
    if let extra = row.string("address_extra", &log) {
      street = street.map { "\($0) (\(extra))" } ?? extra
    }
    let address = Address(
      street: street, postcode: row.string("postcode", &log), city: row.string("city", &log),
      country: row.string("country", &log) ?? "DE")

    var evses: [EVSE] = []
    switch row.object["connectors"] {
    case .array(let groups):
      for (index, group) in groups.enumerated() {
        let field = "connectors[\(index)]"
        guard let groupObject = group.objectValue else {
          log.emit(
            .warning, line: row.line, field: field, "is not an object; connector group left out",
            expected: "{type, current, max_kw, count}", value: group.kindDescription)
          continue
        }
        let reader = row.child(groupObject, path: field + ".")
        appendEVSEs(from: reader, to: &evses, &log)
      }
    case nil, .null:
      log.emit(
        .warning, line: row.line, field: "connectors", "is missing; station kept without EVSEs",
        expected: "a list of connector groups")
    case let other?:
      log.emit(
        .warning, line: row.line, field: "connectors",
        "has the wrong type; station kept without EVSEs",
        expected: "a list of connector groups", value: other.kindDescription)
    }
    let chargePoints =
      row.count(
        "charge_points", &log, minimum: 0, missing: .warning,
        expected: "the number of charge points (a whole number ≥ 0)") ?? evses.count
    return Station(
      id: Station.ID(id), name: row.string("name", &log), operatorName: operatorName,
      address: address, coordinate: coordinate, evses: evses, chargePointCount: chargePoints,
      source: StationSources.dated(StationSources.register2022, row.string("source_date", &log)),
      qualityFlags: row.strings("quality_flags", &log))
  }

  /// Appends `count` EVSEs for one connector group, sharing one connector array between them.
  private static func appendEVSEs(
    from group: RecordReader, to evses: inout [EVSE], _ log: inout DiagnosticLog
  ) {
    guard
      let code = group.string(
        "type", &log, missing: .warning, expected: "a plug code such as type2_socket")
    else { return }
    let current = group.string("current", &log)
    if !RegisterConnectorMapping.isKnown(code) {
      log.emit(
        .warning, line: group.line, field: group.path + "type",
        "is not a known plug code; kept as an unknown standard",
        expected:
          "one of type2_socket, type2_cable, ccs2, chademo, schuko, cee_3pin, cee_5pin, type1, tesla",
        value: code)
    }
    var kilowatts = group.number(
      "max_kw", &log, missing: .warning, expected: "the plug's power in kW")
    if let kw = kilowatts, !PowerRange.isPlausiblePlugPower(kw) {
      log.emit(
        .warning, line: group.line, field: group.path + "max_kw",
        "is outside the plausible range; connector kept without power",
        expected: PowerRange.plugPowerExpectation, value: JSONValue.number(kw).diagnosticText)
      kilowatts = nil
    }
    let count =
      group.count(
        "count", &log, minimum: 1, missing: .warning,
        expected: "how many charge points offer the plug (a whole number ≥ 1)") ?? 1
    let connectors = [
      RegisterConnectorMapping.connector(code: code, kilowatts: kilowatts, current: current)
    ]
    for _ in 0..<count {
      evses.append(EVSE(uid: String(evses.count + 1), connectors: connectors))
    }
  }
}

/// Plausibility limits for powers read from files.
enum PowerRange {
  /// The largest per-plug power accepted, in kW: CCS plugs reach 400–600 kW; the Megawatt
  /// Charging System (up to 3.75 MW) is absent from the register editions bundled here.
  static let maximumPlugKilowatts = 1_000.0

  static let plugPowerExpectation = "a power above 0 and at most 1000 kW"

  static func isPlausiblePlugPower(_ kilowatts: Double) -> Bool {
    kilowatts > 0 && kilowatts <= maximumPlugKilowatts
  }
}

/// Makes station ids unique within one file: a repeated id gets `~2`, `~3`, … and a note.
struct UniqueIDs {
  private var seen: [Station.ID: Int] = [:]

  mutating func unique(_ id: Station.ID, line: Int?, _ log: inout DiagnosticLog) -> Station.ID {
    guard let previous = seen[id] else {
      seen[id] = 1
      return id
    }
    var n = previous + 1
    var candidate = Station.ID("\(id.rawValue)~\(n)")
    while seen[candidate] != nil {
      n += 1
      candidate = Station.ID("\(id.rawValue)~\(n)")
    }
    seen[id] = n
    seen[candidate] = 1
    log.emit(
      .note, line: line, field: "id", "repeats an earlier id; renamed to \(candidate.rawValue)",
      expected: "ids unique within the file", value: id.rawValue)
    return candidate
  }
}
