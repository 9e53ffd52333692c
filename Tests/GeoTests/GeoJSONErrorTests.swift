import Foundation
import JSONScanning
import Geo
import Testing

@Suite("GeoJSON errors name the input, the place and the expectation")
struct GeoJSONErrorTests {
  struct Case: CustomTestStringConvertible, Sendable {
    var name: String
    var text: String
    var message: String
    var testDescription: String { name }
  }

  @Test(
    "Bad documents are refused with the file, the path and what was expected",
    arguments: [
      Case(
        name: "a syntax error on line 2",
        text: "{\"type\": \"FeatureCollection\",\n \"features\": x}",
        message:
          "route.geojson: $: not valid JSON: invalid character, expected a JSON value at line 2, column 14 (byte 43); expected a GeoJSON FeatureCollection, Feature or geometry"
      ),
      Case(
        name: "a truncated document",
        text: "{\"type\": \"LineString\", \"coordinates\": [[13.4, 52.5]",
        message:
          "route.geojson: $: not valid JSON: expected ',' or ']' in an array, found end of input at line 1, column 52 (byte 51); expected a GeoJSON FeatureCollection, Feature or geometry"
      ),
      Case(
        name: "an object without a type", text: "{\"features\": []}",
        message: "route.geojson: $: expected a GeoJSON object with a \"type\""),
    ])
  func messages(_ c: Case) {
    do {
      _ = try GeoJSONReader.features(from: Data(c.text.utf8), source: "route.geojson")
      Issue.record("accepted \(c.name)")
    } catch {
      #expect("\(error)" == c.message)
    }
  }

  @Test("A syntax error's byte offset becomes a line and column")
  func location() {
    let data = Data("[1,\n2,\n  x]".utf8)
    do {
      _ = try JSONSerialization.jsonObject(with: data)
      Issue.record("accepted invalid JSON")
    } catch {
      let located = JSONSyntaxError(error, in: data)
      #expect(located.byteOffset == 9)
      #expect(located.line == 3)
      #expect(located.column == 3)
    }
  }
}
