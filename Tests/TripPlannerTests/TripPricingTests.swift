import Charging
import Foundation
import Geo
import Pricing
import Testing
import TripPlanner
import WaysideData

/// The bundled tariff catalogue, loaded once for the suite.
enum BundledCatalog {
  static let loaded: Result<TariffCatalog, any Error> = Result {
    try TariffCatalog.load(
      afir: BundledData.data(.tariffsAFIR),
      ludwigsburgOCPI: BundledData.data(.tariffsLudwigsburgOCPI),
      retail: BundledData.data(.tariffsRetail))
  }
}

@Suite("Trip pricing with the bundled tariffs")
struct TripPricingTests {
  /// A Friday afternoon in March 2026, inside the validity of every bundled tariff.
  static let departure = OCPIDateTime.parse("2026-03-20T14:00:00+01:00") ?? Date()

  static let vehicle: VehicleProfile? = VehicleProfiles.named("model-y-lr-2020")

  /// A DC site as the 2026 fast-charger list has them; `operatorName` spelled as in the data.
  static func station(
    _ id: String, operatorName: String, kilowatts: Double?, at km: Double = 0
  ) -> Station {
    Station(
      id: Station.ID(id), operatorName: operatorName, address: Address(street: "A 7"),
      coordinate: LineInstance.coordinate(km),
      evses: [
        EVSE(
          uid: "1",
          connectors: [
            Connector(
              id: "1", standard: .type2Combo, powerType: .dc,
              maxElectricPower: kilowatts.map { Power(kilowatts: $0) })
          ])
      ],
      source: DataSource(
        name: "test", date: "2026-01-28", licence: "CC BY 4.0", attribution: "test"))
  }

  func pricing(_ stations: [Station]) throws -> TripPricing {
    TripPricing(
      quoter: PriceQuoter(catalog: try BundledCatalog.loaded.get()), stations: stations,
      vehicle: try #require(Self.vehicle), departure: Self.departure)
  }

  @Test("At an operator with its own ad-hoc price, that price is chosen")
  func adHocAtOperator() throws {
    let enbw = Self.station("enbw", operatorName: "EnBW mobility+ AG und Co.KG", kilowatts: 150)
    guard
      case .tariff(let entry, let quote) = try pricing([enbw]).choice(
        for: enbw, start: Self.departure)
    else {
      Issue.record("EnBW has an ad-hoc AFIR price in the catalogue")
      return
    }
    #expect(entry.applicability.access == .adHoc)
    #expect(quote.access == .adHoc)
    #expect(entry.provider.contains("EnBW"))
  }

  @Test("Without an ad-hoc price, the cheapest roaming tariff that applies is chosen")
  func cheapestRoaming() throws {
    let ionity = Self.station("ionity", operatorName: "IONITY GmbH", kilowatts: 350)
    let pricing = try pricing([ionity])
    guard case .tariff(let entry, let chosen) = pricing.choice(for: ionity, start: Self.departure)
    else {
      Issue.record("roaming tariffs apply at IONITY")
      return
    }
    #expect(entry.applicability.access == .roaming)
    let assumption = SessionAssumption(
      batteryKWh: 75, carMaxACkW: 11, carMaxDCkW: 250, start: Self.departure)
    let all = pricing.quoter.quote(station: ionity, selectedTariffIDs: nil, assumption: assumption)
    #expect(!all.quotes.contains { $0.access == .adHoc })
    let roaming = all.quotes.filter { $0.access == .roaming }
    #expect(roaming.count > 1)
    #expect(roaming.allSatisfy { chosen.cost.inclVAT <= $0.cost.inclVAT })
  }

  @Test("A station whose power is unknown has no price known, with the reason")
  func noPriceKnown() throws {
    let unknown = Self.station("x", operatorName: "Stadtwerke Irgendwo", kilowatts: nil)
    guard
      case .noPriceKnown(let reason) = try pricing([unknown]).choice(
        for: unknown, start: Self.departure)
    else {
      Issue.record("expected no price")
      return
    }
    #expect(reason.contains("power is unknown"))
  }

  @Test("Each stop's price is the exact OCPI cost of its energy and time under the chosen tariff")
  func stopPricesAreExact() throws {
    let vehicle = try #require(Self.vehicle)
    let stations = [
      Self.station("s0", operatorName: "EnBW mobility+ AG und Co.KG", kilowatts: 150, at: 250),
      Self.station("s1", operatorName: "IONITY GmbH", kilowatts: 350, at: 500),
    ]
    let corridor = stations.enumerated().compactMap { index, station in
      PlannerSite(station: station).map {
        CorridorStation(
          site: $0, kilometresAlongRoute: Double(index + 1) * 250, offRouteKilometres: 0)
      }
    }
    let pricing = try pricing(stations)
    var options = pricing.applied(to: TripOptions())
    options.thinningKilometres = 0
    var plan = try TripPlanner(vehicle: vehicle, options: options).plan(
      route: LineInstance.route(length: 700), stations: corridor)
    #expect(plan.stops.count == 2)
    plan = pricing.price(plan)
    var total = 0 as Int64
    for stop in plan.stops {
      let tariffID = try #require(stop.tariff?.id)
      let entry = try #require(pricing.quoter.catalog.entry(id: tariffID))
      let price = try #require(stop.price)
      // Recomputed independently: a fresh compile of the tariff and a session built here.
      let session = ChargingSession(
        start: Self.departure.addingTimeInterval(stop.arrivalSeconds),
        timeZone: try #require(TimeZone(identifier: "Europe/Berlin")),
        periods: [
          .charging(
            milliseconds: Int64((stop.chargeSeconds * 1000).rounded()),
            energyKWh: Decimal(Int64((stop.energyKilowattHours * 1e6).rounded())) / 1_000_000,
            powerKW: Decimal(
              Int64((stop.energyKilowattHours / (stop.chargeSeconds / 3600) * 1000).rounded()))
              / 1000)
        ])
      let cost = try SessionCostCalculator.cost(of: session, under: entry.tariff)
      #expect(price == cost.inclVATMoney)
      #expect(stop.priceExclVAT == cost.exclVATMoney)
      #expect(price.minorUnits > 0)
      total += price.minorUnits
    }
    #expect(plan.totalPrice == Money(minorUnits: total, currency: .euro))
    #expect(plan.unpricedStopCount == 0)
    #expect(plan.stops[0].arrivalSeconds < plan.stops[1].arrivalSeconds)
  }

  @Test("Stops without a known price get a note, and the total counts only the priced ones")
  func unpricedStops() throws {
    let vehicle = try #require(Self.vehicle)
    let priced = Self.station("p", operatorName: "IONITY GmbH", kilowatts: 350, at: 250)
    let corridor = LineInstance.stations([(250, 350), (500, 350)])
    // Only the first site has a station the pricing knows (by id).
    var known = priced
    known.id = Station.ID(corridor[0].site.id)
    let pricing = try pricing([known])
    var options = TripOptions()
    options.thinningKilometres = 0
    let plan = pricing.price(
      try TripPlanner(vehicle: vehicle, options: options).plan(
        route: LineInstance.route(length: 700), stations: corridor))
    #expect(plan.stops.count == 2)
    #expect(plan.stops[0].price != nil)
    #expect(plan.stops[1].price == nil)
    #expect(plan.stops[1].priceNote?.hasPrefix("no price known") == true)
    #expect(plan.unpricedStopCount == 1)
    #expect(plan.totalPrice == plan.stops[0].price)
  }

  @Test("With a value of time, most energy is bought at the much cheaper, slower station")
  func valueOfTimeTradesTimeForPrice() throws {
    let vehicle = try #require(Self.vehicle)
    let prices: [String: ChargePrice] = [
      "s0": ChargePrice(perKilowattHour: 0.89), "s1": ChargePrice(perKilowattHour: 0.20),
    ]
    var options = TripOptions()
    options.thinningKilometres = 0
    options.price = { prices[$0.id] }
    let route = LineInstance.route(length: 600)
    let corridor = LineInstance.stations([(300, 150), (310, 75)])
    let fastest = try TripPlanner(vehicle: vehicle, options: options).plan(
      route: route, stations: corridor)
    options.valueOfTimeEurosPerHour = 10
    let thrifty = try TripPlanner(vehicle: vehicle, options: options).plan(
      route: route, stations: corridor)
    #expect(fastest.stops.map(\.station.site.id) == ["s0"])
    func energy(_ plan: TripPlan, at id: String) -> Double {
      plan.stops.filter { $0.station.site.id == id }.reduce(0) { $0 + $1.energyKilowattHours }
    }
    #expect(energy(thrifty, at: "s1") > 2 * energy(thrifty, at: "s0"))
    #expect(try #require(thrifty.totalPrice) < (try #require(fastest.totalPrice)))
    #expect(thrifty.totalSeconds > fastest.totalSeconds)
  }
}
