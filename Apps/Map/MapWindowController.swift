import CarPlayBridge
import CarTemplates
import Foundation
import Geo
import MapKit
import UIKit

/// Draws the map app's car window with MapKit.
///
/// MapKit, not our SVG renderer: on the phone MapKit draws vector tiles on the GPU, covers the
/// whole world (our basemap covers Germany and one city in detail), follows the car's dark
/// appearance itself and pans smoothly at the car's frame rate; our renderer's SVG would need a
/// web view or a rasteriser per frame. The renderer stays the Linux and web simulator's map,
/// and both draw the same ``CarWindowSpec``: centre, zoom, heading, car, route, markers.
@MainActor
final class MapWindowController: UIViewController, MKMapViewDelegate {
  private var map: MKMapView?
  private var drawn: CarWindowSpec?

  init() { super.init(nibName: nil, bundle: nil) }

  /// Not used: the controller is made in code (UIViewController adopts NSCoding, so a subclass
  /// with its own designated init must provide this one).
  required init?(coder: NSCoder) { nil }

  override func viewDidLoad() {
    super.viewDidLoad()
    let map = MKMapView(frame: view.bounds)
    map.autoresizingMask = [.flexibleWidth, .flexibleHeight]
    map.delegate = self
    map.showsUserLocation = true
    view.addSubview(map)
    self.map = map
    if let drawn { apply(drawn) }
  }

  /// Shows the window content; nil leaves the map as it is.
  func draw(_ content: CarWindowSpec?) {
    guard let content, content != drawn else { return }
    drawn = content
    apply(content)
  }

  private func apply(_ content: CarWindowSpec) {
    guard let map else { return }
    map.overrideUserInterfaceStyle = content.isDark ? .dark : .light
    map.setCamera(
      MKMapCamera(
        lookingAtCenter: MapsHandOff.location(content.center),
        fromDistance: Self.distance(forZoom: content.zoom, latitude: content.center.latitude),
        pitch: 0, heading: content.heading),
      animated: true)
    map.removeOverlays(map.overlays)
    if let route = content.route, route.coordinates.count > 1 {
      let points = route.coordinates.map(MapsHandOff.location)
      let line = points.withUnsafeBufferPointer { buffer -> MKPolyline? in
        guard let base = buffer.baseAddress else { return nil }
        return MKPolyline(coordinates: base, count: buffer.count)
      }
      if let line { map.addOverlay(line) }
    }
    map.removeAnnotations(map.annotations)
    map.addAnnotations(
      content.markers.map {
        MKPointAnnotation(
          coordinate: MapsHandOff.location($0.location), title: $0.title, subtitle: $0.subtitle)
      })
  }

  /// The camera distance in metres that shows a Web Mercator zoom level: 256 px tiles, the
  /// whole world (40 075 km at the equator) at zoom 0, shrinking with the latitude's cosine.
  nonisolated static func distance(forZoom zoom: Double, latitude: Double) -> Double {
    let metresPerPoint = 40_075_016.686 * cos(latitude * .pi / 180) / (256 * pow(2, zoom))
    // A camera shows about 1.2 × its altitude across the view's shorter side (≈ 480 pt).
    return max(100, metresPerPoint * 480 / 1.2)
  }

  func mapView(_ mapView: MKMapView, rendererFor overlay: any MKOverlay) -> MKOverlayRenderer {
    guard let line = overlay as? MKPolyline else { return MKOverlayRenderer() }
    let renderer = MKPolylineRenderer(polyline: line)
    renderer.lineWidth = 6
    return renderer
  }
}
