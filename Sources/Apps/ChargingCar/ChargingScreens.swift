import CarSession
import CarTemplates
import Charging
import Foundation
import Geo
import TripPlanner

/// The charging app's templates as pure functions of its state: each builder is tested by the
/// rule it keeps (ChargingCarTests).
public enum ChargingScreens {
  /// The POI template shows at most 12 places (carplay-facts.md §1.5).
  public static let pointLimit = 12
  /// Lists are capped at 12 rows: the most some cars show while driving (§1.1); the app keeps
  /// the same cap parked so a list does not change length when the car starts moving.
  public static let listLimit = 12
  /// The tab bar's template id.
  public static let rootID: TemplateID = "charging"
  /// The Charge tab's template id.
  public static let chargeID: TemplateID = "charge"
  /// The Favourites tab's template id.
  public static let favouritesID: TemplateID = "favourites"
  /// The Route tab's template id.
  public static let routeID: TemplateID = "route"
  /// The Filters list's template id.
  public static let filtersID: TemplateID = "filters"
  /// The Route tab's search template id.
  public static let searchID: TemplateID = "search"

  /// Whether the Route tab offers search: the phone's iOS lets an EV-charging app use the
  /// search template (iOS 27; SECONDARY, carplay-facts.md §5 — on an older phone the host
  /// refuses the template, so the app offers lists only) and the car does not limit the
  /// keyboard now (§1.7, §9: search is never the only way to a destination).
  public static func offersSearch(_ configuration: SessionConfiguration) -> Bool {
    ChargingApp.entitlements.allows(.search, on: configuration.systemVersion)
      && !configuration.limitedUserInterfaces.contains(.keyboard)
  }

  /// The tab bar with Charge, Favourites and Route, and the selected tab's pushed screen.
  public static func screen(_ state: ChargingApp.State, _ configuration: SessionConfiguration)
    -> CarScreen
  {
    let root = TemplateSpec.tabBar(
      rootID,
      TabBarTemplateSpec(
        tabs: [
          chargeTab(state), favouritesTab(state),
          routeTab(state, search: offersSearch(configuration)),
        ],
        selectedIndex: state.tab.rawValue))
    var stack: [TemplateSpec] = []
    switch state.tab {
    case .charge:
      switch state.chargeDestination {
      case .details(let site):
        stack.append(
          details(
            site, setup: state.setup, live: availabilityText(state, site),
            liveAge: availabilityAge(state, site), watching: watching(state, site),
            from: carPosition(state)))
      case .filters:
        stack.append(filters(state.filter, vehicle: state.setup.vehicle))
      case nil: break
      }
    case .favourites:
      if let site = state.favouriteDetails {
        stack.append(
          details(
            site, setup: state.setup, live: availabilityText(state, site),
            liveAge: availabilityAge(state, site), watching: watching(state, site),
            from: carPosition(state)))
      }
    case .route:
      if state.showsAllTowns { stack.append(allTowns(state)) }
      // The search is pushed while open and allowed: when the car limits the keyboard the host
      // sees it popped and the Route list stays (the state keeps it for when typing returns).
      if let search = state.search, offersSearch(configuration) {
        stack.append(searchTemplate(search))
      }
      if state.trip != .none { stack.append(trip(state.trip, live: state.availability(of:))) }
    }
    return CarScreen(root: root, stack: stack)
  }

  /// Where distances are measured from: the car, when its position is known (never the map's
  /// centre or a panned region: the number the driver reads is the way from the car).
  public static func carPosition(_ state: ChargingApp.State) -> Coordinate? {
    state.carKnown ? state.car : nil
  }

  /// What a distance says when the car's position is not known yet.
  public static let unknownDistanceText = "distance unknown (car position unknown)"

  // MARK: Charge tab

  /// The Charge tab's title: the filter while places are shown, else the state in words.
  public static func chargeTitle(_ state: ChargingApp.State) -> String {
    switch state.places {
    case .loading: return "Loading chargers…"
    case .zoomedOutTooFar: return "Zoomed out too far — zoom in to see chargers"
    case .loaded(let sites) where sites.isEmpty:
      return "No chargers here — zoom out or change the filter"
    case .loaded:
      let near = state.nearPlace.map { " · near \($0.name)" } ?? ""
      return "Chargers · \(state.filter.isEmpty ? "All" : state.filter.summary)\(near)"
    case .failed(_, let stale) where stale.isEmpty: return "Chargers can't be loaded right now"
    case .failed: return "Not updated — showing earlier chargers"
    }
  }

  /// The Charge tab: the sites as pins with cards, Filters on the left and, after a failure,
  /// Retry on the right.
  public static func chargeTab(_ state: ChargingApp.State) -> TemplateSpec {
    let sites = Array(state.sites.prefix(pointLimit))
    var stale = false
    if case .failed = state.places { stale = true }
    let car = carPosition(state)
    let trailing =
      stale ? [BarButtonSpec(id: ChargeRoute.retry.elementID, title: "Retry")] : []
    let spec = PointOfInterestTemplateSpec(
      title: chargeTitle(state),
      points: sites.map {
        point($0, from: car, stale: stale, availability: state.availability(of: $0.site))
      },
      selectedIndex: sites.firstIndex { $0.id == state.selected },
      navigationBar: NavigationBarSpec(
        leading: [BarButtonSpec(id: ChargeRoute.showFilters.elementID, title: "Filters")],
        trailing: trailing))
    return .pointOfInterest(
      chargeID, tab: TabAppearance(title: "Charge", image: .symbol("bolt.car")), spec)
  }

  /// `150 kW · 0.59 €/kWh`: the site's power and its price for the driver, tariff or not (with
  /// none chosen the stand-in price says how it is paid: `150 kW · 0.62 €/kWh roaming`); with
  /// live status first, `2 of 4 free · 150 kW · 0.59 €/kWh` (a narrow row cuts the end of the
  /// line, and whether a charger is free is what the driver reads first). Which tariff priced
  /// it is in Details.
  public static func subtitle(_ site: PricedSite, availability: SiteAvailability? = nil) -> String {
    let base = "\(site.site.powerText) · \(site.price.shortText)"
    guard let text = availability?.text(timeZone: ChargingApp.liveTimeZone) else { return base }
    return text + " · " + base
  }

  /// The Details line of a site's live status with its age, or nil without live status.
  public static func liveText(_ state: ChargingApp.State, _ site: PricedSite) -> String? {
    guard let availability = state.availability(of: site.site), let now = state.liveNow else {
      return nil
    }
    return availability.textWithAge(now: now, timeZone: ChargingApp.liveTimeZone)
  }

  /// Details' watch button: `true` while the site is watched ("Stop watching"), `false` when it
  /// can be ("Tell me when free": it has live status and no charge point free), nil when not
  /// (no live status to watch, or a charge point is free already).
  public static func watching(_ state: ChargingApp.State, _ site: PricedSite) -> Bool? {
    if state.watch?.site.id == site.id { return true }
    guard let a = state.availability(of: site.site), a.hasStatus, !a.hasFree else { return nil }
    return false
  }

  /// How old the site's live status is, as Details' Availability title says it beside the
  /// word (`just now`, `3 min ago`: the oldest fresh status); nil without a fresh status.
  /// The age grows between updates: it is told at the later of the last application and the
  /// last tick of ``ChargingApp/ageTimer``.
  public static func availabilityAge(_ state: ChargingApp.State, _ site: PricedSite) -> String? {
    guard let now = state.liveNow, let oldest = state.availability(of: site.site)?.oldestFresh
    else { return nil }
    return SiteAvailability.age(of: oldest, now: max(now, state.ageNow ?? now))
  }

  /// Details' availability: per register row (its connectors and power), how many charge
  /// points are free, busy, out of order or unknown — `2 × CCS 150 kW: 1 free · 1 out of
  /// order` — rows joined by `; `; a row without live status says so (the age of the statuses
  /// is in the item's title, ``availabilityAge(_:_:)``, where a narrow screen still shows it).
  /// Nil when no row of the site has live status.
  public static func availabilityText(_ state: ChargingApp.State, _ site: PricedSite) -> String? {
    guard state.availability(of: site.site) != nil else { return nil }
    let rows = site.site.stations.map { station -> String in
      let connectors = ChargeSite(stations: [station], distanceKilometres: 0).connectors
        .map(\.text).joined(separator: ", ")
      let name = connectors.isEmpty ? "\(station.chargePointCount) charge points" : connectors
      guard let a = state.availability(of: [station.id]) else {
        return "\(name): no live status"
      }
      return "\(name): " + countsText(a)
    }
    guard site.site.stations.count == 1, let station = site.site.stations.first,
      let a = state.availability(of: [station.id])
    else { return rows.joined(separator: "; ") }
    // One register row: the counts lead (a narrow screen cuts the end), its connectors follow.
    let connectors = site.site.connectors.map(\.text).joined(separator: ", ")
    return countsText(a) + (connectors.isEmpty ? "" : " (\(connectors))")
  }

  /// `1 free · 1 out of order`: each kind of status that occurs; with only stale statuses,
  /// `unknown since 14:05`.
  public static func countsText(_ a: SiteAvailability) -> String {
    guard a.fresh > 0 else { return a.text(timeZone: ChargingApp.liveTimeZone) ?? "unknown" }
    var parts: [String] = []
    if a.free > 0 { parts.append("\(a.free) free") }
    if a.busy > 0 { parts.append("\(a.busy) busy") }
    if a.outOfOrder > 0 { parts.append("\(a.outOfOrder) out of order") }
    if a.unknown > 0 { parts.append("\(a.unknown) unknown") }
    if a.stale > 0 { parts.append("\(a.stale) without a recent status") }
    return parts.joined(separator: " · ")
  }

  /// `1.2 km · CCS, Type 2 · 4 charge points · EnBW`: distance from the car, connectors,
  /// operator.
  public static func detailText(_ site: PricedSite, from car: Coordinate?) -> String {
    let distance = car.map { distanceText(from: $0, to: site.site.coordinate) }
    return "\(distance ?? unknownDistanceText) · \(site.site.detailSuffix)"
  }

  /// A site as a pin with its card: Details and Navigate; the distance is from `car`.
  public static func point(
    _ site: PricedSite, from car: Coordinate?, stale: Bool = false,
    availability: SiteAvailability? = nil
  ) -> PointOfInterestSpec {
    let detail = detailText(site, from: car)
    return PointOfInterestSpec(
      id: ChargeRoute.point(site.id).elementID, location: site.site.coordinate,
      title: site.site.title,
      subtitle: subtitle(site, availability: availability),
      summary: stale ? "Earlier result · \(detail)" : detail,
      pinImage: SiteStatus(availability).image,
      primaryButton: TextButtonSpec(id: ChargeRoute.details(site.id).elementID, title: "Details"),
      secondaryButton: TextButtonSpec(
        id: ChargeRoute.navigate(site.id).elementID, title: "Navigate"))
  }

  /// `0.8 km`, `12 km`.
  public static func distanceText(from a: Coordinate, to b: Coordinate) -> String {
    let km = GreatCircle.distanceKilometres(a, b)
    return km < 10 ? "\(tenths(km)) km" : "\(Int(km.rounded())) km"
  }

  /// `km` with one decimal, exactly as `String(format: "%.1f", km)` writes it, without the
  /// formatter for values in 0 ..< 10 that are not within 10⁻⁹ of a rounding tie.
  static func tenths(_ km: Double) -> String {
    let scaled = km * 10
    let fraction = scaled - scaled.rounded(.down)
    guard km >= 0, km < 10, abs(fraction - 0.5) > 1e-9 else { return String(format: "%.1f", km) }
    let value = Int(scaled.rounded())
    return "\(value / 10).\(value % 10)"
  }

  // MARK: Details

  /// The price lines of Details: one per tariff (best first, at most 3), each with its data's
  /// date; with no tariff chosen, the ad-hoc price says so.
  public static func priceLines(_ price: SitePrice) -> [(title: String, detail: String)] {
    func line(_ p: SiteTariffPrice) -> String {
      "\(p.perKilowattHourText), \(p.totalText) for \(p.energyKWh.rounded(1)) kWh (prices of \(p.dataDate))"
    }
    switch price {
    case .mine(let prices):
      return prices.prefix(3).map { ($0.name, line($0)) }
    case .adHoc(let prices):
      return prices.prefix(2).map {
        ("\($0.access == .adHoc ? "Ad-hoc" : "Roaming") price: \($0.name)", line($0))
      } + [("Your tariffs", "no tariff chosen")]
    case .noTariffChosen:
      return [("Price", "no tariff chosen and no ad-hoc or roaming price known here")]
    case .unknown(let reason):
      return [("Price", "none of your tariffs applies here (\(reason))")]
    }
  }

  /// A site's Details: price per tariff, connectors, availability, distance, hours and access,
  /// address, operator and the data's source — at most 10 items and the actions Navigate,
  /// Favourite/Unfavourite and, with `watching` set, Tell me when free / Stop watching — three,
  /// the most the template shows (carplay-facts.md §1.4). The distance is from `car` (unknown
  /// without it).
  public static func details(
    _ site: PricedSite, setup: DriverSetup, live: String? = nil, liveAge: String? = nil,
    watching: Bool? = nil, from car: Coordinate? = nil
  )
    -> TemplateSpec
  {
    let s = site.site
    let station = s.representative
    let address = station?.address
    let town = [address?.postcode, address?.city].compactMap { $0 }.joined(separator: " ")
    var items = priceLines(site.price).enumerated().map { index, line in
      InformationItemSpec(id: ElementID("price-\(index)"), title: line.title, detail: line.detail)
    }
    let connectors = s.connectors.map(\.text).joined(separator: ", ")
    let likely = s.hasUnnamedDirectCurrent ? "; the register says only \"DC\": likely CCS" : ""
    items += [
      InformationItemSpec(
        id: "connectors", title: "Connectors",
        detail:
          "\(s.chargePointCount) charge points: \(connectors.isEmpty ? "not given" : connectors)\(likely)"
      ),
      InformationItemSpec(
        id: "availability", title: liveAge.map { "Availability · \($0)" } ?? "Availability",
        detail: live ?? "unknown (no live status for this site)"),
      InformationItemSpec(
        id: "distance", title: "Distance",
        detail: car.map { "\(distanceText(from: $0, to: s.coordinate)) from the car" }
          ?? unknownDistanceText),
      InformationItemSpec(id: "hours", title: "Hours and access", detail: hoursText(station)),
      InformationItemSpec(
        id: "address", title: "Address",
        detail: [address?.street, town].compactMap { $0?.isEmpty == false ? $0 : nil }
          .joined(separator: ", ")),
      InformationItemSpec(id: "operator", title: "Operator", detail: s.operatorName),
      InformationItemSpec(
        id: "source", title: "Source",
        detail: station.map { "\($0.source.name), \($0.source.date), \($0.source.licence)" }
          ?? "unknown"),
    ]
    let favourite = setup.favourites.contains(site.id)
    return .information(
      TemplateID("details-\(site.id.rawValue)"),
      InformationTemplateSpec(
        title: s.title, items: Array(items.prefix(10)),
        actions: [
          TextButtonSpec(id: ChargeRoute.navigateFromDetails.elementID, title: "Navigate"),
          TextButtonSpec(
            id: ChargeRoute.toggleFavourite.elementID,
            title: favourite ? "Unfavourite" : "Favourite"),
        ] + (watching.map {
          [TextButtonSpec(
            id: ChargeRoute.watch.elementID, title: $0 ? "Stop watching" : "Tell me when free")]
        } ?? [])))
  }

  static func hoursText(_ station: Station?) -> String {
    guard let hours = station?.openingHours else { return "not given in the register; public" }
    return hours.twentyFourSeven ? "open 24/7; public" : "limited hours; public"
  }

  // MARK: Filters

  /// The Filters list: one row per condition, saying whether it is on; with the driver's car
  /// known, the plugs it cannot use say so (the Charge tab shows only chargers that fit it).
  public static func filters(_ filter: ChargeFilter, vehicle: VehicleProfile? = nil)
    -> TemplateSpec
  {
    let kw = Int(ChargeFilter.fastChargingKilowatts)
    let usable = vehicle?.usableStandards
    let rows = ChargeRoute.FilterRow.allCases.map { row in
      let (text, on, fits): (String, Bool, Bool) =
        switch row {
        case .fast:
          ("Fast charging (≥ \(kw) kW DC)", filter.fastOnly, vehicle?.chargesDirectCurrent ?? true)
        case .connector(let choice):
          (
            choice.title, filter.connectors.contains(choice),
            usable.map { !$0.isDisjoint(with: choice.standards) } ?? true
          )
        case .favouritesOnly: ("Only favourites", filter.favouritesOnly, true)
        case .knownPrice: ("Only with a known price", filter.knownPriceOnly, true)
        case .freeNow: ("Free now (live status)", filter.freeNowOnly, true)
        case .minimumPower(let minimum):
          (
            "At least \(minimum) kW", filter.minimumKilowatts == minimum,
            vehicle?.chargesDirectCurrent ?? true
          )
        case .myNetworks: ("My networks (a tariff's own price)", filter.myNetworksOnly, true)
        }
      let state = on ? "On" : "Off"
      return ListItemSpec(
        id: ChargeRoute.filter(row).elementID, text: text,
        detailText: fits ? state : "\(state) · not on your car")
    }
    return .list(
      filtersID,
      ListTemplateSpec(
        title: "Filters",
        sections: [ListSectionSpec(header: "Showing: \(filter.summary)", items: rows)]))
  }

  // MARK: Favourites

  /// The Favourites tab: saved stations with distance and price, or an empty state.
  public static func favouritesTab(_ state: ChargingApp.State) -> TemplateSpec {
    let sites = Array((state.favouriteSites ?? []).prefix(listLimit))
    let rows = sites.map { site in
      ListItemSpec(
        id: ChargeRoute.favourite(site.id).elementID, text: site.site.title,
        detailText:
          "\(distanceText(from: state.car, to: site.site.coordinate)) · \(subtitle(site, availability: state.availability(of: site.site)))",
        image: SiteStatus(state.availability(of: site.site)).image,
        accessory: .disclosureIndicator)
    }
    let loading = state.favouriteSites == nil
    return .list(
      favouritesID, tab: TabAppearance(title: "Favourites", image: .symbol("star")),
      ListTemplateSpec(
        title: "Favourites", sections: rows.isEmpty ? [] : [ListSectionSpec(items: rows)],
        emptyViewTitleVariants: loading ? ["Loading favourites…"] : ["No favourites yet"],
        emptyViewSubtitleVariants: loading
          ? [] : ["Open a charger's Details and choose Favourite", "Add one from Details"],
        showsSpinnerWhileEmpty: loading))
  }

  // MARK: Route

  /// The pushed "More towns" list's template id.
  public static let townsID: TemplateID = "towns"

  /// A destination's distance from the car as the Route tab says it: `201 km straight line`
  /// (the towns, recents and favourites are measured as the crow flies; the trip summary gives
  /// the road distance).
  static func straightLineText(from car: Coordinate, to place: Coordinate) -> String {
    "\(distanceText(from: car, to: place)) straight line"
  }

  /// The Route tab: recent destinations (3), favourites (3) and the basemap's towns, nearest
  /// first, in sections within the list limit (12 rows, §1.1): when the towns do not all fit,
  /// the last row is "More towns", which pushes the list of every town — no town is dropped
  /// silently, however many recents and favourites there are. Distances are straight-line and
  /// say so.
  ///
  /// With `search` (``offersSearch(_:)``) a first row, "Search", pushes the search template.
  public static func routeTab(_ state: ChargingApp.State, search: Bool = false) -> TemplateSpec {
    func row(_ route: ChargeRoute, _ name: String, _ place: Coordinate) -> ListItemSpec {
      ListItemSpec(
        id: route.elementID, text: name,
        detailText: straightLineText(from: state.car, to: place), accessory: .disclosureIndicator)
    }
    let recent = state.recent.prefix(ChargingApp.recentCount).enumerated().map { index, d in
      row(.destination(.recent(index)), d.name, d.coordinate)
    }
    let favourites = (state.favouriteSites ?? []).prefix(3).map { site in
      row(.destination(.favourite(site.id)), site.site.title, site.site.coordinate)
    }
    let searchRow = ListItemSpec(
      id: ChargeRoute.searchDestinations.elementID, text: "Search",
      detailText: "Towns, streets and chargers", accessory: .disclosureIndicator)
    let searchRows = search ? [searchRow] : []
    let room = listLimit - searchRows.count - recent.count - favourites.count
    let townsFit = state.cities.count <= room
    var towns = state.cities.prefix(townsFit ? room : room - 1).map { d in
      row(.destination(.city(d.name)), d.name, d.coordinate)
    }
    if !townsFit {
      towns.append(
        ListItemSpec(
          id: ChargeRoute.moreTowns.elementID, text: "More towns",
          detailText: "\(state.cities.count - towns.count) more, all \(state.cities.count) listed",
          accessory: .disclosureIndicator))
    }
    let sections =
      (searchRows.isEmpty ? [] : [ListSectionSpec(items: searchRows)])
      + [("Recent", recent), ("Favourites", favourites), ("Towns", towns)]
      .filter { !$0.1.isEmpty }.map { ListSectionSpec(header: $0.0, items: $0.1) }
    return .list(
      routeID, tab: TabAppearance(title: "Route", image: .symbol("road.lanes")),
      ListTemplateSpec(
        title: "Route", sections: sections,
        emptyViewTitleVariants: ["Loading destinations…"], showsSpinnerWhileEmpty: true))
  }

  /// The search template: the text typed and, for it, towns, streets and chargers
  /// (``DestinationSearch``); choosing one plans the trip to it.
  public static func searchTemplate(_ search: RouteFeature.SearchState) -> TemplateSpec {
    .search(
      searchID,
      SearchTemplateSpec(
        query: search.query,
        results: search.results.map { result in
          ListItemSpec(
            id: ChargeRoute.searchResult(result.id).elementID, text: result.name,
            detailText: result.detail, accessory: .disclosureIndicator)
        }))
  }

  /// "More towns": every town the Route tab offers, nearest first (``ChargingServices/cityCount``
  /// rows, within the list limit).
  public static func allTowns(_ state: ChargingApp.State) -> TemplateSpec {
    let rows = state.cities.prefix(listLimit).map { d in
      ListItemSpec(
        id: ChargeRoute.town(d.name).elementID, text: d.name,
        detailText: straightLineText(from: state.car, to: d.coordinate),
        accessory: .disclosureIndicator)
    }
    return .list(
      townsID, ListTemplateSpec(title: "Towns", sections: [ListSectionSpec(items: rows)]))
  }

  /// `2 h 5 min`, `45 min`.
  public static func duration(_ seconds: Double) -> String {
    let minutes = Int((seconds / 60).rounded())
    return minutes >= 60 ? "\(minutes / 60) h \(minutes % 60) min" : "\(minutes) min"
  }

  /// `4 h 30 min (driving 3 h 40 min, charging 40 min, stops 10 min)`: the parts are rounded to
  /// whole minutes first and the total is their sum, so what the driver reads adds up; the
  /// charging part is the sum of the stops' own minutes (``StopSummary/wholeChargeMinutes``),
  /// so it equals what the stop rows say; the time spent stopping (parking, plugging in) is
  /// named as its own part.
  public static func timeText(_ summary: TripSummary) -> String {
    let time = timeParts(summary)
    return "\(time.total) (\(time.parts))"
  }

  /// ``timeText(_:)`` in its two pieces: the total (`4 h 30 min`) and its named parts
  /// (`driving 3 h 40 min, charging 40 min, stops 10 min`), which add up to it.
  public static func timeParts(_ summary: TripSummary) -> (total: String, parts: String) {
    let drive = Int((summary.driveSeconds / 60).rounded())
    let charge =
      summary.stops.isEmpty
      ? Int((summary.chargeSeconds / 60).rounded())
      : summary.stops.reduce(0) { $0 + $1.wholeChargeMinutes }
    let stops = Int((summary.overheadSeconds / 60).rounded())
    var parts = ["driving \(minutes(drive))"]
    if charge > 0 || !summary.stops.isEmpty { parts.append("charging \(minutes(charge))") }
    if stops > 0 { parts.append("stops \(minutes(stops))") }
    return (minutes(drive + charge + stops), parts.joined(separator: ", "))
  }

  /// `2 h 5 min`, `45 min` for whole minutes.
  static func minutes(_ minutes: Int) -> String {
    minutes >= 60 ? "\(minutes / 60) h \(minutes % 60) min" : "\(minutes) min"
  }

  /// `23 %`.
  public static func percent(_ fraction: Double) -> String {
    "\(Int((fraction * 100).rounded())) %"
  }

  /// The trip summary, in the order it is driven: the start charge; each stop on two rows — its
  /// number, kilometre and place, then power, arrival → departure charge, charging
  /// minutes and cost (the tariff that priced it is in the stop's price data, not on the
  /// narrow row); the arrival charge; then the time (its parts add up to it) and the distance.
  /// Actions: Start Navigation (to the first stop when there is one, and named so) and, with
  /// stops, the one that skips them to the destination, named for what it does.
  ///
  /// With live status (`live`), each stop says how many charge points are free, and a line says
  /// when a stop that could be used when the trip was planned now cannot (all busy or out of
  /// order).
  public static func trip(
    _ trip: ChargingApp.Trip, live: (StopSummary) -> SiteAvailability? = { _ in nil }
  ) -> TemplateSpec {
    let title = "To \(trip.destination?.name ?? "…")"
    let spec: InformationTemplateSpec
    switch trip {
    case .none, .planning:
      spec = InformationTemplateSpec(
        title: title,
        items: [
          InformationItemSpec(id: "planning", title: "Planning", detail: "Finding charging stops…")
        ])
    case .failed(_, let message):
      spec = InformationTemplateSpec(
        title: title, items: [InformationItemSpec(id: "no-plan", title: "No plan", detail: message)]
      )
    case .planned(let summary):
      // The trip in the order it is driven — start, each stop, arrival — then its totals: on a
      // short display the itinerary shows without scrolling, time and distance below it.
      var items = [
        InformationItemSpec(
          id: "start", title: "Start", detail: "\(percent(summary.start)) charge")
      ]
      let reserve = percent(summary.reserve)
      if summary.stops.isEmpty {
        items.append(
          InformationItemSpec(
            id: "stops", title: "Charging",
            detail: summary.arrivesUnderReserve
              ? "no stop needed, but the car arrives under the \(reserve) reserve"
              : "no stop needed — in range"))
      }
      var turned: (index: Int, text: String)?
      for (index, stop) in summary.stops.enumerated() {
        if turned == nil, !stop.unusableWhenPlanned, let availability = live(stop),
          availability.isKnownUnusable,
          let text = availability.text(timeZone: ChargingApp.liveTimeZone)
        {
          turned = (index, text)
        }
      }
      // Each stop takes two rows: where (its number, kilometre and place) and what happens there
      // (power, arrival → departure charge, minutes, cost). Ten items at most (§1.4): distance,
      // time, start, arrival and a possible "turned busy" line leave five or six rows; a longer
      // trip's last row gathers the stops that do not fit, so none is dropped silently.
      let rows = 10 - items.count - 3 - (turned == nil ? 0 : 1)
      let shown = summary.stops.count * 2 <= rows ? summary.stops.count : (rows - 1) / 2
      for (index, stop) in summary.stops.prefix(shown).enumerated() {
        let status = live(stop)?.text(timeZone: ChargingApp.liveTimeZone).map { " · \($0)" }
        items.append(
          InformationItemSpec(
            id: ElementID("stop-\(index)"),
            title: "Stop \(index + 1) · km \(Int(stop.kilometre.rounded()))", detail: stop.name))
        items.append(
          InformationItemSpec(
            id: ElementID("stop-\(index)-charge"), title: "Charge",
            detail:
              "\(Int(stop.kilowatts)) kW · \(percent(stop.arrival)) → \(percent(stop.departure)) · \(stop.wholeChargeMinutes) min · \(stop.costText)\(status ?? "")"
          ))
      }
      if summary.stops.count > shown {
        let rest = summary.stops[shown...]
        let first = rest.first?.kilometre ?? 0
        let last = rest.last?.kilometre ?? 0
        items.append(
          InformationItemSpec(
            id: ElementID("stop-\(shown)"),
            title: "Stops \(shown + 1)–\(summary.stops.count) · km \(Int(first.rounded()))–\(Int(last.rounded()))",
            detail:
              "\(rest.count) more stops · \(rest.reduce(0) { $0 + $1.wholeChargeMinutes }) min charging"
          ))
      }
      if let turned {
        // First, so a short display shows it without scrolling.
        items.insert(
          InformationItemSpec(
            id: "stop-turned-busy",
            title: "Stop \(turned.index + 1) turned \(turned.text == "out of order" ? "out of order" : "busy")",
            detail: "\(turned.text) since the trip was planned — choose the destination again to plan around it"),
          at: 0)
      }
      items.append(
        InformationItemSpec(
          id: "arrival", title: "Arrival",
          detail: "\(percent(summary.arrival)) at \(summary.destination.name)"
            + (summary.arrivesUnderReserve ? " — under the \(reserve) reserve" : "")))
      items += [
        // The total beside its label, the parts that add up to it as the detail: two short
        // lines that fit the smallest display, where the whole sentence was cut.
        InformationItemSpec(
          id: "time", title: "Time \(timeParts(summary).total)", detail: timeParts(summary).parts),
        InformationItemSpec(
          id: "distance", title: "Distance", detail: "\(Int(summary.kilometres.rounded())) km"),
      ]
      // With stops, Start Navigation leads to the first one and says so; the way straight to
      // the destination is named for what it does — it skips the stops.
      var actions = [
        TextButtonSpec(
          id: ChargeRoute.startNavigation.elementID,
          title: summary.stops.isEmpty ? "Start Navigation" : "Navigate to Stop 1",
          style: .confirm)
      ]
      if !summary.stops.isEmpty {
        actions.append(
          TextButtonSpec(
            id: ChargeRoute.continueToDestination.elementID,
            title: summary.stops.count == 1 ? "Skip the stop" : "Skip the stops"))
      }
      spec = InformationTemplateSpec(title: title, items: Array(items.prefix(10)), actions: actions)
    }
    return .information("trip", spec)
  }
}

extension Decimal {
  /// The value rounded half up to `digits` decimals.
  func rounded(_ digits: Int) -> Decimal {
    var value = self
    var result = Decimal()
    NSDecimalRound(&result, &value, digits, .plain)
    return result
  }
}
