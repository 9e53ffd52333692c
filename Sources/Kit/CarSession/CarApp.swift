import CarTemplates
import Foundation

/// A CarPlay app as values: a reducer over its state and a pure screen builder.
///
/// The session maps host events to actions (`action(for:in:)`), reduces them, runs the
/// returned effects, builds the screen with ``screen(_:_:)`` and reconciles it against the host.
/// Nothing here touches a host, so every decision is testable with plain values.
///
/// ```swift
/// struct Counter: CarApp {
///   static let entitlements = CarEntitlements.single(.evCharging)
///   func reduce(_ count: inout Int, _ action: Int) -> [Effect<Int>] { count += action; return [] }
///   func screen(_ count: Int, _ configuration: SessionConfiguration) -> CarScreen { … }
///   func action(for event: HostEvent, in count: Int) -> Int? { … }
/// }
/// ```
public protocol CarApp: Sendable {
  /// Everything the app remembers; equal states build equal screens.
  associatedtype State: Sendable & Equatable
  /// What can happen to the state.
  associatedtype Action: Sendable
  /// What the driver can tap, as a type (``CarRoute``); ``NoRoute`` for an app that reads taps
  /// from host events.
  associatedtype Route: CarRoute = NoRoute

  /// The categories the app is entitled to (carplay-facts.md §5).
  static var entitlements: CarEntitlements { get }
  /// The app's name as Siri hears it in App Shortcut phrases.
  static var name: String { get }
  /// The App Shortcuts the app offers (at most 10, each phrase naming the app; §7).
  static var shortcuts: [VoiceShortcut] { get }
  /// The app's own images (the asset names its specs use with `CarImage.asset(_:)`, e.g. pin
  /// images) as SVG documents, for hosts that cannot read its asset catalogue: the simulator
  /// draws them where the car would. The iOS target ships the same drawings in its asset
  /// catalogue.
  static var assetImages: [String: String] { get }

  /// Applies an action to the state and returns the work to do next.
  func reduce(_ state: inout State, _ action: Action) -> [Effect<Action>]
  /// The screen the car should show for a state and configuration.
  func screen(_ state: State, _ configuration: SessionConfiguration) -> CarScreen
  /// The action a host event means for this app, or nil to ignore it.
  ///
  /// System-initiated changes (back, tab switch, a dismissed modal, disconnect) must be mapped
  /// to actions that update the state, or the state becomes fiction (DESIGN.md principle 2);
  /// the session reports the ones it sees ignored (`Diagnostic.ignoredHostChangeID`).
  ///
  /// Taps (rows, points, buttons, modal actions, a started trip) never arrive here when the app
  /// has a `Route` type: the session decodes them and calls `action(for:in:)` with the route.
  func action(for event: HostEvent, in state: State) -> Action?
  /// Every route the screen for `state` offers: the session looks a tap's address up among
  /// them. A route missing here is a dead button the session reports
  /// (`Diagnostic.undecodableTapID`); each app's tests check that every tappable element of
  /// its sample screens decodes.
  func routes(_ state: State) -> [Route]
  /// The action a tapped route means, or nil to ignore it.
  func action(for route: Route, in state: State) -> Action?
  /// The phone's own map for a screen of `width` × `height` points, drawn from what the phone
  /// and the car share (never from the car's screen), or nil when the app's phone screen has
  /// no map. The web simulator shows it beside the car and keeps its drawing until the state
  /// moves (an action reduced, ``CarSession/changeCount``): it is drawn from the state, so what
  /// it draws changes only through ``reduce(_:_:)``.
  func phoneMap(_ state: State, width: Double, height: Double) -> CarWindowSpec?
  /// The services this app value brings to its session's dependency container (``CarClients``),
  /// e.g. the engine an app was created over: the session adds them for the keys its container
  /// does not set, so a test's or journey's overrides win.
  var dependencies: CarDependencyOverrides { get }
  /// What the app's `MPRemoteCommandCenter` target answers to a remote command (Now Playing's
  /// transport buttons, the steering wheel, Siri; carplay-facts.md §8), and the action it
  /// means. The host sends only the commands the screen registers
  /// (`CarScreen.remoteCommands`); the answer is synchronous, as a target's handler is, so it
  /// is decided from the state (what the app last observed), and the action does the work.
  func answer(_ event: RemoteCommandEvent, in state: State) -> RemoteCommandAnswer<Action>
}

/// A remote-command target's answer: the status it returns
/// (`MPRemoteCommandHandlerStatus`) and the action the command means, if any.
public struct RemoteCommandAnswer<Action: Sendable>: Sendable {
  /// What the target returns to the system.
  public var status: RemoteCommandStatus
  /// The action to reduce, or nil when there is nothing to do.
  public var action: Action?
  /// Creates an answer.
  public init(_ status: RemoteCommandStatus, _ action: Action? = nil) {
    self.status = status
    self.action = action
  }
}

extension CarApp {
  /// No App Shortcuts by default.
  public static var shortcuts: [VoiceShortcut] { [] }
  /// No images of its own by default (an asset is drawn as a neutral picture with its name).
  public static var assetImages: [String: String] { [:] }
  /// No phone map by default.
  public func phoneMap(_ state: State, width: Double, height: Double) -> CarWindowSpec? { nil }
  /// No services of its own by default: every key gives its live or test value.
  public var dependencies: CarDependencyOverrides { CarDependencyOverrides() }
  /// No routes by default.
  public func routes(_ state: State) -> [Route] { [] }
  /// Without targets of its own an app never hears a remote command (the host sends only
  /// registered ones); should one arrive, it fails.
  public func answer(_ event: RemoteCommandEvent, in state: State) -> RemoteCommandAnswer<Action>
  {
    RemoteCommandAnswer(.commandFailed)
  }
  /// No action for a route by default.
  public func action(for route: Route, in state: State) -> Action? { nil }
}

/// Work an app asks the session to do after an action: more actions, a URL to open,
/// asynchronous work through the clients (one result, or any number of actions over time), or a
/// timer on the injected clock.
///
/// Work and timers may carry an id: ``cancel(id:)`` cancels both, and new work or a new timer
/// with the same id replaces the old one, so an app never counts its requests by hand. When the
/// car disconnects the session cancels every effect; whatever they send afterwards is dropped
/// and nothing reaches the host (Guides/CarSession.md, "Effects").
public struct Effect<Action: Sendable>: Sendable {
  enum Operation: Sendable {
    case send(Action)
    case openURL(URL)
    case postNotification(CarNotificationSpec)
    case run(id: String?, @Sendable (CarClients, Send<Action>) async -> Void)
    case schedule(id: String, after: Duration, Action)
    case cancel(id: String)
  }

  let operation: Operation

  /// Feeds another action to the reducer right away.
  public static func send(_ action: Action) -> Effect { Effect(operation: .send(action)) }

  /// Opens a URL on the car screen through the host, e.g. directions in Apple Maps
  /// (carplay-facts.md §6).
  public static func openURL(_ url: URL) -> Effect { Effect(operation: .openURL(url)) }
  /// Posts a local notification (`UNUserNotificationCenter.add`); the host shows it as a banner
  /// when the app's category and the notification's category allow it in CarPlay
  /// (carplay-facts.md §5), and names it in ``HostEvent/notificationOpened(id:)`` when tapped.
  public static func postNotification(_ notification: CarNotificationSpec) -> Effect {
    Effect(operation: .postNotification(notification))
  }

  /// Runs asynchronous work through the clients; its result, if any, is reduced afterwards.
  public static func run(_ work: @escaping @Sendable (CarClients) async -> Action?) -> Effect {
    Effect(
      operation: .run(id: nil) { clients, send in
        if let action = await work(clients) { await send(action) }
      })
  }

  /// Runs asynchronous work that sends any number of actions through `send`, e.g. a load with
  /// progress or a stream of location updates; it is cancelled by ``cancel(id:)``, by new work
  /// with the same `id`, and when the car disconnects.
  ///
  /// Started from a list-row tap, the row stops spinning when the work returns or its first
  /// action has been reduced and shown, whichever comes first (carplay-facts.md §1.1).
  public static func run(
    id: String, _ work: @escaping @Sendable (CarClients, Send<Action>) async -> Void
  ) -> Effect {
    Effect(operation: .run(id: id, work))
  }

  /// Sends `action` after `delay` on the session's clock, replacing work or a timer with the
  /// same id.
  public static func schedule(id: String, after delay: Duration, _ action: Action) -> Effect {
    Effect(operation: .schedule(id: id, after: delay, action))
  }

  /// Cancels the work and the timer with this id, if any; actions they would send are dropped.
  public static func cancel(id: String) -> Effect { Effect(operation: .cancel(id: id)) }
}

/// Sends actions from running work back to its session.
///
/// Calling it after the work was cancelled (by id, or because the car disconnected) does
/// nothing: a cancelled load can never overwrite a newer one.
public struct Send<Action: Sendable>: Sendable {
  let submit: @MainActor @Sendable (Action) async -> Void

  /// Creates a sender that hands actions to `deliver` on the main actor.
  public init(_ deliver: @escaping @MainActor @Sendable (Action) -> Void) {
    self.submit = { action in deliver(action) }
  }

  /// Creates a sender whose sending waits until `submit` returns: a session on a manual clock
  /// takes the actions of its concurrent work in one fixed order (``CarSession``).
  init(submitting submit: @escaping @MainActor @Sendable (Action) async -> Void) {
    self.submit = submit
  }

  /// Sends an action to the session, unless the work sending it was cancelled. On a manual
  /// clock it returns once the session has taken the action, in the order that makes every run
  /// of a test or journey the same (Guides/CarSession.md, "Settling").
  @MainActor
  public func callAsFunction(_ action: Action) async {
    guard !Task.isCancelled else { return }
    await submit(action)
  }
}
