import Foundation
import Geo
import Testing
import WaysideData

@testable import CarRender

@Suite("Map image: the basemap and city map as the cache holds them")
struct MapImageTests {
  /// The maps parsed from the bundled GeoJSON, once for the suite.
  static let parsed: Result<(basemap: Basemap, city: CityMap), any Error> = Result {
    (try Basemap.load(), try CityMap.load())
  }

  static func folder() throws -> URL {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent(
      "wayside-map-image-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    return url
  }

  @Test("the image reads back every layer, path, property and place the GeoJSON parse gives")
  func equalsParse() throws {
    let maps = try Self.parsed.get()
    let bytes = MapImage.encode(maps.basemap, maps.city, key: "test")
    let back = try #require(try MapImage.decode(Data(bytes), key: "test", path: "memory"))
    #expect(
      back.basemap.layers.keys.sorted { $0.rawValue < $1.rawValue }
        == maps.basemap.layers.keys.sorted { $0.rawValue < $1.rawValue })
    for layer in Basemap.Layer.allCases {
      #expect(back.basemap.layers[layer] == maps.basemap.layers[layer], "\(layer)")
    }
    #expect(back.basemap.places == maps.basemap.places)
    for kind in CityMap.Kind.allCases {
      #expect(back.city.features[kind] == maps.city.features[kind], "\(kind)")
    }
    #expect(back.city.places == maps.city.places)
    #expect(back.city.bounds == maps.city.bounds)
    #expect(back.basemap == maps.basemap && back.city == maps.city)
    #expect((maps.basemap.layers[.motorways]?.count ?? 0) > 1000, "real data, not an empty map")
    #expect((maps.city.features[.minor]?.count ?? 0) > 1000)
  }

  @Test("maps read from the image draw the same SVG as maps parsed from the GeoJSON")
  func sameDrawing() throws {
    let maps = try Self.parsed.get()
    let back = try #require(
      try MapImage.decode(
        Data(MapImage.encode(maps.basemap, maps.city, key: "k")), key: "k", path: "memory"))
    let kassel = Coordinate(latitude: 51.3127, longitude: 9.4797)
    for zoom in [6.0, 10, 13, 15.5] {
      let viewport = MapViewport(center: kassel, zoom: zoom, width: 800, height: 480)
      let pins = [MapPin(id: "p", coordinate: kassel, label: "1")]
      #expect(
        MapSVGRenderer(basemap: back.basemap, city: back.city).render(viewport, pins: pins)
          == MapSVGRenderer(basemap: maps.basemap, city: maps.city).render(viewport, pins: pins),
        "zoom \(zoom)")
    }
  }

  @Test("an image written under another key reads as none, without a warning")
  func otherKey() throws {
    let maps = try Self.parsed.get()
    let bytes = Data(MapImage.encode(maps.basemap, maps.city, key: "old build"))
    #expect(try MapImage.decode(bytes, key: "this build", path: "memory") == nil)
  }

  @Test(
    "a damaged, truncated or foreign image is reported naming the file and rebuilt, never a crash",
    arguments: ["flipped byte", "truncated", "foreign", "empty"])
  func damagedImageRebuilt(damage: String) throws {
    let maps = try Self.parsed.get()
    let folder = try Self.folder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let url = folder.appendingPathComponent("maps.image")
    try MapImage.write(maps.basemap, maps.city, key: "k", to: url)
    var bytes = try Data(contentsOf: url)
    switch damage {
    case "flipped byte": bytes[bytes.count / 2] ^= 0x40
    case "truncated": bytes = bytes.prefix(bytes.count * 2 / 3)
    case "foreign": bytes = Data("{\"type\": \"FeatureCollection\"}".utf8)
    default: bytes = Data()
    }
    try bytes.write(to: url)
    #expect(throws: CacheImageError.self) { try MapImage.read(url, key: "k") }
    var warnings: [String] = []
    var builds = 0
    let loaded = MapImage.maps(at: url, key: "k", warn: { warnings.append($0) }) {
      builds += 1
      return maps
    }
    #expect(builds == 1)
    #expect(warnings.count == 1)
    #expect(warnings.first?.contains("map image \(url.path) is unusable") == true, "\(warnings)")
    #expect(loaded.basemap == maps.basemap)
    // Rebuilt: the next read uses the new image.
    let again = MapImage.maps(at: url, key: "k", warn: { warnings.append($0) }) {
      builds += 1
      return maps
    }
    #expect(builds == 1 && warnings.count == 1)
    #expect(again.city == maps.city)
  }

  @Test("every cut of an image's header and first tables is refused with a reason")
  func everyCut() throws {
    let maps = try Self.parsed.get()
    let small = Basemap(
      layers: [.motorways: Array((maps.basemap.layers[.motorways] ?? []).prefix(3))],
      places: Array(maps.basemap.places.prefix(2)))
    let city = CityMap(
      features: [.minor: Array((maps.city.features[.minor] ?? []).prefix(2))],
      places: Array(maps.city.places.prefix(2)), bounds: maps.city.bounds)
    let bytes = MapImage.encode(small, city, key: "k")
    let whole = try #require(try MapImage.decode(Data(bytes), key: "k", path: "m"))
    #expect(whole.basemap.layers[.motorways] == small.layers[.motorways])
    for cut in 0..<bytes.count {
      #expect(throws: CacheImageError.self, "cut at \(cut)") {
        try MapImage.decode(Data(bytes.prefix(cut)), key: "k", path: "m", verifyChecksum: false)
      }
    }
  }

  @Test("any word of an image set to a large value is refused or still reads, never a crash")
  func everyWordOverwritten() throws {
    let maps = try Self.parsed.get()
    let small = Basemap(
      layers: [.rivers: Array((maps.basemap.layers[.rivers] ?? []).prefix(2))],
      places: Array(maps.basemap.places.prefix(2)))
    let city = CityMap(
      features: [.minor: Array((maps.city.features[.minor] ?? []).prefix(2))],
      places: Array(maps.city.places.prefix(1)), bounds: maps.city.bounds)
    let bytes = MapImage.encode(small, city, key: "k")
    var refused = 0
    for word in stride(from: 24, to: bytes.count - 4, by: 4) {
      var damaged = bytes
      damaged.replaceSubrange(word..<word + 4, with: [0xFF, 0xFF, 0x00, 0x00])
      if (try? MapImage.decode(Data(damaged), key: "k", path: "m", verifyChecksum: false)) == nil {
        refused += 1
      }
    }
    // The counts, offsets, string numbers and flags are refused; point values may take any value.
    #expect(refused > 40)
  }
}
