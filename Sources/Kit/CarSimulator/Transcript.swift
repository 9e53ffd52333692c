import CarSession
import CarTemplates
import Foundation

/// One line of what happened in an emulated CarPlay session.
public enum TranscriptEntry: Hashable, Sendable, CustomStringConvertible {
  /// Something the car, driver or phone did.
  case event(HostEvent)
  /// An operation the app requested and its completion.
  case operation(HostOperation, HostCompletion)
  /// An exception the host raised; the app is terminated.
  case exception(CarPlayException)
  /// Content the host dropped silently (the note names template, count and limit).
  case truncated(String)
  /// A diagnostic from the host or the session.
  case diagnostic(Diagnostic)
  /// A URL the app opened on the car screen.
  case openedURL(URL)
  /// A list row's completion was called; the row stopped spinning.
  case selectionCompleted(SelectionTicket, row: ElementID, after: Duration)
  /// The host tore down a system player (Now Playing, video).
  case teardown(String)
  /// The app's state at the host changed: sent home, terminated, not connected.
  case state(String)
  /// A driver event that could not happen (its target is not on screen).
  case rejected(String)

  /// A stable one-line text form, e.g. `op     push CPListTemplate 'detail' → ok`.
  public var description: String {
    switch self {
    case .event(let e): "event  \(e)"
    case .operation(let op, let completion): "op     \(op) → \(completion)"
    case .exception(let e): "THROW  \(e)"
    case .truncated(let note): "trunc  \(note)"
    case .diagnostic(let d): "diag   \(d)"
    case .openedURL(let url): "url    \(url.absoluteString)"
    case .selectionCompleted(let ticket, let row, let after):
      "done   row '\(row)' \(ticket) completed after \(Transcript.format(after))"
    case .teardown(let what): "down   \(what)"
    case .state(let what): "state  \(what)"
    case .rejected(let what): "reject \(what)"
    }
  }
}

/// Every operation and outcome of an emulated session, in order, with a stable text form for
/// golden files and journey output.
public struct Transcript: Hashable, Sendable, CustomStringConvertible {
  /// The entries, oldest first (the newest ``limit`` when a limit is set).
  public private(set) var entries: [TranscriptEntry] = []
  /// How many entries a long-running host keeps, as a ring buffer: the oldest are dropped
  /// first. Nil (tests, journeys) keeps every entry. The web simulator keeps
  /// ``CarSimulator/simulatorHistoryLimit``.
  public var limit: Int? {
    didSet { trim() }
  }
  /// How many of the oldest entries were dropped to stay within ``limit``.
  public private(set) var droppedCount = 0

  /// Creates an empty transcript.
  public init() {}

  /// Appends an entry, dropping the oldest when over ``limit``.
  public mutating func append(_ entry: TranscriptEntry) {
    entries.append(entry)
    trim()
  }

  /// Every entry ever appended, dropped ones included: an index that stays valid as a mark.
  public var totalCount: Int { droppedCount + entries.count }

  private mutating func trim() {
    guard let limit = limit.map({ max(1, $0) }), entries.count > limit else { return }
    let excess = entries.count - limit
    entries.removeFirst(excess)
    droppedCount += excess
  }

  /// One line per entry.
  public var description: String { entries.map(\.description).joined(separator: "\n") }

  /// Lines of the entries from `index` on.
  public func text(from index: Int) -> String {
    entries[min(index, entries.count)...].map(\.description).joined(separator: "\n")
  }

  /// `1.5s`, `12s`.
  static func format(_ duration: Duration) -> String {
    let seconds =
      Double(duration.components.seconds)
      + Double(duration.components.attoseconds) / 1e18
    let rounded = (seconds * 10).rounded() / 10
    return rounded == rounded.rounded() ? "\(Int(rounded))s" : "\(rounded)s"
  }
}
