import Routing

/// The exact minimum-cost charging plan when charging is linear (a fixed cost per unit of energy at
/// each station) — the gas-station problem of Khuller, Malekian and Mestre (ev-domain.md §4.4).
///
/// Key lemma: in an optimal plan every stop either fills the battery to capacity or charges just
/// enough to reach the next stop at its reserve. So the charge on arrival at a station takes only
/// the values *reserve*, *start − leg(origin, v)* and *capacity − leg(w, v)* for each predecessor
/// w, and a label-setting (Dijkstra) search over the states *(station, where the arrival charge
/// came from)* is exact. Legs must satisfy the triangle inequality (great circles, or along-route
/// distance plus detours, do); then passing a station without charging is never better than the
/// direct leg, which the search also considers.
///
/// Units are abstract: "fuel" is km of range in the Supercharger model and kWh on real routes;
/// costs are seconds (or seconds plus price expressed in seconds).
struct LinearChargingSolver {
  /// A leg the car can drive: to a station index, or to the destination when `target` is −1.
  struct Leg {
    var target: Int
    var fuel: Double
    var seconds: Double
  }

  /// A station's cost of charging.
  struct StationCost {
    /// Cost per unit of fuel charged (seconds per unit, e.g. hours per km × 3600).
    var perUnit: Double
    /// Fixed cost of stopping to charge (overhead, session fee), counted only when charging > 0.
    var perStop: Double
  }

  /// One stop of the solution.
  struct Stop {
    var station: Int
    var arrivalFuel: Double
    var departureFuel: Double
  }

  /// The solution: stops in order and the total cost.
  struct Solution {
    var stops: [Stop]
    var cost: Double
    /// Fuel left at the destination.
    var arrivalFuel: Double
  }

  var capacity: Double
  var startFuel: Double
  var reserveAtStations: Double
  /// The reserve on arrival at the first stop (lower than ``reserveAtStations`` when the car
  /// starts below it; see ``TripPlanner/firstLegReserve``).
  var reserveOnFirstLeg: Double
  var reserveAtDestination: Double
  var stations: [StationCost]
  var originLegs: [Leg]
  var stationLegs: [[Leg]]

  /// The optimal plan, or nil when the destination cannot be reached.
  func solve() -> Solution? {
    let n = stations.count
    let tags = n + 2  // tag 0: arrived at reserve; 1: from the origin; 2 + w: filled at w.
    let stateCount = n * tags
    let destinationKey = stateCount
    var cost = [Double](repeating: .infinity, count: stateCount + 1)
    var fuel = [Double](repeating: 0, count: stateCount)
    var parent = [Int](repeating: -1, count: stateCount + 1)
    var done = [Bool](repeating: false, count: stateCount + 1)
    var destinationFuel = 0.0
    var heap = MinHeap<Int>()
    // The most charge any expanded state at each station arrived with. States are expanded in
    // order of cost, so a later state at the same station with no more charge is dominated
    // (it costs at least as much and every way on from it is open to the earlier one at no
    // greater cost) and is skipped.
    var expandedFuel = [Double](repeating: -.infinity, count: n)

    func relax(_ key: Int, _ value: Double, from origin: Int) -> Bool {
      guard value < cost[key] else { return false }
      cost[key] = value
      parent[key] = origin
      heap.push(value, key)
      return true
    }

    for leg in originLegs {
      let left = startFuel - leg.fuel
      if leg.target < 0 {
        if left >= reserveAtDestination, relax(destinationKey, leg.seconds, from: -1) {
          destinationFuel = left
        }
      } else if left >= reserveOnFirstLeg {
        let key = leg.target * tags + 1
        if relax(key, leg.seconds, from: -1) { fuel[key] = left }
      }
    }

    while let (value, key) = heap.pop() {
      if done[key] { continue }
      done[key] = true
      if key == destinationKey { break }
      let v = key / tags
      let have = fuel[key]
      guard have > expandedFuel[v] else { continue }
      // A full arrival (a zero-length leg) has no charging move of its own; it never prunes.
      if have < capacity { expandedFuel[v] = have }
      let price = stations[v]
      for leg in stationLegs[v] {
        if leg.target < 0 {
          let need = reserveAtDestination + leg.fuel
          guard need <= capacity else { continue }
          let charge = max(0, need - have)
          let total =
            value + leg.seconds + (charge > 0 ? charge * price.perUnit + price.perStop : 0)
          if relax(destinationKey, total, from: key) { destinationFuel = have + charge - leg.fuel }
          continue
        }
        // Fill to capacity.
        if capacity - leg.fuel >= reserveAtStations, capacity > have {
          let next = leg.target * tags + 2 + v
          let total = value + leg.seconds + (capacity - have) * price.perUnit + price.perStop
          if !done[next], relax(next, total, from: key) { fuel[next] = capacity - leg.fuel }
        }
        // Just enough to arrive at the reserve.
        let need = reserveAtStations + leg.fuel
        if need > have, need <= capacity {
          let next = leg.target * tags
          let total = value + leg.seconds + (need - have) * price.perUnit + price.perStop
          if !done[next], relax(next, total, from: key) { fuel[next] = reserveAtStations }
        }
      }
    }
    guard cost[destinationKey].isFinite else { return nil }

    // Walk back: the departure fuel at a stop is the next state's arrival fuel plus the leg.
    var chain: [Int] = []
    var key = parent[destinationKey]
    while key >= 0 {
      chain.append(key)
      key = parent[key]
    }
    chain.reverse()
    var stops: [Stop] = []
    for (index, key) in chain.enumerated() {
      let station = key / tags
      let arrival = fuel[key]
      let legFuel: Double
      let nextTarget = index + 1 < chain.count ? chain[index + 1] / tags : -1
      let nextArrival = index + 1 < chain.count ? fuel[chain[index + 1]] : destinationFuel
      legFuel = stationLegs[station].first { $0.target == nextTarget }?.fuel ?? 0
      stops.append(
        Stop(station: station, arrivalFuel: arrival, departureFuel: nextArrival + legFuel))
    }
    return Solution(stops: stops, cost: cost[destinationKey], arrivalFuel: destinationFuel)
  }
}
