import Foundation
import Testing

/// The in-car apps' tests, read as files: every car an app test makes runs on a test container
/// whose unset keys fail the test naming the key, so deleting an override in any app test makes
/// that test fail with the key's name instead of running on a live service (issue 33, "an
/// honest container"). `CarAppTester` passes the failing reporter itself; a
/// `SimulatedCar.test` or `CarClients.test` must be given it; nothing else that gives keys a
/// live or journey value (a live container, a journey car, a bare session) is made.
@Suite("App tests run on failing test values")
struct AppTestContainerRulesTests {
  static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .deletingLastPathComponent().deletingLastPathComponent()

  /// The test targets of the three in-car apps.
  static let appTestFolders = ["ChargingCarTests", "MapCarTests", "MediaCarTests"]

  /// Calls that make a test container: each must name the failing reporter.
  static let testContainers = ["SimulatedCar.test(", "CarClients.test("]
  /// The failing reporter, as a call's argument.
  static let failing = "reportIssue: .failingTest("

  /// What makes a session whose keys have live or journey values, or a session the test wires
  /// itself. Journeys (`JourneyRunner`) are not in the list: a journey sets no overrides.
  static let liveContainers = [
    "CarClients.live(", "CarClients.journey(", "CarClients(", "SimulatedCar.journey(",
    "SimulatedCar.live(", "SimulatedCar(", "CarSession(", "reportIssue: .ignored",
  ]

  /// The places allowed to break a rule, each with its reason: `file: pattern`.
  static let allowed: [String: String] = [
    // Two live containers compared: each makes its own engine (no app session runs).
    "MediaCarTests/DependencyTests.swift: CarClients.live(": "live containers compared",
    // The reports collected and read back: the test checks which keys were named.
    "MediaCarTests/DependencyTests.swift: CarClients.test(": "reports read from the log",
  ]

  struct Violation: CustomStringConvertible, Equatable {
    var file: String
    var line: Int
    var rule: String
    var description: String { "\(file):\(line): \(rule)" }
  }

  /// The violations in one file's text.
  static func violations(file: String, text: String) -> [Violation] {
    var found: [Violation] = []
    let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    for (index, line) in lines.enumerated() {
      let code = line.trimmingCharacters(in: .whitespaces)
      if code.hasPrefix("//") { continue }
      for pattern in liveContainers where line.contains(pattern) {
        if line.contains("Simulated" + pattern) { continue }  // `SimulatedCar(` is not `Car(`
        guard allowed["\(file): \(pattern)"] == nil else { continue }
        found.append(
          Violation(
            file: file, line: index + 1,
            rule: "\(pattern.trimmingCharacters(in: ["("]))) gives keys live or journey values; "
              + "use CarAppTester or SimulatedCar.test(…, \(failing)))"))
      }
      for pattern in testContainers where line.contains(pattern) {
        guard allowed["\(file): \(pattern)"] == nil else { continue }
        // The call's text: this line and the following ones up to the closing parenthesis.
        var depth = 0
        var call = ""
        scan: for next in lines[index...] {
          let start = next == line ? next.range(of: pattern).map { next[$0.lowerBound...] } : nil
          for character in start ?? Substring(next) {
            call.append(character)
            if character == "(" { depth += 1 }
            if character == ")" {
              depth -= 1
              if depth == 0 { break scan }
            }
          }
          call.append("\n")
        }
        if !call.contains(failing) {
          found.append(
            Violation(
              file: file, line: index + 1,
              rule: "\(pattern.trimmingCharacters(in: ["("])) without \(failing)): a key the "
                + "test did not set would not fail it"))
        }
      }
    }
    return found
  }

  /// Every app test file, as `folder/file` and text.
  static func files() throws -> [(String, String)] {
    var files: [(String, String)] = []
    for folder in appTestFolders {
      let url = root.appendingPathComponent("Tests").appendingPathComponent(folder)
      guard let walker = FileManager.default.enumerator(atPath: url.path) else {
        throw CocoaError(.fileReadNoSuchFile, userInfo: [NSFilePathErrorKey: url.path])
      }
      for file in walker.compactMap({ $0 as? String }).filter({ $0.hasSuffix(".swift") }).sorted() {
        let text = try String(contentsOf: url.appendingPathComponent(file), encoding: .utf8)
        files.append(("\(folder)/\(file)", text))
      }
    }
    return files
  }

  @Test("every car an app test makes fails on a key the test did not set")
  func everyAppTestRunsOnFailingValues() throws {
    let files = try Self.files()
    #expect(files.count >= 30, "the app test folders are read: \(files.map(\.0))")
    let found = files.flatMap { Self.violations(file: $0.0, text: $0.1) }
    #expect(found.isEmpty, "\(found.map(\.description).joined(separator: "\n"))")
  }

  @Test("the allowed exceptions still exist, so none outlives its reason")
  func exceptionsExist() throws {
    let files = Dictionary(try Self.files(), uniquingKeysWith: { first, _ in first })
    for place in Self.allowed.keys {
      let parts = place.components(separatedBy: ": ")
      #expect(files[parts[0]]?.contains(parts[1]) == true, "no \(parts[1]) in \(parts[0])")
    }
  }

  @Test("CarAppTester hands every session the failing reporter and takes no other")
  func testerIsAlwaysFailing() throws {
    let tester = try String(
      contentsOf: Self.root.appendingPathComponent("Sources/Kit/CarAppTesting/CarAppTester.swift"),
      encoding: .utf8)
    #expect(tester.contains("reportIssue: .failingTest(sourceLocation: sourceLocation)"))
    #expect(!tester.contains("reportIssue: DependencyIssueReporter"))
  }

  @Test("the rules catch a live container, a journey car and a car without the failing reporter")
  func rulesCatchViolations() {
    let text = """
      let a = CarClients.live()
      let b = SimulatedCar.journey(app: app)
      let c = SimulatedCar.test(
        app: app, reportIssue: .ignored)
      let d = SimulatedCar.test(app: app, reportIssue: .failingTest())
      let e = CarClients.test(
        clock: clock,
        reportIssue: .failingTest())
      // CarClients.live() in a comment is fine
      """
    let found = Self.violations(file: "X/Y.swift", text: text)
    #expect(found.map(\.line) == [1, 2, 3, 4], "\(found)")
  }
}
