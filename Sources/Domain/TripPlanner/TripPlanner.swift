import Charging
import Foundation
import Routing

/// Plans charging stops along a road route: which stations, how much to charge, at minimum total
/// time (driving + charging + overhead), optionally trading time against price.
///
/// Flat curve and constant consumption: the exact gas-station program (``LinearChargingSolver``).
/// Otherwise a label-correcting dynamic program over (station, state of charge on a grid) in
/// route order; its stop sequence is then re-simulated exactly. See Guides/TripPlanner.md.
public struct TripPlanner: Sendable {
  /// The vehicle.
  public var vehicle: VehicleProfile
  /// The options.
  public var options: TripOptions

  /// Creates a planner.
  public init(vehicle: VehicleProfile, options: TripOptions = TripOptions()) {
    self.vehicle = vehicle
    self.options = options
  }

  /// Precomputed per-candidate numbers, all measured from the route start.
  struct Candidate {
    var station: CorridorStation
    var energy: Double  // kWh used on the route up to the station's route point
    var time: Double  // seconds driven on the route up to it
    var detourEnergy: Double  // kWh one way between route and station
    var detourSeconds: Double  // seconds one way
    var kilowatts: Double
    var secondsPerKilowattHourPrice: Double  // price per kWh expressed in seconds
    var perMinuteFactor: Double  // 1 + (price per minute expressed in seconds per second)
    var stopSeconds: Double  // overhead + session fee + stop risk in seconds (choosing only)
    var price: ChargePrice?
  }

  /// Plans the trip along `route` using `stations` (any order; filtered and thinned here).
  public func plan(route: Route, stations: [CorridorStation]) throws(RoutingError) -> TripPlan
  {
    try options.validate()
    let capacity = vehicle.usableCapacityKilowattHours
    let profile = energyProfile(route)
    let totalEnergy = profile.energy.last ?? 0
    let totalTime = route.durationSeconds
    let candidates = try thin(stations).map { candidate(for: $0, profile: profile, route: route) }

    let start = options.startStateOfCharge
    // No stop needed.
    if start - totalEnergy / capacity >= options.minimumArrivalAtDestination - 1e-12 {
      return TripPlan(
        routeKilometres: route.lengthKilometres, stops: [], driveSeconds: totalTime,
        chargeSeconds: 0, overheadSeconds: 0, arrivalStateOfCharge: start - totalEnergy / capacity,
        candidateCount: candidates.count,
        method: methodIsLinear ? .exactLinear : .discretised(step: options.stateOfChargeStep))
    }
    let sequence: [(index: Int, departure: Double)]?
    if methodIsLinear {
      sequence = solveLinear(candidates, totalEnergy: totalEnergy, totalTime: totalTime)
    } else {
      sequence = solveDiscretised(candidates, totalEnergy: totalEnergy, totalTime: totalTime)
    }
    guard let sequence else {
      throw diagnoseGap(candidates, route: route, totalEnergy: totalEnergy)
    }
    return simulate(
      sequence, candidates: candidates, route: route, totalEnergy: totalEnergy,
      totalTime: totalTime)
  }

  /// The lowest charge allowed on arrival at the *first* stop.
  ///
  /// A car that starts below the stop reserve has already spent it: keeping it would forbid every
  /// stop, so the first leg may use what is left, down to 0 % on arrival at a charger (a driver at
  /// 5 % wants the nearest reachable charger, not a refusal). From the first stop on, every leg
  /// keeps ``TripOptions/minimumArrivalAtStops``. A car at or above the reserve keeps it on the
  /// first leg too.
  var firstLegReserve: Double {
    options.startStateOfCharge < options.minimumArrivalAtStops
      ? 0 : options.minimumArrivalAtStops
  }

  private var methodIsLinear: Bool {
    vehicle.chargingCurve.isFlat && vehicle.consumption.isConstant
  }

  // MARK: Preparation

  /// Cumulative energy (kWh) at each route vertex, each segment at its own speed.
  func energyProfile(_ route: Route) -> (kilometres: [Double], seconds: [Double], energy: [Double])
  {
    var energy = [0.0]
    energy.reserveCapacity(route.cumulativeKilometres.count)
    for i in 1..<max(1, route.cumulativeKilometres.count) {
      let km = route.cumulativeKilometres[i] - route.cumulativeKilometres[i - 1]
      let seconds = route.cumulativeSeconds[i] - route.cumulativeSeconds[i - 1]
      let speed = seconds > 0 ? km / seconds * 3600 : 0
      energy.append(
        energy[i - 1] + km
          * vehicle.consumption.kilowattHoursPerKilometre(atKilometresPerHour: speed))
    }
    return (route.cumulativeKilometres, route.cumulativeSeconds, energy)
  }

  /// Keeps sites above the power floor and, per ``TripOptions/thinningKilometres`` of route, the
  /// one with the most usable power (then the smallest detour).
  ///
  /// With ``TripOptions/stopRiskSeconds`` set, a bin also keeps the best of its sites with the
  /// lowest extra cost when that is not the bin's best site: a site known to be free is never
  /// thinned away in favour of a slightly stronger one whose status is unknown.
  func thin(_ stations: [CorridorStation]) throws(RoutingError) -> [CorridorStation] {
    let peak = vehicle.chargingCurve.peakKilowatts
    let usable = stations.filter {
      $0.site.maxPowerKilowatts >= options.minimumStationKilowatts
        && $0.offRouteKilometres <= options.corridorKilometres
    }
    let risks = try stopRisks(usable)
    guard options.thinningKilometres > 0 else {
      return usable.sorted { $0.kilometresAlongRoute < $1.kilometresAlongRoute }
    }
    func better(_ station: CorridorStation, than current: CorridorStation) -> Bool {
      let a = min(peak, station.site.maxPowerKilowatts)
      let b = min(peak, current.site.maxPowerKilowatts)
      return a > b || (a == b && station.offRouteKilometres < current.offRouteKilometres)
    }
    var best: [Int: CorridorStation] = [:]
    var safest: [Int: (station: CorridorStation, risk: Double)] = [:]
    for (index, station) in usable.enumerated() {
      let bin = Int(station.kilometresAlongRoute / options.thinningKilometres)
      if best[bin].map({ better(station, than: $0) }) ?? true { best[bin] = station }
      guard let risk = risks?[index] else { continue }
      if let current = safest[bin],
        risk > current.risk || (risk == current.risk && !better(station, than: current.station))
      {
        continue
      }
      safest[bin] = (station, risk)
    }
    var kept = Array(best.values)
    for (bin, safe) in safest where safe.station != best[bin] { kept.append(safe.station) }
    return kept.sorted {
      ($0.kilometresAlongRoute, $0.site.id) < ($1.kilometresAlongRoute, $1.site.id)
    }
  }

  /// Each site's ``TripOptions/stopRiskSeconds``, nil when the option is not set; a value that
  /// is negative or not finite is an invalid-options error naming the site.
  func stopRisks(_ stations: [CorridorStation]) throws(RoutingError) -> [Double]? {
    guard let risk = options.stopRiskSeconds else { return nil }
    var result: [Double] = []
    result.reserveCapacity(stations.count)
    for station in stations {
      let value = risk(station.site)
      guard value.isFinite, value >= 0 else {
        throw RoutingError(
          .invalidOptions,
          "stop risk for \(station.site.displayName) (\(station.site.id)) is \(value) s; expected a finite number of seconds ≥ 0"
        )
      }
      result.append(value)
    }
    return result
  }

  func candidate(
    for station: CorridorStation,
    profile: (kilometres: [Double], seconds: [Double], energy: [Double]),
    route: Route
  ) -> Candidate {
    let x = station.kilometresAlongRoute
    // Interpolate the route's cumulative energy and time at x.
    var low = 0
    var high = profile.kilometres.count - 1
    while high - low > 1 {
      let mid = (low + high) / 2
      if profile.kilometres[mid] <= x { low = mid } else { high = mid }
    }
    let span = profile.kilometres[high] - profile.kilometres[low]
    let t = span > 0 ? min(1, max(0, (x - profile.kilometres[low]) / span)) : 0
    let energy = profile.energy[low] + t * (profile.energy[high] - profile.energy[low])
    let time = profile.seconds[low] + t * (profile.seconds[high] - profile.seconds[low])
    let detourKilometres = station.offRouteKilometres * options.detourCircuity
    let detourEnergy =
      detourKilometres
      * vehicle.consumption.kilowattHoursPerKilometre(
        atKilometresPerHour: options.detourKilometresPerHour)
    let price = options.price?(station.site)
    var perKilowattHour = 0.0
    var perMinuteFactor = 1.0
    // The risk only steers the choice: `simulate` reports the overhead alone.
    var stopSeconds = options.stopOverheadSeconds + (options.stopRiskSeconds?(station.site) ?? 0)
    if let price, let value = options.valueOfTimeEurosPerHour {
      let secondsPerEuro = 3600 / value
      perKilowattHour = price.perKilowattHour * secondsPerEuro
      perMinuteFactor = 1 + price.perMinute / 60 * secondsPerEuro
      stopSeconds += price.sessionFee * secondsPerEuro
    }
    return Candidate(
      station: station, energy: energy, time: time, detourEnergy: detourEnergy,
      detourSeconds: detourKilometres / options.detourKilometresPerHour * 3600,
      kilowatts: station.site.maxPowerKilowatts, secondsPerKilowattHourPrice: perKilowattHour,
      perMinuteFactor: perMinuteFactor, stopSeconds: stopSeconds, price: price)
  }

  // MARK: Exact linear case

  func solveLinear(_ candidates: [Candidate], totalEnergy: Double, totalTime: Double)
    -> [(index: Int, departure: Double)]?
  {
    let capacity = vehicle.usableCapacityKilowattHours
    let full = capacity * options.maximumChargeStateOfCharge
    let carKilowatts = vehicle.chargingCurve.peakKilowatts
    func legs(from i: Int?) -> [LinearChargingSolver.Leg] {
      let baseEnergy = i.map { candidates[$0].energy - candidates[$0].detourEnergy } ?? 0
      let baseTime = i.map { candidates[$0].time - candidates[$0].detourSeconds } ?? 0
      var result: [LinearChargingSolver.Leg] = []
      for j in ((i.map { $0 + 1 }) ?? 0)..<candidates.count {
        let c = candidates[j]
        if c.energy - baseEnergy > full { break }
        let fuel = c.energy + c.detourEnergy - baseEnergy
        if fuel > full { continue }
        result.append(.init(target: j, fuel: fuel, seconds: c.time + c.detourSeconds - baseTime))
      }
      let fuel = totalEnergy - baseEnergy
      if fuel <= full {
        result.append(.init(target: -1, fuel: fuel, seconds: totalTime - baseTime))
      }
      return result
    }
    let solver = LinearChargingSolver(
      capacity: full, startFuel: options.startStateOfCharge * capacity,
      reserveAtStations: options.minimumArrivalAtStops * capacity,
      reserveOnFirstLeg: firstLegReserve * capacity,
      reserveAtDestination: options.minimumArrivalAtDestination * capacity,
      stations: candidates.map {
        .init(
          perUnit: 3600 / min(carKilowatts, $0.kilowatts) * $0.perMinuteFactor
            + $0.secondsPerKilowattHourPrice,
          perStop: $0.stopSeconds)
      },
      originLegs: legs(from: nil), stationLegs: candidates.indices.map { legs(from: $0) })
    guard let solution = solver.solve() else { return nil }
    return solution.stops.map { ($0.station, $0.departureFuel / capacity) }
  }

  // MARK: Discretised search for tapering curves

  func solveDiscretised(_ candidates: [Candidate], totalEnergy: Double, totalTime: Double)
    -> [(index: Int, departure: Double)]?
  {
    let n = candidates.count
    guard n > 0 else { return nil }
    let capacity = vehicle.usableCapacityKilowattHours
    let step = options.stateOfChargeStep
    let top = Int((options.maximumChargeStateOfCharge / step + 1e-9).rounded(.down))
    let width = top + 1
    let minStop = options.minimumArrivalAtStops
    let minDestination = options.minimumArrivalAtDestination
    var arrive = [Double](repeating: .infinity, count: n * width)
    var parentStation = [Int32](repeating: -2, count: n * width)  // −1: origin
    var parentDeparture = [Int32](repeating: -1, count: n * width)
    var chosenArrival = [Int32](repeating: -1, count: n * width)  // per departure grid
    var bestDestination = Double.infinity
    var destinationParent = (station: -2, departure: -1)

    func gridIndex(_ soc: Double) -> Int { Int((soc / step + 1e-9).rounded(.down)) }

    // From the origin.
    let start = options.startStateOfCharge
    let firstStop = firstLegReserve
    for j in 0..<n {
      let c = candidates[j]
      if start - c.energy / capacity < firstStop { break }
      let arrival = start - (c.energy + c.detourEnergy) / capacity
      if arrival < firstStop { continue }
      let g = min(top, gridIndex(arrival))
      let cost = c.time + c.detourSeconds
      if cost < arrive[j * width + g] {
        arrive[j * width + g] = cost
        parentStation[j * width + g] = -1
      }
    }

    var tables: [Double: [Double]] = [:]
    var depart = [Double](repeating: .infinity, count: width)
    for i in 0..<n {
      let c = candidates[i]
      let base = i * width
      // Cumulative charging seconds from 0 to each grid point at this station's power.
      let table: [Double]
      if let cached = tables[c.kilowatts] {
        table = cached
      } else {
        var built = [0.0]
        built.reserveCapacity(width)
        for g in 1..<width {
          built.append(
            built[g - 1]
              + vehicle.chargingSeconds(
                from: Double(g - 1) * step, to: Double(g) * step, stationKilowatts: c.kilowatts))
        }
        tables[c.kilowatts] = built
        table = built
      }
      // depart[g'] = G(g') + min_{g < g'} (arrive[g] − G(g)) + stop cost, with
      // G(g) = F(g)·(1 + per-minute price) + per-kWh price · C · g·step.
      var prefix = Double.infinity
      var prefixIndex = -1
      let energyPrice = c.secondsPerKilowattHourPrice * capacity * step
      for g in 0..<width {
        let charged = table[g] * c.perMinuteFactor + energyPrice * Double(g)
        depart[g] = prefix.isFinite ? charged + prefix + c.stopSeconds : .infinity
        chosenArrival[base + g] = Int32(prefixIndex)
        let here = arrive[base + g]
        if here.isFinite, here - charged < prefix {
          prefix = here - charged
          prefixIndex = g
        }
      }
      let leaveEnergy = c.energy - c.detourEnergy
      let leaveTime = c.time - c.detourSeconds
      for g in 0..<width where depart[g].isFinite {
        let soc = Double(g) * step
        let cost = depart[g]
        // The destination.
        let finalArrival = soc - (totalEnergy - leaveEnergy) / capacity
        if finalArrival >= minDestination - 1e-12 {
          let total = cost + totalTime - leaveTime
          if total < bestDestination {
            bestDestination = total
            destinationParent = (i, g)
          }
        }
        for j in (i + 1)..<n {
          let d = candidates[j]
          let arrival = soc - (d.energy + d.detourEnergy - leaveEnergy) / capacity
          if soc - (d.energy - leaveEnergy) / capacity < minStop { break }
          if arrival < minStop { continue }
          let target = j * width + min(top, gridIndex(arrival))
          let total = cost + d.time + d.detourSeconds - leaveTime
          if total < arrive[target] {
            arrive[target] = total
            parentStation[target] = Int32(i)
            parentDeparture[target] = Int32(g)
          }
        }
      }
    }
    guard bestDestination.isFinite else { return nil }
    var sequence: [(index: Int, departure: Double)] = []
    var station = destinationParent.station
    var departure = destinationParent.departure
    while station >= 0 {
      sequence.append((station, Double(departure) * step))
      let arrival = Int(chosenArrival[station * width + departure])
      let key = station * width + arrival
      departure = Int(parentDeparture[key])
      station = Int(parentStation[key])
    }
    return sequence.reversed()
  }

  // MARK: Exact re-simulation

  /// Replays a stop sequence with exact energies, trimming the last stop's charge to what the
  /// destination needs and dropping stops the exact arrival charge makes unnecessary.
  func simulate(
    _ sequence: [(index: Int, departure: Double)], candidates: [Candidate], route: Route,
    totalEnergy: Double, totalTime: Double
  ) -> TripPlan {
    let capacity = vehicle.usableCapacityKilowattHours
    var soc = options.startStateOfCharge
    var positionEnergy = 0.0
    var positionTime = 0.0
    var drive = 0.0
    var charge = 0.0
    var overhead = 0.0
    var stops: [PlannedStop] = []
    for (k, entry) in sequence.enumerated() {
      let c = candidates[entry.index]
      let arrival = soc - (c.energy + c.detourEnergy - positionEnergy) / capacity
      var target = entry.departure
      if k == sequence.count - 1 {
        let leaveEnergy = c.energy - c.detourEnergy
        target = min(
          target, options.minimumArrivalAtDestination + (totalEnergy - leaveEnergy) / capacity)
      }
      guard target > arrival + 1e-12 else { continue }
      var seconds = vehicle.chargingSeconds(
        from: arrival, to: target, stationKilowatts: c.kilowatts)
      if k == sequence.count - 1, seconds < options.minimumStopChargeSeconds {
        // A tiny top-up: drop it when the reserve is nearly kept without it, else make it a
        // stop worth making.
        let without = soc - (totalEnergy - positionEnergy) / capacity
        if without
          >= options.minimumArrivalAtDestination - options.topUpToleranceStateOfCharge - 1e-12
        {
          continue
        }
        target = lengthened(
          from: arrival, to: target, kilowatts: c.kilowatts,
          seconds: options.minimumStopChargeSeconds)
        seconds = vehicle.chargingSeconds(from: arrival, to: target, stationKilowatts: c.kilowatts)
      }
      drive += c.time + c.detourSeconds - positionTime
      let arrivalSeconds = drive + charge + overhead
      let energy = (target - arrival) * capacity
      charge += seconds
      overhead += options.stopOverheadSeconds
      let price = c.price.map {
        Money(
          minorUnits: Int64(($0.euros(kilowattHours: energy, seconds: seconds) * 100).rounded()),
          currency: .euro)
      }
      stops.append(
        PlannedStop(
          station: c.station, arrivalStateOfCharge: arrival, departureStateOfCharge: target,
          chargeSeconds: seconds, energyKilowattHours: energy, arrivalSeconds: arrivalSeconds,
          price: price))
      soc = target
      positionEnergy = c.energy - c.detourEnergy
      positionTime = c.time - c.detourSeconds
    }
    drive += totalTime - positionTime
    return TripPlan(
      routeKilometres: route.lengthKilometres, stops: stops, driveSeconds: drive,
      chargeSeconds: charge, overheadSeconds: overhead,
      arrivalStateOfCharge: soc - (totalEnergy - positionEnergy) / capacity,
      candidateCount: candidates.count,
      method: methodIsLinear ? .exactLinear : .discretised(step: options.stateOfChargeStep))
  }

  /// The lowest charge above `target` (up to the maximum charge) that takes at least `seconds`
  /// to reach from `arrival`: bisection over the charging curve, 40 steps (below 10⁻¹² of
  /// charge).
  func lengthened(from arrival: Double, to target: Double, kilowatts: Double, seconds: Double)
    -> Double
  {
    var low = target
    var high = options.maximumChargeStateOfCharge
    guard
      vehicle.chargingSeconds(from: arrival, to: high, stationKilowatts: kilowatts) > seconds
    else { return high }
    for _ in 0..<40 {
      let mid = (low + high) / 2
      if vehicle.chargingSeconds(from: arrival, to: mid, stationKilowatts: kilowatts) < seconds {
        low = mid
      } else {
        high = mid
      }
    }
    return high
  }

  // MARK: Diagnosis

  /// Names the first stretch no charge can bridge.
  func diagnoseGap(_ candidates: [Candidate], route: Route, totalEnergy: Double)
    -> RoutingError
  {
    let capacity = vehicle.usableCapacityKilowattHours
    let perCharge = (options.maximumChargeStateOfCharge - options.minimumArrivalAtStops) * capacity
    let startBudget = (options.startStateOfCharge - firstLegReserve) * capacity
    // A start below the stop reserve is worth saying when the first leg is what fails.
    let belowReserve =
      options.startStateOfCharge < options.minimumArrivalAtStops
      ? "start charge \(percent(options.startStateOfCharge)) is below the"
        + " \(percent(options.minimumArrivalAtStops)) reserve kept at stops, and " : ""
    var previousName = "the start"
    var previousKilometres = 0.0
    var previousEnergy = 0.0
    var budget = startBudget
    for c in candidates {
      if c.energy + c.detourEnergy - previousEnergy > budget {
        return gapError(
          from: previousName, at: previousKilometres, to: c.station.site.displayName,
          at: c.station.kilometresAlongRoute,
          energy: c.energy + c.detourEnergy - previousEnergy, budget: budget,
          note: previousName == "the start" ? belowReserve : "")
      }
      previousName = c.station.site.displayName
      previousKilometres = c.station.kilometresAlongRoute
      previousEnergy = c.energy
      budget = perCharge
    }
    let finalBudget =
      (candidates.isEmpty ? options.startStateOfCharge : options.maximumChargeStateOfCharge)
      * capacity - options.minimumArrivalAtDestination * capacity
    return gapError(
      from: previousName, at: previousKilometres, to: "the destination", at: route.lengthKilometres,
      energy: totalEnergy - previousEnergy, budget: max(finalBudget, 0),
      note: candidates.isEmpty ? belowReserve : "")
  }

  /// `5 %`, `12.5 %`.
  private func percent(_ fraction: Double) -> String {
    let value = fraction * 100
    return value == value.rounded()
      ? "\(Int(value)) %" : "\(String(format: "%.1f", value)) %"
  }

  private func gapError(
    from: String, at fromKilometres: Double, to: String, at toKilometres: Double, energy: Double,
    budget: Double, note: String
  ) -> RoutingError {
    func f(_ value: Double) -> String { String(format: "%.0f", value) }
    // Short legs need a decimal, or "needs 0 kWh, more than the 0 kWh" reads as a contradiction.
    func kWh(_ value: Double) -> String {
      String(format: abs(value) < 10 ? "%.1f" : "%.0f", max(0, value))
    }
    return RoutingError(
      .noFeasiblePlan,
      "no feasible plan: \(note)the \(f(toKilometres - fromKilometres)) km gap from \(from) (km \(f(fromKilometres))) to \(to) (km \(f(toKilometres))) needs \(kWh(energy)) kWh, more than the \(kWh(budget)) kWh \(vehicle.name) can use between charges with these limits"
    )
  }
}
