// Declaration-only stand-ins for the MapKit API that Apps/ uses (see UIKit.swift for the
// rules). Each declaration names the Apple documentation page of its signature.
// swift-format-ignore-file
@_exported import CoreLocation
import Foundation
import UIKit

// https://developer.apple.com/documentation/mapkit/mkcoordinatespan
public struct MKCoordinateSpan: Sendable {
  // https://developer.apple.com/documentation/mapkit/mkcoordinatespan/latitudedelta
  public var latitudeDelta: CLLocationDegrees
  // https://developer.apple.com/documentation/mapkit/mkcoordinatespan/longitudedelta
  public var longitudeDelta: CLLocationDegrees
  // https://developer.apple.com/documentation/mapkit/mkcoordinatespan/init(latitudedelta:longitudedelta:)
  public init(latitudeDelta: CLLocationDegrees, longitudeDelta: CLLocationDegrees) {
    self.latitudeDelta = latitudeDelta
    self.longitudeDelta = longitudeDelta
  }
}

// https://developer.apple.com/documentation/mapkit/mkcoordinateregion
public struct MKCoordinateRegion: Sendable {
  // https://developer.apple.com/documentation/mapkit/mkcoordinateregion/center
  public var center: CLLocationCoordinate2D
  // https://developer.apple.com/documentation/mapkit/mkcoordinateregion/span
  public var span: MKCoordinateSpan
  // https://developer.apple.com/documentation/mapkit/mkcoordinateregion/init(center:span:)
  public init(center: CLLocationCoordinate2D, span: MKCoordinateSpan) {
    self.center = center
    self.span = span
  }
}

// https://developer.apple.com/documentation/mapkit/mkaddress (iOS 26)
// overlay: MKAddress is not in the facts (they list only what Apps/ used when they were made)
open class MKAddress: NSObject, @unchecked Sendable {}

// https://developer.apple.com/documentation/mapkit/mkmapitem
open class MKMapItem: NSObject {
  // https://developer.apple.com/documentation/foundation/nscoding/init(coder:)
  public required init?(coder: NSCoder) { nil }
  // https://developer.apple.com/documentation/mapkit/mkmapitem/init(location:address:) (iOS 26;
  // replaces the deprecated init(placemark:))
  // verified: developer.apple.com/documentation/mapkit/mkmapitem/init(location:address:)
  public init(location: CLLocation, address: MKAddress?) { standInLocation = location }
  // Stand-in only: the location the item was made with (nil for the current location).
  public internal(set) var standInLocation: CLLocation?
  // Stand-in only: whether this is forCurrentLocation()'s item.
  public internal(set) var standInIsCurrentLocation = false
  // https://developer.apple.com/documentation/mapkit/mkmapitem/forcurrentlocation()
  public class func forCurrentLocation() -> MKMapItem {
    let item = MKMapItem(location: CLLocation(latitude: 0, longitude: 0), address: nil)
    item.standInIsCurrentLocation = true
    item.standInLocation = nil
    return item
  }
  // https://developer.apple.com/documentation/mapkit/mkmapitem/name
  open var name: String?
  // https://developer.apple.com/documentation/mapkit/mkmapitem/openinmaps(launchoptions:from:completionhandler:)
  @MainActor open func openInMaps(launchOptions: [String: Any]? = nil, from scene: UIScene?, completionHandler: (@MainActor @Sendable (Bool) -> Void)? = nil) {}
}

// https://developer.apple.com/documentation/mapkit/mklaunchoptionsdirectionsmodekey
public let MKLaunchOptionsDirectionsModeKey: String = "MKLaunchOptionsDirectionsMode"
// https://developer.apple.com/documentation/mapkit/mklaunchoptionsdirectionsmodedriving
public let MKLaunchOptionsDirectionsModeDriving: String = "MKLaunchOptionsDirectionsModeDriving"

// https://developer.apple.com/documentation/mapkit/mkoverlay
public protocol MKOverlay: MKAnnotation {
  // https://developer.apple.com/documentation/mapkit/mkoverlay/boundingmaprect
  var boundingMapRect: MKMapRect { get }
}

// https://developer.apple.com/documentation/mapkit/mkmaprect
// overlay: a C struct the facts do not list (only its use as a requirement's type)
public struct MKMapRect: Sendable {
  public init() {}
}

// https://developer.apple.com/documentation/mapkit/mkshape
open class MKShape: NSObject, MKAnnotation {
  // https://developer.apple.com/documentation/mapkit/mkshape/coordinate (MKAnnotation)
  public internal(set) var coordinate: CLLocationCoordinate2D = CLLocationCoordinate2D(latitude: 0, longitude: 0)
}

// https://developer.apple.com/documentation/mapkit/mkmultipoint
open class MKMultiPoint: MKShape {}

// https://developer.apple.com/documentation/mapkit/mkpolyline
open class MKPolyline: MKMultiPoint, MKOverlay {
  // https://developer.apple.com/documentation/mapkit/mkpolyline/init(coordinates:count:)
  // overlay: NS_REFINED_FOR_SWIFT; the Swift spelling is the overlay's
  public convenience init(coordinates: UnsafePointer<CLLocationCoordinate2D>, count: Int) { self.init() }
  // https://developer.apple.com/documentation/mapkit/mkoverlay/boundingmaprect
  open var boundingMapRect: MKMapRect { MKMapRect() }
}

// https://developer.apple.com/documentation/mapkit/mkannotation
public protocol MKAnnotation: NSObjectProtocol {
  // https://developer.apple.com/documentation/mapkit/mkannotation/coordinate
  var coordinate: CLLocationCoordinate2D { get }
}

// https://developer.apple.com/documentation/mapkit/mkpointannotation
open class MKPointAnnotation: MKShape {
  // https://developer.apple.com/documentation/mapkit/mkpointannotation/init(coordinate:title:subtitle:)
  // overlay: NS_REFINED_FOR_SWIFT (__coordinate:title:subtitle: in Objective-C)
  public init(coordinate: CLLocationCoordinate2D, title: String?, subtitle: String?) { super.init(); self.coordinate = coordinate }
}

// https://developer.apple.com/documentation/mapkit/mkoverlayrenderer
open class MKOverlayRenderer: NSObject {}

// https://developer.apple.com/documentation/mapkit/mkoverlaypathrenderer
open class MKOverlayPathRenderer: MKOverlayRenderer {
  // https://developer.apple.com/documentation/mapkit/mkoverlaypathrenderer/linewidth
  open var lineWidth: CGFloat = 0
}

// https://developer.apple.com/documentation/mapkit/mkpolylinerenderer
open class MKPolylineRenderer: MKOverlayPathRenderer {
  // https://developer.apple.com/documentation/mapkit/mkpolylinerenderer/init(polyline:)
  public init(polyline: MKPolyline) {}
}

// https://developer.apple.com/documentation/mapkit/mkmapcamera
open class MKMapCamera: NSObject {
  // https://developer.apple.com/documentation/foundation/nscoding/init(coder:)
  public required init?(coder: NSCoder) { nil }
  // https://developer.apple.com/documentation/mapkit/mkmapcamera/init(lookingatcenter:fromdistance:pitch:heading:)
  public init(lookingAtCenter centerCoordinate: CLLocationCoordinate2D, fromDistance distance: CLLocationDistance, pitch: CGFloat, heading: CLLocationDirection) {}
}
// https://developer.apple.com/documentation/corelocation/cllocationdirection
public typealias CLLocationDirection = Double

// https://developer.apple.com/documentation/mapkit/mkmapview
@MainActor open class MKMapView: UIView {
  // https://developer.apple.com/documentation/uikit/uiview/init(frame:)
  public override init(frame: CGRect) { super.init(frame: frame) }
  // https://developer.apple.com/documentation/foundation/nscoding/init(coder:)
  public required init?(coder: NSCoder) { nil }
  // https://developer.apple.com/documentation/mapkit/mkmapview/delegate
  weak open var delegate: (any MKMapViewDelegate)?
  // https://developer.apple.com/documentation/mapkit/mkmapview/setcamera(_:animated:)
  open func setCamera(_ camera: MKMapCamera, animated: Bool) {}
  // https://developer.apple.com/documentation/mapkit/mkmapview/overlays
  open var overlays: [any MKOverlay] { [] }
  // https://developer.apple.com/documentation/mapkit/mkmapview/annotations
  open var annotations: [any MKAnnotation] { [] }
  // https://developer.apple.com/documentation/mapkit/mkmapview/addoverlay(_:)
  open func addOverlay(_ overlay: any MKOverlay) {}
  // https://developer.apple.com/documentation/mapkit/mkmapview/removeoverlays(_:)
  open func removeOverlays(_ overlays: [any MKOverlay]) {}
  // https://developer.apple.com/documentation/mapkit/mkmapview/addannotations(_:)
  open func addAnnotations(_ annotations: [any MKAnnotation]) {}
  // https://developer.apple.com/documentation/mapkit/mkmapview/removeannotations(_:)
  open func removeAnnotations(_ annotations: [any MKAnnotation]) {}
  // https://developer.apple.com/documentation/mapkit/mkmapview/showsuserlocation
  open var showsUserLocation: Bool = false
}

// https://developer.apple.com/documentation/mapkit/mkmapviewdelegate
@MainActor public protocol MKMapViewDelegate: NSObjectProtocol {
  // https://developer.apple.com/documentation/mapkit/mkmapviewdelegate/mapview(_:rendererfor:)
  func mapView(_ mapView: MKMapView, rendererFor overlay: any MKOverlay) -> MKOverlayRenderer
}
// Optional requirements (Objective-C `@optional`), defaulted because Linux has no `@objc`.
extension MKMapViewDelegate {
  public func mapView(_ mapView: MKMapView, rendererFor overlay: any MKOverlay) -> MKOverlayRenderer { MKOverlayRenderer() }
}
