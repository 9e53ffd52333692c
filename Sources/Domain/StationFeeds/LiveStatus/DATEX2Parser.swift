import Charging
import Diagnostics
import Foundation
import Geo
import JSONScanning

/// Reads DATEX II v3 AFIR "Energy Infrastructure" publications in their JSON encoding: the
/// status publication (status per charge point) and the table publication (sites, stations,
/// charge points, coordinates, ad-hoc prices).
///
/// Accepted roots: `{"messageContainer": {"payload": [...]}}` (how the status publication comes)
/// and `{"payload": {...}}` (how the table comes); `payload` may be one object or a list. Status
/// records are read under both keys seen in the wild, `aegiRefillPointStatus` (EnBW) and
/// `aegiElectricChargingPointStatus`; charge points under `aegiElectricChargingPoint` or
/// `aegiRefillPoint`. A status publication gives no coordinates: pair it with its table
/// (``pair(_:with:)``) by record id (`idG`), never by version (`versionG`), which differ between
/// the two feeds. See `Guides/LiveStatus.md`.
public enum DATEX2Parser {
  /// What the document must look like, for diagnostics.
  static let expectedDocument =
    "a DATEX II v3 AFIR status or table publication ({\"messageContainer\": {\"payload\": …}} or {\"payload\": …})"

  /// Whether a parsed document is a DATEX II publication.
  static func looksLike(_ root: JSONValue) -> Bool {
    root["messageContainer"] != nil || root["payload"] != nil
  }

  /// Parses a status or table publication; `fileName` names the file in diagnostics.
  ///
  /// The publication is read one site at a time (``LiveDocument/stream(_:fileName:expected:topLevelLists:)``):
  /// its lists of sites are not built as a tree, so parsing holds the document's bytes, one
  /// site's tree and the locations read.
  public static func parse(_ data: Data, fileName: String) -> LiveFeed {
    data.withUnsafeBytes { raw in
      switch LiveDocument.stream(
        raw.bindMemory(to: UInt8.self), fileName: fileName, expected: expectedDocument,
        topLevelLists: [])
      {
      case .failure(let diagnostics):
        return LiveFeed(
          format: .datex2Status, fileName: fileName, locations: [], diagnostics: diagnostics)
      case .success(var document, let stream):
        return parse(&document, stream: stream)
      }
    }
  }

  /// Reads a publication whose lists of sites `stream` hands one site at a time.
  static func parse(_ document: inout LiveDocument, stream: LiveStream) -> LiveFeed {
    let root = document.root
    let container = root["messageContainer"] ?? root
    let payloads = container["payload"]?.elements ?? []
    var format = LiveFeedFormat.datex2Status
    var locations: [LiveLocation] = []
    var publishedAt: Date?
    var isDelta = false
    if let exchange = container["exchangeInformation"] {
      let protocolName = exchange["exchangeContext"]?["codedExchangeProtocol"]?["value"]?.text
      isDelta = protocolName?.lowercased().contains("delta") ?? false
    }
    var found = false
    for (index, payload) in payloads.enumerated() {
      let path = "payload[\(index)]"
      if let status = payload["aegiEnergyInfrastructureStatusPublication"]
        ?? payload["energyInfrastructureStatusPublication"]
      {
        found = true
        format = .datex2Status
        publishedAt = publishedAt ?? status["publicationTime"]?.text.flatMap(Self.date)
        locations += statusLocations(status, path: path, stream, &document)
      } else if let table = payload["aegiEnergyInfrastructureTablePublication"]
        ?? payload["energyInfrastructureTablePublication"]
      {
        found = true
        format = .datex2Table
        publishedAt = publishedAt ?? table["publicationTime"]?.text.flatMap(Self.date)
        locations += tableLocations(table, path: path, stream, &document)
      } else {
        document.skip(
          payload.objectValue, path: path, "is neither a status nor a table publication; skipped",
          expected:
            "aegiEnergyInfrastructureStatusPublication or aegiEnergyInfrastructureTablePublication",
          value: payload.kindDescription)
      }
    }
    if !found {
      document.skip(
        root.objectValue, path: "payload", "holds no AFIR publication; nothing read",
        expected: expectedDocument, value: root.kindDescription)
    }
    return LiveFeed(
      format: format, fileName: document.log.file, locations: locations,
      diagnostics: document.log.diagnostics, publishedAt: publishedAt, isDelta: isDelta)
  }

  // MARK: Status publication

  private static func statusLocations(
    _ publication: JSONValue, path: String, _ stream: LiveStream, _ document: inout LiveDocument
  ) -> [LiveLocation] {
    var locations: [LiveLocation] = []
    let published = publication["publicationTime"]?.text.flatMap(Self.date)
    each(in: publication, "energyInfrastructureSiteStatus", path: path, stream, &document) {
      siteIndex, site, document in
      if let location = statusLocation(
        site, index: siteIndex, published: published, path: path, &document)
      {
        locations.append(location)
      }
    }
    return locations
  }

  /// Calls `body` with each element of `object`'s list `key`, one at a time (a list of sites
  /// set aside is read from the bytes as it goes).
  private static func each(
    in object: JSONValue, _ key: String, path: String, _ stream: LiveStream,
    _ document: inout LiveDocument, _ body: (Int, JSONValue, inout LiveDocument) -> Void
  ) {
    do throws(JSONSyntaxError) {
      try stream.forEach(in: object, key) { index, element in body(index, element, &document) }
    } catch {
      // Not reached: the document's syntax was checked when it was read.
      document.skip(
        object.objectValue, path: "\(path).\(key)",
        "could not be read (\(error.reason)); the rest of the list skipped",
        expected: "a JSON array of sites")
    }
  }

  /// One site of a status publication as a location, or nil (reported) when it cannot be.
  private static func statusLocation(
    _ site: JSONValue, index siteIndex: Int, published: Date?, path: String,
    _ document: inout LiveDocument
  ) -> LiveLocation? {
    let sitePath = "\(path).energyInfrastructureSiteStatus[\(siteIndex)]"
    guard let siteObject = site.objectValue else {
      document.skip(
        nil, path: sitePath, "is not an object; site skipped",
        expected: "an energyInfrastructureSiteStatus object", value: site.kindDescription)
      return nil
    }
    guard let siteID = site["reference"]?["idG"]?.text else {
      document.skip(
        siteObject, path: sitePath + ".reference.idG", "is missing; site skipped",
        expected: "the site's record id")
      return nil
    }
    let siteTime = site["lastUpdated"]?.text.flatMap(Self.date) ?? published
    var location = LiveLocation(id: siteID)
    let stations = site["energyInfrastructureStationStatus"]?.elements ?? []
    for (stationIndex, station) in stations.enumerated() {
      let stationPath = "\(sitePath).energyInfrastructureStationStatus[\(stationIndex)]"
      let stationTime = station["lastUpdated"]?.text.flatMap(Self.date) ?? siteTime
      let points = station["refillPointStatus"]?.elements ?? []
      for (pointIndex, wrapper) in points.enumerated() {
        let pointPath = "\(stationPath).refillPointStatus[\(pointIndex)]"
        let key =
          ["aegiRefillPointStatus", "aegiElectricChargingPointStatus", "refillPointStatus"].first {
            wrapper[$0] != nil
          }
        guard let key, let record = wrapper[key], let object = record.objectValue else {
          document.skip(
            wrapper.objectValue, path: pointPath,
            "holds no charge point status; charge point skipped",
            expected: "aegiRefillPointStatus or aegiElectricChargingPointStatus",
            value: wrapper.kindDescription)
          continue
        }
        let recordPath = "\(pointPath).\(key)"
        guard let evseID = record["reference"]?["idG"]?.text else {
          document.skip(
            object, path: recordPath + ".reference.idG", "is missing; charge point skipped",
            expected: "the charge point's EVSE id")
          continue
        }
        let rawValue = record["status"]?["value"]?.text ?? record["status"]?.text
        guard let raw = rawValue else {
          document.skip(
            object, path: recordPath + ".status.value", "is missing; charge point skipped",
            expected: "a RefillPointStatusEnum value such as available or charging",
            value: record["status"]?.kindDescription)
          continue
        }
        var status = EVSEStatus.unknown
        if let mapped = LiveStatusMapping.datex(raw) {
          status = mapped
        } else {
          document.warn(
            object, path: recordPath + ".status.value",
            "is not a DATEX II status; charge point kept as unknown",
            expected: "available, charging, occupied, reserved, blocked, faulted, outOfOrder, "
              + "inoperative, unavailable, planned, removed or unknown", value: raw)
        }
        var observed = stationTime
        if let text = record["lastUpdated"]?.text {
          if let date = Self.date(text) {
            observed = date
          } else {
            document.warn(
              object, path: recordPath + ".lastUpdated",
              "is not a date-time; the station's or publication's time is used",
              expected: "an ISO 8601 date-time with zone", value: text)
          }
        }
        location.evses.append(
          LiveEVSE(evseID: evseID, status: status, rawStatus: raw, observedAt: observed))
      }
    }
    return location
  }

  // MARK: Table publication

  private static func tableLocations(
    _ publication: JSONValue, path: String, _ stream: LiveStream, _ document: inout LiveDocument
  ) -> [LiveLocation] {
    var locations: [LiveLocation] = []
    let tables = publication["energyInfrastructureTable"]?.elements ?? []
    for (tableIndex, table) in tables.enumerated() {
      let tablePath = "\(path).energyInfrastructureTable[\(tableIndex)]"
      each(in: table, "energyInfrastructureSite", path: tablePath, stream, &document) {
        siteIndex, site, document in
        let sitePath = "\(path).energyInfrastructureTable[\(tableIndex)].energyInfrastructureSite[\(siteIndex)]"
        guard let siteObject = site.objectValue else {
          document.skip(
            nil, path: sitePath, "is not an object; site skipped",
            expected: "an energyInfrastructureSite object", value: site.kindDescription)
          return
        }
        guard let siteID = site["idG"]?.text else {
          document.skip(
            siteObject, path: sitePath + ".idG", "is missing; site skipped",
            expected: "the site's record id")
          return
        }
        let siteOperator = Self.operatorOf(site)
        var location = LiveLocation(
          id: siteID, name: site["additionalInformation"]?.arrayValue?.first?.multilingual
            ?? site["name"]?.multilingual,
          operatorName: siteOperator.name, operatorID: siteOperator.id)
        var stationCoordinates: [Coordinate] = []
        let stations = site["energyInfrastructureStation"]?.elements ?? []
        for (stationIndex, station) in stations.enumerated() {
          let stationPath = "\(sitePath).energyInfrastructureStation[\(stationIndex)]"
          if let coordinate = Self.coordinate(
            in: station["locationReference"], object: station.objectValue,
            path: stationPath + ".locationReference", &document)
          {
            if !stationCoordinates.contains(coordinate) { stationCoordinates.append(coordinate) }
          }
          if location.operatorName == nil {
            let stationOperator = Self.operatorOf(station)
            location.operatorName = stationOperator.name
            location.operatorID = location.operatorID ?? stationOperator.id
          }
          let points = station["refillPoint"]?.elements ?? []
          for (pointIndex, wrapper) in points.enumerated() {
            let pointPath = "\(stationPath).refillPoint[\(pointIndex)]"
            let key = ["aegiElectricChargingPoint", "aegiRefillPoint", "electricChargingPoint"]
              .first { wrapper[$0] != nil }
            guard let key, let point = wrapper[key], let object = point.objectValue else {
              document.skip(
                wrapper.objectValue, path: pointPath, "holds no charge point; skipped",
                expected: "aegiElectricChargingPoint", value: wrapper.kindDescription)
              continue
            }
            guard let evseID = point["idG"]?.text else {
              document.skip(
                object, path: "\(pointPath).\(key).idG", "is missing; charge point skipped",
                expected: "the charge point's EVSE id")
              continue
            }
            var evse = LiveEVSE(evseID: evseID)
            let powers = (point["connector"]?.elements ?? []).compactMap {
              $0["maxPowerAtSocket"]?.decimal
            }
            if let watts = powers.max(), watts > 0 { evse.maxPowerKilowatts = watts / 1000 }
            evse.adHocPrice = adHocPrice(
              point, object: object, path: "\(pointPath).\(key)", &document)
            if let raw = point["status"]?["value"]?.text ?? point["status"]?.text {
              evse.rawStatus = raw
              evse.status = LiveStatusMapping.datex(raw) ?? .unknown
            }
            location.evses.append(evse)
          }
        }
        let display =
          Self.coordinate(
            in: site["locationReference"], object: siteObject,
            path: sitePath + ".locationReference", &document)
        location.coordinates = stationCoordinates + (display.map { [$0] } ?? [])
        if location.coordinates.isEmpty {
          document.warn(
            siteObject, path: sitePath + ".locationReference",
            "has no usable coordinates; site kept but cannot be placed",
            expected: "coordinatesForDisplay with latitude and longitude")
        }
        locations.append(location)
      }
    }
    return locations
  }

  /// The first ad-hoc energy rate of a charge point.
  private static func adHocPrice(
    _ point: JSONValue, object: JSONObject, path: String, _ document: inout LiveDocument
  ) -> AdHocPrice? {
    for (energyIndex, energy) in (point["electricEnergy"]?.elements ?? []).enumerated() {
      for (rateIndex, rate) in (energy["energyRate"]?.elements ?? []).enumerated() {
        let policy = rate["ratePolicy"]?["value"]?.text ?? rate["ratePolicy"]?.text
        guard policy?.lowercased() == "adhoc" || rate["idG"]?.text?.lowercased() == "adhoc" else {
          continue
        }
        let ratePath = "\(path).electricEnergy[\(energyIndex)].energyRate[\(rateIndex)]"
        var price = AdHocPrice(
          perKilowattHour: nil, perMinute: nil, perMinuteFromMinute: nil,
          currency: rate["applicableCurrency"]?.arrayValue?.first?.text ?? "EUR",
          taxIncluded: true, taxRatePercent: nil)
        for (priceIndex, component) in (rate["energyPrice"]?.elements ?? []).enumerated() {
          let type = component["priceType"]?["value"]?.text ?? component["priceType"]?.text
          guard let value = component["value"]?.decimal, value >= 0 else {
            document.warn(
              object, path: "\(ratePath).energyPrice[\(priceIndex)].value",
              "is not a price; component dropped", expected: "a number of 0 or more",
              value: component["value"]?.diagnosticText)
            continue
          }
          if case .bool(let included)? = component["taxIncluded"] { price.taxIncluded = included }
          price.taxRatePercent = component["taxRate"]?.decimal ?? price.taxRatePercent
          switch type {
          case "pricePerKWh": price.perKilowattHour = value
          case "pricePerMinute":
            price.perMinute = value
            if let from = component["timeBasedApplicability"]?["fromMinute"]?.decimal {
              price.perMinuteFromMinute = Int(from)
            }
          default:
            continue
          }
        }
        if price.perKilowattHour != nil || price.perMinute != nil { return price }
      }
    }
    return nil
  }

  /// The operator's name and id (`externalIdentifier` of type `operatorId`).
  private static func operatorOf(_ value: JSONValue) -> (name: String?, id: String?) {
    guard let organisation = value["operator"]?["afacAnOrganisation"] ?? value["operator"] else {
      return (nil, nil)
    }
    let name = organisation["name"]?.multilingual
    var id: String?
    for identifier in organisation["externalIdentifier"]?.elements ?? [] {
      let kind = identifier["typeOfIdentifier"]?["extendedValueG"]?.text
      if kind == "operatorId" || id == nil, let text = identifier["identifier"]?.text { id = text }
    }
    return (name, id)
  }

  /// The `coordinatesForDisplay` under a `locationReference` (point or area location).
  private static func coordinate(
    in reference: JSONValue?, object: JSONObject?, path: String, _ document: inout LiveDocument
  ) -> Coordinate? {
    guard let reference else { return nil }
    for kind in ["locPointLocation", "locAreaLocation"] {
      guard let display = reference[kind]?["coordinatesForDisplay"] else { continue }
      let latitude = display["latitude"]?.decimal
      let longitude = display["longitude"]?.decimal
      if let latitude, let longitude, (-90...90).contains(latitude),
        (-180...180).contains(longitude)
      {
        return Coordinate(latitude: latitude, longitude: longitude)
      }
      document.warn(
        object, path: "\(path).\(kind).coordinatesForDisplay", "is not a usable position",
        expected: "latitude in -90…90 and longitude in -180…180",
        value: "\(display["latitude"]?.diagnosticText ?? "none"), \(display["longitude"]?.diagnosticText ?? "none")")
    }
    return nil
  }

  /// An ISO 8601 date-time (with fractional seconds or without; UTC when no zone is given).
  static func date(_ text: String) -> Date? {
    Timestamp.secondsSince1970(text).map { Date(timeIntervalSince1970: $0) }
  }

  // MARK: Pairing

  /// The status publication's records placed on the table's sites, paired by charge point id
  /// (`idG`), never by version; statuses with no charge point in the table stay in their own
  /// location without coordinates and are reported.
  public static func pair(_ status: LiveFeed, with table: LiveFeed) -> LiveFeed {
    var byEVSE: [String: LiveEVSE] = [:]
    for evse in status.evses { byEVSE[evse.evseID] = evse }
    var paired = Set<String>()
    var locations: [LiveLocation] = []
    for var location in table.locations {
      var any = false
      for index in location.evses.indices {
        let id = location.evses[index].evseID
        guard let live = byEVSE[id] else { continue }
        location.evses[index].status = live.status
        location.evses[index].rawStatus = live.rawStatus
        location.evses[index].observedAt = live.observedAt
        paired.insert(id)
        any = true
      }
      if any || !status.isDelta {
        location.evses = location.evses.filter { paired.contains($0.evseID) }
        if !location.evses.isEmpty { locations.append(location) }
      }
    }
    var diagnostics = status.diagnostics
    for location in status.locations {
      let unpaired = location.evses.filter { !paired.contains($0.evseID) }
      guard !unpaired.isEmpty else { continue }
      for evse in unpaired {
        diagnostics.append(
          ImportDiagnostic(
            severity: .warning, file: status.fileName, field: "reference.idG",
            reason: "has no charge point in the table \(table.fileName); status kept without a position",
            expected: "a charge point id of the table", value: evse.evseID))
      }
      var orphan = location
      orphan.evses = unpaired
      locations.append(orphan)
    }
    return LiveFeed(
      format: .datex2Status, fileName: status.fileName, locations: locations,
      diagnostics: diagnostics, publishedAt: status.publishedAt, isDelta: status.isDelta)
  }
}
