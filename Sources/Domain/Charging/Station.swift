import Geo
import Identifiers

/// Where a record came from, with the licence and attribution that must travel with it.
public struct DataSource: Hashable, Sendable, Codable {
  /// A short name, e.g. `BNetzA Ladesäulenregister`.
  public var name: String
  /// The date of the data (`YYYY-MM-DD`), not the date it was loaded.
  public var date: String
  /// The licence, e.g. `CC BY 4.0`.
  public var licence: String
  /// The attribution text to show on the data/about screen.
  public var attribution: String

  /// Creates a data source.
  public init(name: String, date: String, licence: String, attribution: String) {
    self.name = name
    self.date = date
    self.licence = licence
    self.attribution = attribution
  }
}

/// A postal address.
public struct Address: Hashable, Sendable, Codable {
  /// The street and house number, e.g. `Mozartstr. 27`.
  public var street: String?
  /// The postcode, e.g. `72127`.
  public var postcode: String?
  /// The town or city.
  public var city: String?
  /// ISO 3166-1 alpha-2, e.g. `DE`.
  public var country: String

  /// Creates an address.
  public init(
    street: String? = nil, postcode: String? = nil, city: String? = nil, country: String = "DE"
  ) {
    self.street = street
    self.postcode = postcode
    self.city = city
    self.country = country
  }

  /// `"Mozartstr. 27, Kusterdingen"` — street and city, whichever are known.
  public var shortText: String {
    [street, city].compactMap { $0?.isEmpty == false ? $0 : nil }.joined(separator: ", ")
  }
}

/// A charging site: one place with one or more EVSEs (OCPI `Location`).
public struct Station: Hashable, Sendable, Codable, Identifiable {
  /// A station's stable identifier.
  public struct ID: StringIdentifier {
    /// The identifier text, e.g. `bnetza2022-12345`.
    public var rawValue: String
    /// Creates an identifier from its text.
    public init(rawValue: String) { self.rawValue = rawValue }
  }


  /// The station's stable identifier, unique within a station set.
  public var id: ID
  /// The display name; the register has none, so ``displayName`` falls back to the address.
  public var name: String?
  /// The operator (CPO) as normalised by the importer.
  public var operatorName: String
  /// The station's postal address.
  public var address: Address
  /// Where the station is (WGS 84).
  public var coordinate: Coordinate
  /// The charge points at the site.
  public var evses: [EVSE]
  /// Number of charge points the source reports (may differ from `evses.count` when the source
  /// aggregates plugs).
  public var chargePointCount: Int
  /// Opening hours, nil when unknown (the register has none).
  public var openingHours: OpeningHours?
  /// IANA time zone for local-time rules (hours, tariff restrictions).
  public var timeZone: String
  /// Where the record came from, with its licence and attribution.
  public var source: DataSource
  /// Data-quality notes from the source or the merge (e.g. `low_precision_coords`).
  public var qualityFlags: [String]

  /// Creates a station.
  public init(
    id: ID, name: String? = nil, operatorName: String, address: Address, coordinate: Coordinate,
    evses: [EVSE], chargePointCount: Int? = nil, openingHours: OpeningHours? = nil,
    timeZone: String = "Europe/Berlin", source: DataSource, qualityFlags: [String] = []
  ) {
    self.id = id
    self.name = name
    self.operatorName = operatorName
    self.address = address
    self.coordinate = coordinate
    self.evses = evses
    self.chargePointCount = chargePointCount ?? evses.count
    self.openingHours = openingHours
    self.timeZone = timeZone
    self.source = source
    self.qualityFlags = qualityFlags
  }

  /// The name, or the short address when the source has no name.
  public var displayName: String {
    if let name, !name.isEmpty { return name }
    let text = address.shortText
    return text.isEmpty ? operatorName : text
  }

  /// The operator's family key (``OperatorName/key(_:)``): every known spelling of one operator
  /// gives the same key, e.g. "E.ON Drive Infrastructure GmbH" and "Charge-ON" → `eon drive`.
  ///
  /// Computed on each access; code that compares many stations should cache it per spelling.
  public var operatorFamily: String { OperatorName.key(operatorName) }

  /// The highest connector power at the site, when any is known.
  public var maxPower: Power? { evses.compactMap(\.maxPower).max() }

  /// Whether any connector supplies DC.
  public var hasDirectCurrent: Bool {
    evses.contains { $0.connectors.contains { $0.powerType.isDirectCurrent } }
  }

  /// The distinct plug standards at the site.
  public var connectorStandards: Set<ConnectorStandard> {
    Set(evses.flatMap { $0.connectors.map(\.standard) })
  }
}
