import Charging
import Foundation

/// Prices charging sessions under OCPI 2.2.1 tariffs, following §1.8 of
/// `Documentation/Reference/ev-domain.md` step by step.
///
/// 1. The tariff must be valid at the session start (``Tariff/isActive(at:)``).
/// 2. Every period is split wherever a restriction could switch: local times of day and
///    midnights (in the session's time zone, DST included), session durations, energy amounts.
/// 3. For each piece and each dimension the active component is the one in the *first* element
///    (list order) that has that dimension and whose restrictions all hold at the piece's start.
///    No match = free. FLAT is charged once, the first time one is active.
/// 4. Volumes: ENERGY = kWh in the piece, TIME = charging time, PARKING_TIME = time not charging;
///    reservation periods price only reservation elements (FLAT and TIME).
/// 5. Step sizes apply once per session: total billed energy is rounded up to the step of the
///    last ENERGY component used; if parking was billed, only total parking time is rounded (with
///    the last PARKING_TIME component's step), otherwise total charging time (last TIME
///    component). The rounding delta is billed at that last component's price (the corrected
///    `release-2.2.1-bugfixes` reading, e.g. T16 = 0.73).
/// 6. Cost = volume × price per component; incl. VAT = excl × (1 + vat/100), or excl when the
///    component has no VAT.
/// 7. `min_price` and `max_price` clamp the excl. and incl. totals independently. When a limit
///    has no `incl_vat`, its incl.-VAT side is derived with the session's effective VAT:
///    `limit.excl × session incl ÷ session excl` (before clamping), so a 10.00 net floor on a
///    session billed at 19 % is 11.90 gross and the incl. total never ends below the excl. one.
///    A session with a zero excl. total takes the VAT of the tariff's first component that has
///    one (element order); a tariff without VAT uses the excl. limit as is.
/// 8. Everything is exact (``ExactAmount``); rounding is for display only.
public enum SessionCostCalculator {
  /// Prices `session` under `tariff`; throws ``TariffError`` for an invalid or inactive tariff and
  /// ``SessionError`` for an invalid session.
  public static func cost(of session: ChargingSession, under tariff: Tariff) throws -> SessionCost {
    let compiled = try CompiledTariff(tariff)
    let prepared = try PreparedSession(session)
    guard tariff.isActive(at: prepared.sessionStart) else {
      let from = tariff.startDateTime.map(OCPIDateTime.format) ?? "always"
      let to = tariff.endDateTime.map(OCPIDateTime.format) ?? "open end"
      throw TariffError(
        tariffID: tariff.id, field: "start_date_time/end_date_time",
        problem:
          "not valid for a session starting \(OCPIDateTime.format(prepared.sessionStart)) (valid \(from) … \(to))"
      )
    }
    return compiled.cost(prepared)
  }
}

/// Running totals of one dimension.
private struct Accumulator {
  var excl: Int128 = 0
  var incl: Int128 = 0
  var volume: Int64 = 0
  var billedVolume: Int64 = 0
  var last: CompiledComponent?
  var missingVAT = false

  mutating func add(_ c: CompiledComponent, volume v: Int64) {
    guard v > 0 else { return }
    excl += c.exclPerUnit * Int128(v)
    incl += c.inclPerUnit * Int128(v)
    volume += v
    last = c
    if !c.hasVAT { missingVAT = true }
  }

  /// Rounds the total volume up to the last component's step and bills the delta at its price.
  mutating func applyStep() {
    billedVolume = volume
    guard let last, volume > 0, last.step > 1 else { return }
    let rounded = (volume + last.step - 1) / last.step * last.step
    let delta = rounded - volume
    excl += last.exclPerUnit * Int128(delta)
    incl += last.inclPerUnit * Int128(delta)
    billedVolume = rounded
  }
}

/// The state restrictions look at, taken at the start of a piece.
private struct Moment {
  var timeOfDay: Int64
  var day: Int
  var weekday: Int
  var energy: Int64
  var duration: Int64
  var powerNumerator: Int128
  var powerDenominator: Int128
  var current: Int64?
}

extension CompiledTariff {
  /// Prices a prepared session. The tariff's start/end validity is not checked here; see
  /// ``Tariff/isActive(at:)``.
  public func cost(_ session: PreparedSession) -> SessionCost {
    var energyAcc = Accumulator()
    var timeAcc = Accumulator()
    var parkingAcc = Accumulator()
    var reservationTimeAcc = Accumulator()
    var flatAcc = Accumulator()
    var reservationFlatAcc = Accumulator()
    var flatCharged = false
    var reservationFlatCharged = false
    var parkingBilled = false
    var cuts: [Int64] = []
    cuts.reserveCapacity(16)

    for period in session.periods where period.end > period.start {
      let isReservation = period.kind == .reservation || period.kind == .expiredReservation
      let zero = isReservation ? 0 : session.sessionZero
      cuts.removeAll(keepingCapacity: true)
      cuts.append(period.start)
      cuts.append(period.end)
      if !timesOfDay.isEmpty {
        let base = session.startUTC
        let before = cuts.count
        session.clock.boundaries(
          from: base + period.start, to: base + period.end, timesOfDay: timesOfDay, into: &cuts)
        for i in before..<cuts.count { cuts[i] -= base }
      }
      for d in durations {
        let t = zero + d
        if t > period.start && t < period.end { cuts.append(t) }
      }
      if period.kind == .charging, period.energyEnd > period.energyStart {
        let span = Int128(period.end - period.start)
        let delivered = Int128(period.energyEnd - period.energyStart)
        for k in energies where k > period.energyStart && k < period.energyEnd {
          let need = Int128(k - period.energyStart) * span
          let t = period.start + Int64((need + delivered - 1) / delivered)
          if t > period.start && t < period.end { cuts.append(t) }
        }
      }
      if cuts.count > 2 {
        cuts.sort()
      } else if cuts[0] > cuts[1] {
        cuts.swapAt(0, 1)
      }
      var i = 0
      while i + 1 < cuts.count {
        let a = cuts[i]
        var j = i + 1
        while j < cuts.count && cuts[j] == a { j += 1 }
        guard j < cuts.count else { break }
        let b = cuts[j]
        i = j
        let local = session.clock.local(session.startUTC + a)
        let day = floorDiv(local, 86_400_000)
        var weekday = Int((day + 3) % 7)
        if weekday < 0 { weekday += 7 }
        let moment = Moment(
          timeOfDay: local - day * 86_400_000, day: Int(day), weekday: weekday,
          energy: period.energy(at: a), duration: a - zero,
          powerNumerator: period.powerNumerator, powerDenominator: period.powerDenominator,
          current: period.currentMilliamps)
        let span = b - a
        switch period.kind {
        case .charging:
          if let c = select(energy, moment, reservation: nil) {
            energyAcc.add(c, volume: period.energy(at: b) - period.energy(at: a))
          }
          if let c = select(time, moment, reservation: nil) { timeAcc.add(c, volume: span) }
          if !flatCharged, let c = select(flat, moment, reservation: nil) {
            flatAcc.add(c, volume: 1)
            flatCharged = true
          }
        case .parking:
          if let c = select(parking, moment, reservation: nil) {
            parkingAcc.add(c, volume: span)
            parkingBilled = true
          }
          if !flatCharged, let c = select(flat, moment, reservation: nil) {
            flatAcc.add(c, volume: 1)
            flatCharged = true
          }
        case .reservation, .expiredReservation:
          let expired = period.kind == .expiredReservation
          if let c = selectReservation(time, moment, expired: expired) {
            reservationTimeAcc.add(c, volume: span)
          }
          if !reservationFlatCharged, let c = selectReservation(flat, moment, expired: expired) {
            reservationFlatAcc.add(c, volume: 1)
            reservationFlatCharged = true
          }
        }
      }
    }

    energyAcc.applyStep()
    if parkingBilled {
      parkingAcc.applyStep()
      timeAcc.billedVolume = timeAcc.volume
    } else {
      timeAcc.applyStep()
      parkingAcc.billedVolume = parkingAcc.volume
    }
    reservationTimeAcc.applyStep()
    flatAcc.billedVolume = flatAcc.volume
    reservationFlatAcc.billedVolume = reservationFlatAcc.volume

    var lines: [SessionCost.Line] = []
    var excl: Int128 = 0
    var incl: Int128 = 0
    var missingVAT = false
    let all: [(SessionCost.Dimension, Accumulator)] = [
      (.flat, flatAcc), (.energy, energyAcc), (.time, timeAcc), (.parkingTime, parkingAcc),
      (.reservationFlat, reservationFlatAcc), (.reservationTime, reservationTimeAcc),
    ]
    for (dimension, acc) in all where acc.last != nil {
      lines.append(
        SessionCost.Line(
          dimension: dimension, billedVolume: acc.billedVolume, consumedVolume: acc.volume,
          exclVAT: ExactAmount(units: acc.excl), inclVAT: ExactAmount(units: acc.incl)))
      excl += acc.excl
      incl += acc.incl
      missingVAT = missingVAT || acc.missingVAT
    }
    // The session's effective VAT (incl ÷ excl) derives an incl.-VAT limit the tariff leaves out.
    let vat = excl > 0 ? (incl, excl) : fallbackVAT
    func inclLimit(_ limit: (excl: ExactAmount, incl: ExactAmount?)) -> Int128 {
      limit.incl?.units ?? Self.scale(limit.excl.units, by: vat.0, over: vat.1)
    }
    var minApplied = false
    var maxApplied = false
    if let minPrice {
      if excl < minPrice.excl.units {
        excl = minPrice.excl.units
        minApplied = true
      }
      let m = inclLimit(minPrice)
      if incl < m {
        incl = m
        minApplied = true
      }
    }
    if let maxPrice {
      if excl > maxPrice.excl.units {
        excl = maxPrice.excl.units
        maxApplied = true
      }
      let m = inclLimit(maxPrice)
      if incl > m {
        incl = m
        maxApplied = true
      }
    }
    return SessionCost(
      tariffID: tariff.id, currency: tariff.currency, exclVAT: ExactAmount(units: excl),
      inclVAT: ExactAmount(units: incl), lines: lines, minPriceApplied: minApplied,
      maxPriceApplied: maxApplied, hasComponentsWithoutVAT: missingVAT)
  }

  /// `value × numerator ÷ denominator`, rounded half up, for non-negative operands, through a
  /// 256-bit intermediate (the product of two amounts overflows 128 bits).
  static func scale(_ value: Int128, by numerator: Int128, over denominator: Int128) -> Int128 {
    guard value > 0, numerator > 0, denominator > 0 else { return 0 }
    let d = UInt128(denominator)
    let product = UInt128(value).multipliedFullWidth(by: UInt128(numerator))
    guard product.high < d else { return .max }
    let (q, r) = d.dividingFullWidth(product)
    return Int128(clamping: r >= d - r ? q + 1 : q)
  }

  /// The first candidate (element order) whose element matches a non-reservation moment.
  @inline(__always)
  private func select(_ candidates: [Candidate], _ m: Moment, reservation: ReservationRestriction?)
    -> CompiledComponent?
  {
    for candidate in candidates {
      let r = elements[candidate.element]
      if r?.reservation != reservation { continue }
      if let r, !r.matches(m) { continue }
      return candidate.component
    }
    return nil
  }

  /// For an expired reservation, `RESERVATION_EXPIRES` elements win over `RESERVATION` ones.
  private func selectReservation(_ candidates: [Candidate], _ m: Moment, expired: Bool)
    -> CompiledComponent?
  {
    if expired, let c = select(candidates, m, reservation: .reservationExpires) { return c }
    return select(candidates, m, reservation: .reservation)
  }
}

extension CompiledRestriction {
  /// Whether every set field holds at the moment (lower bounds inclusive, upper exclusive).
  @inline(__always)
  fileprivate func matches(_ m: Moment) -> Bool {
    if startTime != nil || endTime != nil {
      let s = startTime ?? 0
      let e = endTime ?? 86_400_000
      let t = m.timeOfDay
      if s < e {
        if t < s || t >= e { return false }
      } else if s > e {
        if t < s && t >= e { return false }
      }
    }
    if let d = startDay, m.day < d { return false }
    if let d = endDay, m.day >= d { return false }
    if weekdays != 0, weekdays & (1 << UInt8(m.weekday)) == 0 { return false }
    if let k = minEnergy, m.energy < k { return false }
    if let k = maxEnergy, m.energy >= k { return false }
    if let d = minDuration, m.duration < d { return false }
    if let d = maxDuration, m.duration >= d { return false }
    if let p = minPower, m.powerNumerator < Int128(p) * m.powerDenominator { return false }
    if let p = maxPower, m.powerNumerator >= Int128(p) * m.powerDenominator { return false }
    if minCurrent != nil || maxCurrent != nil {
      guard let current = m.current else { return false }
      if let c = minCurrent, current < c { return false }
      if let c = maxCurrent, current >= c { return false }
    }
    return true
  }
}
