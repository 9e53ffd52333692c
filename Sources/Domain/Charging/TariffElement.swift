import Foundation

/// A group of price components that are active together while its restrictions hold
/// (OCPI `TariffElement`).
public struct TariffElement: Hashable, Sendable, Codable {
  /// The prices of this element, at most one per dimension takes part in a lookup.
  public var priceComponents: [PriceComponent]
  /// When the element is active; nil means always (a fallback element).
  public var restrictions: TariffRestrictions?

  /// Creates an element.
  public init(priceComponents: [PriceComponent], restrictions: TariffRestrictions? = nil) {
    self.priceComponents = priceComponents
    self.restrictions = restrictions
  }

  enum CodingKeys: String, CodingKey {
    case priceComponents = "price_components"
    case restrictions
  }
}

/// What a price component charges for (OCPI `TariffDimensionType`).
///
/// Units from `Documentation/Reference/ev-domain.md` §1.7: ENERGY per kWh (step 1 Wh), FLAT per
/// session, TIME per hour charging (step 1 s), PARKING_TIME per hour not charging (step 1 s).
public enum TariffDimension: String, Hashable, Sendable, Codable, CaseIterable {
  /// Energy delivered, priced per kWh.
  case energy = "ENERGY"
  /// A fixed fee per session.
  case flat = "FLAT"
  /// Time while charging (or reserved, with a reservation restriction), priced per hour.
  case time = "TIME"
  /// Time while the vehicle is not requesting power, priced per hour.
  case parkingTime = "PARKING_TIME"
}

/// One price in one dimension (OCPI `PriceComponent`).
public struct PriceComponent: Hashable, Sendable, Codable {
  /// The dimension the price applies to.
  public var type: TariffDimension
  /// The price per unit excluding VAT.
  public var price: Decimal
  /// The VAT percentage; nil means no VAT applies, which is different from 0 %.
  public var vat: Decimal?
  /// The billing granularity in the dimension's step unit (Wh or seconds; ignored for FLAT).
  public var stepSize: Int
  /// The gross price as published, when this component was converted from a gross price.
  ///
  /// Not part of OCPI. The calculator uses it for the incl.-VAT side so that a converted tariff
  /// costs exactly what the provider published (the net price `gross / (1 + vat)` often has no
  /// finite decimal form). Never written to OCPI JSON.
  public var publishedGrossPrice: Decimal?

  /// Creates a price component.
  public init(
    type: TariffDimension, price: Decimal, vat: Decimal? = nil, stepSize: Int = 1,
    publishedGrossPrice: Decimal? = nil
  ) {
    self.type = type
    self.price = price
    self.vat = vat
    self.stepSize = stepSize
    self.publishedGrossPrice = publishedGrossPrice
  }

  enum CodingKeys: String, CodingKey {
    case type, price, vat
    case stepSize = "step_size"
  }

  /// Decodes a component; a missing `step_size` is an error because OCPI requires it.
  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    let raw = try container.decode(String.self, forKey: .type)
    guard let type = TariffDimension(rawValue: raw) else {
      throw DecodingError.dataCorruptedError(
        forKey: .type, in: container,
        debugDescription:
          "unknown dimension '\(raw)', expected ENERGY, FLAT, TIME or PARKING_TIME")
    }
    self.type = type
    self.price = try container.decode(Decimal.self, forKey: .price)
    self.vat = try container.decodeIfPresent(Decimal.self, forKey: .vat)
    self.stepSize = try container.decode(Int.self, forKey: .stepSize)
    self.publishedGrossPrice = nil
  }

  /// Encodes the OCPI fields only.
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(type, forKey: .type)
    try container.encode(price, forKey: .price)
    try container.encodeIfPresent(vat, forKey: .vat)
    try container.encode(stepSize, forKey: .stepSize)
  }
}
