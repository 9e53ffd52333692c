import CarPlayBridge
import Charging
import Foundation
import Geo
import MapKit
import Pricing
import SwiftUI
import TripPlanner

/// The charging app's phone screens: nearby stations (map and list) with their details,
/// favourites, tariffs (charging cards) and the vehicle — the setup done before driving.
struct PhoneRoot: View {
  var body: some View {
    TabView {
      NearbyView(model: ChargingPhoneModel.shared)
        .tabItem { Label("Nearby", systemImage: "bolt.car") }
      FavouritesView(model: ChargingPhoneModel.shared)
        .tabItem { Label("Favourites", systemImage: "star") }
      TariffsView(model: ChargingPhoneModel.shared)
        .tabItem { Label("Tariffs", systemImage: "creditcard") }
      VehicleView(model: ChargingPhoneModel.shared)
        .tabItem { Label("Vehicle", systemImage: "car") }
    }
  }
}

/// Where the phone is, or Kassel before the first fix.
@MainActor
func phonePosition() -> Coordinate {
  ChargingServicesHub.shared.location.box.coordinate
    ?? Coordinate(latitude: 51.3127, longitude: 9.4797)
}

/// Stations near the phone on a map and in a list.
struct NearbyView: View {
  @Bindable var model: ChargingPhoneModel

  var body: some View {
    NavigationStack {
      VStack {
        Map(
          initialPosition: .userLocation(
            fallback: .region(
              MKCoordinateRegion(
                center: MapsHandOff.location(phonePosition()),
                span: MKCoordinateSpan(latitudeDelta: 0.2, longitudeDelta: 0.2))))
        ) {
          UserAnnotation()
          ForEach(model.nearby) { nearby in
            Marker(
              nearby.station.displayName,
              coordinate: MapsHandOff.location(nearby.station.coordinate))
          }
        }
        .frame(height: 240)
        List {
          Toggle("Fast chargers only", isOn: $model.fastOnly)
          ForEach(model.nearby) { nearby in
            NavigationLink {
              StationDetailView(model: model, station: nearby.station)
            } label: {
              VStack {
                Text(nearby.station.displayName)
                Text(
                  String(
                    format: "%.1f km · %@", nearby.distanceKilometres, nearby.station.operatorName))
              }
            }
          }
        }
      }
      .navigationTitle("Nearby")
      .task {
        ChargingServicesHub.shared.location.start()
        await model.load(near: phonePosition())
      }
      .refreshable { await model.load(near: phonePosition()) }
    }
  }
}

/// One station: operator, address, power, connectors, favourite and directions in Maps.
struct StationDetailView: View {
  @Bindable var model: ChargingPhoneModel
  let station: Station

  var body: some View {
    List {
      Section("Station") {
        LabeledContent("Operator", value: station.operatorName)
        LabeledContent("Address", value: station.address.shortText)
        LabeledContent("Charge points", value: "\(station.chargePointCount)")
        if let power = station.maxPower {
          LabeledContent("Up to", value: "\(power)")
        }
      }
      Section("Connectors") {
        ForEach(station.connectorStandards.map(\.description).sorted(), id: \.self) { standard in
          Text(standard)
        }
      }
      Section("Actions") {
        Button(
          model.favourites.contains(station.id) ? "Remove from favourites" : "Add to favourites"
        ) {
          model.toggleFavourite(station.id)
        }
        Button("Directions in Maps") {
          MapsHandOff.mapItem(station.coordinate, name: station.displayName)
            .openInMaps(
              launchOptions: [
                MKLaunchOptionsDirectionsModeKey: MKLaunchOptionsDirectionsModeDriving
              ],
              from: nil, completionHandler: nil)
        }
      }
      Section("Source") { Text(station.source.attribution) }
    }
    .navigationTitle(station.displayName)
  }
}

/// The favourite stations; CarPlay's Favourites tab shows the same list.
struct FavouritesView: View {
  @Bindable var model: ChargingPhoneModel

  var body: some View {
    NavigationStack {
      List {
        ForEach(model.favouriteStations) { station in
          NavigationLink {
            StationDetailView(model: model, station: station)
          } label: {
            Text(station.displayName)
          }
        }
      }
      .navigationTitle("Favourites")
    }
  }
}

/// The tariffs (charging cards) the driver holds; the car prices every station with them.
struct TariffsView: View {
  @Bindable var model: ChargingPhoneModel

  var body: some View {
    NavigationStack {
      List {
        ForEach(model.tariffs, id: \.id) { entry in
          Button {
            model.toggleTariff(entry.id)
          } label: {
            Label(
              entry.name,
              systemImage: model.selectedTariffIDs.contains(entry.id)
                ? "checkmark.circle.fill" : "circle")
          }
        }
      }
      .navigationTitle("Tariffs")
    }
  }
}

/// The vehicle whose charging curve the car's times and prices use.
struct VehicleView: View {
  @Bindable var model: ChargingPhoneModel

  var body: some View {
    NavigationStack {
      Form {
        Picker("Vehicle", selection: $model.vehicleID) {
          ForEach(VehicleProfiles.all) { profile in
            Text(profile.name).tag(profile.id)
          }
        }
      }
      .navigationTitle("Vehicle")
    }
  }
}
