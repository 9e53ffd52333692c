import CarTemplates
import Geo

/// The ticket of a list-row selection whose completion the host is waiting for; until it is
/// completed the row shows a spinner (carplay-facts.md §1.1 "Selection").
public struct SelectionTicket: Hashable, Sendable, CustomStringConvertible {
  /// A number unique within one host session.
  public var rawValue: Int
  /// Creates a ticket.
  public init(_ rawValue: Int) { self.rawValue = rawValue }
  /// `#7`: the ticket's number, for transcripts.
  public var description: String { "#\(rawValue)" }
}

/// A spoken App Shortcut phrase and the intent it runs (carplay-facts.md §7).
///
/// Phrases contain `${applicationName}` where the app's name is spoken; every phrase must
/// contain it (§7, "Every phrase must include the app name"). A phrase may hold one parameter,
/// `${NAME}`, of ``parameters`` (an App Intents parameter whose type is an `AppEntity` or
/// `AppEnum`): Siri resolves what is said there to one of the parameter's values — a fixed,
/// known set, never open text (§7) — and the intent runs with it
/// (``HostEvent/voiceIntentWithParameters(intent:parameters:)``).
public struct VoiceShortcut: Hashable, Sendable {
  /// The phrase, e.g. `Show fast chargers in ${applicationName}`.
  public var phrase: String
  /// The intent's name, e.g. `ShowFastChargers`.
  public var intent: String
  /// The parameters the phrase may name (`${town}`), with their values.
  public var parameters: [VoiceParameter]

  /// Creates a shortcut.
  public init(phrase: String, intent: String, parameters: [VoiceParameter] = []) {
    self.phrase = phrase
    self.intent = intent
    self.parameters = parameters
  }

  /// The phrase with the app's name filled in.
  public func spoken(appName: String) -> String {
    phrase.replacingOccurrences(of: "${applicationName}", with: appName)
  }
}

/// A parameter of an App Shortcut's intent (`@Parameter` of an `AppEntity` or `AppEnum` type,
/// carplay-facts.md §7): its name in the phrase and the values Siri can resolve it to — the
/// entity query's suggested entities, or the enum's cases.
public struct VoiceParameter: Hashable, Sendable {
  /// The name the phrase uses, `town` in `${town}`.
  public var name: String
  /// The values, each with the words a driver says for it.
  public var values: [VoiceParameterValue]

  /// Creates a parameter.
  public init(name: String, values: [VoiceParameterValue]) {
    self.name = name
    self.values = values
  }
}

/// One value of a ``VoiceParameter``: an entity's id or an enum case, and how it is said.
public struct VoiceParameterValue: Hashable, Sendable {
  /// What the intent receives, e.g. a town's name or `ccs`.
  public var id: String
  /// What a driver says for it (the display representation and synonyms), e.g. `CCS`, `Combo`.
  public var spoken: [String]

  /// Creates a value said as `spoken` (its id when empty).
  public init(id: String, spoken: [String] = []) {
    self.id = id
    self.spoken = spoken.isEmpty ? [id] : spoken
  }
}

/// Something the host (the car, the driver, the phone) tells the app.
///
/// Driver actions, system-initiated navigation (back, tab switch, modal dismissed), the session
/// lifecycle and environment changes all arrive as host events: the host is the authority.
public enum HostEvent: Hashable, Sendable, CustomStringConvertible {
  /// The car connected (`templateApplicationScene(_:didConnect:)`).
  case connected(SessionConfiguration)
  /// The car disconnected; the interface controller is gone.
  case disconnected
  /// The session configuration changed: display, content style, limited interfaces, video.
  case configurationChanged(SessionConfiguration)
  /// The driver selected a list row; the host waits for `ticket` to be completed.
  case listItemSelected(template: TemplateID, item: ElementID, ticket: SelectionTicket)
  /// The driver tapped image `index` of an image row.
  case imageRowImageSelected(template: TemplateID, row: ElementID, index: Int)
  /// The driver switched to the tab at `index` whose template has id `template`.
  case tabSelected(index: Int, template: TemplateID)
  /// The driver pressed back and the host popped `popped`.
  case backPressed(popped: TemplateID)
  /// The driver selected a point of interest (its detail card is shown).
  case pointSelected(template: TemplateID, point: ElementID)
  /// The driver closed the selected point's card with its close button: the host deselected
  /// it. CarPlay calls no delegate for this; the template's `selectedIndex` reads `NSNotFound`
  /// afterwards (carplay-facts.md §1.5), which a bridge reports as this event before the app's
  /// next update, so that the app's state follows and its next update does not reopen the
  /// card.
  case pointDeselected(template: TemplateID)
  /// The driver pressed a button: navigation bar, map, grid, information action, POI detail
  /// card or Now Playing button, named by its element id.
  case buttonPressed(template: TemplateID, button: ElementID)
  /// The driver chose an action of the presented alert or action sheet; the host dismissed it.
  case modalActionChosen(template: TemplateID, action: ElementID)
  /// The host dismissed the presented template on its own.
  case modalDismissed(template: TemplateID)
  /// The visible map region of a point-of-interest or map template changed.
  case mapRegionChanged(template: TemplateID, region: BoundingBox)
  /// The driver tapped Up Next on Now Playing.
  case upNextPressed
  /// The driver tapped the album/artist button on Now Playing.
  case albumArtistPressed
  /// Siri ran one of the app's App Shortcut intents.
  case voiceIntent(String)
  /// Siri ran an App Shortcut's intent with the parameter values it resolved from the phrase
  /// (parameter name → value id; carplay-facts.md §7).
  case voiceIntentWithParameters(intent: String, parameters: [String: String])
  /// The phone was locked or unlocked; the app must keep working while locked (§9).
  case phoneLockChanged(isLocked: Bool)
  /// The phone's location changed (delivered by the location client).
  case locationChanged(Coordinate)
  /// A knob, touch pad or pan arrow nudged the map while panning
  /// (`mapTemplate(_:panWith:)`), in screen terms.
  case panned(template: TemplateID, direction: PanDirection)
  /// A touch drag on the map (`mapTemplate(_:didUpdatePanGestureWithTranslation:velocity:)`):
  /// the translation in points since the previous report, not since the drag began.
  case dragged(template: TemplateID, dx: Double, dy: Double)
  /// An iOS 26 multitouch zoom (pinch or double tap) on the map: the scale factor since the
  /// previous report around the map's centre (carplay-facts.md §1.6).
  case zoomGesture(template: TemplateID, scale: Double)
  /// The driver typed in a search template (`updatedSearchText`).
  case searchTextChanged(template: TemplateID, text: String)
  /// The driver chose a route of a trip preview and pressed Go (`startedTrip(_:using:)`).
  case tripStarted(template: TemplateID, trip: ElementID, route: ElementID)
  /// The system ended the navigation session of a map template
  /// (`mapTemplateDidCancelNavigation(_:)`): the driver ended guidance from the system's own
  /// interface, or another navigation app started guiding. The host's session is gone; the app
  /// should stop guiding.
  case navigationCancelled(template: TemplateID)
  /// The system closed the panning interface of a map template
  /// (`mapTemplateDidDismissPanningInterface(_:)`) without the app asking; the app should stop
  /// panning, or its next update shows the interface again.
  case panningDismissed(template: TemplateID)
  /// The driver closed the system video player with its close button: the host took the player
  /// down. The fact sheet does not document the system player's dismissal (UNCONFIRMED); the
  /// model tells the app, as it tells it of a dismissed modal, so the app can stop showing the
  /// film as playing video.
  case videoPlayerDismissed
  /// An operation the app's screen needed did not happen: the session refused a push beyond the
  /// category's depth, or the host called the operation's completion with an error
  /// (carplay-facts.md §2, §3). CarPlay apps learn this from the completion handler; map it to
  /// an action that drops what was refused from the state, or the state wants a screen the car
  /// does not show. The session sends it, not the car: it is not in the host's transcript.
  case operationRefused(HostRefusal)
  /// The driver tapped the banner of the app's notification with this request id (the app
  /// opens what it is about).
  case notificationOpened(id: String)

  /// A stable one-line form for transcripts.
  public var description: String {
    switch self {
    case .connected(let c): "connected \(Self.describe(c))"
    case .disconnected: "disconnected"
    case .configurationChanged(let c): "configuration \(Self.describe(c))"
    case .listItemSelected(let t, let item, let ticket): "tap row '\(item)' in '\(t)' \(ticket)"
    case .imageRowImageSelected(let t, let row, let index):
      "tap image \(index) of row '\(row)' in '\(t)'"
    case .tabSelected(let index, let t): "select tab \(index) '\(t)'"
    case .backPressed(let popped): "back (popped '\(popped)')"
    case .pointSelected(let t, let point): "select point '\(point)' in '\(t)'"
    case .pointDeselected(let t): "card closed in '\(t)'"
    case .buttonPressed(let t, let button): "press '\(button)' in '\(t)'"
    case .modalActionChosen(let t, let action): "choose '\(action)' in '\(t)'"
    case .modalDismissed(let t): "modal '\(t)' dismissed by the host"
    case .mapRegionChanged(let t, let r): "region \(r.minimum) \(r.maximum) in '\(t)'"
    case .upNextPressed: "press Up Next"
    case .albumArtistPressed: "press album/artist"
    case .voiceIntent(let name): "voice intent \(name)"
    case .voiceIntentWithParameters(let name, let parameters):
      "voice intent \(name) "
        + parameters.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }
        .joined(separator: " ")
    case .phoneLockChanged(let locked): locked ? "phone locked" : "phone unlocked"
    case .locationChanged(let c): "location \(c)"
    case .panned(let t, let d): "pan \(d.rawValue) in '\(t)'"
    case .dragged(let t, let dx, let dy): "drag \(dx),\(dy) in '\(t)'"
    case .zoomGesture(let t, let scale): "zoom gesture ×\(scale) in '\(t)'"
    case .searchTextChanged(let t, let text): "type '\(text)' in '\(t)'"
    case .tripStarted(let t, let trip, let route): "start trip '\(trip)' route '\(route)' in '\(t)'"
    case .navigationCancelled(let t): "navigation cancelled by the system in '\(t)'"
    case .panningDismissed(let t): "panning closed by the system in '\(t)'"
    case .videoPlayerDismissed: "video player closed by the driver"
    case .operationRefused(let refusal): "refused \(refusal)"
    case .notificationOpened(let id): "notification '\(id)' opened by the driver"
    }
  }

  /// `display=standard style=light limited=lists video=available`.
  public static func describe(_ c: SessionConfiguration) -> String {
    var limited: [String] = []
    if c.limitedUserInterfaces.contains(.keyboard) { limited.append("keyboard") }
    if c.limitedUserInterfaces.contains(.lists) { limited.append("lists") }
    let video =
      c.supportsVideoPlayback ? (c.isVideoAvailable ? "available" : "unavailable") : "none"
    return
      "display=\(c.display.id) style=\(c.contentStyle.rawValue) "
      + "limited=\(limited.isEmpty ? "none" : limited.joined(separator: ",")) video=\(video)"
  }
}

/// A pan step's direction (`CPMapTemplate.PanDirection`), in screen terms.
public enum PanDirection: String, Hashable, Sendable, CaseIterable {
  case up, down, left, right
}
