import CarSession
import CarTemplates

/// A host operation as a test states it: the operation and the kind and id of the template it
/// concerns, never the template's whole content (a step's state change says what the screen
/// shows). ``CarAppTester`` compares the operations the host received with these, exactly and in
/// order:
///
/// ```swift
/// await tester.tap(
///   MediaRoute.item(stave1, on: B.audioTab),
///   operations: [.update(.list, "audio"), .push(.nowPlaying, "now-playing")]
/// ) { $0.pages[B.audioTab] = [.nowPlaying] }
/// ```
///
/// The transcript's spelling (`"push CPListTemplate 'filters'"`) is accepted as a literal too;
/// a literal that is not an operation never matches, and the failure names it.
public enum ExpectedOperation: Hashable, Sendable, CustomStringConvertible,
  ExpressibleByStringInterpolation
{
  /// `setRootTemplate`: the whole stack replaced by this template.
  case setRoot(TemplateKind, TemplateID)
  /// `pushTemplate` of this template.
  case push(TemplateKind, TemplateID)
  /// `popTemplate`.
  case pop
  /// `popToRootTemplate`.
  case popToRoot
  /// `pop(to:)` the template with this id.
  case popTo(TemplateID)
  /// `presentTemplate` of this modal template.
  case present(TemplateKind, TemplateID)
  /// `dismissTemplate`.
  case dismiss
  /// An in-place patch of this template.
  case update(TemplateKind, TemplateID)
  /// `selectTemplate(at:)` of the tab at this index.
  case selectTab(Int)
  /// A literal that names no operation (`"puhs CPListTemplate 'x'"`); it matches nothing.
  case unreadable(String)

  /// The shape of an operation the host received.
  public init(_ operation: HostOperation) {
    switch operation {
    case .setRoot(let t): self = .setRoot(t.kind, t.id)
    case .push(let t): self = .push(t.kind, t.id)
    case .pop: self = .pop
    case .popToRoot: self = .popToRoot
    case .popTo(let id): self = .popTo(id)
    case .present(let t): self = .present(t.kind, t.id)
    case .dismiss: self = .dismiss
    case .update(let t): self = .update(t.kind, t.id)
    case .selectTab(let index): self = .selectTab(index)
    }
  }

  /// Reads the transcript's one-line form of an operation (`HostOperation.description`):
  /// `push CPListTemplate 'filters'`, `pop`, `popTo 'root'`, `selectTab 1`.
  public init(stringLiteral text: String) {
    self = Self.parse(text) ?? .unreadable(text)
  }

  /// The transcript's one-line form: `push CPListTemplate 'filters'`.
  public var description: String {
    switch self {
    case .setRoot(let kind, let id): "setRoot \(kind.className) '\(id)'"
    case .push(let kind, let id): "push \(kind.className) '\(id)'"
    case .pop: "pop"
    case .popToRoot: "popToRoot"
    case .popTo(let id): "popTo '\(id)'"
    case .present(let kind, let id): "present \(kind.className) '\(id)'"
    case .dismiss: "dismiss"
    case .update(let kind, let id): "update \(kind.className) '\(id)'"
    case .selectTab(let index): "selectTab \(index)"
    case .unreadable(let text): "unreadable operation \"\(text)\""
    }
  }

  private static func parse(_ text: String) -> ExpectedOperation? {
    switch text {
    case "pop": return .pop
    case "popToRoot": return .popToRoot
    case "dismiss": return .dismiss
    default: break
    }
    guard let space = text.firstIndex(of: " ") else { return nil }
    let verb = text[..<space]
    let rest = text[text.index(after: space)...]
    if verb == "selectTab" { return Int(rest).map { .selectTab($0) } }
    func quoted(_ s: Substring) -> TemplateID? {
      guard s.count >= 2, s.first == "'", s.last == "'" else { return nil }
      return TemplateID(rawValue: String(s.dropFirst().dropLast()))
    }
    if verb == "popTo" { return quoted(rest).map { .popTo($0) } }
    guard let gap = rest.firstIndex(of: " "),
      let kind = TemplateKind.allCases.first(where: { $0.className == rest[..<gap] }),
      let id = quoted(rest[rest.index(after: gap)...])
    else { return nil }
    switch verb {
    case "setRoot": return .setRoot(kind, id)
    case "push": return .push(kind, id)
    case "present": return .present(kind, id)
    case "update": return .update(kind, id)
    default: return nil
    }
  }
}
