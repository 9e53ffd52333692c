import Charging
import Foundation
import Pricing
import Routing
import StationFeeds
import TripPlanner
import WaysideData
import ChargingData

/// `wayside plan`: charging stops for a trip, on real roads and chargers or on a benchmark network.
public enum PlanCommand: WaysideCommand {
  /// The subcommand word.
  public static let name = "plan"
  /// One line for `wayside --help`.
  public static let abstract =
    "Charging stops for an EV trip (real roads and chargers, or a benchmark network)"
  /// The help text for `wayside plan --help`.
  public static var usage: String {
    """
    Usage: wayside plan FROM TO [--vehicle NAME] [--soc PERCENT] [--arrive-soc PERCENT]
                       [--depart ISO8601] [--value-of-time EUR_PER_HOUR] [--json]
           wayside plan --network FILE.csv --from NAME --to NAME [--range-km KM] [--speed-kmh KMH] [--json]

    Real trips: fastest road route (see `wayside route --help`), then the fastest set of stops
    among the bundled BNetzA fast chargers (≥ 50 kW, 28.01.2026) within 3 km of the route
    (exact distances from the spatial index),
    minimising driving + charging + 5 min per stop, with the car's real charging curve.
    Each stop is priced with the bundled tariffs (AFIR ad-hoc prices, an OCPI feed, a retail
    list): the operator's own ad-hoc price where the data has one, else the cheapest roaming
    tariff that applies there (no contract is assumed), else "no price known". The price is the
    OCPI cost incl. VAT of the stop's real energy and charging time, starting when the car
    arrives.

    Options (real trips):
      --vehicle NAME        \(VehicleProfiles.all.map(\.id).joined(separator: ", "))
                            (default \(VehicleProfiles.standard?.id ?? "none"))
      --soc PERCENT         charge at departure (default 80)
      --arrive-soc PERCENT  least charge on arrival at the destination (default 10)
      --depart ISO8601      departure time, e.g. 2026-03-20T08:00:00+01:00 (default now);
                            time-of-day prices and blocking fees depend on it
      --value-of-time EUR   what an hour of your time is worth: trade time against price
                            (default: fastest trip, prices only shown)
      --json                one JSON object: total_minutes, drive_minutes, charge_minutes,
                            stops (with price), total_price

    Benchmark networks (CSV name,lat,lon,rate_km_per_hour, e.g. the Tesla Supercharger
    challenge): the car starts full, drives on great circles (Earth radius 6356.752 km),
    range stays within 0…range; the plan is exact.
      --range-km KM         range when full (default 320)
      --speed-kmh KMH       driving speed (default 105)
      --json                one JSON object: total_hours, drive_hours, charge_hours, stops

    Station data: Bundesnetzagentur Ladesäulenregister, CC BY 4.0. Map data © OpenStreetMap
    contributors, ODbL 1.0. Prices: the bundled tariff files (see `wayside price --help`).
    """
  }

  /// Parses the arguments, runs the command and prints the result; returns the exit status.
  public static func run(_ arguments: inout Arguments, _ io: CommandIO) async throws -> Int32 {
    if let network = try arguments.option("--network") {
      return try runNetwork(file: network, &arguments, io)
    }
    return try await runRoad(&arguments, io)
  }

  // MARK: Benchmark network

  static func runNetwork(file: String, _ arguments: inout Arguments, _ io: CommandIO) throws
    -> Int32
  {
    let json = arguments.flag("--json")
    guard let from = try arguments.option("--from") else {
      throw CommandError.usage("--network needs --from NAME (a station name from the CSV)")
    }
    guard let to = try arguments.option("--to") else {
      throw CommandError.usage("--network needs --to NAME (a station name from the CSV)")
    }
    let range = try arguments.option("--range-km", as: Double.self) ?? 320
    let speed = try arguments.option("--speed-kmh", as: Double.self) ?? 105
    try arguments.finish()
    guard range > 0 else {
      throw CommandError.usage("option --range-km expects a positive number, got '\(range)'")
    }
    guard speed > 0 else {
      throw CommandError.usage("option --speed-kmh expects a positive number, got '\(speed)'")
    }
    let text: String
    do {
      text = String(decoding: try Data(contentsOf: URL(fileURLWithPath: file)), as: UTF8.self)
    } catch {
      throw CommandError.failure(
        "cannot read network file '\(file)': \(error.localizedDescription)")
    }
    let plan: SuperchargerNetwork.Plan
    do {
      let network = try SuperchargerNetwork(csv: text)
      plan = try network.plan(
        from: from, to: to, rangeKilometres: range, speedKilometresPerHour: speed)
    } catch {
      throw CommandError.failure("\(file): \(error.message)")
    }
    if json {
      io.out(
        try RoadData.json(
          NetworkPlanJSON(
            from: plan.origin, to: plan.destination, totalHours: plan.totalHours,
            driveHours: plan.driveHours, chargeHours: plan.chargeHours,
            stops: plan.stops.map {
              .init(
                name: $0.name, chargeHours: $0.chargeHours,
                arrivalRangeKm: RoadData.round($0.arrivalRangeKilometres, 3),
                departureRangeKm: RoadData.round($0.departureRangeKilometres, 3))
            })))
    } else {
      io.out(plan.challengeLine)
      io.out(
        "Total \(String(format: "%.5f", plan.totalHours)) h: driving \(String(format: "%.5f", plan.driveHours)) h, charging \(String(format: "%.5f", plan.chargeHours)) h, \(plan.stops.count) stop\(plan.stops.count == 1 ? "" : "s")."
      )
    }
    return 0
  }

  // MARK: Real roads and chargers

  static func runRoad(_ arguments: inout Arguments, _ io: CommandIO) async throws -> Int32 {
    let json = arguments.flag("--json")
    let vehicleName = try arguments.option("--vehicle")
    let soc = try arguments.option("--soc", as: Double.self)
    let arriveSoc = try arguments.option("--arrive-soc", as: Double.self)
    let departText = try arguments.option("--depart")
    let valueOfTime = try arguments.option("--value-of-time", as: Double.self)
    let from = try arguments.positional("FROM (a town name or LAT,LON)")
    let to = try arguments.positional("TO (a town name or LAT,LON)")
    try arguments.finish()

    guard let vehicle = vehicleName.map(VehicleProfiles.named) ?? VehicleProfiles.standard else {
      throw CommandError.usage(
        "unknown vehicle '\(vehicleName ?? "")'; expected one of \(VehicleProfiles.all.map(\.id).joined(separator: ", "))"
      )
    }
    var options = TripOptions()
    for (name, value) in [("--soc", soc), ("--arrive-soc", arriveSoc)] {
      if let value, !(0...100).contains(value) {
        throw CommandError.usage("option \(name) expects a percentage 0…100, got '\(value)'")
      }
    }
    var departure = Date()
    if let departText {
      guard let date = OCPIDateTime.parse(departText) else {
        throw CommandError.usage(
          "option --depart expects an ISO 8601 date-time such as 2026-03-20T08:00:00+01:00, got '\(departText)'"
        )
      }
      departure = date
    }
    if let valueOfTime {
      guard valueOfTime > 0, valueOfTime.isFinite else {
        throw CommandError.usage(
          "option --value-of-time expects a positive number of euros per hour, got '\(valueOfTime)'"
        )
      }
      options.valueOfTimeEurosPerHour = valueOfTime
    }
    if let soc { options.startStateOfCharge = soc / 100 }
    if let arriveSoc { options.minimumArrivalAtDestination = arriveSoc / 100 }

    let roads = try await RoadData.load()
    let origin = try RoadData.resolve(from, in: roads.places)
    let destination = try RoadData.resolve(to, in: roads.places)
    let route = try RoadData.route(from: origin, to: destination, on: roads.network)
    let chargers: BundledChargers
    let quoter: PriceQuoter
    do {
      chargers = try await BundledChargers.shared()
      quoter = try await BundledTariffs.quoter()
    } catch {
      throw CommandError.failure("\(error)")
    }
    let corridor = chargers.corridor.stations(
      along: route, withinKilometres: options.corridorKilometres)
    let pricing = TripPricing(
      quoter: quoter,
      stations: corridor.compactMap { chargers.stationsByID[$0.site.id] }, vehicle: vehicle,
      departure: departure)
    var plan: TripPlan
    do {
      plan = try TripPlanner(vehicle: vehicle, options: pricing.applied(to: options)).plan(
        route: route, stations: corridor)
    } catch {
      throw CommandError.failure("\(origin.label) → \(destination.label): \(error.message)")
    }
    plan = pricing.price(plan)
    if json {
      io.out(
        try RoadData.json(
          RoadPlanJSON(plan, from: origin.label, to: destination.label, vehicle: vehicle)))
    } else {
      io.out(
        "\(origin.label) → \(destination.label), \(vehicle.name): \(RoadData.format(plan.routeKilometres)) km, \(RoadData.duration(plan.totalSeconds)) in total"
      )
      io.out(
        "Driving \(RoadData.duration(plan.driveSeconds)), charging \(RoadData.duration(plan.chargeSeconds)), \(plan.stops.count) stop\(plan.stops.count == 1 ? "" : "s") (+\(RoadData.duration(plan.overheadSeconds)) overhead); arrival at \(percent(plan.arrivalStateOfCharge))."
      )
      for (index, stop) in plan.stops.enumerated() {
        io.out(
          "\(index + 1). km \(Int(stop.station.kilometresAlongRoute.rounded())): \(stop.station.site.displayName) (\(Int(stop.station.site.maxPowerKilowatts)) kW) — \(percent(stop.arrivalStateOfCharge)) → \(percent(stop.departureStateOfCharge)), \(RoadData.format(stop.chargeSeconds / 60)) min, \(priceText(stop))"
        )
      }
      io.out(totalPriceText(plan))
      io.out(
        "Station data: Bundesnetzagentur Ladesäulenregister (28.01.2026), CC BY 4.0. Map data © OpenStreetMap contributors, ODbL 1.0."
      )
    }
    return 0
  }

  /// `12.34 EUR (ad hoc: EnBW ad hoc DC (card), prices of 2026-01-19)` or `no price known: …`.
  static func priceText(_ stop: PlannedStop) -> String {
    guard let price = stop.price else { return stop.priceNote ?? "no price known" }
    guard let tariff = stop.tariff else { return "\(price)" }
    let access = tariff.access == .adHoc ? "ad hoc" : "roaming"
    return "\(price) (\(access): \(tariff.name), prices of \(tariff.dataDate))"
  }

  /// The plan's price line, saying plainly which stops have no known price.
  static func totalPriceText(_ plan: TripPlan) -> String {
    guard !plan.stops.isEmpty else { return "No charging stops, nothing to pay." }
    let unpriced = plan.unpricedStopCount
    guard let total = plan.totalPrice else {
      return "Charging price: no price known for any stop."
    }
    if unpriced == 0 { return "Charging price: \(total) incl. VAT." }
    return
      "Charging price: \(total) incl. VAT for \(plan.stops.count - unpriced) of \(plan.stops.count) stops; no price known for the other \(unpriced)."
  }

  static func percent(_ fraction: Double) -> String { "\(Int((fraction * 100).rounded())) %" }
}

/// The benchmark-network JSON output.
struct NetworkPlanJSON: Encodable {
  struct Stop: Encodable {
    var name: String
    var chargeHours: Double
    var arrivalRangeKm: Double
    var departureRangeKm: Double
    enum CodingKeys: String, CodingKey {
      case name
      case chargeHours = "charge_hours"
      case arrivalRangeKm = "arrival_range_km"
      case departureRangeKm = "departure_range_km"
    }
  }
  var from: String
  var to: String
  var totalHours: Double
  var driveHours: Double
  var chargeHours: Double
  var stops: [Stop]
  enum CodingKeys: String, CodingKey {
    case from, to, stops
    case totalHours = "total_hours"
    case driveHours = "drive_hours"
    case chargeHours = "charge_hours"
  }
}

/// The real-trip JSON output.
struct RoadPlanJSON: Encodable {
  struct Stop: Encodable {
    var stationId: String
    var name: String
    var kmAlongRoute: Double
    var maxPowerKw: Double
    var arrivalSocPercent: Double
    var departureSocPercent: Double
    var chargeMinutes: Double
    var chargeHours: Double
    var energyKwh: Double
    var price: PriceJSON?
    var priceNote: String?
    enum CodingKeys: String, CodingKey {
      case name, price
      case stationId = "station_id"
      case kmAlongRoute = "km_along_route"
      case maxPowerKw = "max_power_kw"
      case arrivalSocPercent = "arrival_soc_percent"
      case departureSocPercent = "departure_soc_percent"
      case chargeMinutes = "charge_minutes"
      case chargeHours = "charge_hours"
      case energyKwh = "energy_kwh"
      case priceNote = "price_note"
    }
  }
  var from: String
  var to: String
  var vehicle: String
  var routeKm: Double
  var totalMinutes: Double
  var driveMinutes: Double
  var chargeMinutes: Double
  var overheadMinutes: Double
  var driveHours: Double
  var chargeHours: Double
  var arrivalSocPercent: Double
  var candidateStations: Int
  var stops: [Stop]
  var totalPrice: TotalPriceJSON?

  init(_ plan: TripPlan, from: String, to: String, vehicle: VehicleProfile) {
    func r(_ v: Double) -> Double { RoadData.round(v, 2) }
    self.from = from
    self.to = to
    self.vehicle = vehicle.id
    routeKm = r(plan.routeKilometres)
    totalMinutes = r(plan.totalSeconds / 60)
    driveMinutes = r(plan.driveSeconds / 60)
    chargeMinutes = r(plan.chargeSeconds / 60)
    overheadMinutes = r(plan.overheadSeconds / 60)
    driveHours = RoadData.round(plan.driveSeconds / 3600, 4)
    chargeHours = RoadData.round(plan.chargeSeconds / 3600, 4)
    arrivalSocPercent = r(plan.arrivalStateOfCharge * 100)
    candidateStations = plan.candidateCount
    if let total = plan.totalPrice {
      totalPrice = TotalPriceJSON(
        exclVAT: plan.totalPriceExclVAT.map(PriceJSON.decimal), inclVAT: PriceJSON.decimal(total),
        currency: total.currency.rawValue, pricedStops: plan.stops.count - plan.unpricedStopCount,
        unpricedStops: plan.unpricedStopCount)
    }
    stops = plan.stops.map {
      Stop(
        stationId: $0.station.site.id, name: $0.station.site.displayName,
        kmAlongRoute: r($0.station.kilometresAlongRoute),
        maxPowerKw: $0.station.site.maxPowerKilowatts,
        arrivalSocPercent: r($0.arrivalStateOfCharge * 100),
        departureSocPercent: r($0.departureStateOfCharge * 100),
        chargeMinutes: r($0.chargeSeconds / 60),
        chargeHours: RoadData.round($0.chargeSeconds / 3600, 4),
        energyKwh: r($0.energyKilowattHours),
        price: PriceJSON(stop: $0), priceNote: $0.priceNote)
    }
  }
  enum CodingKeys: String, CodingKey {
    case from, to, vehicle, stops
    case routeKm = "route_km"
    case totalMinutes = "total_minutes"
    case driveMinutes = "drive_minutes"
    case chargeMinutes = "charge_minutes"
    case overheadMinutes = "overhead_minutes"
    case driveHours = "drive_hours"
    case chargeHours = "charge_hours"
    case arrivalSocPercent = "arrival_soc_percent"
    case candidateStations = "candidate_stations"
    case totalPrice = "total_price"
  }
}

/// A stop's price: the OCPI cost of its session under the chosen tariff.
struct PriceJSON: Encodable {
  var exclVAT: Decimal?
  var inclVAT: Decimal
  var currency: String
  var tariff: String
  var tariffID: String
  var provider: String
  var access: String
  var dataDate: String

  init?(stop: PlannedStop) {
    guard let price = stop.price, let tariff = stop.tariff else { return nil }
    exclVAT = stop.priceExclVAT.map(Self.decimal)
    inclVAT = Self.decimal(price)
    currency = price.currency.rawValue
    self.tariff = tariff.name
    tariffID = tariff.id
    provider = tariff.provider
    access = tariff.access.rawValue
    dataDate = tariff.dataDate
  }

  /// Minor units as a decimal amount of the currency (1234 → 12.34).
  static func decimal(_ money: Money) -> Decimal {
    Decimal(
      sign: money.minorUnits < 0 ? .minus : .plus, exponent: -money.currency.minorUnitDigits,
      significand: Decimal(money.minorUnits.magnitude))
  }

  enum CodingKeys: String, CodingKey {
    case currency, tariff, provider, access
    case exclVAT = "excl_vat"
    case inclVAT = "incl_vat"
    case tariffID = "tariff_id"
    case dataDate = "data_date"
  }
}

/// The plan's total price over the stops whose price is known.
struct TotalPriceJSON: Encodable {
  var exclVAT: Decimal?
  var inclVAT: Decimal
  var currency: String
  var pricedStops: Int
  var unpricedStops: Int
  enum CodingKeys: String, CodingKey {
    case currency
    case exclVAT = "excl_vat"
    case inclVAT = "incl_vat"
    case pricedStops = "priced_stops"
    case unpricedStops = "unpriced_stops"
  }
}
