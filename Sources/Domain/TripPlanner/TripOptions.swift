import Charging
import Routing

/// A station's price for one charging session: energy, time and a fixed fee, in euros.
///
/// Linear in energy and time on purpose: that keeps the planner's search exact per state (see
/// Guides/TripPlanner.md). The Pricing module's quotes map onto it per station.
public struct ChargePrice: Hashable, Sendable {
  /// Euros per kWh charged.
  public var perKilowattHour: Double
  /// Euros per minute connected.
  public var perMinute: Double
  /// Euros per session.
  public var sessionFee: Double
  /// Creates a price.
  public init(perKilowattHour: Double, perMinute: Double = 0, sessionFee: Double = 0) {
    self.perKilowattHour = perKilowattHour
    self.perMinute = perMinute
    self.sessionFee = sessionFee
  }

  /// The euros for a session delivering `kilowattHours` in `seconds`.
  public func euros(kilowattHours: Double, seconds: Double) -> Double {
    sessionFee + perKilowattHour * kilowattHours + perMinute * seconds / 60
  }
}

/// How a trip is planned: charge limits, overheads, corridor, and the optional time-versus-price
/// trade-off.
public struct TripOptions: Sendable {
  /// State of charge at departure, 0…1.
  public var startStateOfCharge = 0.8
  /// Lowest state of charge allowed on arrival at a charging stop: 10 % (Mapbox default,
  /// ev-domain.md §4.2).
  public var minimumArrivalAtStops = 0.10
  /// Lowest state of charge allowed on arrival at the destination.
  public var minimumArrivalAtDestination = 0.10
  /// Highest state of charge to charge to.
  public var maximumChargeStateOfCharge = 1.0
  /// Time lost per stop besides charging (finding the charger, plugging in): 300 s, Chargetrip's
  /// default (ev-domain.md §4.2).
  public var stopOverheadSeconds = 300.0
  /// A final stop that would charge for less than this is not suggested as such: 180 s. Such a
  /// stop only tops up what the destination's reserve asks for (a stop of 0.1 min costs the
  /// driver the whole ``stopOverheadSeconds``). It is dropped when the destination is still
  /// reached with at least ``minimumArrivalAtDestination`` − ``topUpToleranceStateOfCharge``,
  /// and otherwise lengthened to charge for this long.
  public var minimumStopChargeSeconds = 180.0
  /// How far below ``minimumArrivalAtDestination`` the arrival may fall when a tiny top-up
  /// stop is dropped: 0.02 (2 percentage points).
  public var topUpToleranceStateOfCharge = 0.02
  /// Sites farther than this from the route are ignored, km.
  public var corridorKilometres = 3.0
  /// Sites below this connector power are ignored, kW.
  public var minimumStationKilowatts = 50.0
  /// Road distance to a site ≈ straight-line distance × this factor (a typical road circuity).
  public var detourCircuity = 1.3
  /// Speed on the way to and from a site, km/h.
  public var detourKilometresPerHour = 50.0
  /// Grid of the state-of-charge search on tapering curves (0.01 = 1 %).
  public var stateOfChargeStep = 0.01
  /// Candidates kept per this many km along the route (the strongest, then nearest, site wins).
  public var thinningKilometres = 2.0
  /// The station's price, if known; nil prices count as free.
  public var price: (@Sendable (PlannerSite) -> ChargePrice?)?
  /// Euros one hour of the driver's time is worth; with ``price`` set, the planner minimises
  /// time + price ÷ this. Nil: time only.
  public var valueOfTimeEurosPerHour: Double?
  /// Seconds a stop at the site costs on top of its overhead when the planner *chooses* stops,
  /// never in the plan's reported times; nil (the default): none.
  ///
  /// A fixed cost per stop, like a session fee, so both solvers stay exact per state. It models
  /// what the driver knows about a site: the Route tab charges a stop whose charge point is not
  /// known to be free the risk of waiting for one (Guides/LiveStatus.md). Thinning keeps, per
  /// bin, the best site among those with the lowest extra cost beside the bin's best site.
  /// Values must be finite and ≥ 0.
  public var stopRiskSeconds: (@Sendable (PlannerSite) -> Double)?

  /// Default options.
  public init() {}

  func validate() throws(RoutingError) {
    func fraction(_ value: Double, _ name: String) throws(RoutingError) {
      guard value >= 0, value <= 1 else {
        throw RoutingError(
          .invalidOptions, "\(name) is \(value * 100) %; expected 0…100 %")
      }
    }
    try fraction(startStateOfCharge, "start state of charge")
    try fraction(minimumArrivalAtStops, "minimum arrival charge at stops")
    try fraction(minimumArrivalAtDestination, "minimum arrival charge at the destination")
    try fraction(maximumChargeStateOfCharge, "maximum charge")
    guard maximumChargeStateOfCharge > minimumArrivalAtStops else {
      throw RoutingError(
        .invalidOptions, "maximum charge must exceed the minimum arrival charge at stops")
    }
    guard stateOfChargeStep > 0.0001, stateOfChargeStep <= 0.1 else {
      throw RoutingError(
        .invalidOptions, "state-of-charge step \(stateOfChargeStep); expected 0.0001…0.1")
    }
    guard stopOverheadSeconds >= 0, minimumStopChargeSeconds >= 0,
      (0...0.1).contains(topUpToleranceStateOfCharge), corridorKilometres >= 0,
      detourKilometresPerHour > 0,
      detourCircuity >= 1, thinningKilometres >= 0
    else {
      throw RoutingError(
        .invalidOptions,
        "overhead, minimum stop charge, corridor and thinning must be ≥ 0, top-up tolerance 0…10 %, circuity ≥ 1, detour speed > 0"
      )
    }
    if let value = valueOfTimeEurosPerHour, !(value > 0) {
      throw RoutingError(
        .invalidOptions, "value of time \(value) €/h; expected a positive number")
    }
  }
}

/// One charging stop of a trip plan.
public struct PlannedStop: Hashable, Sendable {
  /// The station.
  public var station: CorridorStation
  /// State of charge on arrival, 0…1.
  public var arrivalStateOfCharge: Double
  /// State of charge on departure, 0…1.
  public var departureStateOfCharge: Double
  /// Seconds charging (exact integral over the curve, capped by the station).
  public var chargeSeconds: Double
  /// Energy charged, kWh.
  public var energyKilowattHours: Double
  /// Seconds from departure until the car reaches the station (driving, earlier stops'
  /// charging and overhead); the session starts then.
  public var arrivalSeconds: Double
  /// The session's price incl. VAT, when the station's price is known.
  public var price: Money?
  /// The same excl. VAT, when the tariff says (set by ``TripPricing/price(_:)``).
  public var priceExclVAT: Money?
  /// The tariff ``price`` was computed with (set by ``TripPricing/price(_:)``).
  public var tariff: StopTariff?
  /// Why no price is shown, e.g. `no price known: none of the 44 selected tariffs applies to …`.
  public var priceNote: String?
}

/// A planned trip: the route, the stops, and the totals.
public struct TripPlan: Hashable, Sendable {
  /// How the stops were chosen.
  public enum Method: Hashable, Sendable {
    /// The exact gas-station program (flat curve, constant consumption).
    case exactLinear
    /// The discretised state-of-charge search with this grid step.
    case discretised(step: Double)
  }
  /// The route length, km.
  public var routeKilometres: Double
  /// The stops in order.
  public var stops: [PlannedStop]
  /// Driving time including detours to the stations, seconds.
  public var driveSeconds: Double
  /// Charging time, seconds.
  public var chargeSeconds: Double
  /// Per-stop overhead, seconds.
  public var overheadSeconds: Double
  /// State of charge on arrival at the destination.
  public var arrivalStateOfCharge: Double
  /// The number of corridor stations the search considered.
  public var candidateCount: Int
  /// How the stops were chosen.
  public var method: Method

  /// Driving + charging + overhead, seconds.
  public var totalSeconds: Double { driveSeconds + chargeSeconds + overheadSeconds }

  /// The number of stops whose price is not known.
  public var unpricedStopCount: Int { stops.filter { $0.price == nil }.count }

  /// The sum of the known stop prices incl. VAT, nil when no stop has a price.
  public var totalPrice: Money? { Self.sum(stops.compactMap(\.price)) }

  /// The sum of the known stop prices excl. VAT, nil when none is known.
  public var totalPriceExclVAT: Money? { Self.sum(stops.compactMap(\.priceExclVAT)) }

  private static func sum(_ prices: [Money]) -> Money? {
    guard let first = prices.first else { return nil }
    return Money(minorUnits: prices.reduce(0) { $0 + $1.minorUnits }, currency: first.currency)
  }
}
