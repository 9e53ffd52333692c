import CarAppXCTesting
import CarSession
import CarSimulator
import CarTemplates
import XCTest

/// A service no test set: what the probe's connection reads.
enum ProbeServiceKey: CarDependencyKey {
  static var liveValue: String { "live" }
}

/// An app whose connection reads ``ProbeServiceKey`` in an effect.
struct ServiceProbe: CarApp {
  struct State: Equatable, Sendable { var service: String? }
  enum Action: Equatable, Sendable {
    case connected
    case read(String)
  }
  static let entitlements = CarEntitlements.single(.evCharging)
  static let name = "Probe"

  func reduce(_ state: inout State, _ action: Action) -> [Effect<Action>] {
    switch action {
    case .connected: return [.run { clients in .read(clients[ProbeServiceKey.self]) }]
    case .read(let value):
      state.service = value
      return []
    }
  }

  func screen(_ state: State, _ configuration: SessionConfiguration) -> CarScreen {
    CarScreen(root: .list("probe", ListTemplateSpec(title: state.service ?? "none", sections: [])))
  }

  func action(for event: HostEvent, in state: State) -> Action? {
    if case .connected = event { return .connected }
    return nil
  }
}

/// The failing reporter fails XCTest tests too: a key touched without an override is a test
/// failure naming the key and the test, at the line that made the car.
final class XCTestDependencyTests: XCTestCase {
  private var failures: [(description: String, path: String, line: Int)] = []

  override func recordFailure(
    withDescription description: String, inFile filePath: String, atLine lineNumber: Int,
    expected: Bool
  ) {
    guard description.contains("has no test value") else {
      super.recordFailure(
        withDescription: description, inFile: filePath, atLine: lineNumber, expected: expected)
      return
    }
    failures.append((description, filePath, lineNumber))
  }

  @MainActor
  func testAKeyTouchedWithoutAnOverrideFailsNamingTheKeyAndTheTest() async {
    let app = AnyCarApp("probe", summary: "test", app: ServiceProbe(), state: .init())
    let line = #line + 1
    let car = SimulatedCar.test(app: app, reportIssue: failingDependencies())
    car.connect(SessionConfiguration())
    await car.settle()
    car.disconnect()
    await car.settle()
    XCTAssertEqual(failures.count, 1)
    XCTAssertTrue(failures.first?.description.contains("ProbeServiceKey") ?? false)
    XCTAssertTrue(failures.first?.description.contains(name) ?? false, "\(failures)")
    XCTAssertEqual(failures.first?.path, #filePath)
    XCTAssertEqual(failures.first?.line, line)
  }

  @MainActor
  func testAnOverriddenKeyRecordsNothing() async {
    let app = AnyCarApp("probe", summary: "test", app: ServiceProbe(), state: .init())
    var overrides = CarDependencyOverrides()
    overrides[ProbeServiceKey.self] = "test"
    let car = SimulatedCar.test(
      app: app, dependencies: overrides, reportIssue: failingDependencies())
    car.connect(SessionConfiguration())
    await car.settle()
    car.disconnect()
    await car.settle()
    XCTAssertTrue(failures.isEmpty, "\(failures)")
  }
}
