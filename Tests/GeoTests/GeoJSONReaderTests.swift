import Foundation
import Geo
import Testing
import WaysideData

@Suite("GeoJSON read by the scanner equals the same file read by Foundation")
struct GeoJSONReaderTests {
  /// Every number under `coordinates`, in document order, read with `JSONSerialization`.
  func referenceCoordinates(_ data: Data) throws -> (numbers: [Double], features: Int) {
    let root = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
    let features = try #require(root["features"] as? [[String: Any]])
    var numbers: [Double] = []
    func walk(_ any: Any) {
      if let list = any as? [Any] {
        list.forEach(walk)
      } else if let number = any as? NSNumber {
        numbers.append(number.doubleValue)
      }
    }
    for feature in features {
      if let geometry = feature["geometry"] as? [String: Any], let c = geometry["coordinates"] {
        walk(c)
      }
    }
    return (numbers, features.count)
  }

  @Test(
    "Each bundled basemap file gives the same features and bit-identical coordinates",
    arguments: [
      BundledData.File.states, .motorways, .federalRoads, .places, .rivers, .lakes,
      .neighbourCountries, .outline,
    ])
  func sameAsFoundation(_ file: BundledData.File) throws {
    let data = try BundledData.data(file)
    let features = try GeoJSONReader.features(from: data, source: file.rawValue)
    let reference = try referenceCoordinates(data)
    #expect(features.count == reference.features)
    var numbers: [Double] = []
    numbers.reserveCapacity(reference.numbers.count)
    for feature in features {
      for path in feature.geometry.paths {
        for c in path {
          numbers.append(c.longitude)
          numbers.append(c.latitude)
        }
      }
    }
    #expect(numbers.count == reference.numbers.count)
    let mismatch = zip(numbers, reference.numbers).enumerated().first {
      $0.element.0.bitPattern != $0.element.1.bitPattern
    }?.offset
    #expect(mismatch == nil, "first differing number at \(mismatch ?? -1)")
  }

  @Test("Members may come in any order: a geometry's type after its coordinates")
  func memberOrder() throws {
    let text = """
      {"features": [{"properties": {"name": "A", "n": 3, "ok": true, "x": null, "deep": {"a": 1}},
        "geometry": {"coordinates": [[9.5, 51.3], [9.6, 51.4]], "type": "LineString"},
        "type": "Feature"}], "type": "FeatureCollection"}
      """
    let features = try GeoJSONReader.features(from: Data(text.utf8), source: "order.geojson")
    #expect(features.count == 1)
    #expect(
      features.first?.geometry
        == .lineString([
          Coordinate(latitude: 51.3, longitude: 9.5), Coordinate(latitude: 51.4, longitude: 9.6),
        ]))
    #expect(
      features.first?.properties
        == ["name": .string("A"), "n": .number(3), "ok": .number(1), "x": .null])
  }

  @Test("A position out of range is refused naming its place in the document")
  func positionOutOfRange() {
    let text = #"{"type": "MultiLineString", "coordinates": [[[1, 2]], [[3, 4], [5, 95]]]}"#
    do {
      _ = try GeoJSONReader.features(from: Data(text.utf8), source: "bad.geojson")
      Issue.record("accepted a latitude of 95")
    } catch {
      #expect(
        "\(error)"
          == "bad.geojson: $.coordinates[1][1]: position [5.0, 95.0] is out of range; expected lon −180…180, lat −90…90"
      )
    }
  }
}
