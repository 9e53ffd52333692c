import CarPlay
import Foundation
import Geo
import MapKit
import UIKit

/// Apple Maps hand-off and the MapKit value conversions the bridge needs.
///
/// Directions open in Apple Maps on the car screen through MapKit's scene-aware call
/// (`openInMaps(launchOptions:from:completionHandler:)`, carplay-facts.md §6); the kit's
/// `maps.apple.com` link carries the destination (`daddr=` or `destination=`).
@MainActor
enum MapsHandOff {
  /// Opens driving directions for an Apple Maps link in Maps on the car's scene; false when the
  /// URL is not such a link (the caller then opens it through the scene).
  static func openDirections(_ url: URL, from scene: UIScene) -> Bool {
    guard let destination = destination(of: url) else { return false }
    let item = mapItem(destination.coordinate, name: destination.name)
    item.openInMaps(
      launchOptions: [MKLaunchOptionsDirectionsModeKey: MKLaunchOptionsDirectionsModeDriving],
      from: scene, completionHandler: nil)
    return true
  }

  /// The destination of an Apple Maps directions link, if it is one.
  nonisolated static func destination(of url: URL) -> (coordinate: Coordinate, name: String?)? {
    guard let components = URLComponents(url: url, resolvingAgainstBaseURL: false),
      components.host == "maps.apple.com"
    else { return nil }
    let items = components.queryItems ?? []
    let value = items.first { $0.name == "daddr" || $0.name == "destination" }?.value
    guard let value, let coordinate = Coordinate(parsing: value) else { return nil }
    return (coordinate, items.first { $0.name == "q" }?.value)
  }

  /// A map item at a coordinate.
  static func mapItem(_ coordinate: Coordinate, name: String?) -> MKMapItem {
    let item = MKMapItem(placemark: MKPlacemark(coordinate: location(coordinate)))
    item.name = name
    return item
  }

  /// The origin of a trip preview: the current location's map item.
  static func currentLocationItem() -> MKMapItem {
    MKMapItem.forCurrentLocation()
  }

  /// Core Location's coordinate for ours.
  nonisolated static func location(_ c: Coordinate) -> CLLocationCoordinate2D {
    CLLocationCoordinate2D(latitude: c.latitude, longitude: c.longitude)
  }

  /// The bounding box of a MapKit region.
  nonisolated static func box(_ region: MKCoordinateRegion) -> BoundingBox {
    let half = (region.span.latitudeDelta / 2, region.span.longitudeDelta / 2)
    return BoundingBox(
      minimum: Coordinate(
        latitude: region.center.latitude - half.0, longitude: region.center.longitude - half.1),
      maximum: Coordinate(
        latitude: region.center.latitude + half.0, longitude: region.center.longitude + half.1))
  }
}
