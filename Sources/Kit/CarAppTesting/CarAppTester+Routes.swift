import CarSession
import CarSimulator
import CarTemplates
import Testing

extension CarAppTester {
  /// Taps what `route` is shown as — a list row, a point of interest, a button, a modal's
  /// action or a trip preview's route choice, whichever the car shows under the route's element
  /// id — and asserts the state
  /// change and the operations, as ``drive(_:operations:_:sourceLocation:)`` does. The test
  /// names the tap by the app's own type, never by an id string:
  ///
  /// ```swift
  /// await tester.tap(ChargeRoute.destination(.city("Bremen")), operations: [...]) {
  ///   $0.trip = .planning(bremen)
  /// }
  /// ```
  ///
  /// A route scoped to a template (`RouteAddress.template`) must be tapped on that
  /// template; a route the car shows nowhere fails the test, naming the route and its id.
  public func tap(
    _ route: App.Route, operations: [ExpectedOperation]? = nil,
    _ update: (inout App.State) throws -> Void = { _ in },
    sourceLocation: SourceLocation = #_sourceLocation
  ) async {
    let address = route.address
    if let scope = address.template, let top = host.topTemplate?.id, top != scope {
      Issue.record(
        Comment(
          rawValue: "route \(route) belongs to template '\(scope)', but '\(top)' is on top"),
        sourceLocation: sourceLocation)
      return
    }
    let id = address.element
    let candidates: [DriverAction] = [
      .tapRow(id), .selectPoint(id), .press(id), .choose(id), .startRoute(id),
    ]
    guard let action = candidates.first(where: { host.refusal(of: $0) == nil }) else {
      Issue.record(
        Comment(
          rawValue:
            "route \(route) ('\(id)') is not on the car's screen as a row, a point, a button, "
            + "an action or a route choice"),
        sourceLocation: sourceLocation)
      return
    }
    await drive(
      { try $0.drive(action) }, operations: operations, update, sourceLocation: sourceLocation)
  }
}

/// The differences between two values of a state, one line per differing leaf, by path
/// (`places.loaded[0].site.title: "A" → "B"`): what a failing step prints beside the two
/// states. At most `limit` lines; nested values are followed `depth` levels deep.
func stateDifferences<State>(
  _ expected: State, _ actual: State, limit: Int = 20, depth: Int = 8
) -> [String] {
  var lines: [String] = []
  func walk(_ path: String, _ left: Any, _ right: Any, _ level: Int) {
    guard lines.count < limit else { return }
    // Compared by their whole structure: a value's own description may leave fields out
    // (a playback state that prints as `playing 'x' 0:05`), and a difference there must still
    // be found.
    guard structure(left) != structure(right) else { return }
    let leftText = String(reflecting: left)
    let rightText = String(reflecting: right)
    let leftMirror = Mirror(reflecting: left)
    let rightMirror = Mirror(reflecting: right)
    let leftChildren = Array(leftMirror.children)
    let rightChildren = Array(rightMirror.children)
    let comparable =
      level < depth && !leftChildren.isEmpty
      && leftMirror.displayStyle == rightMirror.displayStyle
      && (leftMirror.displayStyle != .enum
        || leftChildren.map(\.label) == rightChildren.map(\.label))
    guard comparable else {
      lines.append("\(path.isEmpty ? "state" : path): \(leftText) → \(rightText)")
      return
    }
    let count = max(leftChildren.count, rightChildren.count)
    for index in 0..<count {
      let label =
        (index < leftChildren.count ? leftChildren[index].label : rightChildren[index].label)
        ?? "[\(index)]"
      let child = path.isEmpty || label.hasPrefix("[") ? path + label : "\(path).\(label)"
      switch (index < leftChildren.count, index < rightChildren.count) {
      case (true, true): walk(child, leftChildren[index].value, rightChildren[index].value, level + 1)
      case (true, false): lines.append("\(child): \(String(reflecting: leftChildren[index].value)) → (none)")
      default: lines.append("\(child): (none) → \(String(reflecting: rightChildren[index].value))")
      }
      guard lines.count < limit else { return }
    }
  }
  walk("", expected, actual, 0)
  return lines
}

/// Every stored field of a value, nested, as `dump` writes it.
private func structure(_ value: Any) -> String {
  var text = ""
  dump(value, to: &text)
  return text
}

/// `  differences (expected → actual):\n    a.b: 1 → 2`, or nothing when none were found.
func differenceReport<State>(_ expected: State, _ actual: State) -> String {
  let lines = stateDifferences(expected, actual)
  guard !lines.isEmpty else { return "" }
  return "\n  differences (expected → actual):\n" + lines.map { "    \($0)" }.joined(separator: "\n")
}
