import Diagnostics
import Charging
import Foundation
import Geo

/// Turns the JSON of Open Charge Map's `GET /v3/poi` (verbose or `compact=true`) into stations.
///
/// Each POI becomes one ``Station`` with id `ocm-<ID>`. Each connection of quantity *n* becomes
/// *n* EVSEs with one connector each (OCM does not say which plugs share a charge point; OCPI
/// allows only one vehicle per EVSE). A POI that cannot be placed (no ID, no valid coordinates,
/// not an object) is dropped with a diagnostic; a field of the wrong type is ignored with a
/// diagnostic naming its path. Source: `Documentation/Reference/ev-domain.md` §2.2–§2.4.
public enum OpenChargeMapParser {
  /// The source name written into every station.
  public static let sourceName = "Open Charge Map"

  /// A problem found in one element of the response.
  public struct ResponseDiagnostic: Sendable, Hashable, CustomStringConvertible,
    DiagnosticConvertible
  {
    /// What happened to the data.
    public enum Effect: String, Sendable, Hashable {
      /// The whole POI was left out.
      case poiDropped = "POI dropped"
      /// Only the named field was ignored.
      case fieldIgnored = "field ignored"
    }
    /// The element's index in the response array.
    public var element: Int
    /// The POI's OCM ID, when it could be read.
    public var poiID: Int?
    /// The JSON path of the offending value, e.g. `[3].AddressInfo.Latitude`.
    public var path: String
    /// What is wrong and what was expected.
    public var message: String
    /// What happened to the data.
    public var effect: Effect

    /// The problem in the shared shape: a dropped POI is an error (for that POI), an ignored
    /// field a warning.
    public var record: DiagnosticRecord {
      DiagnosticRecord(
        severity: effect == .poiDropped ? .error : .warning, source: sourceName,
        location: path + (poiID.map { " (OCM-\($0))" } ?? ""),
        message: "\(message); \(effect.rawValue)")
    }

    /// `[3].AddressInfo.Latitude (OCM-12345): is a string, expected a number; POI dropped`.
    public var description: String {
      let id = poiID.map { " (OCM-\($0))" } ?? ""
      return "\(path)\(id): \(message); \(effect.rawValue)"
    }
  }

  /// The stations of a response and the problems found on the way.
  public struct Output: Sendable {
    /// One station per usable POI, in response order.
    public var stations: [Station]
    /// Problems, in response order.
    public var diagnostics: [ResponseDiagnostic]
    /// How many elements the response array had.
    public var elementCount: Int
  }

  /// Parses a response body. Throws only when the body is not JSON or not an array; problems in
  /// single POIs become diagnostics. `retrievedOn` (`YYYY-MM-DD`) dates POIs that carry no date.
  public static func parse(_ data: Data, retrievedOn: String? = nil)
    throws(OpenChargeMapError.Kind) -> Output
  {
    let json = try OpenChargeMapJSON.parse(data)
    guard case .array(let elements) = json else {
      var reason = "the top level is \(json.kindName), not an array"
      if let message = json["Message"] ?? json["message"], case .string(let text) = message {
        reason += " (server message: \(text))"
      }
      throw .malformedResponse(reason)
    }
    var stations: [Station] = []
    var diagnostics: [ResponseDiagnostic] = []
    for (index, element) in elements.enumerated() {
      var reader = POIReader(index: index)
      if let station = reader.station(from: element, retrievedOn: retrievedOn) {
        stations.append(station)
      }
      diagnostics += reader.diagnostics
    }
    return Output(stations: stations, diagnostics: diagnostics, elementCount: elements.count)
  }

  /// The OCPI standard and, where the type says it, the format for an OCM `ConnectionTypeID`
  /// (§2.3 titles; §2.4 mapping read backwards). `amps` picks the IEC 60309 three-phase size.
  public static func connector(
    connectionTypeID id: Int, amps: Double?, title: String?
  ) -> (standard: ConnectorStandard, format: ConnectorFormat?) {
    switch id {
    case 1: return (.type1, nil)
    case 2: return (.chademo, .cable)
    case 3: return (.domestic("G"), .socket)
    case 8: return (.teslaRoadster, nil)
    case 9: return (.nema5_20, .socket)
    case 10: return (.nema14_30, .socket)
    case 11: return (.nema14_50, .socket)
    case 13: return (.domestic("C"), .socket)
    case 22: return (.domestic("B"), .socket)
    case 25: return (.type2, .socket)
    case 26: return (.type3C, .socket)
    case 28: return (.domestic("F"), .socket)
    case 29: return (.domestic("I"), .socket)
    case 30: return (.teslaModelS, .cable)
    case 32: return (.type1Combo, .cable)
    case 33: return (.type2Combo, .cable)
    case 34: return (.iec60309SingleSixteen, .socket)
    case 35:
      let a = amps ?? 0
      let standard: ConnectorStandard =
        a > 32 ? .iec60309ThreeSixtyFour : a > 16 ? .iec60309ThreeThirtyTwo : .iec60309ThreeSixteen
      return (standard, .socket)
    case 36: return (.type3A, .socket)
    case 1036: return (.type2, .cable)
    case 1037: return (.domestic("J"), .socket)
    case 1038: return (.gbtAC, .socket)
    case 1039: return (.gbtAC, .cable)
    case 1040: return (.gbtDC, .cable)
    case 1044: return (.chaoji, .cable)
    default:
      // 0 Unknown, 27 Tesla Supercharger (plug depends on region and year), inductive, XLR, …:
      // kept verbatim instead of guessed.
      let name = title.map { "OCM \(id) \($0)" } ?? "OCM \(id)"
      return (.unknown(name), nil)
    }
  }

  /// The EVSE status for an OCM `StatusTypeID`: the OCPI→OCM table of §1.3 read backwards.
  /// 50 Operational and 75 Partly Operational say nothing about the present moment, so they map
  /// to `UNKNOWN` (§7: never infer "available" from 50).
  public static func status(statusTypeID id: Int?) -> EVSEStatus {
    switch id {
    case 10: .available
    case 20: .charging
    case 30: .blocked
    case 100: .outOfOrder
    case 150: .planned
    case 200, 210: .removed
    default: .unknown
    }
  }
}

/// Reads one POI, collecting diagnostics with JSON paths.
private struct POIReader {
  let index: Int
  var poiID: Int?
  var diagnostics: [OpenChargeMapParser.ResponseDiagnostic] = []

  init(index: Int) { self.index = index }

  private var root: String { "[\(index)]" }

  mutating func report(
    _ path: String, _ message: String, _ effect: OpenChargeMapParser.ResponseDiagnostic.Effect
  ) {
    diagnostics.append(
      OpenChargeMapParser.ResponseDiagnostic(
        element: index, poiID: poiID, path: path, message: message, effect: effect))
  }

  /// A number member; wrong types are reported and read as absent.
  mutating func number(_ object: OpenChargeMapJSON?, _ key: String, at path: String) -> Double? {
    switch object?[key] {
    case nil, .null?: return nil
    case .number(let value)? where value.isFinite: return value
    case let value?:
      report("\(path).\(key)", "is \(describe(value)), expected a number", .fieldIgnored)
      return nil
    }
  }

  mutating func integer(_ object: OpenChargeMapJSON?, _ key: String, at path: String) -> Int? {
    guard let value = number(object, key, at: path) else { return nil }
    guard value == value.rounded(), abs(value) < 1e15 else {
      report("\(path).\(key)", "is \(value), expected a whole number", .fieldIgnored)
      return nil
    }
    return Int(value)
  }

  mutating func string(_ object: OpenChargeMapJSON?, _ key: String, at path: String) -> String? {
    switch object?[key] {
    case nil, .null?: return nil
    case .string(let text)?:
      let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
      return trimmed.isEmpty ? nil : trimmed
    case let value?:
      report("\(path).\(key)", "is \(describe(value)), expected a string", .fieldIgnored)
      return nil
    }
  }

  mutating func object(_ parent: OpenChargeMapJSON?, _ key: String, at path: String)
    -> OpenChargeMapJSON?
  {
    switch parent?[key] {
    case nil, .null?: return nil
    case .object(let members)?: return .object(members)
    case let value?:
      report("\(path).\(key)", "is \(describe(value)), expected an object", .fieldIgnored)
      return nil
    }
  }

  /// An ID given either as `<Name>ID` or as `<Name>.ID` (compact vs verbose responses).
  mutating func referenceID(_ parent: OpenChargeMapJSON?, _ name: String, at path: String) -> Int? {
    integer(parent, "\(name)ID", at: path)
      ?? integer(object(parent, name, at: path), "ID", at: "\(path).\(name)")
  }

  func describe(_ value: OpenChargeMapJSON) -> String {
    switch value {
    case .string(let s): "a string \"\(s.prefix(40))\""
    case .number(let n) where !n.isFinite:
      "\(n.isNaN ? "NaN" : n > 0 ? "Infinity" : "-Infinity"), not a finite number"
    case .number(let n): "the number \(n)"
    default: value.kindName
    }
  }

  mutating func station(from poi: OpenChargeMapJSON, retrievedOn: String?) -> Charging.Station? {
    guard case .object = poi else {
      report(root, "is \(describe(poi)), expected a POI object", .poiDropped)
      return nil
    }
    guard let id = integer(poi, "ID", at: root) else {
      report("\(root).ID", "is missing, expected the POI's numeric ID", .poiDropped)
      return nil
    }
    poiID = id
    guard let address = object(poi, "AddressInfo", at: root) else {
      report(
        "\(root).AddressInfo", "is missing, expected the POI's address and position", .poiDropped)
      return nil
    }
    let addressPath = "\(root).AddressInfo"
    let latitude = number(address, "Latitude", at: addressPath)
    let longitude = number(address, "Longitude", at: addressPath)
    guard let latitude, let longitude,
      let coordinate = Coordinate(validatingLatitude: latitude, longitude: longitude)
    else {
      let got =
        "\(latitude.map { String($0) } ?? "none"), \(longitude.map { String($0) } ?? "none")"
      report(
        "\(addressPath).Latitude/Longitude", "are \(got), expected WGS84 degrees within range",
        .poiDropped)
      return nil
    }
    var flags: [String] = []

    // Operator, provider, licence.
    let operatorInfo = object(poi, "OperatorInfo", at: root)
    let operatorID = referenceID(poi, "Operator", at: root)
    let operatorName =
      string(operatorInfo, "Title", at: "\(root).OperatorInfo")
      ?? operatorID.flatMap { $0 == 1 ? nil : "OCM operator \($0)" } ?? "Unknown operator"
    let provider = object(poi, "DataProvider", at: root)
    let providerTitle = string(provider, "Title", at: "\(root).DataProvider")
    let licence =
      string(provider, "License", at: "\(root).DataProvider")
      ?? "CC BY 4.0 (Open Charge Map contributors) unless the data provider states otherwise"
    let updated = string(poi, "DateLastStatusUpdate", at: root).map { String($0.prefix(10)) }
    let source = DataSource(
      name: providerTitle.map { "\(OpenChargeMapParser.sourceName) (\($0))" }
        ?? OpenChargeMapParser.sourceName,
      date: updated ?? retrievedOn ?? "",
      licence: licence,
      attribution: "Open Charge Map (openchargemap.org), POI OCM-\(id)"
        + (providerTitle.map { ", data provider: \($0)" } ?? ""))

    // Address.
    let country = object(address, "Country", at: addressPath)
    let iso = string(country, "ISOCode", at: "\(addressPath).Country")
    if iso == nil { flags.append("ocm_country_unknown") }
    let street = [
      string(address, "AddressLine1", at: addressPath),
      string(address, "AddressLine2", at: addressPath),
    ].compactMap { $0 }.joined(separator: ", ")
    let stationAddress = Address(
      street: street.isEmpty ? nil : street, postcode: string(address, "Postcode", at: addressPath),
      city: string(address, "Town", at: addressPath), country: iso?.uppercased() ?? "ZZ")

    let poiStatus = referenceID(poi, "StatusType", at: root)
    if let usage = referenceID(poi, "UsageType", at: root), [2, 3, 6].contains(usage) {
      flags.append("ocm_restricted_access")
    }

    // Connections → EVSEs.
    var evses: [EVSE] = []
    var quantitySum = 0
    switch poi["Connections"] {
    case nil, .null?: break
    case .array(let connections)?:
      for (c, connection) in connections.enumerated() {
        let path = "\(root).Connections[\(c)]"
        guard case .object = connection else {
          report(path, "is \(describe(connection)), expected a connection object", .fieldIgnored)
          continue
        }
        evses += makeEVSEs(connection, path: path, poiStatus: poiStatus, flags: &flags)
        quantitySum += max(1, integer(connection, "Quantity", at: path) ?? 1)
      }
    case let value?:
      report("\(root).Connections", "is \(describe(value)), expected an array", .fieldIgnored)
    }
    if evses.isEmpty { flags.append("no_connectors") }
    let points = integer(poi, "NumberOfPoints", at: root).flatMap { $0 > 0 ? $0 : nil }

    return Charging.Station(
      id: Charging.Station.ID("ocm-\(id)"), name: string(address, "Title", at: addressPath),
      operatorName: operatorName, address: stationAddress, coordinate: coordinate, evses: evses,
      chargePointCount: points ?? quantitySum, source: source, qualityFlags: flags)
  }

  /// The EVSEs of one connection: `Quantity` copies of one connector.
  mutating func makeEVSEs(
    _ connection: OpenChargeMapJSON, path: String, poiStatus: Int?, flags: inout [String]
  ) -> [EVSE] {
    let connectionID = integer(connection, "ID", at: path)
    let typeID = referenceID(connection, "ConnectionType", at: path) ?? 0
    let typeTitle = string(
      object(connection, "ConnectionType", at: path), "Title", at: "\(path).ConnectionType")
    let amps = number(connection, "Amps", at: path).flatMap { $0 > 0 ? $0 : nil }
    var volts = number(connection, "Voltage", at: path).flatMap { $0 > 0 ? $0 : nil }
    let kilowatts = number(connection, "PowerKW", at: path).flatMap { $0 > 0 ? $0 : nil }
    let (standard, format) = OpenChargeMapParser.connector(
      connectionTypeID: typeID, amps: amps, title: typeTitle)
    let powerType: PowerType
    switch referenceID(connection, "CurrentType", at: path) {
    case 10?: powerType = .ac1Phase
    case 20?: powerType = .ac3Phase
    case 30?: powerType = .dc
    default:
      powerType = standard.isDirectCurrent ? .dc : .ac1Phase
      if !standard.isDirectCurrent, !flags.contains("ocm_current_type_unknown") {
        flags.append("ocm_current_type_unknown")
      }
    }
    // OCPI wants line-to-neutral volts for three-phase AC; OCM records line-to-line (400 V).
    if powerType == .ac3Phase, let v = volts, v > 250 { volts = v / 3.0.squareRoot() }
    var quantity = integer(connection, "Quantity", at: path) ?? 1
    if quantity < 1 || quantity > 100 {
      report("\(path).Quantity", "is \(quantity), expected 1…100; read as 1", .fieldIgnored)
      quantity = 1
    }
    let status = OpenChargeMapParser.status(
      statusTypeID: referenceID(connection, "StatusType", at: path) ?? poiStatus)
    let connector = Connector(
      id: "1", standard: standard, format: format, powerType: powerType, maxVoltage: volts,
      maxAmperage: amps, maxElectricPower: kilowatts.map { Power(kilowatts: $0) })
    if connector.maxPower == nil, !flags.contains("connector_power_missing") {
      flags.append("connector_power_missing")
    }
    let base =
      connectionID.map(String.init) ?? "c\(path.split(separator: "[").last?.dropLast() ?? "")"
    return (1...quantity).map { n in
      EVSE(
        uid: quantity == 1 ? base : "\(base)-\(n)", status: status, connectors: [connector])
    }
  }
}
