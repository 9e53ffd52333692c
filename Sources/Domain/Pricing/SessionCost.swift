import Charging
import Foundation

/// What a session costs under one tariff: totals excl. and incl. VAT and the part of each dimension.
public struct SessionCost: Sendable, Hashable {
  /// A billed dimension of a session.
  public enum Dimension: String, Sendable, Hashable, CaseIterable {
    /// The session's FLAT fee (charged once).
    case flat
    /// Energy.
    case energy
    /// Charging time.
    case time
    /// Time not charging.
    case parkingTime = "parking_time"
    /// A reservation's FLAT fee (charged once).
    case reservationFlat = "reservation_flat"
    /// Reservation time.
    case reservationTime = "reservation_time"
  }

  /// One dimension's share.
  public struct Line: Sendable, Hashable {
    /// The dimension.
    public var dimension: Dimension
    /// The billed volume after step rounding: mWh for energy, ms for times, a count for FLAT.
    public var billedVolume: Int64
    /// The volume before step rounding (same unit).
    public var consumedVolume: Int64
    /// The cost excluding VAT.
    public var exclVAT: ExactAmount
    /// The cost including VAT.
    public var inclVAT: ExactAmount

    /// The billed energy in kWh, for the energy line.
    public var billedKWh: Decimal { Decimal(billedVolume) / 1_000_000 }
    /// The billed time in minutes, for time lines.
    public var billedMinutes: Decimal { Decimal(billedVolume) / 60_000 }
  }

  /// The tariff's id.
  public var tariffID: String
  /// The currency of every amount.
  public var currency: Currency
  /// The total excluding VAT, after min/max price.
  public var exclVAT: ExactAmount
  /// The total including VAT, after min/max price.
  public var inclVAT: ExactAmount
  /// The billed dimensions, in the order flat, energy, time, parking, reservation.
  public var lines: [Line]
  /// Whether `min_price` raised either total.
  public var minPriceApplied: Bool
  /// Whether `max_price` lowered either total.
  public var maxPriceApplied: Bool
  /// Whether some billed component has no VAT field, so its incl.-VAT part equals excl. VAT
  /// (OCPI: no VAT applicable, which is not the same as 0 %).
  public var hasComponentsWithoutVAT: Bool

  /// The line of one dimension, when it was billed.
  public func line(_ dimension: Dimension) -> Line? { lines.first { $0.dimension == dimension } }

  /// The total excluding VAT in minor units (cents), rounded half away from zero.
  public var exclVATMoney: Money { exclVAT.money(currency) }
  /// The total including VAT in minor units (cents), rounded half away from zero.
  public var inclVATMoney: Money { inclVAT.money(currency) }
}
