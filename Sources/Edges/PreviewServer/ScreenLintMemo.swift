import CarTemplates

/// The lint of the shown screen, memoised: the panel asks on every state request, and linting a
/// screen (text searches over every item) is most of a request's cost, while the screen changes
/// far less often.
struct ScreenLintMemo {
  /// The last lint and what it was computed for.
  private struct Entry {
    var app: String
    var screen: CarScreen
    var configuration: SessionConfiguration
    var diagnostics: [String]
  }
  private var last: Entry?

  /// The lint diagnostics of `screen` shown by the app `appID`, as panel lines.
  mutating func diagnostics(
    appID: String, entitlements: CarEntitlements, screen: CarScreen,
    configuration: SessionConfiguration
  ) -> [String] {
    if let last, last.app == appID, last.screen == screen, last.configuration == configuration {
      return last.diagnostics
    }
    let diagnostics = CarLint.validate(
      screen: screen, entitlements: entitlements, configuration: configuration
    ).map { "\($0.ruleID) \($0.message)" }
    last = Entry(
      app: appID, screen: screen, configuration: configuration, diagnostics: diagnostics)
    return diagnostics
  }
}
