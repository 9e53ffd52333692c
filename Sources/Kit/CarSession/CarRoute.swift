import CarTemplates

/// Where a tappable element sits on the host: its element id, and the template it must be in
/// when the same element id means different things in different templates.
///
/// The host and the CarPlay bridge speak in strings, as CarPlay does; an app's ``CarRoute``
/// spells itself as an address once, and the session turns the strings of a tap back into the
/// route by looking the address up — nothing is parsed.
public struct RouteAddress: Hashable, Sendable, CustomStringConvertible {
  /// The template the element must be in, or nil when the element id is unique in the app.
  public var template: TemplateID?
  /// The element's id as the host sees it, e.g. `details-DE-123` or `zoom-in`.
  public var element: ElementID

  /// An element id unique in the app, wherever it is shown.
  public init(_ element: ElementID) {
    self.template = nil
    self.element = element
  }

  /// An element id that means this route only inside `template`.
  public init(_ element: ElementID, in template: TemplateID) {
    self.template = template
    self.element = element
  }

  /// `'zoom-in'` or `'fast' in 'filters'`.
  public var description: String {
    template.map { "'\(element)' in '\($0)'" } ?? "'\(element)'"
  }
}

/// What the driver can tap in an app, as a type: every case names one thing to do with its
/// typed data (`details(Station.ID)`, `city(String)`, `zoomIn`), and ``address`` spells it as
/// the element id the host shows — the one place an app writes an id for something tappable.
///
/// The app lists the routes its screen offers for a state (``CarApp/routes(_:)``); when the
/// driver taps, the session finds the route at the tap's address and hands the app the route
/// (`action(for:in:)` with the route), never the string. A tap the app offers no route for is
/// reported as a `Diagnostic.undecodableTapID` diagnostic instead of being silently dropped.
/// See Guides/CarSession.md, "Typed routes".
public protocol CarRoute: Hashable, Sendable {
  /// The element id (and, where needed, template) this route is shown as on the host.
  var address: RouteAddress { get }
}

extension CarRoute {
  /// The element id the route is shown as: what a screen builder writes into the spec.
  public var elementID: ElementID { address.element }
}

/// The route type of an app that takes its taps as host events (the kit's small demos).
public enum NoRoute: CarRoute {
  /// Never called: there is no value of this type.
  public var address: RouteAddress {
    switch self {}
  }
}

/// The routes a screen offers, by address: how the session decodes a tap.
///
/// An address with a template wins over the same element id without one, so an app can use
/// one element id in two templates (a favourites row and a map pin both named by a station id).
public struct RouteTable<Route: CarRoute>: Sendable {
  private var byAddress: [RouteAddress: Route] = [:]
  /// Addresses two routes claimed; the first route keeps it.
  public private(set) var clashes: [RouteAddress] = []

  /// Indexes `routes` by address; the first route at an address wins.
  public init(_ routes: some Sequence<Route>) {
    for route in routes {
      let address = route.address
      if byAddress[address] == nil {
        byAddress[address] = route
      } else if byAddress[address] != route {
        clashes.append(address)
      }
    }
  }

  /// The route tapped at `element` in `template`, if the screen offers one.
  public func route(at element: ElementID, in template: TemplateID) -> Route? {
    byAddress[RouteAddress(element, in: template)] ?? byAddress[RouteAddress(element)]
  }

  /// How many addresses the table knows.
  public var count: Int { byAddress.count }
}

/// A host event that names a tapped element, taken apart into its address and what kind of
/// tap it was.
public struct RouteTap: Hashable, Sendable {
  /// How the driver reached the element.
  public enum Kind: String, Hashable, Sendable {
    /// A list row (the host waits for the selection to complete).
    case row
    /// A point of interest (its card opens).
    case point
    /// A button: navigation bar, map, grid, information, card or Now Playing.
    case button
    /// An action of an alert or action sheet.
    case modalAction
    /// A trip preview's route, started with Go.
    case tripRoute
  }

  /// The template the element is in.
  public var template: TemplateID
  /// The element.
  public var element: ElementID
  /// How it was reached.
  public var kind: Kind

  /// The tap a host event carries, or nil for events that name no element (lifecycle, back,
  /// tabs, map gestures, text, voice).
  public init?(_ event: HostEvent) {
    switch event {
    case .listItemSelected(let t, let e, _): self.init(t, e, .row)
    case .pointSelected(let t, let e): self.init(t, e, .point)
    case .buttonPressed(let t, let e): self.init(t, e, .button)
    case .modalActionChosen(let t, let e): self.init(t, e, .modalAction)
    case .tripStarted(let t, _, let route): self.init(t, route, .tripRoute)
    default: return nil
    }
  }

  init(_ template: TemplateID, _ element: ElementID, _ kind: Kind) {
    self.template = template
    self.element = element
    self.kind = kind
  }
}

extension Diagnostic {
  /// The driver tapped an element whose id the app offers no route for: a renamed id or a
  /// route missing from ``CarApp/routes(_:)``, which would otherwise be a silent dead button.
  public static let undecodableTapID = "S005-undecodable-tap"
}

extension CarScreen {
  /// Every element the driver can tap on the screen, with the template it is in: rows (not
  /// disabled ones), buttons, points and their card buttons, modal actions and route choices,
  /// on the root, its tabs, the stack and the modal. Information items and voice states are
  /// read, not tapped, and are left out.
  public var tappableElements: [(template: TemplateID, element: ElementID)] {
    var templates = [root]
    if case .tabBar(let bar) = root.content { templates += bar.tabs }
    templates += stack + (modal.map { [$0] } ?? [])
    return templates.flatMap { template in
      template.tappableElementIDs.map { (template.id, $0) }
    }
  }
}

extension TemplateSpec {
  fileprivate var tappableElementIDs: [ElementID] {
    switch content {
    case .tabBar: return []
    case .information(let info): return barButtons.map(\.id) + info.actions.map(\.id)
    case .voiceControl: return barButtons.map(\.id)
    case .list(let list):
      let disabled = Set(
        list.allRows.compactMap { row -> ElementID? in
          if case .item(let item) = row, !item.isEnabled { return item.id }
          return nil
        })
      return elementIDs.filter { !disabled.contains($0) }
    case .pointOfInterest(let poi):
      return elementIDs
        + poi.points.flatMap { [$0.primaryButton?.id, $0.secondaryButton?.id].compactMap { $0 } }
    case .map(let map):
      return barButtons.map(\.id) + map.mapButtons.map(\.id)
        + map.tripPreviews.flatMap { $0.routeChoices.map(\.id) }
    default: return elementIDs
    }
  }
}

extension RouteTable {
  /// The tappable elements of `screen` no route of the table is spelled as: each would be a
  /// dead button. An app's tests run this over its sample screens.
  public func undecodable(on screen: CarScreen) -> [RouteAddress] {
    screen.tappableElements.compactMap { template, element in
      route(at: element, in: template) == nil ? RouteAddress(element, in: template) : nil
    }
  }
}
