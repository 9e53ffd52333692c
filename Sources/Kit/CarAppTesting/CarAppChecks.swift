import CarSession
import CarTemplates
import Testing

/// Checks every app's tests can run over a table of states: the reducer is pure, and every
/// tappable element of every screen decodes to one of the app's routes.
public enum CarAppChecks {
  /// Reduces every action from every state twice, from equal copies, and fails when the states
  /// after differ or the number of effects does; returns how many pairs were checked.
  @discardableResult
  public static func expectPureReducer<App: CarApp>(
    _ app: App, states: [(String, App.State)], actions: [App.Action],
    sourceLocation: SourceLocation = #_sourceLocation
  ) -> Int {
    var checked = 0
    for (name, state) in states {
      for action in actions {
        var first = state
        var second = state
        let a = app.reduce(&first, action)
        let b = app.reduce(&second, action)
        #expect(first == second, "\(name): \(action)", sourceLocation: sourceLocation)
        #expect(a.count == b.count, "\(name): \(action)", sourceLocation: sourceLocation)
        checked += 1
      }
    }
    return checked
  }

  /// Builds the screen of every state in every configuration and fails on a tappable element
  /// the app offers no route for, or an address two routes claim; returns how many elements
  /// were checked.
  @discardableResult
  public static func expectEveryTapDecodes<App: CarApp>(
    _ app: App, states: [(String, App.State)],
    configurations: [SessionConfiguration] = [SessionConfiguration()],
    sourceLocation: SourceLocation = #_sourceLocation
  ) -> Int {
    var checked = 0
    for (name, state) in states {
      let table = RouteTable(app.routes(state))
      #expect(table.clashes.isEmpty, "\(name): \(table.clashes)", sourceLocation: sourceLocation)
      for configuration in configurations {
        let screen = app.screen(state, configuration)
        let dead = table.undecodable(on: screen)
        #expect(dead.isEmpty, "\(name): no route for \(dead)", sourceLocation: sourceLocation)
        checked += screen.tappableElements.count
      }
    }
    return checked
  }
}
