import JSONScanning
import Charging
import Foundation
import Geo

/// Imports OCPI 2.2.1 Locations (`Documentation/Reference/ev-domain.md` §1.2–1.6) into stations.
///
/// Accepted documents: a response envelope `{"data": [...]}` (or a single location in `data`),
/// a bare array of locations, a single location, and the flattened form of the bundled
/// Ludwigsburg file, `{"locations": [...]}` with `location_id`, `lat`/`lon` numbers, `operator`
/// as a string, `max_kw` per connector and `tariff_ids` per EVSE.
///
/// Rules:
/// - Station id: `ocpi:<country_code>*<party_id>*<id>` when the party is given, else `ocpi:<id>`.
/// - Connector power: `max_voltage`, `max_amperage` and `max_electric_power` (W) are kept as
///   published, so ``Charging/Connector/maxPower`` applies the OCPI rule; `max_kw` (flattened
///   form) becomes `maxElectricPower`.
/// - EVSEs with status `REMOVED` are left out with a note; a location whose every EVSE is
///   removed is expired (§1.2) and skipped with a note-level reason on an error diagnostic.
/// - Overnight regular hours (end ≤ begin) are split at midnight; unreadable opening times are
///   reported and left unknown (nil), never guessed.
/// - Country codes: OCPI's alpha-3 is turned into alpha-2 for the countries around Germany;
///   other codes are kept as written.
public enum OCPILocationsImporter {
  /// Imports an OCPI document; `fileName` names the file in diagnostics.
  public static func importStations(from data: Data, fileName: String) -> ImportResult {
    var log = DiagnosticLog(file: fileName)
    let bytes = [UInt8](data)
    let lines = LineIndex(bytes)
    let parsed = JSONBytes.parse(bytes)
    let document: JSONValue
    switch parsed {
    case .success(let value): document = value
    case .failure(let error):
      log.emit(
        .error, line: lines.line(at: error.byteOffset ?? 0),
        "is not valid JSON (\(error.reason)); nothing imported",
        expected: "an OCPI Locations document")
      return ImportResult(
        format: .ocpiLocations, stations: [], diagnostics: log.diagnostics, recordsRead: 0,
        recordsSkipped: 0)
    }
    guard let locations = locationList(in: document) else {
      log.emit(
        .error, line: 1, "has no OCPI locations; nothing imported",
        expected: "{\"data\": [Location]}, [Location], a Location, or {\"locations\": [...]}",
        value: document.kindDescription)
      return ImportResult(
        format: .ocpiLocations, stations: [], diagnostics: log.diagnostics, recordsRead: 0,
        recordsSkipped: 0)
    }
    var stations: [Station] = []
    var skipped = 0
    var ids = UniqueIDs()
    for (index, value) in locations.enumerated() {
      guard let object = value.objectValue else {
        log.emit(
          .error, line: nil, field: "locations[\(index)]", "is not an object; location skipped",
          expected: "an OCPI Location object", value: value.kindDescription)
        skipped += 1
        continue
      }
      let reader = RecordReader(object, line: lines.line(at: object.offset))
      if var station = station(from: reader, fileName: fileName, &log) {
        station.id = ids.unique(station.id, line: reader.line, &log)
        stations.append(station)
      } else {
        skipped += 1
      }
    }
    return ImportResult(
      format: .ocpiLocations, stations: stations, diagnostics: log.diagnostics,
      recordsRead: locations.count, recordsSkipped: skipped)
  }

  /// The list of location values in any accepted document shape, or nil.
  static func locationList(in document: JSONValue) -> [JSONValue]? {
    switch document {
    case .array(let items): return items
    case .object(let object):
      for key in ["data", "locations"] {
        switch object[key] {
        case .array(let items)?: return items
        case .object(let single)? where isLocation(single): return [.object(single)]
        default: continue
        }
      }
      return isLocation(object) ? [document] : nil
    default: return nil
    }
  }

  static func isLocation(_ object: JSONObject) -> Bool {
    object["evses"] != nil || object["coordinates"] != nil
      || (object["location_id"] != nil && object["lat"] != nil)
  }

  private static func station(from row: RecordReader, fileName: String, _ log: inout DiagnosticLog)
    -> Station?
  {
    guard
      let localID = row.string("id", &log)
        ?? row.string(
          "location_id", &log, missing: .error, expected: "the location id (`id`)")
    else { return nil }
    var id = "ocpi:" + localID
    if let country = row.string("country_code", &log), let party = row.string("party_id", &log) {
      id = "ocpi:\(country)*\(party)*\(localID)"
    }

    let latitude: Double?
    let longitude: Double?
    if let coordinates = row.object["coordinates"]?.objectValue {
      let geo = row.child(coordinates, path: "coordinates.")
      latitude = geo.number(
        "latitude", &log, missing: .error, invalid: .error,
        expected: "a latitude such as \"51.047599\"")
      longitude = geo.number(
        "longitude", &log, missing: .error, invalid: .error,
        expected: "a longitude such as \"3.729944\"")
    } else {
      latitude = row.number(
        "lat", &log, missing: .error, invalid: .error, expected: "coordinates.latitude or lat")
      longitude = row.number(
        "lon", &log, missing: .error, invalid: .error, expected: "coordinates.longitude or lon")
    }
    guard
      let coordinate = CoordinateCheck.coordinate(
        latitude: latitude, longitude: longitude, line: row.line,
        field: ("coordinates.latitude", "coordinates.longitude"), &log)
    else { return nil }

    var operatorName = ""
    switch row.object["operator"] {
    case .object(let details):
      operatorName = row.child(details, path: "operator.").string("name", &log) ?? ""
    case .string(let text):
      operatorName = RecordReader.cleanText(text)
    default:
      break
    }
    if operatorName.isEmpty {
      log.emit(
        .warning, line: row.line, field: "operator", "is missing; station kept without operator",
        expected: "operator.name")
    }
    let country = row.string("country", &log).map(Self.alpha2) ?? "DE"
    let address = Address(
      street: row.string("address", &log), postcode: row.string("postal_code", &log),
      city: row.string("city", &log), country: country)

    var evses: [EVSE] = []
    var removed = 0
    if let list = row.object["evses"]?.arrayValue {
      for (index, value) in list.enumerated() {
        let path = "evses[\(index)]"
        guard let object = value.objectValue else {
          log.emit(
            .warning, line: row.line, field: path, "is not an object; EVSE left out",
            expected: "an OCPI EVSE object", value: value.kindDescription)
          continue
        }
        let evseReader = row.child(object, path: path + ".")
        guard let evse = evse(from: evseReader, index: index, &log) else { continue }
        if evse.status == .removed {
          removed += 1
          log.emit(
            .note, line: row.line, field: path + ".status", "is REMOVED; EVSE left out",
            expected: "an EVSE in service", value: "REMOVED")
          continue
        }
        evses.append(evse)
      }
    } else {
      var reason = "is missing; station kept without EVSEs"
      var found: String?
      switch row.object["evses"] {
      case nil, .null?: break
      case let other?:
        reason = "is not a list; station kept without EVSEs"
        found = other.kindDescription
      }
      log.emit(
        .warning, line: row.line, field: "evses", reason, expected: "a list of OCPI EVSEs",
        value: found)
    }
    if evses.isEmpty, removed > 0 {
      log.emit(
        .error, line: row.line, field: "evses",
        "every EVSE is REMOVED, so the location is expired (OCPI 2.2.1); location skipped",
        expected: "at least one EVSE not REMOVED")
      return nil
    }

    var openingHours: OpeningHours?
    switch row.object["opening_times"] {
    case nil, .null?: break
    case .object(let hours)?:
      openingHours = Self.openingHours(from: row.child(hours, path: "opening_times."), &log)
    case let other?:
      log.emit(
        .warning, line: row.line, field: "opening_times",
        "is not an object; opening hours left unknown", expected: "an OCPI Hours object",
        value: other.kindDescription)
    }
    let timeZone = row.string("time_zone", &log) ?? "Europe/Berlin"
    let updated = row.string("last_updated", &log).map { String($0.prefix(10)) } ?? ""
    return Station(
      id: Station.ID(id), name: row.string("name", &log), operatorName: operatorName,
      address: address, coordinate: coordinate, evses: evses,
      openingHours: openingHours, timeZone: timeZone,
      source: StationSources.ocpi(fileName: fileName, date: updated))
  }

  private static func evse(from row: RecordReader, index: Int, _ log: inout DiagnosticLog) -> EVSE?
  {
    let evseID = row.string("evse_id", &log)
    let uid = row.string("uid", &log) ?? evseID ?? String(index + 1)
    var status = EVSEStatus.unknown
    if let text = row.string("status", &log) {
      if let parsed = EVSEStatus(rawValue: text.uppercased()) {
        status = parsed
      } else {
        log.emit(
          .warning, line: row.line, field: row.path + "status",
          "is not an OCPI status; UNKNOWN assumed",
          expected:
            "AVAILABLE, BLOCKED, CHARGING, INOPERATIVE, OUTOFORDER, PLANNED, REMOVED, RESERVED or UNKNOWN",
          value: text)
      }
    }
    let evseTariffs = row.strings("tariff_ids", &log)
    var connectors: [Connector] = []
    let connectorList = row.list(
      "connectors", &log, expected: "a list of OCPI Connectors", dropped: "connectors left out")
    for (index, value) in connectorList.enumerated() {
      let path = row.path + "connectors[\(index)]"
      guard let object = value.objectValue else {
        log.emit(
          .warning, line: row.line, field: path, "is not an object; connector left out",
          expected: "an OCPI Connector object", value: value.kindDescription)
        continue
      }
      let reader = RecordReader(object, line: row.line, path: path + ".")
      if var connector = connector(from: reader, index: index, &log) {
        if connector.tariffIDs.isEmpty { connector.tariffIDs = evseTariffs }
        connectors.append(connector)
      }
    }
    if connectors.isEmpty {
      log.emit(
        .warning, line: row.line, field: row.path + "connectors",
        "has no usable connector; EVSE kept without connectors", expected: "at least one connector")
    }
    return EVSE(uid: uid, evseID: evseID, status: status, connectors: connectors)
  }

  private static func connector(from row: RecordReader, index: Int, _ log: inout DiagnosticLog)
    -> Connector?
  {
    guard
      let standardName = row.string(
        "standard", &log, missing: .warning, expected: "an OCPI ConnectorType such as IEC_62196_T2")
    else { return nil }
    let standard = ConnectorStandard(ocpiName: standardName)
    if case .unknown = standard {
      log.emit(
        .warning, line: row.line, field: row.path + "standard",
        "is not an OCPI 2.2.1/2.3.0 connector type; kept verbatim",
        expected: "an OCPI ConnectorType", value: standardName)
    }
    var format: ConnectorFormat?
    if let text = row.string("format", &log) {
      format = ConnectorFormat(rawValue: text.uppercased())
      if format == nil {
        log.emit(
          .warning, line: row.line, field: row.path + "format", "is not SOCKET or CABLE; ignored",
          expected: "SOCKET or CABLE", value: text)
      }
    }
    var powerType: PowerType
    if let text = row.string("power_type", &log),
      let parsed = PowerType(rawValue: text.uppercased())
    {
      powerType = parsed
    } else if standard.isDirectCurrent {
      powerType = .dc
      log.emit(
        .warning, line: row.line, field: row.path + "power_type",
        "is missing or unknown; DC assumed from the \(standard.ocpiName) standard",
        expected: "AC_1_PHASE, AC_2_PHASE, AC_2_PHASE_SPLIT, AC_3_PHASE or DC")
    } else {
      log.emit(
        .warning, line: row.line, field: row.path + "power_type",
        "is missing or unknown and cannot be inferred; connector left out",
        expected: "AC_1_PHASE, AC_2_PHASE, AC_2_PHASE_SPLIT, AC_3_PHASE or DC")
      return nil
    }
    let voltage = row.number("max_voltage", &log, expected: "volts (line-to-neutral for AC)")
    let amperage = row.number("max_amperage", &log, expected: "amperes")
    var cap: Power?
    if let watts = row.number("max_electric_power", &log, expected: "watts") {
      cap = Power(watts: watts)
    } else if let kw = row.number("max_kw", &log, expected: "kilowatts") {
      cap = Power(kilowatts: kw)
    }
    if let power = cap {
      let limit = standard == .mcs ? 4_000.0 : PowerRange.maximumPlugKilowatts
      if !(power.kilowatts > 0 && power.kilowatts <= limit) {
        log.emit(
          .warning, line: row.line, field: row.path + "max_electric_power",
          "is outside the plausible range; ignored",
          expected: "above 0 and at most \(Int(limit)) kW", value: power.description)
        cap = nil
      }
    }
    return Connector(
      id: row.string("id", &log) ?? String(index + 1), standard: standard, format: format,
      powerType: powerType, maxVoltage: voltage.flatMap { $0 > 0 ? $0 : nil },
      maxAmperage: amperage.flatMap { $0 > 0 ? $0 : nil }, maxElectricPower: cap,
      tariffIDs: row.strings("tariff_ids", &log))
  }

  /// OCPI `Hours`, or nil after a warning when they cannot be read.
  static func openingHours(from row: RecordReader, _ log: inout DiagnosticLog) -> OpeningHours? {
    guard case .bool(let always)? = row.object["twentyfourseven"] else {
      log.emit(
        .warning, line: row.line, field: row.path + "twentyfourseven",
        "is missing; opening hours left unknown", expected: "true or false")
      return nil
    }
    var hours = OpeningHours(twentyFourSeven: always)
    let regular = row.list(
      "regular_hours", &log, expected: "a list of {weekday, period_begin, period_end}",
      dropped: "regular hours ignored")
    for (index, value) in regular.enumerated() {
      let field = row.path + "regular_hours[\(index)]"
      guard let object = value.objectValue else {
        log.emit(
          .warning, line: row.line, field: field, "is not an object; period left out",
          expected: "{weekday 1…7, period_begin HH:MM, period_end HH:MM}",
          value: value.kindDescription)
        continue
      }
      let period = RecordReader(object, line: row.line, path: field + ".")
      guard
        let weekday = period.count(
          "weekday", &log, minimum: 1, missing: .warning, expected: "1 (Monday) … 7 (Sunday)"),
        weekday <= 7,
        let beginText = period.string("period_begin", &log, missing: .warning, expected: "HH:MM"),
        let endText = period.string("period_end", &log, missing: .warning, expected: "HH:MM"),
        let begin = minutes(beginText), let end = minutes(endText)
      else {
        log.emit(
          .warning, line: row.line, field: field, "cannot be read; opening hours left unknown",
          expected: "{weekday 1…7, period_begin HH:MM, period_end HH:MM}")
        return nil
      }
      if end > begin {
        hours.regular.append(.init(weekday: weekday, beginMinute: begin, endMinute: end))
      } else {
        // Overnight: split at midnight into this day's evening and the next day's morning.
        hours.regular.append(.init(weekday: weekday, beginMinute: begin, endMinute: 1440))
        if end > 0 {
          hours.regular.append(.init(weekday: weekday % 7 + 1, beginMinute: 0, endMinute: end))
        }
      }
    }
    if !always, hours.regular.isEmpty {
      log.emit(
        .warning, line: row.line, field: row.path + "regular_hours",
        "is empty although twentyfourseven is false; opening hours left unknown",
        expected: "at least one regular period")
      return nil
    }
    for (key, isOpening) in [("exceptional_openings", true), ("exceptional_closings", false)] {
      let periods = row.list(
        key, &log, expected: "a list of {period_begin, period_end}", dropped: "periods ignored")
      for (index, value) in periods.enumerated() {
        let field = row.path + "\(key)[\(index)]"
        guard let object = value.objectValue,
          let beginText = object["period_begin"]?.stringValue,
          let endText = object["period_end"]?.stringValue,
          let begin = Timestamp.secondsSince1970(beginText),
          let end = Timestamp.secondsSince1970(endText), end > begin
        else {
          log.emit(
            .warning, line: row.line, field: field, "cannot be read; period left out",
            expected: "{period_begin, period_end} as RFC 3339 date-times, end after begin")
          continue
        }
        let period = OpeningHours.ExceptionalPeriod(begin: begin, end: end)
        if isOpening {
          hours.exceptionalOpenings.append(period)
        } else {
          hours.exceptionalClosings.append(period)
        }
      }
    }
    return hours
  }

  /// Minutes after midnight for `HH:MM` (00:00 … 24:00), or nil.
  static func minutes(_ text: String) -> Int? {
    let parts = text.split(separator: ":")
    guard parts.count == 2, parts[0].count == 2, parts[1].count == 2, let h = Int(parts[0]),
      let m = Int(parts[1]), (0...24).contains(h), (0..<60).contains(m), h * 60 + m <= 1440
    else { return nil }
    return h * 60 + m
  }

  /// ISO 3166-1 alpha-3 → alpha-2 for Germany and its neighbours; other values unchanged.
  static func alpha2(_ code: String) -> String {
    let table = [
      "DEU": "DE", "AUT": "AT", "CHE": "CH", "FRA": "FR", "NLD": "NL", "BEL": "BE", "LUX": "LU",
      "DNK": "DK", "POL": "PL", "CZE": "CZ", "ITA": "IT", "ESP": "ES", "GBR": "GB", "SWE": "SE",
      "NOR": "NO",
    ]
    return table[code.uppercased()] ?? code
  }
}

/// Maps byte offsets to 1-based line numbers.
struct LineIndex {
  private var newlineOffsets: [Int] = []

  init<Bytes: Sequence<UInt8>>(_ bytes: Bytes) {
    for (offset, byte) in bytes.enumerated() where byte == 0x0A { newlineOffsets.append(offset) }
  }

  func line(at offset: Int) -> Int {
    var low = 0
    var high = newlineOffsets.count
    while low < high {
      let mid = (low + high) / 2
      if newlineOffsets[mid] < offset { low = mid + 1 } else { high = mid }
    }
    return low + 1
  }
}

/// RFC 3339 date-times as seconds since 1970 (UTC when no zone is given, per OCPI).
enum Timestamp {
  static func secondsSince1970(_ text: String) -> Double? {
    var value = text.trimmingWhitespace()
    if !value.hasSuffix("Z"), !value.dropFirst(19).contains(where: { $0 == "+" || $0 == "-" }) {
      value += "Z"
    }
    // A zone offset is at most ±14:00 (RFC 3339 allows ±23:59; no zone on Earth is further
    // than 14 h from UTC): `+99:00` is refused, not read as four days off.
    if !value.hasSuffix("Z") {
      let offset = value.suffix(6)
      guard offset.count == 6, let sign = offset.first, sign == "+" || sign == "-",
        let hours = Int(offset.dropFirst().prefix(2)), let minutes = Int(offset.suffix(2)),
        offset.dropFirst(3).first == ":", hours * 60 + minutes <= 14 * 60, minutes < 60
      else { return nil }
    }
    let formatter = ISO8601DateFormatter()
    formatter.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
    if let date = formatter.date(from: value) { return date.timeIntervalSince1970 }
    formatter.formatOptions = [.withInternetDateTime]
    return formatter.date(from: value)?.timeIntervalSince1970
  }
}
