import Foundation
import Geo
import Routing

/// The Tesla Supercharger coding-challenge model (ev-domain.md §4.5): stations with a charging rate
/// in km of range per hour, a car that starts full, drives at a fixed speed on great circles, and
/// may never have less than 0 km nor more than its range.
public struct SuperchargerNetwork: Sendable {
  /// One station of the network.
  public struct Station: Hashable, Sendable {
    /// The station's name, e.g. `Council_Bluffs_IA`.
    public var name: String
    /// Its position.
    public var coordinate: Coordinate
    /// Range added per hour of charging, in km/h.
    public var rateKilometresPerHour: Double
    /// Creates a station.
    public init(name: String, coordinate: Coordinate, rateKilometresPerHour: Double) {
      self.name = name
      self.coordinate = coordinate
      self.rateKilometresPerHour = rateKilometresPerHour
    }
  }

  /// The challenge's Earth radius in km.
  public static let challengeEarthRadiusKilometres = 6356.752

  /// The most stations a network may have: the exact search keeps a state per station and
  /// arrival charge (up to n² of them), so 1,500 stations stay under about 60 MB. The bundled
  /// network has 303.
  public static let maximumStations = 1_500
  /// The most leg pairs the exact search may have to weigh: for each station, the legs that
  /// arrive there times the legs that leave it (the product the search's work grows with, n³
  /// when every station is within range of every other). 30 million takes a few seconds.
  public static let maximumLegPairs = 30_000_000

  /// The stations in file order.
  public let stations: [Station]
  private let indexByName: [String: Int]

  /// Creates a network; throws `RoutingError` on an empty list or a duplicate name.
  public init(stations: [Station]) throws(RoutingError) {
    guard !stations.isEmpty else {
      throw RoutingError(.malformedStations, "the network has no stations")
    }
    guard stations.count <= Self.maximumStations else {
      throw RoutingError(
        .malformedStations,
        "the network has \(stations.count) stations; expected at most \(Self.maximumStations)"
          + " (the exact search's memory grows with their square)")
    }
    var index: [String: Int] = [:]
    for (i, station) in stations.enumerated() {
      guard index.updateValue(i, forKey: station.name) == nil else {
        throw RoutingError(
          .malformedStations, "station name '\(station.name)' appears twice; expected unique names")
      }
    }
    self.stations = stations
    indexByName = index
  }

  /// Reads `name,lat,lon,rate_km_per_hour` CSV (header line first; the bundled
  /// `supercharger_network.csv`). Errors name the line and the field.
  public init(csv text: String) throws(RoutingError) {
    var lines = text.split(whereSeparator: \.isNewline).map(String.init)
    // Checked before any line is read into a station: the limit bounds the reader's work too.
    guard lines.count - 1 <= Self.maximumStations else {
      throw RoutingError(
        .malformedStations,
        "the network CSV has \(lines.count - 1) lines of stations; expected at most "
          + "\(Self.maximumStations) (the exact search's memory grows with their square)")
    }
    guard let header = lines.first?.trimmingCharacters(in: .whitespaces),
      header.lowercased() == "name,lat,lon,rate_km_per_hour"
    else {
      throw RoutingError(
        .malformedStations,
        "network CSV header is '\(lines.first ?? "")'; expected 'name,lat,lon,rate_km_per_hour'")
    }
    lines.removeFirst()
    var stations: [Station] = []
    for (offset, line) in lines.enumerated()
    where !line.trimmingCharacters(in: .whitespaces).isEmpty {
      let lineNumber = offset + 2
      let fields = line.split(separator: ",", omittingEmptySubsequences: false).map {
        $0.trimmingCharacters(in: .whitespaces)
      }
      guard fields.count == 4, !fields[0].isEmpty else {
        throw RoutingError(
          .malformedStations,
          "network CSV line \(lineNumber) has \(fields.count) fields; expected name,lat,lon,rate_km_per_hour"
        )
      }
      guard let lat = Double(fields[1]), let lon = Double(fields[2]),
        let coordinate = Coordinate(validatingLatitude: lat, longitude: lon)
      else {
        throw RoutingError(
          .malformedStations,
          "network CSV line \(lineNumber): '\(fields[1]),\(fields[2])' is not a valid latitude,longitude"
        )
      }
      guard let rate = Double(fields[3]), rate > 0, rate.isFinite else {
        throw RoutingError(
          .malformedStations,
          "network CSV line \(lineNumber): rate '\(fields[3])' is not a positive number of km per hour"
        )
      }
      stations.append(Station(name: fields[0], coordinate: coordinate, rateKilometresPerHour: rate))
    }
    try self.init(stations: stations)
  }

  /// The station with this exact name, or nil.
  public func station(named name: String) -> Station? {
    indexByName[name].map { stations[$0] }
  }

  /// One charging stop of a plan.
  public struct Stop: Hashable, Sendable {
    /// The station's name.
    public var name: String
    /// Hours spent charging.
    public var chargeHours: Double
    /// Range on arrival, km.
    public var arrivalRangeKilometres: Double
    /// Range on departure, km (never above the car's range).
    public var departureRangeKilometres: Double
  }

  /// A plan from one station to another.
  public struct Plan: Hashable, Sendable {
    /// The origin station's name.
    public var origin: String
    /// The destination station's name.
    public var destination: String
    /// The charging stops in order.
    public var stops: [Stop]
    /// Hours of driving.
    public var driveHours: Double
    /// Hours of charging.
    public var chargeHours: Double
    /// Driving plus charging, in hours.
    public var totalHours: Double { driveHours + chargeHours }
    /// Range left at the destination, km.
    public var arrivalRangeKilometres: Double

    /// The challenge's output line: `Origin, Stop, hours, Stop, hours, …, Destination`.
    public var challengeLine: String {
      ([origin] + stops.flatMap { [$0.name, String($0.chargeHours)] } + [destination])
        .joined(separator: ", ")
    }
  }

  /// The fastest plan (driving plus charging time) from `origin` to `destination`, exact by the
  /// gas-station dynamic program; throws `RoutingError` for unknown names, bad parameters,
  /// or an unreachable destination (naming the gap that cannot be bridged).
  public func plan(
    from origin: String, to destination: String, rangeKilometres: Double = 320,
    speedKilometresPerHour: Double = 105,
    earthRadiusKilometres: Double = challengeEarthRadiusKilometres
  ) throws(RoutingError) -> Plan {
    guard let source = indexByName[origin] else { throw unknown(origin) }
    guard let target = indexByName[destination] else { throw unknown(destination) }
    guard rangeKilometres > 0, rangeKilometres.isFinite else {
      throw RoutingError(
        .invalidOptions, "range \(rangeKilometres) km; expected a positive number")
    }
    guard speedKilometresPerHour > 0, speedKilometresPerHour.isFinite else {
      throw RoutingError(
        .invalidOptions, "speed \(speedKilometresPerHour) km/h; expected a positive number")
    }
    let n = stations.count
    func distance(_ a: Int, _ b: Int) -> Double {
      GreatCircle.distanceKilometres(
        stations[a].coordinate, stations[b].coordinate, radius: earthRadiusKilometres)
    }
    // Solver station k is network station via[k]; origin and destination are not charging stops.
    let via = (0..<n).filter { $0 != source && $0 != target }
    var solverIndex = [Int](repeating: -1, count: n)
    for (k, i) in via.enumerated() { solverIndex[i] = k }
    func legs(from a: Int) -> [LinearChargingSolver.Leg] {
      var result: [LinearChargingSolver.Leg] = []
      for b in 0..<n where b != a && b != source {
        let d = distance(a, b)
        guard d <= rangeKilometres else { continue }
        result.append(
          LinearChargingSolver.Leg(
            target: b == target ? -1 : solverIndex[b], fuel: d,
            seconds: d / speedKilometresPerHour * 3600))
      }
      return result
    }
    let originLegs = legs(from: source)
    let viaLegs = via.map(legs(from:))
    // The search's work: at each station, the legs arriving there times those leaving it.
    var arriving = [Int](repeating: 0, count: via.count)
    for leg in originLegs where leg.target >= 0 { arriving[leg.target] += 1 }
    for list in viaLegs { for leg in list where leg.target >= 0 { arriving[leg.target] += 1 } }
    var pairs = 0
    for (k, list) in viaLegs.enumerated() {
      pairs += (arriving[k] + 1) * list.count
      guard pairs <= Self.maximumLegPairs else {
        throw RoutingError(
          .invalidOptions,
          "the \(n) stations have too many legs within the \(String(format: "%.0f", rangeKilometres))"
            + " km range for an exact plan (over \(Self.maximumLegPairs) pairs of arriving and"
            + " leaving legs); expected a sparser network or a shorter range")
      }
    }
    let solver = LinearChargingSolver(
      capacity: rangeKilometres, startFuel: rangeKilometres, reserveAtStations: 0,
      reserveOnFirstLeg: 0,
      reserveAtDestination: 0,
      stations: via.map {
        .init(perUnit: 3600 / stations[$0].rateKilometresPerHour, perStop: 0)
      },
      originLegs: originLegs, stationLegs: viaLegs)
    if source == target {
      return Plan(
        origin: origin, destination: destination, stops: [], driveHours: 0, chargeHours: 0,
        arrivalRangeKilometres: rangeKilometres)
    }
    guard let solution = solver.solve() else {
      throw gap(from: source, to: target, range: rangeKilometres, distance: distance)
    }
    var stops: [Stop] = []
    var chargeHours = 0.0
    for stop in solution.stops {
      let station = stations[via[stop.station]]
      let hours = (stop.departureFuel - stop.arrivalFuel) / station.rateKilometresPerHour
      chargeHours += hours
      stops.append(
        Stop(
          name: station.name, chargeHours: hours, arrivalRangeKilometres: stop.arrivalFuel,
          departureRangeKilometres: stop.departureFuel))
    }
    return Plan(
      origin: origin, destination: destination, stops: stops,
      driveHours: solution.cost / 3600 - chargeHours, chargeHours: chargeHours,
      arrivalRangeKilometres: solution.arrivalFuel)
  }

  private func unknown(_ name: String) -> RoutingError {
    let lowered = name.lowercased()
    let similar = stations.map(\.name).filter {
      $0.lowercased().hasPrefix(String(lowered.prefix(4)))
    }.prefix(5)
    let hint = similar.isEmpty ? "" : " (similar: \(similar.joined(separator: ", ")))"
    return RoutingError(
      .unknownStation,
      "no station named '\(name)' among the \(stations.count) stations\(hint); expected an exact name from the network CSV"
    )
  }

  /// Names the hop that makes the trip impossible: on the path whose longest hop is shortest
  /// (a minimax path), that longest hop.
  private func gap(
    from source: Int, to target: Int, range: Double, distance: (Int, Int) -> Double
  ) -> RoutingError {
    let n = stations.count
    var bottleneck = [Double](repeating: .infinity, count: n)
    var previous = [Int](repeating: -1, count: n)
    var done = [Bool](repeating: false, count: n)
    bottleneck[source] = 0
    for _ in 0..<n {
      var u = -1
      for i in 0..<n where !done[i] && (u < 0 || bottleneck[i] < bottleneck[u]) { u = i }
      guard u >= 0, bottleneck[u].isFinite else { break }
      done[u] = true
      if u == target { break }
      for w in 0..<n where !done[w] {
        let candidate = max(bottleneck[u], distance(u, w))
        if candidate < bottleneck[w] {
          bottleneck[w] = candidate
          previous[w] = u
        }
      }
    }
    var a = previous[target]
    var b = target
    var worst = (a, b, a >= 0 ? distance(a, b) : .infinity)
    while a >= 0 {
      let d = distance(a, b)
      if d >= worst.2 { worst = (a, b, d) }
      b = a
      a = previous[a]
    }
    let from = worst.0 >= 0 ? stations[worst.0].name : stations[source].name
    return RoutingError(
      .noFeasiblePlan,
      "no feasible plan from \(stations[source].name) to \(stations[target].name): every route has a gap of at least \(String(format: "%.1f", worst.2)) km (from \(from) to \(stations[worst.1].name)), longer than the \(String(format: "%.0f", range)) km range"
    )
  }
}
