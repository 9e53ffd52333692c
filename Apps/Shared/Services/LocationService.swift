import CarSession
import CoreLocation
import Foundation
import Geo

/// The kit's ``LocationClient`` on a phone: Core Location positions published through a
/// ``LocationBox``, so effects read the latest one and iterate the updates (which end when the
/// session cancels the work, e.g. on disconnect).
@MainActor
final class LocationService: NSObject, CLLocationManagerDelegate {
  /// The latest position and its updates (Sendable; written from the delegate callbacks).
  let box = LocationBox()
  private let manager = CLLocationManager()
  private var isRunning = false
  /// Whether updates go on while another app is in front (the map app's guidance; its
  /// Info.plist declares the `location` background mode, which this requires).
  let continuesInBackground: Bool

  /// Creates the service; `continuesInBackground` only for an app whose Info.plist lists
  /// `location` in `UIBackgroundModes` (Core Location raises an exception otherwise).
  init(continuesInBackground: Bool = false) {
    self.continuesInBackground = continuesInBackground
    super.init()
  }

  /// The client the session's effects use.
  var client: LocationClient { .settable(box) }

  /// Asks for when-in-use permission and starts updates (a 50 m distance filter: the apps
  /// refresh on kilometres, not metres).
  func start() {
    guard !isRunning else { return }
    isRunning = true
    manager.delegate = self
    manager.desiredAccuracy = kCLLocationAccuracyNearestTenMeters
    manager.distanceFilter = 50
    if continuesInBackground {
      // Guidance keeps following the car when the driver switches to another app in CarPlay
      // or locks the phone; the blue indicator tells the driver why.
      manager.allowsBackgroundLocationUpdates = true
      manager.pausesLocationUpdatesAutomatically = false
      manager.showsBackgroundLocationIndicator = true
    }
    if manager.authorizationStatus == .notDetermined {
      manager.requestWhenInUseAuthorization()
    }
    manager.startUpdatingLocation()
  }

  /// Stops updates (the car disconnected and the phone screen is not showing a map).
  func stop() {
    guard isRunning else { return }
    isRunning = false
    manager.stopUpdatingLocation()
    manager.delegate = nil
  }

  nonisolated func locationManager(
    _ manager: CLLocationManager, didUpdateLocations locations: [CLLocation]
  ) {
    guard let last = locations.last else { return }
    let c = last.coordinate
    if let coordinate = Coordinate(validatingLatitude: c.latitude, longitude: c.longitude) {
      box.coordinate = coordinate
    }
  }
}
