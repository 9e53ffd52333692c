import JSONScanning
import Charging
import Foundation
import Geo

/// Imports the 2026 fast-charger CSV layout (`de_fast_chargers_bnetza_2026-01-28.csv` and its
/// Kassel subset): one site per row, RFC 4180 quoting, `quality_flags` separated by `;`.
///
/// The file has no plug types, so EVSEs are modelled honestly from what it does say
/// (see Guides/StationData.md):
/// - `charge_points` EVSEs, each with one connector whose standard is
///   ``Charging/ConnectorStandard/unknown(_:)`` `"DC"` or `"AC"` and whose `maxElectricPower` is
///   `max_connector_power_kw` (the site's largest plug, an upper bound for the other EVSEs).
/// - Power type: DC when the plug power is above 43.5 kW (the most a Type 2 AC plug delivers,
///   3 × 230 V × 63 A) or unknown (every device in the file has ≥ 50 kW nominal power);
///   three-phase AC when it is exactly a standard AC figure (11, 22 or 43 kW); DC otherwise.
///   Every guessed power type adds the quality flag `power_type_inferred`.
/// - `max_device_power_kw` (a cabinet shared by several points, e.g. 1200) is checked but not
///   modelled: it says nothing about a single plug.
/// - `status` "In Betrieb" (in operation) means commissioned, not live availability, so EVSEs
///   get ``Charging/EVSEStatus/unknown``; any other status gives `inoperative` and a note.
public enum FastChargerCSVImporter {
  /// The columns a file must have; others (`source_address`, `distance_to_kassel_km`, …) are
  /// optional.
  public static let requiredColumns = [
    "id", "operator", "lat", "lon", "charge_points", "max_connector_power_kw",
  ]

  /// The quality flag added when the power type was inferred from the power alone.
  public static let inferredPowerTypeFlag = "power_type_inferred"

  /// Imports CSV bytes; `fileName` names the file in diagnostics.
  public static func importStations(from data: Data, fileName: String) -> ImportResult {
    var log = DiagnosticLog(file: fileName)
    var stations: [Station] = []
    var recordsRead = 0
    var skipped = 0
    var ids = UniqueIDs()
    let bytes = [UInt8](data)
    bytes.withUnsafeBufferPointer { buffer in
      var reader = CSVReader(bytes: buffer)
      guard let header = reader.next() else {
        log.emit(.error, line: 1, "the file is empty", expected: "a header row and data rows")
        return
      }
      var columns: [String: Int] = [:]
      for (index, name) in header.fields.enumerated() where columns[name] == nil {
        columns[name.trimmingWhitespace()] = index
      }
      let missing = requiredColumns.filter { columns[$0] == nil }
      if !missing.isEmpty {
        while reader.next() != nil { recordsRead += 1 }
        skipped = recordsRead
        log.emit(
          .error, line: header.line, field: missing.joined(separator: ", "),
          "required column missing from the header; all \(recordsRead) rows skipped",
          expected: "columns " + requiredColumns.joined(separator: ","),
          value: header.fields.joined(separator: ","))
        return
      }
      let layout = Layout(columns: columns, width: header.fields.count)
      while let record = reader.next() {
        recordsRead += 1
        if let problem = record.syntaxProblem {
          log.emit(
            .error, line: record.line, "breaks RFC 4180 quoting (\(problem)); row skipped",
            expected: "fields quoted with \" and inner quotes doubled")
          skipped += 1
          continue
        }
        guard record.fields.count == layout.width else {
          log.emit(
            .error, line: record.line,
            "has \(record.fields.count) columns; row skipped",
            expected: "\(layout.width) columns as in the header")
          skipped += 1
          continue
        }
        if var station = station(from: record, layout: layout, &log) {
          station.id = ids.unique(station.id, line: record.line, &log)
          stations.append(station)
        } else {
          skipped += 1
        }
      }
    }
    return ImportResult(
      format: .fastChargerCSV, stations: stations, diagnostics: log.diagnostics,
      recordsRead: recordsRead, recordsSkipped: skipped)
  }

  /// Column positions, looked up once from the header.
  struct Layout {
    var columns: [String: Int]
    var width: Int
    let id, operatorName, status, lat, lon, street, postcode, city, country, chargePoints: Int?
    let devicePower, plugPower, sourceDate, qualityFlags: Int?

    init(columns: [String: Int], width: Int) {
      self.columns = columns
      self.width = width
      (id, operatorName, status, lat, lon) = (
        columns["id"], columns["operator"], columns["status"], columns["lat"], columns["lon"]
      )
      (street, postcode, city, country) = (
        columns["street"], columns["postcode"], columns["city"], columns["country"]
      )
      (chargePoints, devicePower, plugPower) = (
        columns["charge_points"], columns["max_device_power_kw"], columns["max_connector_power_kw"]
      )
      (sourceDate, qualityFlags) = (columns["source_date"], columns["quality_flags"])
    }
  }

  private static func station(from record: CSVRecord, layout: Layout, _ log: inout DiagnosticLog)
    -> Station?
  {
    func text(_ name: String) -> String? {
      let column: Int? =
        switch name {
        case "id": layout.id
        case "operator": layout.operatorName
        case "status": layout.status
        case "lat": layout.lat
        case "lon": layout.lon
        case "street": layout.street
        case "postcode": layout.postcode
        case "city": layout.city
        case "country": layout.country
        case "charge_points": layout.chargePoints
        case "max_device_power_kw": layout.devicePower
        case "max_connector_power_kw": layout.plugPower
        case "source_date": layout.sourceDate
        case "quality_flags": layout.qualityFlags
        default: layout.columns[name]
        }
      guard let index = column else { return nil }
      let value = RecordReader.cleanText(record.fields[index])
      return value.isEmpty ? nil : value
    }
    func number(_ name: String, severity: ImportDiagnostic.Severity, expected: String) -> Double?? {
      guard let raw = text(name) else { return .some(nil) }
      if let value = DecimalText.double(raw) { return value }
      let reason = DecimalText.rejectionReason(raw)
      log.emit(severity, line: record.line, field: name, reason, expected: expected, value: raw)
      return nil
    }
    let line = record.line
    guard let id = text("id") else {
      log.emit(.error, line: line, field: "id", "is empty; row skipped", expected: "the site id")
      return nil
    }
    guard let latitude = number("lat", severity: .error, expected: "a latitude in degrees"),
      let longitude = number("lon", severity: .error, expected: "a longitude in degrees")
    else { return nil }
    guard let latitude, let longitude else {
      log.emit(
        .error, line: line, field: latitude == nil ? "lat" : "lon", "is empty; row skipped",
        expected: "the site's position in decimal degrees")
      return nil
    }
    guard
      let coordinate = CoordinateCheck.coordinate(
        latitude: latitude, longitude: longitude, line: line, field: ("lat", "lon"), &log)
    else { return nil }

    let operatorName = text("operator") ?? ""
    if operatorName.isEmpty {
      log.emit(.warning, line: line, field: "operator", "is empty", expected: "the operator's name")
    }
    var flags = (text("quality_flags") ?? "").split(separator: ";").map {
      String($0).trimmingWhitespace()
    }.filter { !$0.isEmpty }

    var chargePoints = 1
    switch number("charge_points", severity: .warning, expected: "a whole number ≥ 1") {
    case .some(let value?) where value == value.rounded() && value >= 1 && value < 100_000:
      chargePoints = Int(value)
    case .some(let value?):
      log.emit(
        .warning, line: line, field: "charge_points", "is not a whole number ≥ 1; assumed 1",
        expected: "a whole number ≥ 1", value: JSONValue.number(value).diagnosticText)
    case .some(nil):
      log.emit(
        .warning, line: line, field: "charge_points", "is empty; assumed 1",
        expected: "a whole number ≥ 1")
    case nil:
      break  // already reported as not a number; 1 assumed
    }

    let powerExpectation = PowerRange.plugPowerExpectation + " (may be empty)"
    var plugKilowatts: Double?
    switch number("max_connector_power_kw", severity: .warning, expected: powerExpectation) {
    case .some(let value?) where PowerRange.isPlausiblePlugPower(value):
      plugKilowatts = value
    case .some(let value?):
      log.emit(
        .warning, line: line, field: "max_connector_power_kw",
        "is outside the plausible range; kept without plug power", expected: powerExpectation,
        value: JSONValue.number(value).diagnosticText)
    case .some(nil):
      log.emit(
        .note, line: line, field: "max_connector_power_kw",
        "is empty; kept without plug power", expected: powerExpectation)
    case nil:
      break
    }
    _ = number(
      "max_device_power_kw", severity: .warning,
      expected: "the device's nominal power in kW (checked, not modelled)")

    let (standard, powerType, inferred) = currentKind(plugKilowatts: plugKilowatts)
    if inferred, !flags.contains(inferredPowerTypeFlag) { flags.append(inferredPowerTypeFlag) }
    var status = EVSEStatus.unknown
    if let written = text("status"), written != "In Betrieb" {
      status = .inoperative
      log.emit(
        .note, line: line, field: "status", "is not \"In Betrieb\"; EVSEs marked inoperative",
        expected: "In Betrieb", value: written)
    }
    let connectors = [
      Connector(
        id: "1", standard: standard, powerType: powerType,
        maxElectricPower: plugKilowatts.map { Power(kilowatts: $0) })
    ]
    let evses = (1...chargePoints).map {
      EVSE(uid: String($0), status: status, connectors: connectors)
    }
    return Station(
      id: Station.ID(id), operatorName: operatorName,
      address: Address(
        street: text("street"), postcode: text("postcode"), city: text("city"),
        country: text("country") ?? "DE"),
      coordinate: coordinate, evses: evses, chargePointCount: chargePoints,
      source: StationSources.dated(StationSources.fastChargers2026, text("source_date")),
      qualityFlags: flags)
  }

  /// The plug standard placeholder and power type for a plug power; `inferred` when guessed.
  static func currentKind(plugKilowatts: Double?)
    -> (standard: ConnectorStandard, powerType: PowerType, inferred: Bool)
  {
    guard let kw = plugKilowatts else { return (.unknown("DC"), .dc, true) }
    if kw > 43.5 { return (.unknown("DC"), .dc, false) }
    let acFigures: [Double] = [11, 22, 43]
    if acFigures.contains(where: { abs($0 - kw) < 0.05 }) {
      return (.unknown("AC"), .ac3Phase, true)
    }
    return (.unknown("DC"), .dc, true)
  }
}
