import CarSession
import CarTemplates
import Foundation
import Geo

/// The emulated CarPlay host: an in-memory `CPInterfaceController` plus its scene, the car and
/// the phone, for tests, journeys and the web preview.
///
/// `CarSimulator` is to CarPlay what swift-nio's `EmbeddedChannel` is to a socket: the same
/// contract, driven by hand. It holds the root, one stack per tab and the modal; applies the
/// category's rules the way the real host does (carplay-facts.md §10): it throws
/// `CarPlayException` where CarPlay raises, reports `CarPlayError` through completions,
/// truncates silently (and says so in the ``transcript``), and sends the app home on an empty
/// tab bar. Driver methods (`tapRow`, `back`, `selectTab`, …) produce the host events a car
/// would.
@MainActor
public final class CarSimulator: CarHost {
  /// Where the app stands with the host.
  public enum AppState: Hashable, Sendable, CustomStringConvertible {
    /// No car connected.
    case notConnected
    /// Connected and showing its templates.
    case running
    /// The host sent the app back to the CarPlay home screen.
    case home(reason: String)
    /// The host raised an exception; the app was killed.
    case terminated(CarPlayException)

    /// `running`, `home`, `terminated`, `disconnected`.
    public var description: String {
      switch self {
      case .notConnected: "disconnected"
      case .running: "running"
      case .home: "home"
      case .terminated: "terminated"
      }
    }
  }

  /// A list row waiting for its selection's completion.
  public struct Spinner: Hashable, Sendable {
    /// The template holding the row.
    public var template: TemplateID
    /// The row.
    public var row: ElementID
    /// When the driver tapped it (on the simulator's clock).
    public var since: Duration
    /// Whether the timeout diagnostic was already reported.
    public var reported: Bool
  }

  /// How long a row may spin before the host reports it (`Diagnostic.spinnerTimeoutID`).
  /// Apple only says to call the completion "promptly" (carplay-facts.md §1.1); 5 s is this
  /// model's own threshold.
  public static let spinnerTimeout: Duration = .seconds(5)

  /// The app's entitlements (its Info.plist and entitlements file).
  public let entitlements: CarEntitlements
  /// The app's name, as Siri hears it.
  public let appName: String
  /// The app's App Shortcuts.
  public let shortcuts: [VoiceShortcut]
  /// The rules the host enforces.
  public let rules: any CarRules
  /// The clock spinners and transcripts use.
  public let clock: CarClock
  /// The phone's position, when a journey or test moves it.
  public let location: LocationBox?

  /// Where the app stands.
  public private(set) var appState: AppState = .notConnected {
    didSet { changeCount &+= 1 }
  }
  /// The connected car's configuration; nil when disconnected.
  public private(set) var configuration: SessionConfiguration? {
    didSet { changeCount &+= 1 }
  }
  /// Everything that happened, in order.
  public private(set) var transcript = Transcript() {
    didSet { changeCount &+= 1 }
  }
  /// How many transcript entries the host keeps (a ring buffer); nil keeps all of them.
  public var transcriptLimit: Int? {
    get { transcript.limit }
    set { transcript.limit = newValue }
  }
  /// The history a long-running simulator keeps: transcript entries, built screens and
  /// diagnostics, each a ring buffer of this size (about 1 MB of transcript text).
  public static let simulatorHistoryLimit = 2_000
  /// Rows waiting for their completion, by ticket.
  public private(set) var spinners: [SelectionTicket: Spinner] = [:] {
    didSet { changeCount &+= 1 }
  }
  /// How many of the latest opened URLs ``openedURLs`` keeps: every Navigate tap opens one,
  /// and an unbounded list made each later tap slower (the panel lists them).
  public static let openedURLLimit = 100
  /// The latest URLs the app opened on the car screen (at most ``openedURLLimit``), oldest
  /// first; the transcript records every one.
  public private(set) var openedURLs: [URL] = [] {
    didSet { changeCount &+= 1 }
  }
  /// Whether the phone is locked.
  public private(set) var isPhoneLocked = false {
    didSet { changeCount &+= 1 }
  }
  /// The app's notification shown as a banner in the car (``post(_:)``); nil when none.
  public internal(set) var notificationBanner: CarNotificationSpec? {
    didSet { changeCount &+= 1 }
  }
  /// Whether the system video player is showing (video apps, while video is available).
  public private(set) var isVideoPlaying = false {
    didSet { changeCount &+= 1 }
  }
  /// Whether the app has the car's window: navigation apps get one when the car connects
  /// (`didConnect(_:to:)`), other categories never (carplay-facts.md §4).
  public private(set) var hasWindow = false {
    didSet { changeCount &+= 1 }
  }
  /// What the app last drew into the window.
  public private(set) var windowContent: CarWindowSpec? {
    didSet { changeCount &+= 1 }
  }
  /// How many times the host's state has changed: every assignment to what it shows, records
  /// or remembers (screen, transcript, spinners, configuration, focus, window, …) moves it, so
  /// a page can reuse a rendering while it stays put (it may move without a visible change).
  public private(set) var changeCount = 0 {
    didSet { changeObserver?() }
  }
  /// Called after every change of ``changeCount``, so a page can be told of a change when it
  /// happens instead of asking whether one happened.
  public var changeObserver: (@MainActor () -> Void)?
  /// Receives every host event; a `CarSession` installs itself here.
  public var eventHandler: (@MainActor (HostEvent) -> Void)?
  /// Answers remote commands as the app's `MPRemoteCommandCenter` targets; a `CarSession`
  /// installs itself here.
  public var remoteCommandHandler: (@MainActor (RemoteCommandEvent) -> RemoteCommandStatus)?
  /// What the app last published to `MPNowPlayingInfoCenter`, as published (see
  /// ``nowPlayingInfo(at:)`` for what the system shows at a moment).
  public internal(set) var publishedNowPlayingInfo: NowPlayingInfoSpec? {
    didSet { changeCount &+= 1 }
  }
  /// When the info was published, on the host's clock.
  public internal(set) var nowPlayingPublishedAt: Duration = .zero
  /// The commands the app has `MPRemoteCommandCenter` targets for.
  public internal(set) var remoteCommandTargets: RemoteCommandTargets = .none {
    didSet { changeCount &+= 1 }
  }

  /// How the driver works the screen: touch, or a knob or touch pad moving a focus
  /// (``focusedItem``). It belongs to the car, not to the app's configuration: the app is not
  /// told (the fact sheet has no API for it).
  public var inputKind: CarInputKind = .touch {
    didSet {
      if inputKind != oldValue { focusMemory = [:] }
      changeCount &+= 1
    }
  }

  var root: TemplateSpec? {
    didSet { changeCount &+= 1 }
  }
  var stacks: [[TemplateSpec]] = [] {
    didSet { changeCount &+= 1 }
  }
  /// Where the focus is in each installed template that had it moved (knob and touch-pad cars).
  var focusMemory: [TemplateID: FocusMemory] = [:] {
    didSet { changeCount &+= 1 }
  }
  /// The region the driver moved each installed point-of-interest template's map to
  /// (``mapRegion(of:)``); a template the driver has not moved frames its places.
  var pointOfInterestRegions: [TemplateID: BoundingBox] = [:] {
    didSet { changeCount &+= 1 }
  }
  /// Whether the video player was taken down because the car withdrew video while it played.
  /// The template and element whose playback configuration asked for the video player.
  var videoAskedBy: (TemplateID, ElementID)?
  /// Whether the element that asked for the video player has asked for anything but a replay
  /// since: a Retry asks for the player with a `.replay` action, so only a replay that follows
  /// a play or pause (the retried item failed or ended again) leaves the player with nothing to
  /// show.
  var videoPlayedSinceAsked = false
  var videoWithdrawnWhilePlaying = false {
    didSet { changeCount &+= 1 }
  }
  var modal: TemplateSpec? {
    didSet { changeCount &+= 1 }
  }
  private var nextTicket = 1

  /// Creates a host for an app with these entitlements.
  public init(
    entitlements: CarEntitlements, appName: String = "App", shortcuts: [VoiceShortcut] = [],
    rules: any CarRules = .standard, clock: CarClock = .live(), location: LocationBox? = nil
  ) {
    self.entitlements = entitlements
    self.appName = appName
    self.shortcuts = shortcuts
    self.rules = rules
    self.clock = clock
    self.location = location
  }

  /// Creates a host for a session's app, sharing the session's clock and location.
  public convenience init(
    for app: (some CarApp).Type, rules: any CarRules = .standard, clients: CarClients,
    location: LocationBox? = nil
  ) {
    self.init(
      entitlements: app.entitlements, appName: app.name, shortcuts: app.shortcuts, rules: rules,
      clock: clients.clock, location: location)
  }

  // MARK: - Queries (CPInterfaceController's read-only state)

  /// The templates as the app requested them; nil when nothing is on screen.
  public var screen: HostScreen? {
    guard appState == .running, let root else { return nil }
    return HostScreen(root: root, stacks: stacks, modal: modal, window: windowContent)
  }

  /// The templates as the driver sees them, after the host's silent truncation.
  public var shownScreen: HostScreen? {
    guard let screen, let configuration else { return nil }
    let info = nowPlayingInfo(at: clock.now())
    func shown(_ t: TemplateSpec) -> TemplateSpec {
      Self.drawing(info, into: rules.truncate(t, for: entitlements, configuration: configuration).shown)
    }
    return HostScreen(
      root: shown(screen.root), stacks: screen.stacks.map { $0.map(shown) },
      modal: screen.modal.map(shown), window: screen.window)
  }

  /// `rootTemplate`.
  public var rootTemplate: TemplateSpec? { screen?.root }
  /// `topTemplate`: the last pushed template, the selected tab, or the root.
  public var topTemplate: TemplateSpec? { screen?.visible.top }
  /// `templates`: the root (or selected tab) followed by the pushed templates.
  public var templates: [TemplateSpec] {
    guard let screen else { return [] }
    if case .tabBar(let bar) = screen.root.content, let tab = bar.selectedTab {
      return [tab] + screen.stack
    }
    return [screen.root] + screen.stack
  }
  /// `presentedTemplate`.
  public var presentedTemplate: TemplateSpec? { screen?.modal }
  /// The hierarchy depth as CarPlay counts it (root included, modal not).
  public var depth: Int { screen.map { 1 + $0.stack.count } ?? 0 }

  // MARK: - Session lifecycle

  /// Connects the car with a configuration (`didConnect`); the screen starts empty.
  public func connect(_ configuration: SessionConfiguration) {
    self.configuration = configuration
    appState = .running
    root = nil
    stacks = []
    modal = nil
    spinners = [:]
    isVideoPlaying = false
    videoWithdrawnWhilePlaying = false
    hasWindow = entitlements.categories.contains(.navigation)
    windowContent = nil
    focusMemory = [:]
    pointOfInterestRegions = [:]
    emit(.connected(configuration))
  }

  /// Disconnects the car (`didDisconnect`); the interface controller and its templates are gone.
  public func disconnect() {
    guard configuration != nil else {
      reject("disconnect: no car is connected")
      return
    }
    configuration = nil
    appState = .notConnected
    notificationBanner = nil
    root = nil
    stacks = []
    modal = nil
    spinners = [:]
    isVideoPlaying = false
    videoWithdrawnWhilePlaying = false
    hasWindow = false
    windowContent = nil
    focusMemory = [:]
    pointOfInterestRegions = [:]
    emit(.disconnected)
  }

  /// Changes the connected car's configuration: display, day/night, limited interfaces, video
  /// availability. Lists shrink at once when limited (carplay-facts.md §4); withdrawing video
  /// availability tears down the video player.
  ///
  /// Whether the car supports video is fixed for the session (`supportsVideoPlayback` "stays
  /// true for the session if supported", carplay-facts.md §3, §4): a change that flips it is
  /// refused with a message and returns false; only video *availability* changes at run time.
  @discardableResult
  public func changeConfiguration(_ new: SessionConfiguration) -> Bool {
    guard let current = configuration else {
      reject("configuration change: no car is connected")
      return false
    }
    guard new.supportsVideoPlayback == current.supportsVideoPlayback else {
      reject(Self.videoSupportFixedMessage(supported: current.supportsVideoPlayback))
      return false
    }
    configuration = new
    if isVideoPlaying, !new.isVideoAvailable {
      isVideoPlaying = false
      videoWithdrawnWhilePlaying = true
      transcript.append(.teardown("video player (video no longer available)"))
    }
    if let screen {
      for template in [screen.root] + screen.stacks.flatMap({ $0 })
        + (screen.modal.map { [$0] } ?? [])
      {
        reportTruncation(of: template)
      }
    }
    emit(.configurationChanged(new))
    if videoWithdrawnWhilePlaying, new.isVideoAvailable, !isVideoPlaying,
      let screen, Self.showsPlayingVideo(screen)
    {
      videoWithdrawnWhilePlaying = false
      isVideoPlaying = true
      transcript.append(.state("video player showing again (video available)"))
    }
    return true
  }

  /// The system video player for a selected row or header button whose playback configuration
  /// asks for video (`CPPlaybackConfiguration.preferredPresentation`, carplay-facts.md §8): it
  /// is presented when the car can show video now, and refused otherwise.
  func presentVideoIfRequested(by template: TemplateSpec, element: ElementID) {
    guard case .list(let list) = template.content else { return }
    var asked: PlaybackConfigurationSpec?
    if let header = list.detailsHeader, header.actionButtons.first?.id == element {
      asked = header.playback
    } else if case .item(let item)? = list.allRows.first(where: { $0.id == element }) {
      asked = item.playback
    }
    if asked?.preferredPresentation == .audio, isVideoPlaying {
      isVideoPlaying = false
      transcript.append(.state("video player closed (audio asked for by '\(element)')"))
    }
    guard asked?.preferredPresentation == .video else { return }
    guard let configuration, entitlements.categories.contains(.video),
      configuration.supportsVideoPlayback, configuration.isVideoAvailable
    else {
      reject("video for '\(element)' in '\(template.id)': the car cannot show video now")
      return
    }
    videoAskedBy = (template.id, element)
    videoPlayedSinceAsked = asked?.playbackAction != .replay
    guard !isVideoPlaying else { return }
    isVideoPlaying = true
    transcript.append(.state("video player showing (for '\(element)' in '\(template.id)')"))
  }

  /// Closes the system video player once the element that asked for it asks to be played
  /// again (`CPPlaybackConfiguration.playbackAction` `.replay`): its item failed or ended and
  /// the player has nothing to show. The fact sheet documents no dismissal of the system
  /// player (§8, UNCONFIRMED); the model closes it rather than leave an empty, untitled player
  /// over the app's own page (its Retry and Play as Audio).
  func closeVideoWithNothingToPlay() {
    guard isVideoPlaying, let (templateID, element) = videoAskedBy, let screen else { return }
    let templates = screen.stacks.flatMap { $0 } + [screen.root]
    guard let template = templates.first(where: { $0.id == templateID }),
      case .list(let list) = template.content
    else { return }
    var asked: PlaybackConfigurationSpec?
    if let header = list.detailsHeader, header.actionButtons.first?.id == element {
      asked = header.playback
    } else if case .item(let item)? = list.allRows.first(where: { $0.id == element }) {
      asked = item.playback
    }
    guard asked?.playbackAction == .replay else {
      videoPlayedSinceAsked = true
      return
    }
    // A Retry's own replay glyph, still shown until the app sees its item load, is not a
    // failure of the retried item.
    guard videoPlayedSinceAsked else { return }
    isVideoPlaying = false
    videoWithdrawnWhilePlaying = false
    videoAskedBy = nil
    transcript.append(
      .teardown("video player (its item failed or ended: '\(element)' asks to replay)"))
  }

  /// Whether an installed template shows a playable element asking for video while it plays:
  /// the model's reading of how CarPlay brings the video back once the car allows it again
  /// (the fact sheet has no callback for availability, §4; UNCONFIRMED).
  static func showsPlayingVideo(_ screen: HostScreen) -> Bool {
    playingVideoTitle(screen) != nil
  }

  /// The title of the first installed element asking for video while it plays, if any.
  static func playingVideoTitle(_ screen: HostScreen) -> String? {
    var templates = screen.stacks.flatMap { $0 }
    if case .tabBar(let bar) = screen.root.content {
      templates += bar.tabs
    } else {
      templates.append(screen.root)
    }
    func playing(_ config: PlaybackConfigurationSpec?) -> Bool {
      config?.preferredPresentation == .video && config?.playbackAction == .pause
    }
    for template in templates {
      guard case .list(let list) = template.content else { continue }
      if let header = list.detailsHeader, playing(header.playback) { return header.title ?? "" }
      for case .item(let item) in list.allRows where playing(item.playback) { return item.text }
    }
    return nil
  }

  /// What the system video player shows while it is up: the title of the element playing as
  /// video (empty when none is on screen), or nil when no video player is showing.
  public var videoPlayerTitle: String? {
    guard isVideoPlaying else { return nil }
    return screen.flatMap(Self.playingVideoTitle) ?? ""
  }

  /// Why a configuration change that flips video support is refused.
  public static func videoSupportFixedMessage(supported: Bool) -> String {
    "configuration change: whether the car supports video is fixed for the session "
      + "(carplay-facts.md §3, §4); this car \(supported ? "supports" : "does not support") video. "
      + "Only video availability changes while connected (video=available or video=unavailable); "
      + "disconnect and connect another car to change support"
  }

  /// The driver closed the system video player: it comes down and the app hears
  /// ``HostEvent/videoPlayerDismissed``. Unlike video withdrawn by the car it does not come
  /// back on its own; the app presents it again when the driver asks for the film.
  func closeVideoPlayerByDriver() {
    isVideoPlaying = false
    videoWithdrawnWhilePlaying = false
    transcript.append(.teardown("video player (closed by the driver)"))
    emit(.videoPlayerDismissed)
  }

  /// Closes the system video player as its close button does (``DriverAction/closeVideoPlayer``).
  public func closeVideoPlayer() throws(DriverError) { try drive(.closeVideoPlayer) }

  /// Starts the system video player (a video app playing while video is available).
  @discardableResult
  public func startVideoPlayback() -> Bool {
    guard let configuration, appState == .running, entitlements.categories.contains(.video),
      configuration.supportsVideoPlayback, configuration.isVideoAvailable
    else {
      reject("video playback: needs the video entitlement and a car with video available")
      return false
    }
    isVideoPlaying = true
    transcript.append(.state("video player showing"))
    return true
  }

  // MARK: - CarHost

  /// Performs an operation with a completion handler.
  public func perform(_ operation: HostOperation) throws(CarPlayException) -> HostCompletion {
    try perform(operation, withCompletion: true)
  }

  /// Performs an operation; without a completion handler a failure raises an exception
  /// (carplay-facts.md §3).
  public func perform(_ operation: HostOperation, withCompletion: Bool) throws(CarPlayException)
    -> HostCompletion
  {
    let completion: HostCompletion
    do {
      completion = try apply(operation)
    } catch {
      terminate(error)
      throw error
    }
    transcript.append(.operation(operation, completion))
    forgetFocusOfRemovedTemplates()
    if !withCompletion, let error = completion.error {
      let exception = CarPlayException.noCompletion(error)
      terminate(exception)
      throw exception
    }
    return completion
  }

  /// Calls a row's completion handler: the row stops spinning.
  public func completeSelection(_ ticket: SelectionTicket) {
    guard let spinner = spinners.removeValue(forKey: ticket) else { return }
    transcript.append(
      .selectionCompleted(ticket, row: spinner.row, after: clock.now() - spinner.since))
  }

  /// Opens a URL on the car screen; recorded for the Maps hand-off (carplay-facts.md §6).
  public func open(_ url: URL) {
    if openedURLs.count >= Self.openedURLLimit {
      openedURLs.removeFirst(openedURLs.count - Self.openedURLLimit + 1)
    }
    openedURLs.append(url)
    transcript.append(.openedURL(url))
  }

  /// Draws the app's window content; refused with `Diagnostic.windowRefusedID` when the
  /// app has no window (not a navigation app, or no car connected).
  public func drawWindow(_ content: CarWindowSpec?) {
    guard hasWindow else {
      guard content != nil else { return }
      report(
        Diagnostic(
          ruleID: Diagnostic.windowRefusedID, severity: .error,
          message:
            "the app drew into the car's window, but only navigation apps get one (entitlements: \(entitlements.categories.map(\.rawValue).sorted().joined(separator: ", "))); the content is ignored",
          source: "carplay-facts.md §4"))
      return
    }
    windowContent = content
  }

  /// Records a diagnostic found by the session.
  public func report(_ diagnostic: Diagnostic) {
    transcript.append(.diagnostic(diagnostic))
  }

  /// Reports rows that have spun longer than ``spinnerTimeout``; call after moving the clock.
  public func checkSpinners() {
    let now = clock.now()
    for (ticket, spinner) in spinners.sorted(by: { $0.key.rawValue < $1.key.rawValue })
    where !spinner.reported && now - spinner.since >= Self.spinnerTimeout {
      spinners[ticket]?.reported = true
      transcript.append(
        .diagnostic(
          Diagnostic(
            ruleID: Diagnostic.spinnerTimeoutID, severity: .warning,
            message:
              "row '\(spinner.row)' in '\(spinner.template)' still spins "
              + "\(Transcript.format(now - spinner.since)) after the tap: the selection's "
              + "completion was not called",
            source: "carplay-facts.md §1.1")))
    }
  }

  // MARK: - Internals shared with the operation and driver files

  func setPhoneLocked(_ locked: Bool) { isPhoneLocked = locked }

  func emit(_ event: HostEvent) {
    forgetFocusOfRemovedTemplates()
    forgetRegionsOfRemovedTemplates()
    transcript.append(.event(event))
    eventHandler?(event)
  }

  func noteState(_ text: String) {
    transcript.append(.state(text))
  }

  func reject(_ message: String) {
    transcript.append(.rejected(message))
  }

  func makeTicket() -> SelectionTicket {
    defer { nextTicket += 1 }
    return SelectionTicket(nextTicket)
  }

  func startSpinner(_ ticket: SelectionTicket, template: TemplateID, row: ElementID) {
    spinners[ticket] = Spinner(template: template, row: row, since: clock.now(), reported: false)
  }

  func terminate(_ exception: CarPlayException) {
    transcript.append(.exception(exception))
    appState = .terminated(exception)
    transcript.append(.state("app terminated by \(exception.name.rawValue)"))
    spinners = [:]
  }

  func sendHome(_ reason: String) {
    appState = .home(reason: reason)
    root = nil
    stacks = []
    modal = nil
    spinners = [:]
    transcript.append(.state("sent to the CarPlay home screen: \(reason)"))
    transcript.append(
      .diagnostic(
        Diagnostic(
          ruleID: Diagnostic.sentHomeID, severity: .error, message: reason,
          source: "carplay-facts.md §1.3")))
  }

  func reportTruncation(of template: TemplateSpec) {
    guard let configuration else { return }
    for note in rules.truncate(template, for: entitlements, configuration: configuration).notes {
      transcript.append(.truncated(note))
    }
  }

  /// Tears down the system players a root replacement removes, and reports each one
  /// (``Diagnostic/playerTornDownID``): the driver's Now Playing screen or video is gone. The
  /// fact sheet does not confirm the teardown (issue 2 describes it); modelling it is the
  /// conservative choice, since an app that survives it also survives a host that keeps the
  /// player.
  func tearDownPlayers(_ reason: String) {
    var players: [String] = []
    if stacks.contains(where: { $0.contains { $0.kind == .nowPlaying } }) {
      players.append("Now Playing")
    }
    if isVideoPlaying {
      isVideoPlaying = false
      players.append("video player")
    }
    for player in players {
      transcript.append(.teardown("\(player) (\(reason))"))
      transcript.append(
        .diagnostic(
          Diagnostic(
            ruleID: Diagnostic.playerTornDownID, severity: .warning,
            message:
              "the \(player) was torn down because \(reason); patch the root in place "
              + "instead of replacing it",
            source: "issue 2 item 5; not in carplay-facts.md (UNCONFIRMED)")))
    }
  }
}
