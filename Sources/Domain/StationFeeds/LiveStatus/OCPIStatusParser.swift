import Charging
import Foundation
import Geo
import JSONScanning

/// Reads live status from OCPI 2.2.1 Locations pages and from chargecloud's POI answer.
///
/// OCPI accepted shapes: the response envelope `{"data": [Location], "timestamp": …}`, the
/// chargecloud AFIR page `{"next": cursor, "items": [Location]}`, a bare array, or one Location.
/// Each EVSE gives `evse_id`, `status` and `connectors[].max_electric_power` (W); embedded
/// `tariffs[]` (a chargecloud extension) and standard `tariff_ids` become tariff ids. An EVSE's
/// `last_updated` does not track status changes in the real feeds (250 of 273 EVSEs of the
/// bundled Ludwigsburg page carry dates from October 2024, "CHARGING" ones too), so a status is
/// dated by the fetch, not by it (see `Guides/LiveStatus.md`).
///
/// chargecloud POI: `{"data": [location], "timestamp": …}` with the EVSE id in `id` (its `uid` is
/// internal), status at EVSE and connector level (the EVSE's is read), power in kW per connector.
public enum OCPIStatusParser {
  /// Parses an OCPI Locations page; `fileName` names the file in diagnostics.
  public static func parseLocations(_ data: Data, fileName: String) -> LiveFeed {
    read(data, fileName: fileName, expected: "an OCPI Locations page", format: .ocpiLocations)
  }

  /// Parses a chargecloud POI answer; `fileName` names the file in diagnostics.
  public static func parsePOI(_ data: Data, fileName: String) -> LiveFeed {
    read(data, fileName: fileName, expected: "a chargecloud POI answer", format: .chargecloudPOI)
  }

  private static func read(
    _ data: Data, fileName: String, expected: String, format: LiveFeedFormat
  ) -> LiveFeed {
    data.withUnsafeBytes { raw in
      switch LiveDocument.stream(raw.bindMemory(to: UInt8.self), fileName: fileName, expected: expected) {
      case .failure(let diagnostics):
        return LiveFeed(format: format, fileName: fileName, locations: [], diagnostics: diagnostics)
      case .success(var document, let stream):
        return parse(&document, stream: stream, format: format)
      }
    }
  }

  /// Whether a document is chargecloud's POI answer rather than OCPI: its locale tables, or
  /// EVSEs that carry their id in `id` and no `evse_id`.
  static func looksLikePOI(_ root: JSONValue, stream: LiveStream) -> Bool {
    if root["currentLocale"] != nil || root["localesLanguageMap"] != nil { return true }
    let firstLocation = stream.has("data") ? stream.first(in: "data") : root["data"]?.arrayValue?.first
    guard let first = firstLocation?["evses"]?.arrayValue?.first else { return false }
    return first["evse_id"] == nil && first["id"] != nil
  }

  /// Where a document's locations are: a list read one element at a time, or a single
  /// location object.
  private enum LocationSource {
    case list(String)
    case values([JSONValue])
  }

  /// The location list of an OCPI or POI document: a bare array, the first of `data`, `items`
  /// and `locations` holding an array or one location, or the document itself when it is one
  /// location.
  private static func locationSource(_ root: JSONValue, stream: LiveStream) -> LocationSource? {
    if stream.has(LiveStream.topLevel) { return .list(LiveStream.topLevel) }
    switch root {
    case .array(let items): return .values(items)
    case .object:
      for key in ["data", "items", "locations"] {
        if stream.has(key) { return .list(key) }
        switch root[key] {
        case .array(let items)?: return .values(items)
        case .object(let single)?: return .values([.object(single)])
        default: continue
        }
      }
      return root["evses"] != nil ? .values([root]) : nil
    default: return nil
    }
  }

  /// Reads the locations of a streamed document one at a time; with `keep`, a location it
  /// refuses is dropped as soon as it is read (its statuses counted in
  /// ``LiveFeed/unkeptStatuses``), so a page's charge points that match nothing are never held.
  static func parse(
    _ document: inout LiveDocument, stream: LiveStream, format: LiveFeedFormat,
    keep: ((LiveLocation) -> Bool)? = nil
  ) -> LiveFeed {
    let root = document.root
    let isPOI = format == .chargecloudPOI
    guard let source = locationSource(root, stream: stream) else {
      document.skip(
        root.objectValue, path: "data", "holds no locations; nothing read",
        expected: isPOI
          ? "{\"data\": [location], \"timestamp\": …}"
          : "{\"data\": [Location]}, {\"items\": [Location], \"next\": …} or [Location]",
        value: root.kindDescription)
      return LiveFeed(
        format: format, fileName: document.log.file, locations: [],
        diagnostics: document.log.diagnostics)
    }
    let publishedAt = root["timestamp"]?.text.flatMap(DATEX2Parser.date)
    var locations: [LiveLocation] = []
    var unkept = (statuses: 0, locations: 0)
    let listKey = root["items"] != nil ? "items" : (root["data"] != nil ? "data" : "locations")
    switch source {
    case .values(let values):
      for (index, value) in values.enumerated() {
        guard let location = location(value, path: "\(listKey)[\(index)]", isPOI: isPOI, &document)
        else { continue }
        if let keep, !keep(location) {
          unkept.statuses += location.evses.count { $0.rawStatus != nil }
          unkept.locations += 1
        } else {
          locations.append(location)
        }
      }
    case .list(let key):
      do throws(JSONSyntaxError) {
        try stream.forEach(in: key) { index, value in
          guard let location = location(value, path: "\(listKey)[\(index)]", isPOI: isPOI, &document)
          else { return true }
          if let keep, !keep(location) {
            unkept.statuses += location.evses.count { $0.rawStatus != nil }
          unkept.locations += 1
          } else {
            locations.append(location)
          }
          return true
        }
      } catch {
        // Not reached: the document's syntax was checked when it was read.
        document.skip(
          nil, path: listKey, "could not be read (\(error.reason)); the rest of the list skipped",
          expected: "a JSON array of locations")
      }
    }
    var feed = LiveFeed(
      format: format, fileName: document.log.file, locations: locations,
      diagnostics: document.log.diagnostics, publishedAt: publishedAt,
      nextPage: root["next"]?.text)
    feed.unkeptStatuses = unkept.statuses
    feed.unkeptLocations = unkept.locations
    return feed
  }

  /// One location of an OCPI or POI list, or nil (with a diagnostic) when it cannot be read.
  private static func location(
    _ value: JSONValue, path: String, isPOI: Bool, _ document: inout LiveDocument
  ) -> LiveLocation? {
    guard let object = value.objectValue else {
      document.skip(
        nil, path: path, "is not an object; location skipped", expected: "a location object",
        value: value.kindDescription)
      return nil
    }
    guard let id = value["id"]?.text else {
      document.skip(
        object, path: path + ".id", "is missing; location skipped", expected: "the location id")
      return nil
    }
    var location = LiveLocation(
      id: id, name: value["name"]?.text ?? value["address"]?.text,
      operatorName: value["operator"]?["name"]?.text ?? value["operator"]?.text,
      operatorID: value["operator"]?["operatorId"]?.text ?? value["party_id"]?.text)
    if let coordinates = value["coordinates"] {
      let latitude = coordinates["latitude"]?.decimal
      let longitude = coordinates["longitude"]?.decimal
      if let latitude, let longitude, (-90...90).contains(latitude),
        (-180...180).contains(longitude)
      {
        location.coordinates = [Coordinate(latitude: latitude, longitude: longitude)]
      } else {
        document.warn(
          object, path: path + ".coordinates", "is not a usable position; location kept unplaced",
          expected: "latitude in -90…90 and longitude in -180…180 (decimal strings)",
          value:
            "\(coordinates["latitude"]?.diagnosticText ?? "none"), \(coordinates["longitude"]?.diagnosticText ?? "none")"
        )
      }
    } else {
      document.warn(
        object, path: path + ".coordinates", "is missing; location kept unplaced",
        expected: "coordinates with latitude and longitude")
    }
    let evses = value["evses"]?.elements ?? []
    for (evseIndex, evseValue) in evses.enumerated() {
      let evsePath = "\(path).evses[\(evseIndex)]"
      guard let evseObject = evseValue.objectValue else {
        document.skip(
          object, path: evsePath, "is not an object; EVSE skipped", expected: "an EVSE object",
          value: evseValue.kindDescription)
        continue
      }
      let idKey = isPOI ? "id" : "evse_id"
      let evseID: String
      if let text = evseValue[idKey]?.text {
        evseID = text
      } else if let uid = evseValue["uid"]?.text {
        evseID = "\(id)/\(uid)"
        document.warn(
          evseObject, path: "\(evsePath).\(idKey)",
          "is missing; the EVSE is known by its location and uid, so it cannot be matched by EVSE id",
          expected: "an eMI3 EVSE id such as DE*SLB*E001L10000*001", value: evseID)
      } else {
        document.skip(
          evseObject, path: "\(evsePath).\(idKey)", "is missing, and so is uid; EVSE skipped",
          expected: "an eMI3 EVSE id")
        continue
      }
      var evse = LiveEVSE(evseID: evseID)
      if let raw = evseValue["status"]?.text {
        evse.rawStatus = raw
        if let status = LiveStatusMapping.ocpi(raw) {
          evse.status = status
        } else {
          document.warn(
            evseObject, path: evsePath + ".status",
            "is not an OCPI status; EVSE kept as unknown",
            expected: "AVAILABLE, BLOCKED, CHARGING, INOPERATIVE, OUTOFORDER, PLANNED, REMOVED, "
              + "RESERVED or UNKNOWN", value: raw)
        }
      } else {
        document.warn(
          evseObject, path: evsePath + ".status", "is missing; EVSE kept without status",
          expected: "an OCPI EVSE status", value: evseValue["status"]?.kindDescription)
      }
      var powers: [Double] = []
      for connector in evseValue["connectors"]?.elements ?? [] {
        if isPOI, let kW = connector["max_power"]?.decimal {
          powers.append(kW)
        } else if let watts = connector["max_electric_power"]?.decimal {
          powers.append(watts / 1000)
        }
      }
      if let kW = powers.max(), kW > 0 { evse.maxPowerKilowatts = kW }
      var tariffs = (evseValue["tariff_ids"]?.elements ?? []).compactMap(\.text)
      for tariff in evseValue["tariffs"]?.elements ?? [] {
        if let tariffID = tariff["id"]?.text, !tariffs.contains(tariffID) {
          tariffs.append(tariffID)
        }
      }
      evse.tariffIDs = tariffs
      location.evses.append(evse)
    }
    return location
  }
}

/// Reads any of the live-status layouts, detecting which from the content.
///
/// An OCPI or chargecloud page is read without a tree of the whole page: its list of locations
/// is read one location at a time (``LiveDocument/stream(_:fileName:expected:)``), so parsing a
/// page holds the page's bytes, one location's tree and the locations kept. A DATEX II
/// publication is read one site at a time the same way; its locations are all kept (its
/// statuses are paired with a table before they can be matched).
public enum LiveFeedParser {
  /// Parses a DATEX II status or table publication, an OCPI Locations page or a chargecloud POI
  /// answer; `fileName` names the file in diagnostics.
  ///
  /// With `keep`, an OCPI or chargecloud location it refuses is dropped as soon as it is read
  /// and only counted (``LiveFeed/unkeptStatuses``): the simulator keeps only the locations its
  /// register matches. A DATEX II document is returned whole (its status records have no
  /// position until paired with the table); filter it with ``LiveFeed/keeping(_:)``.
  public static func parse(
    _ data: Data, fileName: String, keep: ((LiveLocation) -> Bool)? = nil
  ) -> LiveFeed {
    data.withUnsafeBytes { raw in
      switch LiveDocument.stream(
        raw.bindMemory(to: UInt8.self), fileName: fileName,
        expected: "a DATEX II AFIR publication, an OCPI Locations page or a chargecloud POI answer")
      {
      case .failure(let diagnostics):
        return LiveFeed(
          format: .ocpiLocations, fileName: fileName, locations: [], diagnostics: diagnostics)
      case .success(var document, let stream):
        if DATEX2Parser.looksLike(document.root) {
          // A DATEX II document keeps its lists of sites under `payload`, set aside as it was
          // read; one that also holds a top-level list read aside is read again as a
          // publication.
          if stream.lists.isEmpty { return DATEX2Parser.parse(&document, stream: stream) }
          return DATEX2Parser.parse(data, fileName: fileName)
        }
        let format: LiveFeedFormat =
          OCPIStatusParser.looksLikePOI(document.root, stream: stream) ? .chargecloudPOI : .ocpiLocations
        return OCPIStatusParser.parse(&document, stream: stream, format: format, keep: keep)
      }
    }
  }
}
