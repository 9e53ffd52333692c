import CarTemplates

/// The operations that take a host from the screen it shows to the screen an app wants, and
/// what had to be refused on the way.
public struct ReconcilePlan: Hashable, Sendable {
  /// The operations, in the order to perform them.
  public var operations: [HostOperation]
  /// Templates the app wanted pushed but that would exceed the category's depth.
  public var refused: [TemplateSpec]
  /// One diagnostic per refusal.
  public var diagnostics: [Diagnostic]

  /// Creates a plan.
  public init(
    operations: [HostOperation] = [], refused: [TemplateSpec] = [],
    diagnostics: [Diagnostic] = []
  ) {
    self.operations = operations
    self.refused = refused
    self.diagnostics = diagnostics
  }
}

/// Computes the fewest host operations between the host's actual screen and an app's wanted
/// screen. Pure: no host, no state.
///
/// - Content-only changes (same template ids and kinds, same tab set) become `update`
///   operations: CarPlay's `updateSections`, `setPointsOfInterest`, `updateGridButtons`, …
///   Replacing the root would tear down Now Playing or system video and lose the driver's place
///   (DESIGN.md, principle 3).
/// - The root is replaced only when its structure changed: its kind or id, or the ids and kinds
///   of its tabs.
/// - Pops and pushes follow from the longest common prefix of the stacks (by id and kind).
/// - Pushes that would exceed `maximumDepth` (root included, carplay-facts.md §2) are refused
///   here, before they reach the host, which would throw and kill the app.
/// - A changed modal is dismissed and presented again: alerts and action sheets have no update
///   API (carplay-facts.md §1.10, §1.11).
///
/// Complexity: O(t + s) template comparisons for t tabs and s stacked templates.
public enum Reconciler {
  /// The plan from `actual` (nil: nothing on screen) to `wanted`; `entitlements`, when given,
  /// name the category in refusal messages.
  public static func plan(
    from actual: HostScreen?, to wanted: CarScreen, maximumDepth: Int,
    entitlements: CarEntitlements? = nil
  ) -> ReconcilePlan {
    var plan = ReconcilePlan()
    let category = entitlements?.categoryDescription ?? "the app's category"
    guard let actual else {
      plan.operations.append(.setRoot(wanted.root))
      push(wanted.stack, above: [], into: &plan, maximumDepth: maximumDepth, category: category)
      if let modal = wanted.modal { plan.operations.append(.present(modal)) }
      return plan
    }

    let modalChanged = actual.modal != wanted.modal
    if modalChanged, actual.modal != nil { plan.operations.append(.dismiss) }

    if structure(of: actual.root) != structure(of: wanted.root) {
      plan.operations.append(.setRoot(wanted.root))
      push(wanted.stack, above: [], into: &plan, maximumDepth: maximumDepth, category: category)
    } else {
      var actualStack = actual.stack
      switch (actual.root.content, wanted.root.content) {
      case (.tabBar(let have), .tabBar(let want)):
        for (old, new) in zip(have.tabs, want.tabs) where old != new {
          plan.operations.append(.update(new))
        }
        if have.selectedIndex != want.selectedIndex {
          plan.operations.append(.selectTab(want.selectedIndex))
          actualStack =
            actual.stacks.indices.contains(want.selectedIndex)
            ? actual.stacks[want.selectedIndex] : []
        }
      default:
        if actual.root != wanted.root { plan.operations.append(.update(wanted.root)) }
      }
      reconcileStack(
        from: actualStack, to: wanted.stack, into: &plan, maximumDepth: maximumDepth,
        category: category)
    }

    if modalChanged, let modal = wanted.modal { plan.operations.append(.present(modal)) }
    return plan
  }

  /// What must stay equal for a template to be patched rather than replaced: its kind and id,
  /// and for a tab bar the kinds and ids of its tabs in order.
  public static func structure(of template: TemplateSpec) -> [String] {
    var key = ["\(template.kind):\(template.id)"]
    if case .tabBar(let bar) = template.content {
      key += bar.tabs.map { "\($0.kind):\($0.id)" }
    }
    return key
  }

  private static func sameIdentity(_ a: TemplateSpec, _ b: TemplateSpec) -> Bool {
    a.id == b.id && a.kind == b.kind
  }

  private static func reconcileStack(
    from actual: [TemplateSpec], to wanted: [TemplateSpec], into plan: inout ReconcilePlan,
    maximumDepth: Int, category: String
  ) {
    var common = 0
    while common < actual.count, common < wanted.count,
      sameIdentity(actual[common], wanted[common])
    {
      common += 1
    }
    let extra = actual.count - common
    if extra > 0 {
      if common == 0 {
        plan.operations.append(.popToRoot)
      } else if extra == 1 {
        plan.operations.append(.pop)
      } else {
        plan.operations.append(.popTo(actual[common - 1].id))
      }
    }
    for index in 0..<common where actual[index] != wanted[index] {
      plan.operations.append(.update(wanted[index]))
    }
    push(
      Array(wanted[common...]), above: Array(wanted[..<common]), into: &plan,
      maximumDepth: maximumDepth, category: category)
  }

  private static func push(
    _ templates: [TemplateSpec], above kept: [TemplateSpec], into plan: inout ReconcilePlan,
    maximumDepth: Int, category: String
  ) {
    var depth = 1 + kept.count
    for template in templates {
      guard depth < maximumDepth else {
        plan.refused.append(template)
        plan.diagnostics.append(
          Diagnostic(
            ruleID: Diagnostic.depthRefusedID,
            severity: .error,
            message:
              "push of \(template.label) refused: it would make the hierarchy \(depth + 1) "
              + "templates deep, but \(category) allows at most \(maximumDepth) including "
              + "the root (depth limit; the host would throw NSGenericException "
              + "'\(HostViolation.depthExceeded.hostMessage)')",
            source: "carplay-facts.md §2"))
        continue
      }
      plan.operations.append(.push(template))
      depth += 1
    }
  }
}
