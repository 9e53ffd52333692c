import CarSession
import Synchronization
import XCTest

extension XCTestCase {
  /// A reporter that records an XCTest failure for every dependency key a test container hands
  /// out without an override, once per key, naming the key and this test — the XCTest twin of
  /// CarAppTesting's `DependencyIssueReporter.failingTest`:
  ///
  /// ```swift
  /// func testTheListLoads() async {
  ///   let car = SimulatedCar.test(app: Chargers.descriptor, reportIssue: failingDependencies())
  ///   car.connect(SessionConfiguration())
  ///   await car.settle()
  ///   // ChargersClientKey has no test value in test '-[ChargersXCTests testTheListLoads]': …
  /// }
  /// ```
  ///
  /// The failure points at `file` and `line`: the line that made the car.
  public func failingDependencies(
    file: StaticString = #filePath, line: UInt = #line
  ) -> DependencyIssueReporter {
    let test = name
    let reported = Mutex<Set<String>>([])
    return DependencyIssueReporter { issue in
      guard reported.withLock({ $0.insert(issue.key).inserted }) else { return }
      var named = issue
      if named.test == nil { named.test = test }
      XCTFail(named.description, file: file, line: line)
    }
  }
}
