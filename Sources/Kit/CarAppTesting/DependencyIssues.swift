import CarSession
import Synchronization
import Testing

extension DependencyIssueReporter {
  /// Records a test issue for every dependency key a test container hands out without an
  /// override, once per key, naming the key and the running test:
  ///
  /// ```
  /// ChargingServicesKey has no test value in test 'the Charge tab loads': it was touched
  /// without an override; set one (CarDependencyOverrides, or the app's initialiser that takes
  /// the service)
  /// ```
  ///
  /// `sourceLocation` is where the issue points: the line that made the car or the tester.
  public static func failingTest(
    sourceLocation: SourceLocation = #_sourceLocation
  ) -> DependencyIssueReporter {
    let test = Test.current.map { $0.displayName ?? $0.name }
    let reported = Mutex<Set<String>>([])
    return DependencyIssueReporter { issue in
      guard reported.withLock({ $0.insert(issue.key).inserted }) else { return }
      var named = issue
      if named.test == nil { named.test = test }
      Issue.record(Comment(rawValue: named.description), sourceLocation: sourceLocation)
    }
  }
}
