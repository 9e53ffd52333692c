import CarTemplates

/// Whether an app followed a change the host made on its own, decided in one pure place.
///
/// The host is the authority (DESIGN.md principle 2): back, a tab switch, a dismissed modal and
/// a selected point of interest change the screen before the app hears of it. If the screen the
/// app builds after the event would undo the change, the app's state did not follow the host;
/// the session reports it (`Diagnostic.ignoredHostChangeID`) and keeps the host's screen.
public enum HostChange {
  /// The diagnostic for `event` when `wanted` (built after the event) undoes what the host did
  /// to `shown`; nil when the app followed or the event changes nothing on screen.
  public static func ignored(_ event: HostEvent, shown: HostScreen?, wanted: CarScreen)
    -> Diagnostic?
  {
    ignored(event, shown: shown, wanted: wanted, refused: [])
  }

  /// The diagnostic for `event` when `wanted` undoes what the host did to `shown`, naming
  /// `refused` as the cause when there are any: refusals (``HostRefusal``) whose templates
  /// `wanted` still holds. After a refused push the app's stack is deeper than the host's, so
  /// the app's own answer to back pops the template the host never showed and keeps the one
  /// the host popped; the message then points at the refusal the app did not follow, not at
  /// the event it maps.
  public static func ignored(
    _ event: HostEvent, shown: HostScreen?, wanted: CarScreen, refused: [HostRefusal]
  ) -> Diagnostic? {
    guard let what = undone(event, shown: shown, wanted: wanted) else { return nil }
    let cause: String
    if refused.isEmpty {
      cause = "map this event to an action"
    } else {
      let names = refused.map { refusal in
        "\(refusal.template?.label ?? refusal.operation.description) (\(refusal.diagnosticID))"
      }
      cause =
        "the cause is an earlier refusal the app did not follow: the push of "
        + names.joined(separator: ", ")
        + " was refused, so the app's screen holds templates the car never showed; map "
        + "HostEvent.operationRefused to an action that drops them (carplay-facts.md §2)"
    }
    return Diagnostic(
      ruleID: Diagnostic.ignoredHostChangeID,
      severity: .error,
      message: "\(what); the session keeps the host's screen — \(cause)",
      source: "DESIGN.md principle 2")
  }

  private static func undone(_ event: HostEvent, shown: HostScreen?, wanted: CarScreen) -> String? {
    switch event {
    case .backPressed(let popped):
      guard wanted.stack.contains(where: { $0.id == popped }),
        !(shown?.stack.contains(where: { $0.id == popped }) ?? false)
      else { return nil }
      return "the host popped '\(popped)' (back) but the app's screen still pushes it"
    case .modalActionChosen(let id, _), .modalDismissed(let id):
      guard wanted.modal?.id == id, shown?.modal?.id != id else { return nil }
      return "the host dismissed '\(id)' but the app's screen still presents it"
    case .tabSelected(let index, _):
      guard case .tabBar(let bar) = wanted.root.content, bar.selectedIndex != index else {
        return nil
      }
      return
        "the driver selected tab \(index) but the app's screen selects tab \(bar.selectedIndex)"
    case .pointSelected(let template, let point):
      guard let spec = pointsOfInterest(template, in: wanted) else { return nil }
      let selected = spec.selectedIndex.flatMap {
        spec.points.indices.contains($0) ? spec.points[$0].id : nil
      }
      guard selected != point, spec.points.contains(where: { $0.id == point }) else {
        return nil
      }
      return "the driver selected point '\(point)' in '\(template)' but the app's screen "
        + (selected.map { "selects '\($0)'" } ?? "selects none")
        + " (its next update would close the card)"
    default:
      return nil
    }
  }

  private static func pointsOfInterest(_ id: TemplateID, in screen: CarScreen)
    -> PointOfInterestTemplateSpec?
  {
    var candidates = [screen.root] + screen.stack
    if case .tabBar(let bar) = screen.root.content { candidates += bar.tabs }
    for template in candidates where template.id == id {
      if case .pointOfInterest(let spec) = template.content { return spec }
    }
    return nil
  }
}
