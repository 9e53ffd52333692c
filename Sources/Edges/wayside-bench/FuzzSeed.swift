import CarRender
import Charging
import Foundation
import Geo
import StationIndex

/// `wayside-bench index-image-seed FILE`: writes the index image of 100 synthetic stations (some
/// without coordinates, with hours and several connector kinds) as a seed for the `index-image`
/// fuzz target (Guides/Fuzzing.md).
enum FuzzSeed {
  static func write(_ arguments: [String]) -> Int32 {
    guard let path = arguments.first else {
      FileHandle.standardError.write(Data("usage: wayside-bench index-image-seed FILE\n".utf8))
      return 2
    }
    var generator = SplitMix64(seed: 15)
    let source = DataSource(name: "seed", date: "2026-01-01", licence: "", attribution: "")
    let stations = (0..<100).map { i in
      let standard: ConnectorStandard = [.type2, .type2Combo, .chademo, .unknown("X")][i % 4]
      return Station(
        id: Station.ID("s\(i)"), operatorName: "op\(i % 3)", address: Address(),
        coordinate: i % 37 == 5
          ? Coordinate(latitude: .nan, longitude: 9)
          : Coordinate(
            latitude: generator.uniform(50, 52), longitude: generator.uniform(8, 10)),
        evses: [
          EVSE(
            uid: "1", status: .unknown,
            connectors: [
              Connector(
                id: "1", standard: standard, powerType: i % 2 == 0 ? .dc : .ac3Phase,
                maxElectricPower: Power(kilowatts: Double(11 + i)))
            ])
        ],
        openingHours: i % 9 == 0
          ? OpeningHours(
            twentyFourSeven: false,
            regular: [OpeningHours.RegularPeriod(weekday: 1, beginMinute: 480, endMinute: 1200)])
          : nil, source: source)
    }
    do {
      try Data(StationIndex(stations).image()).write(to: URL(fileURLWithPath: path))
      return 0
    } catch {
      FileHandle.standardError.write(Data("index-image-seed: \(error)\n".utf8))
      return 1
    }
  }
}

/// `wayside-bench map-image-seed FILE`: writes a map image of a few real paths and places of the
/// bundled basemap and city map under the key `fuzz`, as a seed for the `map-image` fuzz target
/// (Guides/Fuzzing.md).
enum MapImageSeed {
  static func write(_ arguments: [String]) -> Int32 {
    guard let path = arguments.first else {
      FileHandle.standardError.write(Data("usage: wayside-bench map-image-seed FILE\n".utf8))
      return 2
    }
    do {
      let basemap = try Basemap.bundled()
      let city = try CityMap.bundled()
      var layers: [Basemap.Layer: [Basemap.Path]] = [:]
      for layer in Basemap.Layer.allCases {
        layers[layer] = Array((basemap.layers[layer] ?? []).prefix(layer == .states ? 1 : 2))
      }
      var features: [CityMap.Kind: [CityMap.Feature]] = [:]
      for kind in [CityMap.Kind.minor, .waterArea, .railway] {
        features[kind] = Array((city.features[kind] ?? []).prefix(2))
      }
      let bytes = MapImage.encode(
        Basemap(layers: layers, places: Array(basemap.places.prefix(3))),
        CityMap(features: features, places: Array(city.places.prefix(2)), bounds: city.bounds),
        key: "fuzz")
      try Data(bytes).write(to: URL(fileURLWithPath: path))
      return 0
    } catch {
      FileHandle.standardError.write(Data("map-image-seed: \(error)\n".utf8))
      return 1
    }
  }
}
