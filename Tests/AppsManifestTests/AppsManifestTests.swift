import CarSession
import CarTemplates
import Foundation
import Testing
import WaysideApps

/// The iOS apps' manifests (Apps/), read as files: Info.plists, entitlements, project.yml and
/// the App Shortcut phrases must agree with the kit. The Swift sources themselves are
/// type-checked by Apps/LinuxCheck/typecheck.sh (run by .ci/run).
@Suite("Apps manifests")
struct AppsManifestTests {
  /// One app target: its folder, registry id, categories and CarPlay scene delegate.
  struct App: CustomTestStringConvertible, Sendable {
    var folder: String
    var registryID: String
    var categories: Set<CarCategory>
    var delegate: String
    var testDescription: String { folder }
  }

  static let apps = [
    App(
      folder: "Charging", registryID: "charging", categories: [.evCharging],
      delegate: "ChargingCarPlaySceneDelegate"),
    App(
      folder: "Media", registryID: "media", categories: [.audio, .video],
      delegate: "MediaCarPlaySceneDelegate"),
    App(
      folder: "Map", registryID: "map", categories: [.navigation],
      delegate: "MapCarPlaySceneDelegate"),
  ]

  /// The category combinations Apple documents: one category, EV charging + fueling, audio +
  /// video (carplay-facts.md §5 "Combinations").
  static let allowedPairs: [Set<CarCategory>] = [[.evCharging, .fueling], [.audio, .video]]

  static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .deletingLastPathComponent().deletingLastPathComponent()
  static let appsFolder = root.appendingPathComponent("Apps")

  static func plist(_ path: String) throws -> [String: Any] {
    let url = appsFolder.appendingPathComponent(path)
    let data = try Data(contentsOf: url)
    let value = try PropertyListSerialization.propertyList(from: data, format: nil)
    guard let dictionary = value as? [String: Any] else {
      throw ManifestError("\(path): expected a dictionary at the top level")
    }
    return dictionary
  }

  static func sources(_ folder: String) throws -> String {
    var text = ""
    for directory in ["Shared", folder] {
      let base = appsFolder.appendingPathComponent(directory)
      let files = FileManager.default.enumerator(atPath: base.path)?.compactMap { $0 as? String }
      for file in files ?? [] where file.hasSuffix(".swift") {
        text += try String(contentsOf: base.appendingPathComponent(file), encoding: .utf8)
      }
    }
    return text
  }

  struct ManifestError: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
  }

  /// The scene configuration for `role`, or an error naming what is missing.
  static func scene(_ info: [String: Any], role: String, in path: String) throws -> [String: Any] {
    let manifest = info["UIApplicationSceneManifest"] as? [String: Any]
    let configurations = manifest?["UISceneConfigurations"] as? [String: Any]
    guard let entries = configurations?[role] as? [[String: Any]], entries.count == 1,
      let entry = entries.first
    else { throw ManifestError("\(path): expected exactly one scene configuration for \(role)") }
    return entry
  }

  @Test(
    "Every Info.plist declares the CarPlay template scene and the phone window scene exactly, with delegates that exist in the app's sources",
    arguments: apps)
  func sceneManifest(app: App) throws {
    let path = "\(app.folder)/Info.plist"
    let info = try Self.plist(path)
    let car = try Self.scene(
      info, role: "CPTemplateApplicationSceneSessionRoleApplication", in: path)
    #expect(car["UISceneClassName"] as? String == "CPTemplateApplicationScene")
    #expect(car["UISceneDelegateClassName"] as? String == "$(PRODUCT_MODULE_NAME).\(app.delegate)")
    let phone = try Self.scene(info, role: "UIWindowSceneSessionRoleApplication", in: path)
    #expect(phone["UISceneClassName"] as? String == "UIWindowScene")
    let sources = try Self.sources(app.folder)
    for entry in [car, phone] {
      let name = (entry["UISceneDelegateClassName"] as? String ?? "")
        .replacingOccurrences(of: "$(PRODUCT_MODULE_NAME).", with: "")
      #expect(!name.isEmpty && sources.contains("class \(name):"), "\(path): no class \(name)")
    }
  }

  @Test(
    "Every entitlements file holds exactly the CarPlay keys of the app's categories, and only documented pairs are combined",
    arguments: apps)
  func entitlements(app: App) throws {
    let entitlements = try Self.plist("\(app.folder)/\(app.folder).entitlements")
    let expected = Set(app.categories.map(\.entitlementKey))
    #expect(Set(entitlements.keys) == expected)
    #expect(entitlements.values.allSatisfy { ($0 as? Bool) == true })
    #expect(app.categories.count == 1 || Self.allowedPairs.contains(app.categories))
    if let descriptor = WaysideApps.named(app.registryID) {
      #expect(descriptor.entitlements.categories == app.categories)
    }
  }

  @Test("The registered navigation app's session declares the map entitlement its target carries")
  func registeredMapApp() throws {
    let descriptor = try #require(WaysideApps.named("map"))
    let entitlements = try Self.plist("Map/Map.entitlements")
    #expect(Set(entitlements.keys) == Set(descriptor.entitlements.categories.map(\.entitlementKey)))
  }

  @Test(
    "Every app's asset catalog holds a single-size 1024 x 1024 opaque PNG app icon that project.yml names",
    arguments: apps)
  func appIcon(app: App) throws {
    let folder = "\(app.folder)/Assets.xcassets/AppIcon.appiconset"
    let contents = try Data(
      contentsOf: Self.appsFolder.appendingPathComponent("\(folder)/Contents.json"))
    let json = try JSONSerialization.jsonObject(with: contents) as? [String: Any]
    let images = try #require(json?["images"] as? [[String: Any]], "\(folder): no images")
    #expect(images.count == 1, "\(folder): one universal 1024 pt image (single-size icon)")
    let image = try #require(images.first)
    #expect(image["size"] as? String == "1024x1024")
    #expect(image["idiom"] as? String == "universal")
    let name = try #require(image["filename"] as? String, "\(folder): the image names no file")
    let png = try Data(contentsOf: Self.appsFolder.appendingPathComponent("\(folder)/\(name)"))
    let bytes = [UInt8](png.prefix(26))
    try #require(bytes.count == 26, "\(folder)/\(name): shorter than a PNG header")
    #expect(bytes.prefix(8) == [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A], "not a PNG")
    func word(_ at: Int) -> Int { bytes[at..<at + 4].reduce(0) { $0 << 8 | Int($1) } }
    #expect(word(16) == 1024 && word(20) == 1024, "\(name): \(word(16)) x \(word(20)), not 1024")
    // Colour type 2 (RGB) or 0 (grey): no alpha channel, as the App Store requires of the
    // 1024 pt icon.
    #expect([0, 2].contains(bytes[25]), "\(name): colour type \(bytes[25]) carries alpha")
    let project = try String(
      contentsOf: Self.appsFolder.appendingPathComponent("project.yml"), encoding: .utf8)
    // The target's block: from its header to the next line indented by exactly two spaces.
    let lines = project.split(separator: "\n", omittingEmptySubsequences: false)
    let start = lines.firstIndex(of: "  \(app.folder):").map { $0 + 1 } ?? lines.endIndex
    let block = lines[start...].prefix { $0.hasPrefix("   ") || $0.isEmpty }
    #expect(
      block.contains {
        $0.trimmingCharacters(in: .whitespaces) == "ASSETCATALOG_COMPILER_APPICON_NAME: AppIcon"
      },
      "project.yml: target \(app.folder) does not name the AppIcon set")
  }

  @Test("project.yml names only files that exist and products the package declares")
  func project() throws {
    let text = try String(
      contentsOf: Self.appsFolder.appendingPathComponent("project.yml"), encoding: .utf8)
    let package = try String(
      contentsOf: Self.root.appendingPathComponent("Package.swift"), encoding: .utf8)
    var paths = 0
    var products = 0
    for line in text.split(separator: "\n") {
      let trimmed = line.trimmingCharacters(in: .whitespaces)
      for key in ["- path:", "INFOPLIST_FILE:", "CODE_SIGN_ENTITLEMENTS:"]
      where trimmed.hasPrefix(key) {
        let value = trimmed.dropFirst(key.count).trimmingCharacters(in: .whitespaces)
        let url = Self.appsFolder.appendingPathComponent(value)
        #expect(
          FileManager.default.fileExists(atPath: url.path), "project.yml: \(value) is missing")
        paths += 1
      }
      if trimmed.hasPrefix("product:") {
        let name = trimmed.dropFirst("product:".count).trimmingCharacters(in: .whitespaces)
        #expect(package.contains(".library(name: \"\(name)\""), "project.yml: no product \(name)")
        products += 1
      }
    }
    #expect(paths >= 12)
    #expect(products >= 3)
  }

  @Test("App Shortcut phrases name the app through the token, stay within 10, and match the kit's")
  func shortcuts() throws {
    let text = try String(
      contentsOf: Self.appsFolder.appendingPathComponent("Charging/FastChargingIntent.swift"),
      encoding: .utf8)
    let phrases = text.split(separator: "\n").compactMap { line -> String? in
      let trimmed = line.trimmingCharacters(in: .whitespaces)
      guard trimmed.hasPrefix("\""), trimmed.contains("applicationName") else { return nil }
      return String(trimmed.drop { $0 == "\"" }.prefix { $0 != "\"" })
    }
    #expect(!phrases.isEmpty && phrases.count <= 10)
    // `\(.applicationName)` is the kit's `${applicationName}`, a parameter `\(\.$town)` its
    // `${town}`.
    let kit = phrases.map { phrase in
      var kit = phrase.replacingOccurrences(of: "\\(.applicationName)", with: "${applicationName}")
      while let start = kit.range(of: "\\(\\.$"),
        let end = kit[start.upperBound...].firstIndex(of: ")")
      {
        kit.replaceSubrange(start.lowerBound...end, with: "${\(kit[start.upperBound..<end])}")
      }
      return kit
    }
    #expect(kit.allSatisfy { $0.contains("${applicationName}") })
    if let descriptor = WaysideApps.named("charging") {
      #expect(Set(kit) == Set(descriptor.shortcuts.map(\.phrase)))
    }
  }

  @Test("The bridge maps every spec kind in switches without a default case")
  func bridgeSwitch() throws {
    let text = try String(
      contentsOf: Self.appsFolder.deletingLastPathComponent().appendingPathComponent(
        "Sources/Kit/CarPlayBridge/CarPlayBridge+Templates.swift"),
      encoding: .utf8)
    let defaults = text.split(separator: "\n").filter {
      $0.trimmingCharacters(in: .whitespaces).hasPrefix("default:")
    }
    #expect(defaults.isEmpty)
    for kind in TemplateKind.allCases {
      #expect(text.contains("case .\(kind.rawValue)"), "no case for \(kind)")
    }
  }

  @Test("The media app never starts Core Location and asks for no location; the map app keeps updating in the background")
  func locationUse() throws {
    let media = try Self.plist("Media/Info.plist")
    #expect(
      media.keys.filter { $0.hasPrefix("NSLocation") }.isEmpty,
      "Media/Info.plist: the media app needs no location purpose string")
    let mediaSources = try Self.sources("Media")
    #expect(
      mediaSources.contains("CarPlaySceneController(location: nil)"),
      "the media app's car scene must not start location updates")
    #expect(!mediaSources.contains("LocationService()"), "the media app makes no LocationService")

    let map = try Self.plist("Map/Info.plist")
    let modes = map["UIBackgroundModes"] as? [String] ?? []
    #expect(modes.contains("location"), "Map/Info.plist: UIBackgroundModes needs `location`")
    #expect(map["NSLocationWhenInUseUsageDescription"] != nil)
    let mapSources = try Self.sources("Map")
    #expect(mapSources.contains("LocationService(continuesInBackground: true)"))
    #expect(mapSources.contains("allowsBackgroundLocationUpdates = true"))
    // Background updates without the mode raise an exception in Core Location: only the map app.
    for app in ["Charging", "Media"] {
      let info = try Self.plist("\(app)/Info.plist")
      let modes = info["UIBackgroundModes"] as? [String] ?? []
      #expect(!modes.contains("location"), "\(app) has no reason for background location")
      #expect(!(try Self.sources(app)).contains("continuesInBackground: true"))
    }
  }

  @Test("One iOS deployment floor: Package.swift, project.yml and Apps/README.md state the same number")
  func deploymentFloor() throws {
    let package = try String(
      contentsOf: Self.root.appendingPathComponent("Package.swift"), encoding: .utf8)
    let project = try String(
      contentsOf: Self.appsFolder.appendingPathComponent("project.yml"), encoding: .utf8)
    let readme = try String(
      contentsOf: Self.appsFolder.appendingPathComponent("README.md"), encoding: .utf8)
    func first(_ pattern: String, in text: String) -> String? {
      guard let range = text.range(of: pattern, options: .regularExpression) else { return nil }
      return String(text[range]).filter { $0.isNumber || $0 == "." }
        .trimmingCharacters(in: CharacterSet(charactersIn: "."))
    }
    let packageFloor = try #require(
      first(#"\.iOS\("[0-9.]+"\)"#, in: package), "Package.swift: no .iOS(\"x.y\") platform")
    let projectFloor = try #require(first(#"iOS: "[0-9.]+""#, in: project))
    let readmeFloor = try #require(first(#"Deployment target iOS [0-9.]+"#, in: readme))
    #expect(packageFloor == projectFloor, "Package.swift \(packageFloor), project.yml \(projectFloor)")
    #expect(readmeFloor == projectFloor, "Apps/README.md \(readmeFloor), project.yml \(projectFloor)")
  }
}
