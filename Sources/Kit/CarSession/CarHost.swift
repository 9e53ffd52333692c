import CarTemplates
import Foundation

/// A CarPlay host a session drives: the emulated `CarSimulator` on Linux, or the bridge to
/// `CPInterfaceController` in `Apps/`.
///
/// The host is the authority (DESIGN.md, principle 2): it reports what it actually shows and
/// sends system-initiated changes back as ``HostEvent``s.
@MainActor
public protocol CarHost: AnyObject {
  /// The templates the app has installed, as requested (before truncation); nil when nothing
  /// is on screen (not connected, or sent home).
  var screen: HostScreen? { get }
  /// The connected car's configuration; nil when disconnected.
  var configuration: SessionConfiguration? { get }
  /// Receives every host event; the session installs itself here.
  var eventHandler: (@MainActor (HostEvent) -> Void)? { get set }
  /// Performs an operation with a completion handler (the non-deprecated API); throws the
  /// exceptions the real host raises even then (template not allowed, depth exceeded).
  func perform(_ operation: HostOperation) throws(CarPlayException) -> HostCompletion
  /// Calls a list row's completion handler; the row stops spinning.
  func completeSelection(_ ticket: SelectionTicket)
  /// Opens a URL on the car screen (`CPTemplateApplicationScene.open`), e.g. directions in
  /// Apple Maps (carplay-facts.md §6).
  func open(_ url: URL)
  /// Posts a local notification (`UNUserNotificationCenter.add`); the host shows it as a banner
  /// in the car when the rules allow it (carplay-facts.md §5) and sends
  /// ``HostEvent/notificationOpened(id:)`` when the driver taps it.
  func post(_ notification: CarNotificationSpec)
  /// Records a diagnostic the session found, so that it appears in the host's transcript.
  func report(_ diagnostic: Diagnostic)
  /// Draws the app's content into the car's window (`CPWindow`, navigation apps only;
  /// carplay-facts.md §4); nil clears it.
  func drawWindow(_ content: CarWindowSpec?)
  /// Publishes what plays to the system (`MPNowPlayingInfoCenter.nowPlayingInfo`,
  /// carplay-facts.md §8); nil clears it. The host stamps it with its clock: the elapsed time
  /// it shows later is extrapolated from the rate since then.
  func publishNowPlayingInfo(_ info: NowPlayingInfoSpec?)
  /// Records the app's `MPRemoteCommandCenter` targets (carplay-facts.md §8).
  func registerRemoteCommands(_ targets: RemoteCommandTargets)
  /// Answers a remote command for the app, as its registered target would; the session
  /// installs itself here.
  var remoteCommandHandler: (@MainActor (RemoteCommandEvent) -> RemoteCommandStatus)? { get set }
}

extension CarHost {
  /// Hosts without a notification model show nothing.
  public func post(_ notification: CarNotificationSpec) {}
  /// Hosts without a window draw nothing.
  public func drawWindow(_ content: CarWindowSpec?) {}
  /// Hosts without a Now Playing model ignore the info.
  public func publishNowPlayingInfo(_ info: NowPlayingInfoSpec?) {}
  /// Hosts without a remote-command model ignore the targets.
  public func registerRemoteCommands(_ targets: RemoteCommandTargets) {}
  /// Hosts without a remote-command model send no commands.
  public var remoteCommandHandler: (@MainActor (RemoteCommandEvent) -> RemoteCommandStatus)? {
    get { nil }
    set {}
  }
}
