import Foundation
import Testing

/// The layers of `Sources/`, read from the folders: `Sources/<layer>/<module>`. A module imports
/// only modules of its own layer or of a lower one (README.md, "Layers"; `Package.swift`,
/// "MARK: Layers"), so an import that goes up a layer, or across between the kit and the domain,
/// fails here with the file and line.
@Suite("Imports point down the layers")
struct LayerImportTests {
  static let sources = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Sources")

  /// Each layer's rank; a module may import a module whose layer's rank is lower, or the same
  /// layer. Kit and Domain share a rank but may not import each other.
  static let rank = ["Core": 0, "Kit": 1, "Domain": 1, "Apps": 2, "Edges": 3]

  struct Module: Hashable {
    var layer: String
    var name: String
  }

  static func modules() throws -> [String: Module] {
    var result: [String: Module] = [:]
    for layer in rank.keys {
      let folder = sources.appendingPathComponent(layer)
      for name in try FileManager.default.contentsOfDirectory(atPath: folder.path) {
        var isFolder: ObjCBool = false
        let path = folder.appendingPathComponent(name).path
        if FileManager.default.fileExists(atPath: path, isDirectory: &isFolder), isFolder.boolValue
        {
          result[name] = Module(layer: layer, name: name)
        }
      }
    }
    return result
  }

  /// Whether `importer` may import `imported`.
  static func allowed(_ importer: Module, _ imported: Module) -> Bool {
    if importer.layer == imported.layer { return true }
    guard let from = rank[importer.layer], let to = rank[imported.layer] else { return false }
    return to < from
  }

  /// `import X`, `@testable import X`, `@_exported import X`, `import struct X.Y`, with any
  /// access modifier in front.
  static func importedModule(_ line: Substring) -> String? {
    let words = line.split(whereSeparator: { $0 == " " || $0 == "\t" })
    guard let index = words.firstIndex(of: "import"), index + 1 < words.endIndex else { return nil }
    guard
      words[..<index].allSatisfy({
        $0.hasPrefix("@")
          || [
            "public", "internal", "package",
            "private", "fileprivate",
          ].contains($0)
      })
    else { return nil }
    var name = words[index + 1]
    if ["struct", "class", "enum", "protocol", "func", "var", "let", "typealias"].contains(name),
      index + 2 < words.endIndex
    {
      name = words[index + 2]
    }
    return name.split(separator: ".").first.map(String.init)
  }

  @Test("every layer folder holds modules, and the modules are where Package.swift says")
  func layersAreFolders() throws {
    let modules = try Self.modules()
    #expect(Set(modules.values.map(\.layer)) == Set(Self.rank.keys))
    #expect(modules["CarSession"]?.layer == "Kit")
    #expect(modules["Geo"]?.layer == "Core")
    #expect(modules["ChargingCar"]?.layer == "Apps")
    #expect(modules["Routing"]?.layer == "Domain")
    #expect(modules["PreviewServer"]?.layer == "Edges")
  }

  @Test("no source file imports a module of a higher layer, or across kit and domain")
  func noUpwardImports() throws {
    let modules = try Self.modules()
    var found: [String] = []
    var read = 0
    for module in modules.values {
      let folder = Self.sources.appendingPathComponent(module.layer)
        .appendingPathComponent(module.name)
      guard let walker = FileManager.default.enumerator(atPath: folder.path) else { continue }
      for case let file as String in walker where file.hasSuffix(".swift") {
        let text = try String(
          contentsOf: folder.appendingPathComponent(file), encoding: .utf8)
        read += 1
        for (number, line) in text.split(separator: "\n", omittingEmptySubsequences: false)
          .enumerated()
        {
          guard let name = Self.importedModule(line), let imported = modules[name],
            imported != module, !Self.allowed(module, imported)
          else { continue }
          found.append(
            "Sources/\(module.layer)/\(module.name)/\(file):\(number + 1): imports \(name) "
              + "(\(imported.layer)) from \(module.layer)")
        }
      }
    }
    #expect(read > 300, "the sources were read")
    #expect(found.isEmpty, "\(found.sorted().joined(separator: "\n"))")
  }

  @Test("the import parser reads the forms Swift allows")
  func parserReadsImportForms() {
    #expect(Self.importedModule("import Geo") == "Geo")
    #expect(Self.importedModule("@testable import CarSession") == "CarSession")
    #expect(Self.importedModule("public import struct Geo.Coordinate") == "Geo")
    #expect(Self.importedModule("  @_exported import CarTemplates") == "CarTemplates")
    #expect(Self.importedModule("// import Routing") == nil)
    #expect(Self.importedModule("let important = 1") == nil)
  }

  @Test("a planted upward import is caught")
  func plantedUpwardImportIsCaught() {
    let kit = Module(layer: "Kit", name: "CarSession")
    let apps = Module(layer: "Apps", name: "ChargingCar")
    let domain = Module(layer: "Domain", name: "Routing")
    #expect(!Self.allowed(kit, apps))
    #expect(!Self.allowed(kit, domain))
    #expect(!Self.allowed(domain, kit))
    #expect(Self.allowed(apps, kit))
  }
}
