// swift-tools-version: 6.0
// Chargers: a CarPlay app on Wayside's kit, with its tests and a simulator executable.
import PackageDescription

let package = Package(
  name: "Chargers",
  platforms: [.macOS(.v15), .iOS("26.4")],
  dependencies: [
    // `name:` lets the products below say `package: "Wayside"` whatever the clone's folder
    // is called.
    .package(name: "Wayside", path: "../..")
  ],
  targets: [
    .target(
      name: "Chargers",
      dependencies: [
        .product(name: "CarSession", package: "Wayside"),
        .product(name: "CarTemplates", package: "Wayside"),
      ]),
    .executableTarget(
      name: "chargers-simulator",
      dependencies: [
        "Chargers",
        .product(name: "WaysideSimulator", package: "Wayside"),
      ]),
    .testTarget(
      name: "ChargersTests",
      dependencies: [
        "Chargers",
        .product(name: "CarAppTesting", package: "Wayside"),
        .product(name: "CarAppXCTesting", package: "Wayside"),
        .product(name: "CarRender", package: "Wayside"),
      ],
      exclude: ["Journeys"]),
  ],
  swiftLanguageModes: [.v6]
)
