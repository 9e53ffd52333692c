import CarPlayBridge
import Foundation
import MapCar
import MapKit
import SwiftUI

/// The map app's phone screen: the route the car is guiding (from the shared navigation
/// state) or the surroundings, on a MapKit map.
struct PhoneRoot: View {
  var body: some View {
    NavigationStack {
      MapPhoneView(shared: MapServices.shared.navigation.shared)
        .navigationTitle("Wayside Maps")
    }
  }
}

/// The phone's map over one snapshot of the shared state.
struct MapPhoneView: View {
  /// What both maps see.
  let shared: NavigationService.Shared

  var body: some View {
    let viewport = PhoneMap.viewport(shared, width: 390, height: 600)
    let region = MKCoordinateRegion(
      center: MapsHandOff.location(viewport.center),
      span: MKCoordinateSpan(
        latitudeDelta: 360 / pow(2, viewport.zoom), longitudeDelta: 360 / pow(2, viewport.zoom)))
    VStack {
      Map(initialPosition: .region(region)) {
        UserAnnotation()
        if let route = viewport.route {
          MapPolyline(coordinates: route.coordinates.map(MapsHandOff.location))
        }
      }
      if let destination = shared.destinationName {
        LabeledContent("Guiding to", value: destination)
      } else {
        Text("Choose a destination in CarPlay; the route shows here.")
      }
    }
  }
}
