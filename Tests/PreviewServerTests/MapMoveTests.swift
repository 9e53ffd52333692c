import Geo
import Testing

@testable import PreviewServer

@Suite("The side panel's map moves")
struct MapMoveTests {
  static let kassel = BoundingBox(
    minimum: Coordinate(latitude: 51.25, longitude: 9.40),
    maximum: Coordinate(latitude: 51.35, longitude: 9.56))

  static func span(_ box: BoundingBox) -> (Double, Double) {
    (box.maximum.latitude - box.minimum.latitude, box.maximum.longitude - box.minimum.longitude)
  }

  @Test("repeated zooming in halves the shown region around the same centre, down to about 1 km")
  func zoomInStops() {
    var region = Self.kassel
    for _ in 0..<12 { region = MapMove.zoomIn.region(from: region) }
    let (lat, lon) = Self.span(region)
    #expect(abs(lat - MapMove.smallestSpan.latitude) < 1e-9)
    #expect(abs(lon - MapMove.smallestSpan.longitude) < 1e-9)
    #expect(abs((region.minimum.latitude + region.maximum.latitude) / 2 - 51.30) < 1e-9)
  }

  @Test("zooming in then out gives the region back; a move shifts by half the span")
  func inversesAndSteps() {
    let back = MapMove.zoomOut.region(from: MapMove.zoomIn.region(from: Self.kassel))
    #expect(abs(back.minimum.latitude - Self.kassel.minimum.latitude) < 1e-9)
    #expect(abs(back.maximum.longitude - Self.kassel.maximum.longitude) < 1e-9)
    let east = MapMove.east.region(from: Self.kassel)
    #expect(abs(east.minimum.longitude - 9.48) < 1e-9)
    #expect(abs(Self.span(east).0 - Self.span(Self.kassel).0) < 1e-9)
    #expect(abs(Self.span(east).1 - Self.span(Self.kassel).1) < 1e-9)
  }

  @Test("with no places shown the region is the 10 km around the car; with places, their box and a margin")
  func visibleRegion() {
    let car = Coordinate(latitude: 51.3, longitude: 9.5)
    let empty = MapMove.visibleRegion(showing: [], around: car)
    #expect(empty.contains(car))
    #expect(Self.span(empty).0 > 0.15)
    let one = MapMove.visibleRegion(showing: [car], around: car)
    #expect(Self.span(one).0 > 0.005 && Self.span(one).0 < 0.02)
  }
}
