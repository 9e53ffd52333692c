// Apple-only: compiled where CarPlay can be imported (on Linux, against the stand-ins in
// Apps/LinuxCheck/Stubs; Package.swift).
#if canImport(CarPlay)
  import CarPlay
  import CarSession
  import CarTemplates
  import Foundation
  import MediaPlayer
  import UIKit

  /// The kit's ``CarHost`` on a real car: performs the reconciler's operations on
  /// `CPInterfaceController` (always the forms with a completion handler), keeps the model of what
  /// the car shows, and turns every CarPlay callback into a ``HostEvent`` for the session.
  ///
  /// The bridge decides nothing: the session decides what to show, the reconciler decides how, and
  /// the bridge only maps values onto CarPlay objects (`CarPlayBridge+Templates.swift`) and
  /// callbacks back into events (`CarPlayBridge+Delegates.swift`).
  ///
  /// Operations run one at a time: the next starts in the completion handler of the previous one,
  /// because CarPlay animates each transition and overlapping calls are refused. ``perform(_:)``
  /// therefore answers at once with the model's result and applies the change to ``screen``; a
  /// failure CarPlay reports later through the completion is recorded in ``diagnostics``.
  @MainActor
  public final class CarPlayBridge: NSObject, CarHost {
    /// The bridge of the connected car, for App Intents that run while CarPlay shows the app.
    public static private(set) var active: CarPlayBridge?

    /// The templates as the car shows them (our model, kept in step with the controller).
    public var screen: HostScreen?
    /// The connected car's configuration; nil when disconnected.
    public private(set) var configuration: SessionConfiguration?
    /// The session installs itself here.
    public var eventHandler: (@MainActor (HostEvent) -> Void)?
    /// Problems CarPlay reported (completion errors) and diagnostics the session recorded, newest
    /// last, at most ``diagnosticLimit``.
    public private(set) var diagnostics: [String] = []
    /// How many diagnostics are kept.
    public let diagnosticLimit = 200

    private(set) var controller: CPInterfaceController?
    private var scene: CPTemplateApplicationScene?
    private var carWindow: CPWindow?
    private var sessionConfiguration: CPSessionConfiguration?
    /// Live CarPlay objects by template id, so patches update them in place.
    var objects: [TemplateID: CPTemplate] = [:]
    /// Pending list-row completions, by ticket.
    var selections: [SelectionTicket: () -> Void] = [:]
    private var nextTicket = 0
    /// Operations waiting for the one in flight to complete.
    private var queue: [@MainActor (@escaping @MainActor () -> Void) -> Void] = []
    private var inFlight = false
    /// The latest search-results completion CarPlay handed us, answered on the next update.
    var pendingSearch: (template: TemplateID, complete: ([CPListItem]) -> Void)?
    /// Turns spec images into `UIImage`s at the car's scale.
    var images = CarImageLoader(traits: nil)
    /// Draws a navigation app's window content (set by the map app's scene delegate).
    public var windowRenderer: ((CarWindowSpec?) -> Void)?
    /// Posts the app's local notifications (set by an app whose category may notify, e.g.
    /// the charging app's `UNUserNotificationCenter` code); nil drops them.
    public var notificationPoster: ((CarNotificationSpec) -> Void)?
    /// Where the current touch drag was at its previous report.
    var dragOrigin: CGPoint?
    /// The current zoom gesture's scale at its previous report (CarPlay reports the scale since
    /// the gesture began; the kit wants the factor since the previous report).
    var zoomScale: CGFloat?
    /// Route choices' whole-route estimates by choice id, shown when the driver highlights one.
    var routeEstimates: [String: TravelEstimateSpec] = [:]
    /// Trips offered in previews, by id, to start a navigation session with.
    var trips: [ElementID: CPTrip] = [:]
    /// Running navigation sessions, by map template id.
    var navigationSessions: [TemplateID: (trip: ElementID, session: CPNavigationSession)] = [:]
    /// The trip whose session the system cancelled, by map template id: not restarted until the
    /// app's spec stops guiding on it (the app answers `navigationCancelled` by ending guidance).
    var cancelledTrips: [TemplateID: ElementID] = [:]
    /// The trip previews each map template shows: shown again only when they change, so an
    /// update does not reset the route choice the driver highlighted.
    var shownPreviews: [TemplateID: [TripPreviewSpec]] = [:]
    /// Map templates whose panning interface the bridge itself is closing: that dismissal is
    /// the app's own, not news for the session.
    var closingPanning: Set<TemplateID> = []
    /// The `MPRemoteCommandCenter` targets the bridge added, to remove them again.
    var remoteTargets: [(command: MPRemoteCommand, token: Any)] = []
    /// Answers a remote command as the app's target would; the session installs itself here.
    public var remoteCommandHandler: (@MainActor (RemoteCommandEvent) -> RemoteCommandStatus)?
    /// Fetches the bytes of a Now Playing artwork URL (`NowPlayingInfoSpec.artworkURL`); the
    /// media app installs ``fetchArtwork(_:)``. Nil: remote artwork is not fetched and the
    /// info's own image stands in.
    public var artworkFetcher: (@Sendable (URL) async throws -> Data)?
    /// Downloaded artwork, oldest first, at most ``artworkCacheLimit`` images.
    var artworkCache: [(url: URL, image: UIImage)] = []
    /// Artwork URLs whose fetch failed while this car is connected: not fetched again.
    var artworkFailures: Set<URL> = []
    /// The artwork fetch in flight: only the latest published item's.
    var artworkFetch: (url: URL, task: Task<Void, Never>)?
    /// What was last published to Now Playing, published again when its artwork arrives.
    var publishedNowPlaying: NowPlayingInfoSpec?

    /// A bridge with no car; ``connect(_:scene:window:)`` attaches one.
    override public init() { super.init() }

    // MARK: - Connection

    /// Stores the controller (and the window, for navigation apps), reads the car's configuration
    /// and tells the session the car connected; the session answers with the first root.
    public func connect(
      _ controller: CPInterfaceController, scene: CPTemplateApplicationScene, window: CPWindow?
    ) {
      self.controller = controller
      self.scene = scene
      self.carWindow = window
      controller.delegate = self
      images = CarImageLoader(traits: controller.carTraitCollection)
      let session = CPSessionConfiguration(delegate: self)
      sessionConfiguration = session
      CPNowPlayingTemplate.shared.add(self)
      let configuration = currentConfiguration()
      self.configuration = configuration
      Self.active = self
      eventHandler?(.connected(configuration))
    }

    /// Tells the session the car disconnected (it cancels every effect), stops observing and
    /// releases the controller, the window and every CarPlay object.
    public func disconnect() {
      eventHandler?(.disconnected)
      CPNowPlayingTemplate.shared.remove(self)
      controller?.delegate = nil
      controller = nil
      scene = nil
      carWindow = nil
      sessionConfiguration = nil
      configuration = nil
      screen = nil
      objects = [:]
      trips = [:]
      navigationSessions = [:]
      cancelledTrips = [:]
      shownPreviews = [:]
      closingPanning = []
      // No car, no Now Playing controls: the targets go and the info is cleared.
      removeRemoteCommandTargets()
      MPNowPlayingInfoCenter.default().nowPlayingInfo = nil
      publishedNowPlaying = nil
      artworkFetch?.task.cancel()
      artworkFetch = nil
      windowRenderer = nil
      selections = [:]
      pendingSearch = nil
      queue = []
      inFlight = false
      if Self.active === self { Self.active = nil }
    }

    /// The kit's configuration from the car's: display from the window (navigation) or the
    /// standard profile at the car's scale, content style, limited interfaces and video support.
    func currentConfiguration() -> SessionConfiguration {
      let scale = Int((controller?.carTraitCollection.displayScale ?? 2).rounded())
      var display = DisplayProfile.standard
      if let bounds = carWindow?.bounds, bounds.width > 0, bounds.height > 0 {
        display = DisplayProfile(
          id: "car", name: "Connected car", width: Int(bounds.width) * scale,
          height: Int(bounds.height) * scale, scale: scale)
      } else if scale != display.scale {
        display = DisplayProfile(
          id: "car", name: "Connected car", width: display.pointWidth * scale,
          height: display.pointHeight * scale, scale: scale)
      }
      var limited: LimitedUserInterfaces = []
      let carLimits = sessionConfiguration?.limitedUserInterfaces ?? []
      if carLimits.contains(.keyboard) { limited.insert(.keyboard) }
      if carLimits.contains(.lists) { limited.insert(.lists) }
      let dark =
        sessionConfiguration?.contentStyle.contains(.dark) ?? (scene?.contentStyle == .dark)
      let video = sessionConfiguration?.supportsVideoPlayback ?? false
      // The phone's iOS version decides which templates the category may use (iOS 27 adds
      // search for EV charging, carplay-facts.md §5); the app reads it, as `#available` would.
      let os = ProcessInfo.processInfo.operatingSystemVersion
      return SessionConfiguration(
        display: display, contentStyle: dark ? .dark : .light, limitedUserInterfaces: limited,
        supportsVideoPlayback: video, isVideoAvailable: video && limited.isEmpty,
        systemVersion: SystemVersion(os.majorVersion, os.minorVersion))
    }

    /// Sends a configuration change to the session when something the kit models changed.
    func configurationDidChange() {
      let next = currentConfiguration()
      guard next != configuration else { return }
      configuration = next
      eventHandler?(.configurationChanged(next))
    }

    /// Runs an App Shortcut's intent in the car's session.
    public func voiceIntent(_ name: String) {
      eventHandler?(.voiceIntent(name))
    }

    /// Runs an App Shortcut's intent with the parameter values Siri resolved (parameter name →
    /// value id, as the app's `VoiceShortcut` declares them).
    public func voiceIntent(_ name: String, parameters: [String: String]) {
      eventHandler?(.voiceIntentWithParameters(intent: name, parameters: parameters))
    }

    // MARK: - CarHost

    /// Applies the operation to the model and queues the CarPlay call; never a completion-less
    /// call (those throw when they fail, carplay-facts.md §3).
    public func perform(_ operation: HostOperation) throws(CarPlayException) -> HostCompletion {
      guard controller != nil else { return .failed(.notConnected) }
      switch operation {
      case .setRoot(let spec):
        screen = HostScreen(root: spec)
        forgetObjects(keeping: spec)
        let object = template(for: spec)
        enqueue { [weak self] done in
          self?.controller?.setRootTemplate(object, animated: false) { ok, error in
            self?.finished(operation, ok, error)
            done()
          }
        }
      case .push(let spec):
        guard var model = screen else { return .failed(.noRoot) }
        model.stacks[model.selectedStackIndex].append(spec)
        screen = model
        let object = template(for: spec)
        enqueue { [weak self] done in
          self?.controller?.pushTemplate(object, animated: true) { ok, error in
            self?.finished(operation, ok, error)
            done()
          }
        }
      case .pop, .popToRoot, .popTo:
        return pop(operation)
      case .present(let spec):
        screen?.modal = spec
        let object = template(for: spec)
        enqueue { [weak self] done in
          self?.controller?.presentTemplate(object, animated: true) { ok, error in
            self?.finished(operation, ok, error)
            done()
          }
        }
      case .dismiss:
        guard let modal = screen?.modal else { return HostCompletion(success: false) }
        screen?.modal = nil
        objects[modal.id] = nil
        enqueue { [weak self] done in
          self?.controller?.dismissTemplate(animated: true) { ok, error in
            self?.finished(operation, ok, error)
            done()
          }
        }
      case .update(let spec):
        guard let object = objects[spec.id] else { return .failed(.notOnScreen(spec.id)) }
        let old = screen.flatMap { Self.find(spec.id, in: $0) }
        screen = screen.map { Self.replacing(spec, in: $0) }
        enqueue { [weak self] done in
          self?.update(object, from: old, to: spec)
          done()
        }
      case .selectTab(let index):
        guard var model = screen, case .tabBar(var bar) = model.root.content,
          bar.tabs.indices.contains(index)
        else { return .failed(.noSuchTab(index, count: 0)) }
        bar.selectedIndex = index
        model.root.content = .tabBar(bar)
        screen = model
        let tabBar = objects[model.root.id] as? CPTabBarTemplate
        enqueue { done in
          tabBar?.selectTemplate(at: index)
          done()
        }
      }
      return .ok
    }

    private func pop(_ operation: HostOperation) -> HostCompletion {
      guard var model = screen else { return .failed(.noRoot) }
      var stack = model.stacks[model.selectedStackIndex]
      guard !stack.isEmpty else { return .failed(.nothingToPop) }
      var target: CPTemplate?
      switch operation {
      case .popTo(let id):
        guard let index = stack.firstIndex(where: { $0.id == id }) else {
          return .failed(.notInStack(id))
        }
        target = objects[id]
        stack.removeSubrange((index + 1)...)
      case .pop: stack.removeLast()
      default: stack = []
      }
      let removed = model.stacks[model.selectedStackIndex].dropFirst(stack.count)
      for spec in removed { objects[spec.id] = nil }
      model.stacks[model.selectedStackIndex] = stack
      screen = model
      enqueue { [weak self] done in
        let completion: (Bool, (any Error)?) -> Void = { ok, error in
          self?.finished(operation, ok, error)
          done()
        }
        switch operation {
        case .popTo:
          if let target {
            self?.controller?.pop(to: target, animated: true, completion: completion)
          } else {
            self?.controller?.popToRootTemplate(animated: true, completion: completion)
          }
        case .pop: self?.controller?.popTemplate(animated: true, completion: completion)
        default: self?.controller?.popToRootTemplate(animated: true, completion: completion)
        }
      }
      return .ok
    }

    /// Calls a list row's completion handler; the row stops spinning.
    public func completeSelection(_ ticket: SelectionTicket) {
      selections.removeValue(forKey: ticket)?()
    }

    /// Opens a URL on the car screen: directions through MapKit when it is an Apple Maps
    /// directions link, otherwise through the scene (carplay-facts.md §6).
    public func open(_ url: URL) {
      guard let scene else { return }
      if MapsHandOff.openDirections(url, from: scene) { return }
      scene.open(url, options: nil) { [weak self] ok in
        if !ok { self?.record("opening \(url.absoluteString) failed") }
      }
    }

    /// Posts a local notification through ``notificationPoster`` (the app's notification
    /// centre code; carplay-facts.md §5): CarPlay shows it in the car when the category allows it.
    public func post(_ notification: CarNotificationSpec) {
      notificationPoster?(notification)
    }

    /// The driver tapped the banner of the app's notification `id`: the session hears it
    /// (``HostEvent/notificationOpened(id:)``).
    public func notificationOpened(_ id: String) {
      eventHandler?(.notificationOpened(id: id))
    }

    /// Draws a navigation app's window (only navigation apps get one, carplay-facts.md §4).
    public func drawWindow(_ content: CarWindowSpec?) {
      screen?.window = content
      windowRenderer?(content)
    }

    /// Records a diagnostic the session found.
    public func report(_ diagnostic: Diagnostic) {
      record("\(diagnostic.ruleID): \(diagnostic.message)")
    }

    // MARK: - Plumbing

    /// A fresh ticket for a row selection whose completion CarPlay handed us.
    func ticket(for completion: @escaping () -> Void) -> SelectionTicket {
      nextTicket += 1
      let ticket = SelectionTicket(nextTicket)
      selections[ticket] = completion
      return ticket
    }

    /// Sends an event to the session, after reporting the cards the driver closed since the
    /// last event (``reportClosedCards()``), so the session sees the close first.
    func send(_ event: HostEvent) {
      reportClosedCards()
      eventHandler?(event)
    }

    /// Reports every point-of-interest card the driver closed as `pointDeselected`, and makes
    /// the model's selection follow.
    ///
    /// CarPlay offers no signal for a closed card: `CPPointOfInterestTemplateDelegate` has only
    /// `pointOfInterestTemplate(_:didChangeMapRegion:)` and
    /// `pointOfInterestTemplate(_:didSelectPointOfInterest:)` (Apps/LinuxCheck/SDKFacts/
    /// carplay.json, `CPPointOfInterestTemplateDelegate`; carplay-facts.md §1.5). What the SDK
    /// does offer is the template's read-write `selectedIndex`, `NSNotFound` meaning no
    /// selection (same sources). Whether CarPlay sets it to `NSNotFound` when the driver
    /// closes the card is UNCONFIRMED; the bridge reads it, conservatively, before every event
    /// it sends and before every update of the template, so a card reads as closed only when
    /// the template itself says nothing is selected, and an update never reopens it.
    public func reportClosedCards() {
      guard var model = screen else { return }
      var closed: [TemplateID] = []
      for (id, object) in objects.sorted(by: { $0.key.rawValue < $1.key.rawValue }) {
        guard let live = object as? CPPointOfInterestTemplate, live.selectedIndex == NSNotFound,
          let spec = Self.find(id, in: model), case .pointOfInterest(var poi) = spec.content,
          poi.selectedIndex != nil
        else { continue }
        poi.selectedIndex = nil
        model = Self.replacing(TemplateSpec(id: id, tab: spec.tab, .pointOfInterest(poi)), in: model)
        closed.append(id)
      }
      guard !closed.isEmpty else { return }
      screen = model
      for id in closed { eventHandler?(.pointDeselected(template: id)) }
    }

    /// Whether an operation of ours is running or waiting (system changes are told apart from
    /// ours by this).
    var isBusy: Bool { inFlight || !queue.isEmpty }

    func record(_ message: String) {
      diagnostics.append(message)
      if diagnostics.count > diagnosticLimit {
        diagnostics.removeFirst(diagnostics.count - diagnosticLimit)
      }
    }

    private func enqueue(_ step: @escaping @MainActor (@escaping @MainActor () -> Void) -> Void) {
      queue.append(step)
      runNext()
    }

    private func runNext() {
      guard !inFlight, controller != nil, !queue.isEmpty else { return }
      inFlight = true
      let step = queue.removeFirst()
      step { [weak self] in
        self?.inFlight = false
        self?.runNext()
      }
    }

    private func finished(_ operation: HostOperation, _ ok: Bool, _ error: (any Error)?) {
      if let error {
        record("\(operation) failed: \(error.localizedDescription)")
      } else if !ok {
        record("\(operation) had no effect")
      }
    }

    /// Forgets the objects of templates no longer on screen after a new root.
    private func forgetObjects(keeping root: TemplateSpec) {
      var kept: [TemplateID: CPTemplate] = [:]
      if case .tabBar(let bar) = root.content {
        for tab in bar.tabs { kept[tab.id] = objects[tab.id] }
      }
      objects = kept
    }

    /// The template with `id` anywhere on the screen.
    static func find(_ id: TemplateID, in screen: HostScreen) -> TemplateSpec? {
      var all = [screen.root] + screen.stacks.flatMap { $0 }
      if case .tabBar(let bar) = screen.root.content { all += bar.tabs }
      if let modal = screen.modal { all.append(modal) }
      return all.first { $0.id == id }
    }

    /// The screen with the template of the same id replaced by `spec`.
    static func replacing(_ spec: TemplateSpec, in screen: HostScreen) -> HostScreen {
      var next = screen
      if next.root.id == spec.id { next.root = spec }
      if case .tabBar(var bar) = next.root.content {
        bar.tabs = bar.tabs.map { $0.id == spec.id ? spec : $0 }
        next.root.content = .tabBar(bar)
      }
      next.stacks = next.stacks.map { stack in stack.map { $0.id == spec.id ? spec : $0 } }
      if next.modal?.id == spec.id { next.modal = spec }
      return next
    }

    /// The template id of a live CarPlay object, if it is one of ours.
    func id(of object: CPTemplate) -> TemplateID? {
      objects.first { $0.value === object }?.key
    }
  }
#endif
