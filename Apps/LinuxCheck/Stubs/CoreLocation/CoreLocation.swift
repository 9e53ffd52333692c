// Declaration-only stand-ins for the Core Location API that Apps/ uses (see UIKit.swift for
// the rules). Each declaration names the Apple documentation page of its signature.
// swift-format-ignore-file
import Foundation

// https://developer.apple.com/documentation/corelocation/cllocationdegrees
public typealias CLLocationDegrees = Double
// https://developer.apple.com/documentation/corelocation/cllocationdistance
public typealias CLLocationDistance = Double
// https://developer.apple.com/documentation/corelocation/cllocationaccuracy
public typealias CLLocationAccuracy = Double

// https://developer.apple.com/documentation/corelocation/kcllocationaccuracynearesttenmeters
public let kCLLocationAccuracyNearestTenMeters: CLLocationAccuracy = 10

// https://developer.apple.com/documentation/corelocation/cllocationcoordinate2d
public struct CLLocationCoordinate2D: Sendable {
  // https://developer.apple.com/documentation/corelocation/cllocationcoordinate2d/latitude
  public var latitude: CLLocationDegrees
  // https://developer.apple.com/documentation/corelocation/cllocationcoordinate2d/longitude
  public var longitude: CLLocationDegrees
  // https://developer.apple.com/documentation/corelocation/cllocationcoordinate2d/init(latitude:longitude:)
  public init(latitude: CLLocationDegrees, longitude: CLLocationDegrees) {
    self.latitude = latitude
    self.longitude = longitude
  }
}

// https://developer.apple.com/documentation/corelocation/cllocation
open class CLLocation: NSObject, @unchecked Sendable {
  // https://developer.apple.com/documentation/foundation/nscoding/init(coder:)
  public required init?(coder: NSCoder) { nil }
  // https://developer.apple.com/documentation/corelocation/cllocation/init(latitude:longitude:)
  // unchecked: not in the facts (others.json lists the members Apps/ used when it was made)
  public init(latitude: CLLocationDegrees, longitude: CLLocationDegrees) { self.coordinate = CLLocationCoordinate2D(latitude: latitude, longitude: longitude) }
  // https://developer.apple.com/documentation/corelocation/cllocation/coordinate
  public let coordinate: CLLocationCoordinate2D
}

// https://developer.apple.com/documentation/corelocation/clauthorizationstatus
public enum CLAuthorizationStatus: Int32, Sendable {
  case notDetermined, restricted, denied, authorizedAlways, authorizedWhenInUse
}

// https://developer.apple.com/documentation/corelocation/cllocationmanager
open class CLLocationManager: NSObject {
  // https://developer.apple.com/documentation/corelocation/cllocationmanager/delegate
  weak open var delegate: (any CLLocationManagerDelegate)?
  // https://developer.apple.com/documentation/corelocation/cllocationmanager/desiredaccuracy
  open var desiredAccuracy: CLLocationAccuracy = 0
  // https://developer.apple.com/documentation/corelocation/cllocationmanager/distancefilter
  open var distanceFilter: CLLocationDistance = 0
  // https://developer.apple.com/documentation/corelocation/cllocationmanager/location
  open var location: CLLocation? { nil }
  // https://developer.apple.com/documentation/corelocation/cllocationmanager/authorizationstatus
  open var authorizationStatus: CLAuthorizationStatus { .notDetermined }
  // https://developer.apple.com/documentation/corelocation/cllocationmanager/requestwheninuseauthorization()
  open func requestWhenInUseAuthorization() {}
  // https://developer.apple.com/documentation/corelocation/cllocationmanager/startupdatinglocation()
  open func startUpdatingLocation() {}
  // https://developer.apple.com/documentation/corelocation/cllocationmanager/stopupdatinglocation()
  open func stopUpdatingLocation() {}
  // unchecked: in the facts' selector index only (-allowsBackgroundLocationUpdates), no member facts
  // verified: developer.apple.com/documentation/corelocation/cllocationmanager/allowsbackgroundlocationupdates
  open var allowsBackgroundLocationUpdates: Bool = false
  // unchecked: in the facts' selector index only (-pausesLocationUpdatesAutomatically), no member facts
  // verified: developer.apple.com/documentation/corelocation/cllocationmanager/pauseslocationupdatesautomatically
  open var pausesLocationUpdatesAutomatically: Bool = true
  // unchecked: in the facts' selector index only (-showsBackgroundLocationIndicator), no member facts
  // verified: developer.apple.com/documentation/corelocation/cllocationmanager/showsbackgroundlocationindicator
  open var showsBackgroundLocationIndicator: Bool = false
}

// https://developer.apple.com/documentation/corelocation/cllocationmanagerdelegate
public protocol CLLocationManagerDelegate: NSObjectProtocol {
  // https://developer.apple.com/documentation/corelocation/cllocationmanagerdelegate/locationmanager(_:didupdatelocations:)
  func locationManager(_ manager: CLLocationManager, didUpdateLocations locations: [CLLocation])
  // https://developer.apple.com/documentation/corelocation/cllocationmanagerdelegate/locationmanagerdidchangeauthorization(_:)
  func locationManagerDidChangeAuthorization(_ manager: CLLocationManager)
}
// Optional requirements (Objective-C `@optional`), defaulted because Linux has no `@objc`.
extension CLLocationManagerDelegate {
  public func locationManager(_ manager: CLLocationManager, didUpdateLocations locations: [CLLocation]) {}
  public func locationManagerDidChangeAuthorization(_ manager: CLLocationManager) {}
}
