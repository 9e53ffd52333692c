import Foundation

extension Tariff {
  /// Checks the rules a priceable tariff must meet and throws the first violation.
  ///
  /// Rules: at least one element, each with at least one component; prices, VAT, limits and
  /// restriction bounds not negative; `step_size` ≥ 1 for ENERGY, TIME and PARKING_TIME
  /// (`Documentation/Reference/ev-domain.md` §1.7); reservation elements price only FLAT and TIME;
  /// every restriction range can hold (`min_kwh` < `max_kwh`, `min_power` < `max_power`,
  /// `min_current` < `max_current`, `min_duration` < `max_duration`, `start_date` < `end_date`:
  /// lower bounds are inclusive and upper bounds exclusive, so equal bounds never hold);
  /// a `min_price`/`max_price` `incl_vat` is not below its `excl_vat`; `min_price` ≤ `max_price`;
  /// start before end. Sizes are bounded so pricing stays exact and fast: at most
  /// ``maximumElementCount`` elements and ``maximumComponentCount`` components per element,
  /// `step_size` and durations at most ``maximumStepSize`` and ``maximumDuration``, VAT at most
  /// 100 %.
  public func validate() throws {
    func fail(_ field: String, _ problem: String) -> TariffError {
      TariffError(tariffID: id, field: field, problem: problem)
    }
    guard !elements.isEmpty else {
      throw fail("elements", "empty, OCPI requires at least one element")
    }
    guard elements.count <= Self.maximumElementCount else {
      throw fail(
        "elements",
        "\(elements.count) elements, expected at most \(Self.maximumElementCount) (real tariffs"
          + " have a handful)")
    }
    for (e, element) in elements.enumerated() {
      guard !element.priceComponents.isEmpty else {
        throw fail("elements[\(e)].price_components", "empty, expected at least one component")
      }
      guard element.priceComponents.count <= Self.maximumComponentCount else {
        throw fail(
          "elements[\(e)].price_components",
          "\(element.priceComponents.count) components, expected at most"
            + " \(Self.maximumComponentCount)")
      }
      for (p, component) in element.priceComponents.enumerated() {
        let field = "elements[\(e)].price_components[\(p)]"
        if component.price < 0 {
          throw fail("\(field).price", "\(component.price) is negative, expected ≥ 0")
        }
        if let vat = component.vat, vat < 0 || vat > 100 {
          throw fail("\(field).vat", "\(vat) is out of range, expected a percentage 0 … 100")
        }
        if component.stepSize > Self.maximumStepSize {
          throw fail(
            "\(field).step_size",
            "\(component.stepSize) is too large, expected at most \(Self.maximumStepSize)"
              + " (Wh or s)")
        }
        if component.type != .flat, component.stepSize < 1 {
          throw fail(
            "\(field).step_size",
            "\(component.stepSize) for \(component.type.rawValue), expected ≥ 1 (1 Wh or 1 s)")
        }
        if component.type == .flat, component.stepSize < 0 {
          throw fail("\(field).step_size", "\(component.stepSize) is negative")
        }
        if element.restrictions?.reservation != nil, component.type != .flat,
          component.type != .time
        {
          throw fail(
            "\(field).type",
            "\(component.type.rawValue) in a reservation element, OCPI allows only FLAT and TIME")
        }
      }
      if let r = element.restrictions {
        let field = "elements[\(e)].restrictions"
        let decimals: [(String, Decimal?)] = [
          ("min_kwh", r.minKWh), ("max_kwh", r.maxKWh), ("min_current", r.minCurrent),
          ("max_current", r.maxCurrent), ("min_power", r.minPower), ("max_power", r.maxPower),
        ]
        for (name, value) in decimals {
          if let value, value < 0 { throw fail("\(field).\(name)", "\(value) is negative") }
        }
        if let v = r.minDuration, v < 0 { throw fail("\(field).min_duration", "\(v) is negative") }
        if let v = r.maxDuration, v < 0 { throw fail("\(field).max_duration", "\(v) is negative") }
        for (name, value) in [("min_duration", r.minDuration), ("max_duration", r.maxDuration)] {
          if let value, value > Self.maximumDuration {
            throw fail(
              "\(field).\(name)",
              "\(value) is too large, expected at most \(Self.maximumDuration) seconds")
          }
        }
        // Lower bounds are inclusive and upper bounds exclusive, so equal bounds never hold.
        func range<T: Comparable>(_ low: String, _ a: T?, _ high: String, _ b: T?) throws {
          guard let a, let b, a >= b else { return }
          throw fail(
            "\(field).\(low)",
            "\(a) is not below \(high) \(b), so the element can never be active (\(low) is"
              + " inclusive, \(high) exclusive)")
        }
        try range("min_kwh", r.minKWh, "max_kwh", r.maxKWh)
        try range("min_power", r.minPower, "max_power", r.maxPower)
        try range("min_current", r.minCurrent, "max_current", r.maxCurrent)
        try range("min_duration", r.minDuration, "max_duration", r.maxDuration)
        try range("start_date", r.startDate, "end_date", r.endDate)
      }
    }
    for (name, limit) in [("min_price", minPrice), ("max_price", maxPrice)] {
      guard let limit else { continue }
      if limit.exclVAT < 0 { throw fail("\(name).excl_vat", "\(limit.exclVAT) is negative") }
      if let incl = limit.inclVAT, incl < 0 {
        throw fail("\(name).incl_vat", "\(incl) is negative")
      }
      if let incl = limit.inclVAT, incl < limit.exclVAT {
        throw fail(
          "\(name).incl_vat",
          "\(incl) is below excl_vat \(limit.exclVAT), expected incl_vat ≥ excl_vat (VAT is never"
            + " negative)")
      }
    }
    if let minPrice, let maxPrice, minPrice.exclVAT > maxPrice.exclVAT {
      throw fail(
        "min_price", "\(minPrice.exclVAT) is above max_price \(maxPrice.exclVAT), expected ≤")
    }
    if let minIncl = minPrice?.inclVAT, let maxIncl = maxPrice?.inclVAT, minIncl > maxIncl {
      throw fail(
        "min_price.incl_vat", "\(minIncl) is above max_price.incl_vat \(maxIncl), expected ≤")
    }
    if let start = startDateTime, let end = endDateTime, end <= start {
      throw fail("end_date_time", "is not after start_date_time")
    }
  }

  /// The most elements a priceable tariff may have.
  public static let maximumElementCount = 1_000
  /// The most price components one element may have (OCPI uses one per dimension).
  public static let maximumComponentCount = 16
  /// The largest `step_size` (Wh or s; 10⁸ is 100 MWh or about 3 years) a priceable tariff may
  /// state; larger steps would overflow the exact integer arithmetic of pricing.
  public static let maximumStepSize = 100_000_000
  /// The largest `min_duration`/`max_duration` in seconds (10¹⁰ s ≈ 317 years).
  public static let maximumDuration = 10_000_000_000
}
