import CarRender
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
    #expect(abs(lat - PointOfInterestMap.smallestSpan.latitude) < 1e-9)
    #expect(abs(lon - PointOfInterestMap.smallestSpan.longitude) < 1e-9)
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
    let empty = PointOfInterestMap.framing(places: [], car: car)
    #expect(empty?.contains(car) == true)
    #expect((empty.map(Self.span)?.0 ?? 0) > 0.15)
    let one = PointOfInterestMap.framing(places: [car], car: car).map(Self.span)?.0 ?? 0
    #expect(one > 0.002 && one < 0.02)
    #expect(PointOfInterestMap.framing(places: [], car: nil) == nil)
  }
}
