import Charging
import Diagnostics
import Foundation
import Geo

/// A live-status feed layout the parsers understand.
public enum LiveFeedFormat: String, Hashable, Sendable, CaseIterable, CustomStringConvertible {
  /// DATEX II v3 AFIR `EnergyInfrastructureStatusPublication` (status per charge point).
  case datex2Status = "datex2-status"
  /// DATEX II v3 AFIR `EnergyInfrastructureTablePublication` (sites, stations, charge points,
  /// ad-hoc prices; no status).
  case datex2Table = "datex2-table"
  /// OCPI 2.2.1 Locations: an OCPI response envelope, a chargecloud `{"next", "items"}` page or
  /// a bare array of locations.
  case ocpiLocations = "ocpi-locations"
  /// chargecloud's public POI answer (`{"data": [...], "timestamp": ...}`, status per EVSE and
  /// connector, EVSE id in `id`).
  case chargecloudPOI = "chargecloud-poi"

  /// The short name used on the command line and in reports.
  public var description: String { rawValue }
}

/// An ad-hoc price from a DATEX II AFIR table: what a driver without a contract pays.
public struct AdHocPrice: Hashable, Sendable {
  /// The price per kWh as published.
  public var perKilowattHour: Double?
  /// The price per minute as published.
  public var perMinute: Double?
  /// The minute from which the per-minute price applies (a blocking fee), when given.
  public var perMinuteFromMinute: Int?
  /// The ISO 4217 currency, e.g. `EUR`.
  public var currency: String
  /// Whether the published prices include VAT.
  public var taxIncluded: Bool
  /// The VAT rate in percent, when given.
  public var taxRatePercent: Double?

  /// Creates a price.
  public init(
    perKilowattHour: Double?, perMinute: Double?, perMinuteFromMinute: Int?, currency: String,
    taxIncluded: Bool, taxRatePercent: Double?
  ) {
    self.perKilowattHour = perKilowattHour
    self.perMinute = perMinute
    self.perMinuteFromMinute = perMinuteFromMinute
    self.currency = currency
    self.taxIncluded = taxIncluded
    self.taxRatePercent = taxRatePercent
  }

  /// The factor that turns a published price into what the driver pays (1 when VAT is included).
  private var grossFactor: Double {
    taxIncluded ? 1 : 1 + (taxRatePercent ?? 0) / 100
  }

  /// The price per kWh with VAT.
  public var grossPerKilowattHour: Double? { perKilowattHour.map { $0 * grossFactor } }

  /// The price per minute with VAT.
  public var grossPerMinute: Double? { perMinute.map { $0 * grossFactor } }

  /// What the driver pays, with VAT: `0.79 €/kWh + 0.24 €/min from min 30`.
  public var text: String {
    let symbol = currency == "EUR" ? "€" : currency
    var parts: [String] = []
    if let kWh = grossPerKilowattHour { parts.append(Self.money(kWh) + " \(symbol)/kWh") }
    if let minute = grossPerMinute, minute > 0 {
      var part = Self.money(minute) + " \(symbol)/min"
      if let from = perMinuteFromMinute, from > 0 { part += " from min \(from)" }
      parts.append(part)
    }
    return parts.isEmpty ? "price not published" : parts.joined(separator: " + ")
  }

  static func money(_ value: Double) -> String {
    let cents = Int((value * 100).rounded())
    let rest = cents % 100
    return "\(cents / 100)." + (rest < 10 ? "0" : "") + "\(rest)"
  }
}

/// One charge point (EVSE) as a live feed describes it.
public struct LiveEVSE: Hashable, Sendable {
  /// The eMI3 EVSE id, e.g. `DE*EBW*E914082*2` (DATEX `idG`, OCPI `evse_id`, chargecloud `id`).
  public var evseID: String
  /// The status in the one model (``Charging/EVSEStatus``); `.unknown` when the feed gives none.
  public var status: EVSEStatus
  /// The status exactly as the feed wrote it (`faulted`, `OUTOFORDER`, …); nil when absent.
  public var rawStatus: String?
  /// When the status was observed, when the feed dates it (DATEX `lastUpdated`); nil when the
  /// feed has no per-status time and the fetch time applies.
  public var observedAt: Date?
  /// The highest power of its connectors in kW, when given.
  public var maxPowerKilowatts: Double?
  /// The ad-hoc price (DATEX table), when given.
  public var adHocPrice: AdHocPrice?
  /// Ids of the tariffs that apply (OCPI `tariff_ids` or embedded `tariffs[].id`).
  public var tariffIDs: [String]

  /// Creates an EVSE.
  public init(
    evseID: String, status: EVSEStatus = .unknown, rawStatus: String? = nil,
    observedAt: Date? = nil, maxPowerKilowatts: Double? = nil, adHocPrice: AdHocPrice? = nil,
    tariffIDs: [String] = []
  ) {
    self.evseID = evseID
    self.status = status
    self.rawStatus = rawStatus
    self.observedAt = observedAt
    self.maxPowerKilowatts = maxPowerKilowatts
    self.adHocPrice = adHocPrice
    self.tariffIDs = tariffIDs
  }
}

/// One place of a live feed (a DATEX site, an OCPI location) with its charge points.
public struct LiveLocation: Hashable, Sendable {
  /// The feed's id for the place (DATEX site `idG`, OCPI `id`).
  public var id: String
  /// The place's name or address line, when given.
  public var name: String?
  /// The operator's name, when given.
  public var operatorName: String?
  /// The operator's id (eMI3 party, e.g. `EBW`), when given.
  public var operatorID: String?
  /// Where the place is: the stations' own coordinates first, then the site's display
  /// coordinates (which can be far off; see `Guides/LiveStatus.md`). Empty for a DATEX status
  /// record that is not paired with its table.
  public var coordinates: [Coordinate]
  /// The charge points.
  public var evses: [LiveEVSE]

  /// Creates a location.
  public init(
    id: String, name: String? = nil, operatorName: String? = nil, operatorID: String? = nil,
    coordinates: [Coordinate] = [], evses: [LiveEVSE] = []
  ) {
    self.id = id
    self.name = name
    self.operatorName = operatorName
    self.operatorID = operatorID
    self.coordinates = coordinates
    self.evses = evses
  }
}

/// One parsed live-status document: its places and charge points, every problem found, and what
/// the feed says about paging and time.
public struct LiveFeed: Sendable {
  /// The layout the document was read as.
  public var format: LiveFeedFormat
  /// The file or URL named in diagnostics.
  public var fileName: String
  /// The places, in document order.
  public var locations: [LiveLocation]
  /// Problems, in document order; each names the file, the line and the field path.
  public var diagnostics: [ImportDiagnostic]
  /// When the feed was published (DATEX `publicationTime`, chargecloud `timestamp`, OCPI
  /// envelope `timestamp`), when given.
  public var publishedAt: Date?
  /// The cursor or URL of the next page (chargecloud `next`), when the document says more exist.
  public var nextPage: String?
  /// Whether the document is a delta (DATEX `deltaPull`): places it leaves out keep their status.
  public var isDelta: Bool
  /// Whether the poll stopped before the feed's last page (the page limit, a next page on
  /// another origin): charge points it leaves out may still be on the pages not read.
  public var isPartial = false
  /// Charge points with a status that were read and not kept: their location was refused by
  /// the reader's `keep` (``LiveFeedParser/parse(_:fileName:keep:)``, ``keeping(_:)``) — in the
  /// simulator, a location no register row matches.
  public var unkeptStatuses = 0
  /// Locations that were read and not kept (see ``unkeptStatuses``).
  public var unkeptLocations = 0

  /// Whether the document is the whole feed: not a delta and not cut short, so a charge point
  /// it leaves out is one the feed no longer sends.
  public var isComplete: Bool { !isDelta && !isPartial }

  /// Creates a feed.
  public init(
    format: LiveFeedFormat, fileName: String, locations: [LiveLocation],
    diagnostics: [ImportDiagnostic], publishedAt: Date? = nil, nextPage: String? = nil,
    isDelta: Bool = false
  ) {
    self.format = format
    self.fileName = fileName
    self.locations = locations
    self.diagnostics = diagnostics
    self.publishedAt = publishedAt
    self.nextPage = nextPage
    self.isDelta = isDelta
  }

  /// The feed with only the locations `keep` accepts; the statuses of the others are counted
  /// in ``unkeptStatuses``.
  public func keeping(_ keep: (LiveLocation) -> Bool) -> LiveFeed {
    var feed = self
    feed.locations = []
    for location in locations {
      if keep(location) {
        feed.locations.append(location)
      } else {
        feed.unkeptStatuses += location.evses.count { $0.rawStatus != nil }
        feed.unkeptLocations += 1
      }
    }
    return feed
  }

  /// Every charge point, in document order.
  public var evses: [LiveEVSE] { locations.flatMap(\.evses) }

  /// How many charge points carry each status as the feed wrote it (`nil` key: no status).
  public var rawStatusCounts: [String?: Int] {
    var counts: [String?: Int] = [:]
    for location in locations {
      for evse in location.evses { counts[evse.rawStatus, default: 0] += 1 }
    }
    return counts
  }

  /// How many charge points carry each status of the model.
  public var statusCounts: [EVSEStatus: Int] {
    var counts: [EVSEStatus: Int] = [:]
    for location in locations {
      for evse in location.evses { counts[evse.status, default: 0] += 1 }
    }
    return counts
  }

  /// The error diagnostics: skipped elements or an unreadable document.
  public var errors: [ImportDiagnostic] { diagnostics.filter { $0.severity == .error } }

  /// One observation per charge point that has a status; a charge point the feed does not date
  /// is stamped `fetchedAt` (OCPI's EVSE `last_updated` does not track status changes).
  ///
  /// A time after `fetchedAt` (a feed's clock ahead, or a record dated 2099) is clamped to
  /// `fetchedAt`, whatever the format: the newest observation wins, so a future date would
  /// otherwise freeze the charge point's status against every later real one.
  public func observations(fetchedAt: Date) -> [StatusObservation] {
    var result: [StatusObservation] = []
    for location in locations {
      for evse in location.evses where evse.rawStatus != nil {
        let stated = evse.observedAt ?? publishedAt ?? fetchedAt
        result.append(
          StatusObservation(
            evseID: evse.evseID, status: evse.status, observedAt: min(stated, fetchedAt)))
      }
    }
    return result
  }

  /// How many charge points the feed dates after `fetchedAt` (clamped by
  /// ``observations(fetchedAt:)``), for the poll's warning.
  public func futureDated(fetchedAt: Date) -> Int {
    var count = 0
    for location in locations {
      for evse in location.evses where evse.rawStatus != nil {
        if let stated = evse.observedAt ?? publishedAt, stated > fetchedAt { count += 1 }
      }
    }
    return count
  }
}
