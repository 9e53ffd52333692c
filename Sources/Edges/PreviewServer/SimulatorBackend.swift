import CarRender
import CarSimulator

/// The web simulator's backend over a ``SimulatorController`` on the main actor.
public struct SimulatorBackend: PreviewBackend {
  let controller: SimulatorController

  /// Creates a backend.
  public init(controller: SimulatorController) { self.controller = controller }

  /// The display as the host shows it.
  public func display() async -> CarDisplayState { await controller.display() }
  /// The side panel's content.
  public func panel() async -> PanelState { await controller.panel() }
  /// Delivers a tap to the host; returns why the event cannot be read, or nil.
  public func send(_ event: PageEvent) async -> DriverSyntaxError? {
    await controller.handle(event)
  }
  /// Applies a side-panel command.
  public func control(_ command: PanelCommand) async { await controller.handle(command) }
  /// A stream that yields when the page may need redrawing.
  public func changes() async -> AsyncStream<Void> { await controller.changes() }
  /// The state unless it is still at `known`, in one step on the main actor.
  public func snapshot(unlessAt known: StateVersion?) async -> PreviewSnapshot {
    await controller.snapshot(unlessAt: known)
  }
}
