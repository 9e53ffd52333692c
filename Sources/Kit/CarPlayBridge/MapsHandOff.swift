// Apple-only: compiled where CarPlay can be imported (on Linux, against the stand-ins in
// Apps/LinuxCheck/Stubs; Package.swift).
#if canImport(CarPlay)
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
  public enum MapsHandOff {
    /// Opens driving directions for an Apple Maps link in Maps on the car's scene; false when the
    /// URL is not such a link (the caller then opens it through the scene).
    public static func openDirections(_ url: URL, from scene: UIScene) -> Bool {
      guard let destination = destination(of: url) else { return false }
      let item = mapItem(destination.coordinate, name: destination.name)
      item.openInMaps(
        launchOptions: [MKLaunchOptionsDirectionsModeKey: MKLaunchOptionsDirectionsModeDriving],
        from: scene, completionHandler: nil)
      return true
    }

    /// The destination of an Apple Maps directions link, if it is one.
    nonisolated public static func destination(of url: URL) -> (
      coordinate: Coordinate, name: String?
    )? {
      guard let components = URLComponents(url: url, resolvingAgainstBaseURL: false),
        components.host == "maps.apple.com"
      else { return nil }
      let items = components.queryItems ?? []
      let value = items.first { $0.name == "daddr" || $0.name == "destination" }?.value
      guard let value, let coordinate = Coordinate(parsing: value) else { return nil }
      return (coordinate, items.first { $0.name == "q" }?.value)
    }

    /// A map item at a coordinate.
    public static func mapItem(_ coordinate: Coordinate, name: String?) -> MKMapItem {
      // iOS 26's form (`init(placemark:)` and MKPlacemark are deprecated since iOS 26).
      let item = MKMapItem(
        location: CLLocation(latitude: coordinate.latitude, longitude: coordinate.longitude),
        address: nil)
      item.name = name
      return item
    }

    /// The origin of a trip preview: the current location's map item.
    public static func currentLocationItem() -> MKMapItem {
      MKMapItem.forCurrentLocation()
    }

    /// Core Location's coordinate for ours.
    nonisolated public static func location(_ c: Coordinate) -> CLLocationCoordinate2D {
      CLLocationCoordinate2D(latitude: c.latitude, longitude: c.longitude)
    }

    /// The bounding box of a MapKit region.
    nonisolated public static func box(_ region: MKCoordinateRegion) -> BoundingBox {
      let half = (region.span.latitudeDelta / 2, region.span.longitudeDelta / 2)
      return BoundingBox(
        minimum: Coordinate(
          latitude: region.center.latitude - half.0, longitude: region.center.longitude - half.1),
        maximum: Coordinate(
          latitude: region.center.latitude + half.0, longitude: region.center.longitude + half.1))
    }
  }
#endif
