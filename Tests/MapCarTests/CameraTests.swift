import CarRender
import Geo
import Testing

@testable import MapCar

@Suite("Map camera")
struct CameraTests {
  let kassel = Coordinate(latitude: 51.3127, longitude: 9.4797)

  func close(_ a: MapCamera, _ b: MapCamera) -> Bool {
    abs(a.center.latitude - b.center.latitude) < 1e-9
      && abs(a.center.longitude - b.center.longitude) < 1e-9 && abs(a.zoom - b.zoom) < 1e-12
      && abs(a.heading - b.heading) < 1e-9
  }

  @Test("zooming in then out returns the same camera")
  func zoomRoundTrip() {
    let camera = MapCamera(center: kassel, zoom: 12)
    #expect(camera.zoomed(by: 1).zoomed(by: -1) == camera)
    #expect(camera.zoomed(by: 3).zoomed(by: -3) == camera)
  }

  @Test("one zoom step halves the visible span around the same centre")
  func zoomHalvesSpan() {
    let camera = MapCamera(center: kassel, zoom: 12)
    let a = camera.visibleRegion(width: 800, height: 480)
    let b = camera.zoomed(by: 1).visibleRegion(width: 800, height: 480)
    let spanA = a.maximum.longitude - a.minimum.longitude
    let spanB = b.maximum.longitude - b.minimum.longitude
    #expect(abs(spanB - spanA / 2) < 1e-9)
    #expect(abs(b.center.longitude - kassel.longitude) < 1e-9)
    #expect(camera.zoomed(by: 1).center == camera.center)
  }

  @Test("zoom stays within the bounds however often the driver presses")
  func boundedZoom() {
    var camera = MapCamera(center: kassel, zoom: 12)
    for _ in 0..<40 { camera = camera.zoomed(by: 1) }
    #expect(camera.zoom == MapCamera.maximumZoom)
    for _ in 0..<40 { camera = camera.zoomed(by: -1) }
    #expect(camera.zoom == MapCamera.minimumZoom)
    #expect(MapCamera(center: kassel, zoom: 99).zoom == MapCamera.maximumZoom)
  }

  @Test("a pinch of scale 2 is one zoom step; a bad scale changes nothing")
  func pinch() {
    let camera = MapCamera(center: kassel, zoom: 12)
    #expect(camera.pinched(scale: 2) == camera.zoomed(by: 1))
    #expect(close(camera.pinched(scale: 0.5), camera.zoomed(by: -1)))
    #expect(camera.pinched(scale: 0) == camera)
    #expect(camera.pinched(scale: .nan) == camera)
  }

  @Test("a pan step moves the centre by a quarter of the visible span")
  func panFraction() {
    let camera = MapCamera(center: kassel, zoom: 13)
    let region = camera.visibleRegion(width: 800, height: 480)
    let span = region.maximum.longitude - region.minimum.longitude
    let right = camera.panned(.right, width: 800, height: 480)
    #expect(abs(right.center.longitude - kassel.longitude - span * 0.25) < 1e-9)
    #expect(abs(right.center.latitude - kassel.latitude) < 1e-9)
    let up = camera.panned(.up, width: 800, height: 480)
    #expect(up.center.latitude > kassel.latitude)
  }

  @Test("panning each way and back returns the same camera, also on a turned map")
  func panRoundTrip() {
    for heading in [0.0, 90, 33] {
      let camera = MapCamera(center: kassel, zoom: 14, heading: heading)
      let pairs: [(MapCamera.Direction, MapCamera.Direction)] = [
        (.up, .down), (.left, .right), (.down, .up), (.right, .left),
      ]
      for (a, b) in pairs {
        let back = camera.panned(a, width: 800, height: 480).panned(b, width: 800, height: 480)
        #expect(close(back, camera), "\(a) then \(b) at heading \(heading)")
      }
      let dragged = camera.dragged(dx: 37, dy: -12).dragged(dx: -37, dy: 12)
      #expect(close(dragged, camera))
    }
  }

  @Test("a drag moves the map with the finger: dragging right shows what lies west")
  func dragDirection() {
    let camera = MapCamera(center: kassel, zoom: 14)
    #expect(camera.dragged(dx: 100, dy: 0).center.longitude < kassel.longitude)
    #expect(camera.dragged(dx: 0, dy: 100).center.latitude > kassel.latitude)
    // Heading east: the top of the view is east, so panning up moves the centre east.
    let east = MapCamera(center: kassel, zoom: 14, heading: 90)
    let moved = east.panned(.up, width: 800, height: 480)
    #expect(moved.center.longitude > kassel.longitude)
    #expect(abs(moved.center.latitude - kassel.latitude) < 1e-9)
  }

  @Test("re-centring looks at the car and keeps zoom and heading; heading is normalised")
  func recentre() {
    let camera = MapCamera(center: kassel, zoom: 15, heading: -90)
    #expect(camera.heading == 270)
    let car = Coordinate(latitude: 51.30, longitude: 9.50)
    let r = camera.recentred(on: car)
    #expect(r.center == car)
    #expect(r.zoom == 15)
    #expect(r.heading == 270)
  }
}
