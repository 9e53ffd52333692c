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

// https://developer.apple.com/documentation/mapkit/mkplacemark
open class MKPlacemark: NSObject {
  // https://developer.apple.com/documentation/mapkit/mkplacemark/init(coordinate:)
  public init(coordinate: CLLocationCoordinate2D) {}
}

// https://developer.apple.com/documentation/mapkit/mkmapitem
open class MKMapItem: NSObject {
  // https://developer.apple.com/documentation/mapkit/mkmapitem/init(placemark:)
  public init(placemark: MKPlacemark) {}
  // https://developer.apple.com/documentation/mapkit/mkmapitem/forcurrentlocation()
  public class func forCurrentLocation() -> MKMapItem { MKMapItem(placemark: MKPlacemark(coordinate: CLLocationCoordinate2D(latitude: 0, longitude: 0))) }
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
public protocol MKOverlay: NSObjectProtocol {}

// https://developer.apple.com/documentation/mapkit/mkpolyline
open class MKPolyline: NSObject, MKOverlay {
  // https://developer.apple.com/documentation/mapkit/mkpolyline/init(coordinates:count:)
  public convenience init(coordinates: UnsafePointer<CLLocationCoordinate2D>, count: Int) { self.init() }
}

// https://developer.apple.com/documentation/mapkit/mkannotation
public protocol MKAnnotation: NSObjectProtocol {
  // https://developer.apple.com/documentation/mapkit/mkannotation/coordinate
  var coordinate: CLLocationCoordinate2D { get }
}

// https://developer.apple.com/documentation/mapkit/mkpointannotation
open class MKPointAnnotation: NSObject, MKAnnotation {
  // https://developer.apple.com/documentation/mapkit/mkpointannotation/init(coordinate:title:subtitle:)
  public init(coordinate: CLLocationCoordinate2D, title: String?, subtitle: String?) { self.coordinate = coordinate }
  // https://developer.apple.com/documentation/mapkit/mkshape/coordinate
  open var coordinate: CLLocationCoordinate2D
}

// https://developer.apple.com/documentation/mapkit/mkoverlayrenderer
@MainActor open class MKOverlayRenderer: NSObject {}

// https://developer.apple.com/documentation/mapkit/mkpolylinerenderer
@MainActor open class MKPolylineRenderer: MKOverlayRenderer {
  // https://developer.apple.com/documentation/mapkit/mkpolylinerenderer/init(polyline:)
  public init(polyline: MKPolyline) {}
  // https://developer.apple.com/documentation/mapkit/mkoverlaypathrenderer/linewidth
  open var lineWidth: CGFloat = 0
}

// https://developer.apple.com/documentation/mapkit/mkmapcamera
open class MKMapCamera: NSObject {
  // https://developer.apple.com/documentation/mapkit/mkmapcamera/init(lookingatcenter:fromdistance:pitch:heading:)
  public init(lookingAtCenter centerCoordinate: CLLocationCoordinate2D, fromDistance distance: CLLocationDistance, pitch: CGFloat, heading: CLLocationDirection) {}
}
// https://developer.apple.com/documentation/corelocation/cllocationdirection
public typealias CLLocationDirection = Double

// https://developer.apple.com/documentation/mapkit/mkmapview
@MainActor open class MKMapView: UIView {
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
