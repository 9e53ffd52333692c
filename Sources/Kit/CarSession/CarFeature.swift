/// One part of an app — a tab, a pushed screen, a list of settings — as its own reducer over
/// its own state and actions, so that it can be written and tested alone and composed into
/// the app's reducer with `scope(_:_:_:embed:)` (as TCA's `Scope` composes reducers).
///
/// A feature does not know the app it is part of: the app keeps the feature's state at a key
/// path (a stored property, or a computed one that projects the parts the feature shares with
/// others, such as the car's position), wraps the feature's actions in one of its own, and gets
/// the feature's effects back as its own actions (``Effect/map(_:)``).
///
/// ```swift
/// struct Filters: CarFeature {
///   func reduce(_ filter: inout ChargeFilter, _ row: FilterRow) -> [Effect<FilterRow>] {
///     filter.toggle(row); return []
///   }
/// }
/// // in the app's reducer:
/// case .filters(let row):
///   return Filters().scope(&state, \.filter, row, embed: Action.filters)
/// ```
///
/// Guides/CarSession.md, "Composing features", shows the charging app built this way.
public protocol CarFeature: Sendable {
  /// What the feature remembers.
  associatedtype State
  /// What can happen to it.
  associatedtype Action: Sendable

  /// Applies an action to the feature's state and returns the work to do next.
  func reduce(_ state: inout State, _ action: Action) -> [Effect<Action>]
}

extension CarFeature {
  /// Reduces `action` on the feature's part of a parent's state, at `keyPath`, and returns the
  /// feature's effects as the parent's actions: whatever they send is wrapped by `embed`.
  ///
  /// The key path may be a computed property: the state is read once, reduced and written
  /// back once.
  public func scope<Parent, ParentAction: Sendable>(
    _ parent: inout Parent, _ keyPath: WritableKeyPath<Parent, State>, _ action: Action,
    embed: @escaping @Sendable (Action) -> ParentAction
  ) -> [Effect<ParentAction>] {
    reduce(&parent[keyPath: keyPath], action).map { $0.map(embed) }
  }

  /// Reduces `action` on a feature that is present only sometimes (a pushed screen): while the
  /// state at `keyPath` is nil the action does nothing and no effect runs (TCA's `ifLet`).
  public func scope<Parent, ParentAction: Sendable>(
    _ parent: inout Parent, _ keyPath: WritableKeyPath<Parent, State?>, _ action: Action,
    embed: @escaping @Sendable (Action) -> ParentAction
  ) -> [Effect<ParentAction>] {
    guard var state = parent[keyPath: keyPath] else { return [] }
    let effects = reduce(&state, action)
    parent[keyPath: keyPath] = state
    return effects.map { $0.map(embed) }
  }
}

extension Effect {
  /// The same work sending `transform(action)` wherever this effect would send `action`: a
  /// feature's effect as its app's. Ids, cancellation, timers and the row-spinner rules are
  /// those of the original effect.
  public func map<Other: Sendable>(_ transform: @escaping @Sendable (Action) -> Other)
    -> Effect<Other>
  {
    switch operation {
    case .send(let action): return .send(transform(action))
    case .openURL(let url): return .openURL(url)
    case .postNotification(let notification): return .postNotification(notification)
    case .schedule(let id, let delay, let action):
      return .schedule(id: id, after: delay, transform(action))
    case .cancel(let id): return .cancel(id: id)
    case .run(let id, let work):
      return Effect<Other>(
        operation: .run(id: id) { clients, send in
          await work(clients, Send(submitting: { action in await send.submit(transform(action)) }))
        })
    }
  }
}
