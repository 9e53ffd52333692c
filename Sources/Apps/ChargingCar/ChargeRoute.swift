import CarSession
import CarTemplates
import Charging

/// What the driver can tap in the charging app, with its typed data; ``address`` spells each
/// as the element id the host shows (`details-DE-…`, `city-Bremen`, `recent-0`, `fast`), the
/// only place the app writes ids for tappable elements.
public enum ChargeRoute: CarRoute {
  /// A site's pin on the Charge tab (its card opens).
  case point(Station.ID)
  /// Details on a site's card.
  case details(Station.ID)
  /// Navigate on a site's card.
  case navigate(Station.ID)
  /// Filters in the Charge tab's navigation bar.
  case showFilters
  /// Retry after a failed load.
  case retry
  /// Navigate on a site's Details.
  case navigateFromDetails
  /// Favourite / Unfavourite on a site's Details.
  case toggleFavourite
  /// A row of the Filters list.
  case filter(FilterRow)
  /// A row of the Favourites tab.
  case favourite(Station.ID)
  /// A destination row of the Route tab.
  case destination(DestinationChoice)
  /// "More towns" on the Route tab: the list of every town.
  case moreTowns
  /// A town on the "More towns" list, by name.
  case town(String)
  /// Start Navigation on the trip summary.
  case startNavigation
  /// Continue to the destination on the trip summary.
  case continueToDestination
  /// "Tell me when free" / "Stop watching" on a site's Details.
  case watch
  /// "Search" on the Route tab (a phone whose iOS allows the search template).
  case searchDestinations
  /// An answer of the search template, by its id (``SearchResult/id``).
  case searchResult(String)

  /// A row of the Filters list: one condition to switch on or off.
  public enum FilterRow: Hashable, Sendable, CaseIterable {
    /// Fast charging only.
    case fast
    /// One connector standard.
    case connector(ConnectorChoice)
    /// Favourites only.
    case favouritesOnly
    /// Sites with a known price only.
    case knownPrice
    /// Sites with a charge point free now (live status) only.
    case freeNow
    /// Connectors of at least this power (kW) only.
    case minimumPower(Int)
    /// Sites where a tariff of the driver has its own price only.
    case myNetworks

    /// The rows in the order the list shows them.
    public static var allCases: [FilterRow] {
      // Rows added later come after the existing ones, whose places stay.
      [.fast] + ConnectorChoice.allCases.map(FilterRow.connector)
        + [.favouritesOnly, .knownPrice, .freeNow]
        + ChargeFilter.minimumPowerChoices.map(FilterRow.minimumPower) + [.myNetworks]
    }
  }

  /// A destination row of the Route tab.
  public enum DestinationChoice: Hashable, Sendable {
    /// A basemap town, by name.
    case city(String)
    /// A destination chosen before, by its place in the recent list (newest first).
    case recent(Int)
    /// A favourite site.
    case favourite(Station.ID)
  }

  /// The element id the host shows, scoped to its template where the same id appears in
  /// another template with another meaning (a station id is a pin on Charge and a row of
  /// Favourites; `favourites` is a filter row and a tab).
  public var address: RouteAddress {
    switch self {
    case .point(let id): RouteAddress(ElementID(id.rawValue), in: ChargingScreens.chargeID)
    case .details(let id): RouteAddress(ElementID("details-\(id.rawValue)"))
    case .navigate(let id): RouteAddress(ElementID("navigate-\(id.rawValue)"))
    case .showFilters: RouteAddress("filters", in: ChargingScreens.chargeID)
    case .retry: RouteAddress("retry")
    case .navigateFromDetails: RouteAddress("navigate")
    case .toggleFavourite: RouteAddress("favourite")
    case .filter(let row): RouteAddress(row.elementID, in: ChargingScreens.filtersID)
    case .favourite(let id):
      RouteAddress(ElementID(id.rawValue), in: ChargingScreens.favouritesID)
    case .destination(let choice): RouteAddress(choice.elementID, in: ChargingScreens.routeID)
    case .moreTowns: RouteAddress("more-towns", in: ChargingScreens.routeID)
    case .town(let name): RouteAddress(ElementID("city-\(name)"), in: ChargingScreens.townsID)
    case .startNavigation: RouteAddress("start-navigation")
    case .continueToDestination: RouteAddress("continue")
    case .watch: RouteAddress("watch")
    case .searchDestinations: RouteAddress("search", in: ChargingScreens.routeID)
    case .searchResult(let id): RouteAddress(ElementID(id), in: ChargingScreens.searchID)
    }
  }
}

extension ChargeRoute.FilterRow {
  /// `fast`, `ccs`, `favourites`, `priced`, `free-now`, `min-150`, `my-networks`.
  var elementID: ElementID {
    switch self {
    case .fast: "fast"
    case .connector(let choice): ElementID(choice.rawValue)
    case .favouritesOnly: "favourites"
    case .knownPrice: "priced"
    case .freeNow: "free-now"
    case .minimumPower(let kilowatts): ElementID("min-\(kilowatts)")
    case .myNetworks: "my-networks"
    }
  }
}

extension ChargeRoute.DestinationChoice {
  /// `city-Bremen`, `recent-0`, `fav-DE-…`.
  var elementID: ElementID {
    switch self {
    case .city(let name): ElementID("city-\(name)")
    case .recent(let index): ElementID("recent-\(index)")
    case .favourite(let id): ElementID("fav-\(id.rawValue)")
    }
  }
}
