// swift-tools-version: 6.0
// Wayside: CarPlay apps as pure Swift values, an emulated CarPlay host, and the
// charging, routing and pricing domain beneath them. See README.md for the layers.
import PackageDescription

let strict: [SwiftSetting] = [
  .enableUpcomingFeature("ExistentialAny")
]

let package = Package(
  name: "Wayside",
  platforms: [.macOS(.v15), .iOS(.v18)],
  products: [
    .executable(name: "wayside", targets: ["wayside"]),
    .executable(name: "wayside-bench", targets: ["wayside-bench"]),
    .library(name: "CarTemplates", targets: ["CarTemplates"]),
    .library(name: "CarSession", targets: ["CarSession"]),
    .library(name: "CarSimulator", targets: ["CarSimulator"]),
    .library(name: "Charging", targets: ["Charging"]),
  ],
  targets: [
    // MARK: L0 values
    .target(name: "JSONScanning", swiftSettings: strict),
    .target(name: "Geo", dependencies: ["JSONScanning"], swiftSettings: strict),
    .target(name: "CarTemplates", dependencies: ["Geo"], swiftSettings: strict),
    .target(name: "Charging", dependencies: ["Geo"], swiftSettings: strict),
    .target(
      name: "WaysideData", resources: [.copy("Resources")], swiftSettings: strict),

    // MARK: L1 algorithms and stores
    .systemLibrary(name: "CSQLite", path: "Sources/CSQLite", providers: [.apt(["libsqlite3-dev"])]),
    .target(name: "StationIndex", dependencies: ["Geo", "Charging"], swiftSettings: strict),
    .target(name: "Pricing", dependencies: ["Geo", "Charging"], swiftSettings: strict),
    .target(
      name: "StationFeeds", dependencies: ["Geo", "Charging", "JSONScanning", "WaysideData"],
      swiftSettings: strict),
    .target(
      name: "StationStore", dependencies: ["Geo", "Charging", "CSQLite"], swiftSettings: strict),
    .target(
      name: "Routing", dependencies: ["Geo", "JSONScanning", "WaysideData"], swiftSettings: strict),
    .target(
      name: "TripPlanner",
      dependencies: ["Geo", "Charging", "StationIndex", "Routing", "Pricing"],
      swiftSettings: strict),
    .target(name: "HTTPServer", swiftSettings: strict),

    // MARK: L2 experiences and hosts
    .target(name: "CarSession", dependencies: ["CarTemplates", "Geo"], swiftSettings: strict),
    .target(
      name: "CarRender", dependencies: ["CarTemplates", "Geo", "WaysideData"],
      swiftSettings: strict),
    .target(
      name: "CarSimulator", dependencies: ["CarTemplates", "CarSession", "CarRender", "Geo"],
      swiftSettings: strict),
    .target(
      name: "KitDemos",
      dependencies: [
        "CarTemplates", "CarSession", "Geo", "Charging", "StationFeeds", "WaysideData",
      ],
      swiftSettings: strict),

    // MARK: L3 edges
    .target(
      name: "PreviewServer",
      dependencies: [
        "HTTPServer", "CarTemplates", "CarSession", "CarSimulator", "CarRender", "KitDemos", "Geo",
        "Routing", "WaysideData",
      ],
      swiftSettings: strict),
    .target(
      name: "WaysideCLI",
      dependencies: [
        "Geo", "CarTemplates", "CarSession", "CarSimulator", "CarRender", "KitDemos", "Charging",
        "StationIndex", "Pricing", "StationFeeds", "StationStore", "Routing", "TripPlanner",
        "PreviewServer", "WaysideData", "JSONScanning",
      ],
      swiftSettings: strict),
    .executableTarget(name: "wayside", dependencies: ["WaysideCLI"], swiftSettings: strict),
    .executableTarget(
      name: "wayside-bench",
      dependencies: [
        "Geo", "Charging", "StationIndex", "Pricing", "StationFeeds", "StationStore", "CSQLite",
        "Routing", "TripPlanner", "WaysideData", "HTTPServer",
      ],
      swiftSettings: strict),

    // MARK: Tests
    .target(
      name: "WaysideTestSupport", dependencies: ["Geo", "Charging", "WaysideData"],
      path: "Tests/WaysideTestSupport", swiftSettings: strict),
    .testTarget(name: "JSONScanningTests", dependencies: ["JSONScanning"], swiftSettings: strict),
    .testTarget(
      name: "GeoTests", dependencies: ["Geo", "JSONScanning", "WaysideData"], swiftSettings: strict),
    .testTarget(name: "CarTemplatesTests", dependencies: ["CarTemplates"], swiftSettings: strict),
    .testTarget(
      name: "ChargingTests", dependencies: ["Charging", "WaysideTestSupport"], swiftSettings: strict
    ),
    .testTarget(
      name: "StationIndexTests",
      dependencies: ["StationIndex", "StationFeeds", "WaysideTestSupport"],
      swiftSettings: strict),
    .testTarget(
      name: "PricingTests", dependencies: ["Pricing", "WaysideTestSupport"], swiftSettings: strict),
    .testTarget(
      name: "StationFeedsTests",
      dependencies: ["StationFeeds", "HTTPServer", "WaysideTestSupport"],
      swiftSettings: strict),
    .testTarget(
      name: "StationStoreTests", dependencies: ["StationStore", "WaysideTestSupport"],
      swiftSettings: strict),
    .testTarget(
      name: "RoutingTests", dependencies: ["Routing", "WaysideTestSupport"], swiftSettings: strict),
    .testTarget(
      name: "TripPlannerTests",
      dependencies: ["TripPlanner", "StationFeeds", "Pricing", "WaysideTestSupport"],
      swiftSettings: strict),
    .testTarget(name: "HTTPServerTests", dependencies: ["HTTPServer"], swiftSettings: strict),
    .testTarget(
      name: "CarSessionTests",
      dependencies: ["CarSession", "CarSimulator", "KitDemos", "Charging"],
      swiftSettings: strict),
    .testTarget(
      name: "CarSimulatorTests", dependencies: ["CarSimulator", "KitDemos", "CarRender"],
      swiftSettings: strict),
    .testTarget(
      name: "CarRenderTests", dependencies: ["CarRender", "KitDemos"], exclude: ["Golden"],
      swiftSettings: strict),
    .testTarget(
      name: "PreviewServerTests", dependencies: ["PreviewServer", "HTTPServer", "Geo", "Routing"],
      swiftSettings: strict),
    .testTarget(
      name: "WaysideCLITests", dependencies: ["WaysideCLI", "HTTPServer", "PreviewServer"],
      swiftSettings: strict),
  ],
  swiftLanguageModes: [.v6]
)
