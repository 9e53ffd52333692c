import CarRender
import Foundation
import Geo
import MapCar
import Routing
import WaysideData

/// Map app benchmarks (Guides/MapApp.md): one car-window frame of the street map at the
/// standard and the widest display beside the national-layers-only frame (the baseline, what
/// the map drew before the city layers), and maneuver extraction for Kassel → München beside
/// the route search it follows.
enum MapBench {
  /// Runs the map benchmarks.
  static func run(_ bench: Bench) {
    bench.section("Map app")
    do {
      try frames(bench)
      try maneuvers(bench)
    } catch {
      print("map: failed: \(error)")
    }
  }

  static func frames(_ bench: Bench) throws {
    let basemap = try Basemap.bundled()
    let city = try CityMap.bundled()
    let kassel = Coordinate(latitude: 51.3127, longitude: 9.4797)
    for (name, width, height) in [
      ("standard 800×480", 800.0, 480.0), ("widest 1920×720", 1920, 720),
    ] {
      var frame = 0
      let withCity = MapSVGRenderer(basemap: basemap, city: city)
      let baseline = MapSVGRenderer(basemap: basemap)
      // A fresh centre every call, so the renderer's cache never answers.
      let street = Bench.median(runs: bench.runs(21, quick: 3)) {
        frame += 1
        let c = Coordinate(
          latitude: kassel.latitude + Double(frame) * 1e-5, longitude: kassel.longitude)
        _ = withCity.render(
          MapViewport(center: c, zoom: 15, width: width, height: height), dark: false,
          pins: [MapPin(id: "car", coordinate: c, style: .car, heading: 30)], route: nil,
          showsAttribution: true, coveredLeft: 0)
      }
      let national = Bench.median(runs: bench.runs(21, quick: 3)) {
        frame += 1
        let c = Coordinate(
          latitude: kassel.latitude + Double(frame) * 1e-5, longitude: kassel.longitude)
        _ = baseline.render(
          MapViewport(center: c, zoom: 15, width: width, height: height), dark: false,
          pins: [MapPin(id: "car", coordinate: c, style: .car, heading: 30)], route: nil,
          showsAttribution: true, coveredLeft: 0)
      }
      bench.target("map: street frame \(name)", under: 50, street)
      print(
        "map: street-level frame, \(name), zoom 15 over Kassel \(street.text(2)) | baseline national layers only \(national.text(2))"
      )
    }
  }

  static func maneuvers(_ bench: Bench) throws {
    let network = try RoadNetwork(geoJSON: [
      try BundledData.data(.motorways), try BundledData.data(.federalRoads),
    ])
    let kassel = Coordinate(latitude: 51.31468, longitude: 9.4952)
    let munich = Coordinate(latitude: 48.13768, longitude: 11.576)
    let route = try network.fastestRoute(from: kassel, to: munich)
    var count = 0
    let extract = Bench.median(runs: bench.runs(21, quick: 3)) {
      count = ManeuverExtractor.maneuvers(for: route, destinationName: "München").count
    }
    let search = try Bench.median(runs: bench.runs(11, quick: 3)) {
      _ = try network.fastestRoute(from: kassel, to: munich)
    }
    bench.target("map: maneuvers Kassel → München", under: 5, extract)
    print(
      "map: maneuver extraction Kassel → München (\(route.polyline.coordinates.count) vertices, \(count) maneuvers) \(extract.text(3)) | baseline the A* search itself \(search.text(2))"
    )
  }
}
