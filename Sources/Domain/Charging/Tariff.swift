import Foundation

/// A price list of a charge point operator in the shape of an OCPI 2.2.1 `Tariff` object.
///
/// Prices are exact decimals as published (`Decimal`), never binary floating point. The structure,
/// field meanings and restriction rules follow `Documentation/Reference/ev-domain.md` §1.7
/// (OCPI 2.2.1 `mod_tariffs.asciidoc`).
public struct Tariff: Hashable, Sendable, Codable, Identifiable {
  /// ISO 3166-1 alpha-2 country of the CPO that owns the tariff.
  public var countryCode: String
  /// The CPO's party id (ISO 15118), e.g. `SLB`.
  public var partyID: String
  /// The tariff's id, unique within the CPO's platform.
  public var id: String
  /// The ISO 4217 currency of every price in the tariff.
  public var currency: Currency
  /// Which sessions the tariff is for; nil means every session.
  public var type: TariffType?
  /// Human-readable explanations in several languages.
  public var altText: [DisplayText]
  /// A web page explaining the tariff.
  public var altURL: String?
  /// The least a session costs under this tariff (a floor, not a start fee).
  public var minPrice: TariffPrice?
  /// The most a session costs under this tariff (a cap).
  public var maxPrice: TariffPrice?
  /// The elements; per dimension the first element whose restrictions match is active.
  public var elements: [TariffElement]
  /// When the tariff becomes valid (UTC); nil means always.
  public var startDateTime: Date?
  /// When the tariff stops being valid (UTC, exclusive); nil means open-ended.
  public var endDateTime: Date?
  /// When the CPO last changed the tariff.
  public var lastUpdated: Date

  /// Creates a tariff.
  public init(
    countryCode: String, partyID: String, id: String, currency: Currency,
    type: TariffType? = nil, altText: [DisplayText] = [], altURL: String? = nil,
    minPrice: TariffPrice? = nil, maxPrice: TariffPrice? = nil, elements: [TariffElement],
    startDateTime: Date? = nil, endDateTime: Date? = nil, lastUpdated: Date
  ) {
    self.countryCode = countryCode
    self.partyID = partyID
    self.id = id
    self.currency = currency
    self.type = type
    self.altText = altText
    self.altURL = altURL
    self.minPrice = minPrice
    self.maxPrice = maxPrice
    self.elements = elements
    self.startDateTime = startDateTime
    self.endDateTime = endDateTime
    self.lastUpdated = lastUpdated
  }

  /// Whether the tariff is valid for a session starting at `instant` (start inclusive, end exclusive).
  public func isActive(at instant: Date) -> Bool {
    if let startDateTime, instant < startDateTime { return false }
    if let endDateTime, instant >= endDateTime { return false }
    return true
  }
}

/// What kind of session a tariff is meant for (OCPI `TariffType`).
public enum TariffType: String, Hashable, Sendable, Codable, CaseIterable {
  /// Paid at the charge point without a contract (card terminal, web page).
  case adHocPayment = "AD_HOC_PAYMENT"
  /// Smart charging, cheapest profile.
  case profileCheap = "PROFILE_CHEAP"
  /// Smart charging, fastest profile.
  case profileFast = "PROFILE_FAST"
  /// Smart charging, greenest profile.
  case profileGreen = "PROFILE_GREEN"
  /// RFID or app without a charging preference.
  case regular = "REGULAR"
}

/// A text in one language (OCPI `DisplayText`).
public struct DisplayText: Hashable, Sendable, Codable {
  /// ISO 639-1 language code.
  public var language: String
  /// The text.
  public var text: String

  /// Creates a display text.
  public init(language: String, text: String) {
    self.language = language
    self.text = text
  }
}

/// A price excluding and optionally including VAT (OCPI `Price`), used for `min_price`/`max_price`.
public struct TariffPrice: Hashable, Sendable, Codable {
  /// The amount excluding VAT.
  public var exclVAT: Decimal
  /// The amount including VAT, when the CPO gives it.
  public var inclVAT: Decimal?

  /// Creates a price.
  public init(exclVAT: Decimal, inclVAT: Decimal? = nil) {
    self.exclVAT = exclVAT
    self.inclVAT = inclVAT
  }

  enum CodingKeys: String, CodingKey {
    case exclVAT = "excl_vat"
    case inclVAT = "incl_vat"
  }
}
