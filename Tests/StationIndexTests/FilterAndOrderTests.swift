import Charging
import Foundation
import Geo
import StationIndex
import Testing

@Suite("Filters and orders of station queries")
struct FilterAndOrderTests {
  static let kassel = Coordinate(latitude: 51.3127, longitude: 9.4797)

  @Test("power, DC and plug conditions must hold on one connector together")
  func connectorLevelMatching() throws {
    let source = DataSource(name: "test", date: "2026-01-01", licence: "-", attribution: "-")
    // A real-looking mixed site: 50 kW CCS and 150 kW CHAdeMO (power from the OCPI V × A rule).
    let station = Station(
      id: "mixed", operatorName: "Example", address: Address(),
      coordinate: Self.kassel,
      evses: [
        EVSE(
          uid: "1",
          connectors: [
            Connector(
              id: "1", standard: .type2Combo, powerType: .dc, maxVoltage: 500, maxAmperage: 100)
          ]),
        EVSE(
          uid: "2",
          connectors: [
            Connector(
              id: "1", standard: .chademo, powerType: .dc, maxVoltage: 500, maxAmperage: 300)
          ]),
        EVSE(
          uid: "3",
          connectors: [
            Connector(
              id: "1", standard: .type2, powerType: .ac3Phase, maxVoltage: 230, maxAmperage: 32),
            Connector(id: "2", standard: .domestic("F"), powerType: .ac1Phase),
          ]),
      ], source: source)
    let index = StationIndex([station])
    let cases: [(String, StationFilter, Bool)] = [
      ("no conditions", StationFilter(), true),
      (
        "CCS at 50 kW",
        StationFilter(minimumPower: Power(kilowatts: 50), connectorStandards: [.type2Combo]), true
      ),
      (
        "CCS at 150 kW",
        StationFilter(minimumPower: Power(kilowatts: 150), connectorStandards: [.type2Combo]), false
      ),
      (
        "CCS or CHAdeMO at 150 kW",
        StationFilter(
          minimumPower: Power(kilowatts: 150), connectorStandards: [.type2Combo, .chademo]), true
      ),
      ("DC Type 2", StationFilter(directCurrentOnly: true, connectorStandards: [.type2]), false),
      (
        "22 kW Type 2 (3 × 230 V × 32 A = 22.08 kW)",
        StationFilter(minimumPower: Power(kilowatts: 22), connectorStandards: [.type2]), true
      ),
      (
        "Schuko of unknown power at ≥ 0 kW",
        StationFilter(minimumPower: Power(kilowatts: 0), connectorStandards: [.domestic("F")]),
        false
      ),
      ("Schuko at any power", StationFilter(connectorStandards: [.domestic("F")]), true),
      ("a plug no station has", StationFilter(connectorStandards: [.mcs]), false),
      ("operator in other case and spacing", StationFilter(operators: ["  eXample "]), true),
      ("another operator", StationFilter(operators: ["Other"]), false),
      ("favourite", StationFilter(favourites: ["mixed"]), true),
      ("not a favourite", StationFilter(favourites: ["other"]), false),
      ("no favourites at all", StationFilter(favourites: []), false),
    ]
    for (name, filter, expected) in cases {
      #expect(filter.matches(station) == expected, "\(name): value")
      #expect(
        (index.nearest(to: Self.kassel, limit: 1, filter: filter).count == 1) == expected,
        "\(name): index")
    }
  }

  @Test(
    "the operator filter compares family keys: any spelling of an operator finds all of them",
    arguments: [
      ("E.ON Drive", ["e1", "e2", "e3"]), ("E.ON Drive Infrastructure GmbH", ["e1", "e2", "e3"]),
      ("charge-on", ["e1", "e2", "e3"]), ("IONITY", ["i1"]), ("EnBW", [String]()),
    ])
  func operatorFamilies(name: String, expected: [String]) {
    let source = DataSource(name: "test", date: "2026-01-01", licence: "-", attribution: "-")
    let operators = [
      ("e1", "E.ON Drive GmbH"), ("e2", "E.ON Drive Infrastructure GmbH"), ("e3", "Charge-ON"),
      ("i1", "IONITY GmbH"), ("n1", "EnBW mobility+ AG und Co.KG"),
    ]
    let stations = operators.enumerated().map { offset, entry in
      Station(
        id: Station.ID(entry.0), operatorName: entry.1, address: Address(),
        coordinate: Coordinate(
          latitude: Self.kassel.latitude + Double(offset) * 0.001,
          longitude: Self.kassel.longitude),
        evses: [], source: source)
    }
    let filter = StationFilter(operators: [name])
    let index = StationIndex(stations)
    let found = index.nearest(to: Self.kassel, limit: 10, filter: filter).map(\.station.id.rawValue)
    #expect(found.sorted() == expected)
    #expect(stations.filter(filter.matches).map(\.id.rawValue) == expected)
  }

  @Test("open now uses each station's own time zone and counts unknown hours as open")
  func openNow() throws {
    var stations = Array(try RealData.kassel2022().prefix(40))
    // 2026-03-02 is a Monday; 07:30 UTC = 08:30 in Berlin (CET) and 02:30 in New York (EST).
    let instant = try #require(ISO8601DateFormatter().date(from: "2026-03-02T07:30:00Z"))
    let weekdaysNineToFive = OpeningHours(
      twentyFourSeven: false,
      regular: (1...5).map {
        OpeningHours.RegularPeriod(weekday: $0, beginMinute: 540, endMinute: 1020)
      })
    let weekdaysEightToSix = OpeningHours(
      twentyFourSeven: false,
      regular: (1...5).map {
        OpeningHours.RegularPeriod(weekday: $0, beginMinute: 480, endMinute: 1080)
      })
    for i in 0..<10 { stations[i].openingHours = weekdaysNineToFive }  // closed at 08:30
    for i in 10..<20 { stations[i].openingHours = weekdaysEightToSix }  // open at 08:30
    for i in 20..<25 {
      stations[i].openingHours = weekdaysEightToSix
      stations[i].timeZone = "America/New_York"  // 02:30 there: closed
    }
    stations[25].openingHours = .alwaysOpen
    stations[26].openingHours = OpeningHours(
      twentyFourSeven: true,
      exceptionalClosings: [
        .init(begin: instant.timeIntervalSince1970 - 60, end: instant.timeIntervalSince1970 + 60)
      ])
    stations[27].openingHours = weekdaysNineToFive
    stations[27].timeZone = "Mars/Olympus_Mons"  // unknown zone: hours unreadable, counts as open

    let index = StationIndex(stations)
    let filter = StationFilter(openAt: instant)
    let found = Set(index.nearest(to: Self.kassel, limit: 100, filter: filter).ids)
    let expected = Set(stations.filter { $0.isOpen(at: instant) }.map(\.id))
    #expect(found == expected)
    #expect(found.count == 40 - 10 - 5 - 1)
    #expect(found.contains(stations[27].id))
    #expect(!found.contains(stations[26].id))
  }

  @Test("results order by power, then distance; unknown power last")
  func orderByPower() throws {
    let stations = try RealData.kassel2022()
    let index = StationIndex(stations)
    let found = index.nearest(to: Self.kassel, limit: 60, order: .power)
    let nearest = BruteForce.nearest(stations, to: Self.kassel, limit: 60)
    let byID = Dictionary(stations.map { ($0.id, $0) }, uniquingKeysWith: { a, _ in a })
    let expected = nearest.sorted { a, b in
      let x = byID[a.id]!.maxPower?.kilowatts ?? -.infinity
      let y = byID[b.id]!.maxPower?.kilowatts ?? -.infinity
      return x != y ? x > y : BruteForce.nearer(a, b)
    }
    #expect(found.hits == expected)
  }

  @Test("results order by price with unknown prices last, ties by distance")
  func orderByPrice() throws {
    let stations = try RealData.kassel2022()
    let index = StationIndex(stations)
    // A stand-in for the pricing module: DC at 0.59 €/kWh, AC at 0.39, unknown for Schuko-only.
    let estimate: @Sendable (Station) -> Double? = { station in
      if station.hasDirectCurrent { return 0.59 }
      if station.connectorStandards.contains(.type2) { return 0.39 }
      return nil
    }
    let found = index.stations(
      in: BoundingBox(
        minimum: Coordinate(latitude: 51.2, longitude: 9.3),
        maximum: Coordinate(latitude: 51.4, longitude: 9.6)),
      distanceFrom: Self.kassel, order: .price(estimate))
    #expect(found.count > 20)
    let prices = found.map { estimate($0.station) }
    let known = prices.prefix { $0 != nil }.compactMap { $0 }
    #expect(known == known.sorted())
    #expect(prices.dropFirst(known.count).allSatisfy { $0 == nil })
    for (a, b) in zip(found, found.dropFirst()) where estimate(a.station) == estimate(b.station) {
      #expect(a.distanceKilometres <= b.distanceKilometres)
    }
  }

  @Test("corridor results can be reordered by distance from the route")
  func corridorByDistance() throws {
    let index = try Germany.index()
    let route = RouteLine(try RealData.berlinHamburgRoutes()[0])
    let along = index.stations(along: route, withinKilometres: 1)
    let byOffset = index.stations(along: route, withinKilometres: 1, order: .distance)
    #expect(Set(along.ids) == Set(byOffset.ids))
    #expect(
      zip(along, along.dropFirst()).allSatisfy {
        $0.route!.kilometresAlongRoute <= $1.route!.kilometresAlongRoute
      })
    #expect(
      zip(byOffset, byOffset.dropFirst()).allSatisfy {
        $0.distanceKilometres <= $1.distanceKilometres
      })
  }
}
