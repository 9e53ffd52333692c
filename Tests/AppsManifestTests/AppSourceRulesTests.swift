import Foundation
import Testing

/// The in-car apps' sources, read as files: taps reach the apps only as typed routes, so no app
/// module takes an element id apart or decides by a button's title (issue 22, "typed routes").
@Suite("App sources take taps as typed routes")
struct AppSourceRulesTests {
  static let sources = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Sources")
    .appendingPathComponent("Apps")

  /// The modules of the three in-car apps.
  static let appModules = ["ChargingCar", "MapCar", "MediaCar"]

  /// Host events that name a tapped element: the session decodes them into the app's route,
  /// so an app that matches them is reading strings again.
  static let tapEvents = [
    ".listItemSelected", ".buttonPressed", ".pointSelected", ".modalActionChosen",
    ".tripStarted", ".imageRowImageSelected",
  ]

  /// What taking a string apart looks like; the files allowed it take apart the driver's
  /// search text and road numbers, not ids.
  static let parsing = ["hasPrefix(", "dropFirst(", "split(separator:", "split(whereSeparator:"]
  static let parsingAllowed: Set<String> = [
    "MapCar/Destinations.swift", "MapCar/Maneuvers.swift", "ChargingCar/DestinationSearch.swift",
  ]

  /// A decision by what a button says instead of what it is.
  static let titleReads = ["case \"Pause\"", "case \"Resume\"", "case \"Play\"", "Title(for:"]
  static let titleReadsAllowed: Set<String> = ["MediaCar/MediaScreenBuilder.swift"]

  /// Reading the data-source switch: the kit installs empty or failing clients instead
  /// (`CarClients.installed`). The media player's context still hands the switch to the
  /// playback engine as its simulated network.
  static let switchReads = ["dataSource.mode"]
  static let switchReadsAllowed: Set<String> = ["MediaCar/MediaPlayer.swift"]

  struct Line: CustomStringConvertible {
    var file: String
    var number: Int
    var text: String
    var description: String { "\(file):\(number): \(text)" }
  }

  static func lines() throws -> [Line] {
    var lines: [Line] = []
    for module in appModules {
      let folder = sources.appendingPathComponent(module)
      // Every file of the module, subfolders included (`ChargingCar/Features/…`).
      guard let walker = FileManager.default.enumerator(atPath: folder.path) else {
        throw CocoaError(.fileReadNoSuchFile, userInfo: [NSFilePathErrorKey: folder.path])
      }
      let files = walker.compactMap { $0 as? String }.filter { $0.hasSuffix(".swift") }.sorted()
      for file in files {
        let text = try String(contentsOf: folder.appendingPathComponent(file), encoding: .utf8)
        for (index, line) in text.split(separator: "\n", omittingEmptySubsequences: false)
          .enumerated()
        where !line.trimmingCharacters(in: .whitespaces).hasPrefix("//") {
          lines.append(Line(file: "\(module)/\(file)", number: index + 1, text: String(line)))
        }
      }
    }
    return lines
  }

  /// The lines outside `allowed` files that contain one of `patterns`, as a failure message.
  static func violations(of patterns: [String], except allowed: Set<String> = []) throws
    -> [String]
  {
    try lines().filter { line in
      !allowed.contains(line.file) && patterns.contains { line.text.contains($0) }
    }.map(\.description)
  }

  @Test("the app modules are found and read")
  func sourcesAreRead() throws {
    let files = Set(try Self.lines().map(\.file))
    #expect(files.contains("ChargingCar/ChargeRoute.swift"))
    #expect(files.contains("MapCar/MapRoute.swift"))
    #expect(files.contains("MediaCar/MediaRoute.swift"))
    #expect(files.contains { $0.hasPrefix("ChargingCar/Features/") }, "subfolders are read too")
  }

  @Test("no app module matches a tap event: taps arrive decoded, as the app's route")
  func noTapEvents() throws {
    let found = try Self.violations(of: Self.tapEvents)
    #expect(found.isEmpty, "\(found.joined(separator: "\n"))")
  }

  @Test("no app module takes a string apart outside its search and road-number code")
  func noParsing() throws {
    let found = try Self.violations(of: Self.parsing, except: Self.parsingAllowed)
    #expect(found.isEmpty, "\(found.joined(separator: "\n"))")
  }

  @Test("no app module takes an id apart, its search code included")
  func noIDParsing() throws {
    // `something.id.hasPrefix(…)`, `rowID.dropFirst(…)`: what a thing is comes from its type,
    // never from the spelling of its id (MapCar told streets from towns by `street-`).
    let idParse = #/(id|ID)\)?\.(hasPrefix|hasSuffix|dropFirst|dropLast|split|starts\(with)/#
    let found = try Self.lines().filter { $0.text.contains(idParse) }.map(\.description)
    #expect(found.isEmpty, "\(found.joined(separator: "\n"))")
  }

  @Test("no app module decides by a button's title")
  func noTitleReads() throws {
    let found = try Self.violations(of: Self.titleReads, except: Self.titleReadsAllowed)
    #expect(found.isEmpty, "\(found.joined(separator: "\n"))")
  }

  @Test("no app module branches on the data-source switch")
  func noSwitchReads() throws {
    let found = try Self.violations(of: Self.switchReads, except: Self.switchReadsAllowed)
    #expect(found.isEmpty, "\(found.joined(separator: "\n"))")
  }

  /// A key's live value kept in a `static let` is one object for the whole process: every car
  /// and every session would share it (a player, a driver's setup, the map's shared state) and
  /// see each other's state. Live values are `static var`s making a fresh value, which each
  /// container makes once for its own session (issue 33, "an honest container").
  @Test("no app module keeps a dependency's live value process-wide")
  func noProcessWideLiveValues() throws {
    let found = try Self.lines().filter {
      $0.text.contains("static let liveValue") || $0.text.contains("static let journeyValue")
    }.map(\.description)
    #expect(found.isEmpty, "\(found.joined(separator: "\n"))")
  }
}
