import Synchronization

/// How the app's data sources behave, switchable at run time: as they are, answering with
/// nothing, or failing. Journeys (`data normal|empty|fail`) and the web simulator's side panel
/// set it, so the empty and error templates can be seen without a broken network.
public enum DataSourceMode: String, Hashable, Sendable, CaseIterable, CustomStringConvertible {
  /// Answers come from the source itself.
  case normal
  /// Every query answers with no places.
  case empty
  /// Every query throws ``DataSourceError``.
  case failing = "fail"

  /// Parses `normal`, `empty`, `fail` or `failing`; nil for anything else.
  public init?(parsing text: String) {
    switch text {
    case "normal": self = .normal
    case "empty": self = .empty
    case "fail", "failing": self = .failing
    default: return nil
    }
  }

  /// The word journeys and the panel use: `normal`, `empty` or `fail`.
  public var description: String { rawValue }
}

/// The data-source mode shared between whoever sets it (a journey, the web simulator) and the
/// clients that read it on every query.
public final class DataSourceModeBox: Sendable {
  private let value: Mutex<DataSourceMode>

  /// Creates a box holding `mode`.
  public init(_ mode: DataSourceMode = .normal) { value = Mutex(mode) }

  /// The current mode. Setting it tells nobody: apps see it on their next load (a journey's
  /// `data` step).
  public var mode: DataSourceMode {
    get { value.withLock { $0 } }
    set { value.withLock { $0 = newValue } }
  }

  /// Switches announced with ``switchAndAnnounce(_:)``: the web simulator's Empty/Fail switch,
  /// which an app may answer at once by loading again.
  public let switches = ClientEvents<DataSourceMode>()

  /// Sets the mode and announces the switch to ``switches``.
  public func switchAndAnnounce(_ mode: DataSourceMode) {
    self.mode = mode
    switches.send(mode)
  }
}

/// A data source could not answer a query.
public struct DataSourceError: Error, Hashable, Sendable, CustomStringConvertible {
  /// The source, e.g. `bundled fast chargers (Kassel, 2026-01-28)`.
  public var source: String
  /// The query that failed, in its text form.
  public var query: String
  /// Why it failed.
  public var reason: String

  /// Creates an error.
  public init(source: String, query: String, reason: String) {
    self.source = source
    self.query = query
    self.reason = reason
  }

  /// `cannot load places near … from SOURCE: REASON`.
  public var description: String { "cannot load places \(query) from \(source): \(reason)" }
}
