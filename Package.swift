// swift-tools-version: 6.0
// Wayside: CarPlay apps as pure Swift values, an emulated CarPlay host, and the
// charging, routing and pricing domain beneath them. See README.md for the layers.
import PackageDescription

let strict: [SwiftSetting] = [
  .enableUpcomingFeature("ExistentialAny")
]

/// The bridge's dependencies on the Linux stand-ins of Apple's frameworks (none elsewhere).
var appleStandInDependencies: [Target.Dependency] {
  #if os(Linux)
    ["UIKit", "CoreLocation", "CoreMedia", "MapKit", "CarPlay", "MediaPlayer"].map {
      .target(name: $0)
    }
  #else
    []
  #endif
}

let package = Package(
  name: "Wayside",
  // iOS 26.4, the same floor as the apps (Apps/project.yml, Apps/README.md "Requirements"):
  // Xcode compiles every package target the apps link — the CarPlayBridge above all — at this
  // floor, and the kit's specs model CarPlay features of iOS 26.4 (list details headers,
  // playback configurations, supportsVideoPlayback, voice-control action buttons) that the
  // bridge maps without version branches, so what the kit's lint accepts is what the car shows.
  // Apps/LinuxCheck/check_sdk_facts.py reads this line and fails on Apple API above it outside
  // `if #available` / `@available`.
  platforms: [.macOS(.v15), .iOS("26.4")],
  products: [
    .executable(name: "wayside", targets: ["wayside"]),
    .executable(name: "wayside-bench", targets: ["wayside-bench"]),
    .library(name: "CarTemplates", targets: ["CarTemplates"]),
    .library(name: "CarSession", targets: ["CarSession"]),
    .library(name: "CarSimulator", targets: ["CarSimulator"]),
    // The kit for your own apps (Documentation: "Your first CarPlay app with Wayside").
    .library(name: "CarRender", targets: ["CarRender"]),
    .library(name: "CarAppTesting", targets: ["CarAppTesting"]),
    .library(name: "CarAppXCTesting", targets: ["CarAppXCTesting"]),
    .library(name: "WaysideSimulator", targets: ["WaysideSimulator"]),
    .library(name: "Charging", targets: ["Charging"]),
    // For the iOS apps in Apps/ (Apps/project.yml).
    .library(name: "Geo", targets: ["Geo"]),
    .library(name: "StationStore", targets: ["StationStore"]),
    .library(name: "StationFeeds", targets: ["StationFeeds"]),
    .library(name: "StationIndex", targets: ["StationIndex"]),
    .library(name: "Pricing", targets: ["Pricing"]),
    .library(name: "TripPlanner", targets: ["TripPlanner"]),
    .library(name: "WaysideData", targets: ["WaysideData"]),
    .library(name: "WaysideApps", targets: ["WaysideApps"]),
    .library(name: "MapCar", targets: ["MapCar"]),
    .library(name: "ChargingCar", targets: ["ChargingCar"]),
    .library(name: "MediaCar", targets: ["MediaCar"]),
    .library(name: "Playback", targets: ["Playback"]),
    // The kit's `CarHost` on Apple's CarPlay framework: specs become `CP…` objects, callbacks
    // become `HostEvent`s (Apps/README.md). Its code is behind `#if canImport(CarPlay)`.
    .library(name: "CarPlayBridge", targets: ["CarPlayBridge"]),
  ],
  targets: [
    // MARK: Targets, in dependency order (each one's folder and layer: "MARK: Layers" below)
    .target(name: "JSONScanning", swiftSettings: strict),
    .target(name: "Geo", dependencies: ["JSONScanning"], swiftSettings: strict),
    .target(name: "Identifiers", swiftSettings: strict),
    .target(name: "Diagnostics", swiftSettings: strict),
    .target(
      name: "CarTemplates", dependencies: ["Geo", "Diagnostics", "Identifiers"], swiftSettings: strict),
    .target(name: "Charging", dependencies: ["Geo", "Identifiers"], swiftSettings: strict),
    .target(name: "Playback", dependencies: ["Identifiers"], swiftSettings: strict),
    .target(
      name: "WaysideData", resources: [.copy("Resources")], swiftSettings: strict),

    .systemLibrary(
      name: "CSQLite", path: "Sources/Core/CSQLite", providers: [.apt(["libsqlite3-dev"])]),
    .systemLibrary(
      name: "CCurl", path: "Sources/Core/CCurl", providers: [.apt(["libcurl4-openssl-dev"])]),
    .target(
      name: "StationIndex", dependencies: ["Geo", "Charging", "WaysideData"], swiftSettings: strict),
    .target(
      name: "Pricing", dependencies: ["Geo", "Charging", "Diagnostics"], swiftSettings: strict),
    .target(
      name: "StationFeeds",
      dependencies: [
        "Geo", "Charging", "Diagnostics", "JSONScanning", "WaysideData", "StationIndex",
        "HTTPServer",
        // The bounded client's transport on Linux (BoundedFetch); elsewhere URLSession.
        .target(name: "CCurl", condition: .when(platforms: [.linux])),
      ],
      swiftSettings: strict),
    .target(
      name: "StationStore",
      dependencies: ["Geo", "Charging", "CSQLite", "StationIndex", "WaysideData"],
      swiftSettings: strict),
    .target(
      name: "Routing", dependencies: ["Geo", "JSONScanning", "WaysideData"], swiftSettings: strict),
    .target(
      name: "TripPlanner",
      dependencies: ["Geo", "Charging", "StationIndex", "Routing", "Pricing"],
      swiftSettings: strict),
    .target(name: "HTTPServer", swiftSettings: strict),
    .target(
      name: "ChargingData",
      dependencies: [
        "Charging", "StationIndex", "Pricing", "StationFeeds", "Routing", "TripPlanner",
        "WaysideData", "StationStore",
      ],
      swiftSettings: strict),

    .target(
      name: "CarSession", dependencies: ["CarTemplates", "Geo", "WaysideData"],
      swiftSettings: strict),
    .target(
      name: "CarRender", dependencies: ["CarTemplates", "Geo", "WaysideData"],
      swiftSettings: strict),
    .target(
      name: "CarSimulator", dependencies: ["CarTemplates", "CarSession", "CarRender", "Geo"],
      swiftSettings: strict),
    .target(
      name: "MediaCar",
      dependencies: ["CarTemplates", "CarSession", "Playback", "WaysideData"],
      swiftSettings: strict),
    .target(
      name: "KitDemos",
      dependencies: [
        "CarTemplates", "CarSession", "Geo", "Charging", "StationFeeds", "WaysideData",
      ],
      swiftSettings: strict),
    .target(
      name: "ChargingCar",
      dependencies: [
        "CarTemplates", "CarSession", "Geo", "Charging", "StationIndex", "Pricing",
        "StationStore", "StationFeeds", "Routing", "TripPlanner", "ChargingData", "WaysideData",
      ],
      swiftSettings: strict),

    .target(
      name: "MapCar",
      dependencies: ["CarTemplates", "CarSession", "Geo", "Routing", "CarRender", "WaysideData"],
      swiftSettings: strict),

    // The kit's CarHost on CarPlay (Apple-only code behind `#if canImport(CarPlay)`). On Linux it
    // compiles against the stand-ins below, which is its type-check and what its mapping tests run.
    .target(
      name: "CarPlayBridge",
      dependencies: ["CarTemplates", "CarSession", "Geo"] + appleStandInDependencies,
      swiftSettings: strict),

    // The exhaustive app tester and journeys as test issues, for test targets only (it
    // imports Swift Testing); the XCTest twin of the journey check.
    .target(
      name: "CarAppTesting", dependencies: ["CarSession", "CarSimulator", "CarTemplates"],
      swiftSettings: strict),
    // Its async methods run on the caller's actor (a test case is not Sendable).
    .target(
      name: "CarAppXCTesting", dependencies: ["CarSession", "CarSimulator"],
      swiftSettings: strict + [.enableUpcomingFeature("NonisolatedNonsendingByDefault")]),

    // The registry of every app: the in-car apps and the kit's demos, by id.
    .target(
      name: "WaysideApps",
      dependencies: ["CarSession", "KitDemos", "ChargingCar", "MapCar", "MediaCar"],
      swiftSettings: strict),

    .target(
      name: "PreviewServer",
      dependencies: [
        "HTTPServer", "CarTemplates", "CarSession", "CarSimulator", "CarRender", "KitDemos",
        "WaysideApps", "Geo",
        "Routing", "WaysideData",
      ],
      swiftSettings: strict),
    .target(
      name: "WaysideCLI",
      dependencies: [
        "Geo", "CarTemplates", "CarSession", "CarSimulator", "CarRender", "KitDemos",
        "WaysideApps", "Charging",
        "StationIndex", "Pricing", "StationFeeds", "StationStore", "Routing", "TripPlanner",
        "PreviewServer", "WaysideData", "ChargingData", "ChargingCar", "JSONScanning",
      ],
      swiftSettings: strict),
    // The simulator and the kit's commands over a package's own apps.
    .target(
      name: "WaysideSimulator",
      dependencies: ["WaysideCLI", "HTTPServer", "CarSession", "CarTemplates", "StationStore"],
      swiftSettings: strict),
    .executableTarget(name: "wayside", dependencies: ["WaysideCLI"], swiftSettings: strict),
    .executableTarget(
      name: "wayside-bench",
      dependencies: [
        "Geo", "Charging", "StationIndex", "Pricing", "StationFeeds", "StationStore", "CSQLite",
        "Routing", "TripPlanner", "WaysideData", "HTTPServer", "CarRender", "MapCar",
        "ChargingData", "ChargingCar", "CarSession", "CarTemplates", "PreviewServer",
        "WaysideApps",
      ],
      swiftSettings: strict),

    // MARK: Tests
    .target(
      name: "WaysideTestSupport", dependencies: ["Geo", "Charging", "WaysideData", "HTTPServer"],
      path: "Tests/WaysideTestSupport", swiftSettings: strict),
    .testTarget(name: "JSONScanningTests", dependencies: ["JSONScanning"], swiftSettings: strict),
    .testTarget(
      name: "IdentifiersTests",
      dependencies: ["Identifiers", "CarTemplates", "Charging", "Playback"], swiftSettings: strict),
    .testTarget(
      name: "WaysideDataTests", dependencies: ["WaysideData"], swiftSettings: strict),
    .testTarget(
      name: "GeoTests", dependencies: ["Geo", "JSONScanning", "WaysideData"], swiftSettings: strict),
    .testTarget(
      name: "AppsManifestTests", dependencies: ["WaysideApps", "CarSession", "CarTemplates"],
      swiftSettings: strict),
    .testTarget(
      name: "DiagnosticsTests",
      dependencies: ["Diagnostics", "CarTemplates", "StationFeeds", "Pricing"],
      swiftSettings: strict),
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
      name: "StationStoreTests",
      dependencies: ["StationStore", "StationIndex", "WaysideTestSupport"],
      swiftSettings: strict),
    .testTarget(
      name: "RoutingTests", dependencies: ["Routing", "WaysideTestSupport"], swiftSettings: strict),
    .testTarget(
      name: "TripPlannerTests",
      dependencies: ["TripPlanner", "Routing", "StationFeeds", "Pricing", "WaysideTestSupport"],
      swiftSettings: strict),
    .testTarget(
      name: "MediaCarTests",
      dependencies: [
        "MediaCar", "Playback", "CarSession", "CarTemplates", "CarSimulator", "CarRender",
        "WaysideData", "CarAppTesting",
      ],
      swiftSettings: strict),
    .testTarget(
      name: "HTTPServerTests", dependencies: ["HTTPServer", "WaysideTestSupport"],
      swiftSettings: strict),
    .testTarget(
      name: "CarSessionTests",
      dependencies: ["CarSession", "CarSimulator", "CarAppTesting", "KitDemos", "Charging"],
      swiftSettings: strict),
    .testTarget(
      name: "KitTests",
      dependencies: [
        "CarAppTesting", "CarAppXCTesting", "WaysideSimulator", "WaysideCLI", "CarSimulator",
        "CarSession", "KitDemos",
      ],
      exclude: ["Journeys"], swiftSettings: strict),
    .testTarget(
      name: "CarSimulatorTests",
      dependencies: ["CarSimulator", "KitDemos", "CarRender", "WaysideApps", "CarAppTesting"],
      swiftSettings: strict),
    .testTarget(
      name: "CarRenderTests", dependencies: ["CarRender", "KitDemos", "WaysideData"],
      exclude: ["Golden"],
      swiftSettings: strict),
    .testTarget(
      name: "MapCarTests",
      dependencies: [
        "MapCar", "CarSimulator", "Routing", "CarRender", "WaysideApps", "CarAppTesting",
      ],
      swiftSettings: strict),
    .testTarget(
      name: "PreviewServerTests",
      dependencies: [
        "PreviewServer", "HTTPServer", "Geo", "Routing", "WaysideApps", "ChargingCar", "Charging",
      ],
      swiftSettings: strict),
    .testTarget(
      name: "ChargingCarTests",
      dependencies: [
        "ChargingCar", "ChargingData", "CarSimulator", "CarSession", "CarTemplates", "CarRender",
        "StationStore", "Pricing", "TripPlanner", "Routing", "StationIndex", "WaysideData",
        "CarAppTesting", "StationFeeds",
      ],
      swiftSettings: strict),
    .testTarget(
      name: "WaysideCLITests",
      dependencies: [
        "WaysideCLI", "HTTPServer", "PreviewServer", "ChargingCar", "ChargingData", "Pricing",
        "WaysideData", "Geo", "StationStore", "WaysideTestSupport", "WaysideApps", "CarRender",
        "CarTemplates",
      ],
      swiftSettings: strict),
  ],
  swiftLanguageModes: [.v6]
)

// MARK: Layers
// `Sources/` is grouped by layer: the folder of a module is `Sources/<layer>/<module>`. A module
// imports only modules of its own layer or of a layer below it (Core < Kit, Domain < Apps < Edges;
// Kit and Domain are side by side and never import each other). `LayerImportTests` reads every
// source file and fails on an import that goes up or across. README.md, "Layers", says the same.
let layers: [(name: String, modules: [String])] = [
  // shared foundations: geometry, JSON scanning, diagnostics, HTTP/1.1, SQLite, the bundled files
  (
    "Core",
    [
      "CCurl", "CSQLite", "Diagnostics", "Geo", "HTTPServer", "Identifiers", "JSONScanning",
      "WaysideData",
    ]
  ),
  // CarPlay as values: templates, sessions, the emulated host, rendering, testers, the bridge
  (
    "Kit",
    [
      "CarAppTesting", "CarAppXCTesting", "CarPlayBridge", "CarRender", "CarSession",
      "CarSimulator", "CarTemplates",
    ]
  ),
  // the charging and media domain: stations, prices, feeds, stores, routing, trips, playback
  (
    "Domain",
    [
      "Charging", "ChargingData", "Playback", "Pricing", "Routing", "StationFeeds", "StationIndex",
      "StationStore", "TripPlanner",
    ]
  ),
  // the in-car apps (charging, media, map), the kit's demos and the registry of apps
  ("Apps", ["ChargingCar", "KitDemos", "MapCar", "MediaCar", "WaysideApps"]),
  // what people run: the web simulator, the command line, benchmarks
  ("Edges", ["PreviewServer", "WaysideCLI", "WaysideSimulator", "wayside", "wayside-bench"]),
]
for target in package.targets where target.type != .test && target.path == nil {
  if let layer = layers.first(where: { $0.modules.contains(target.name) }) {
    target.path = "Sources/\(layer.name)/\(target.name)"
  }
}

// MARK: Linux stand-ins of Apple's frameworks
//
// `Apps/LinuxCheck/Stubs/` holds stand-ins of the CarPlay, UIKit, MapKit, Core Location,
// AVFoundation and MediaPlayer API that `CarPlayBridge` and `Apps/` use, each declaration
// checked against facts of the real SDK (`Apps/LinuxCheck/check_sdk_facts.py`). They exist only
// in the Linux package graph, where no Apple framework of those names exists; on Apple platforms
// the manifest does not declare them and the bridge imports the real frameworks. Here they serve
// the bridge's mapping tests; `Apps/LinuxCheck/typecheck.sh` also builds them with library
// evolution, as Apple's frameworks are built, and type-checks the bridge and the apps against
// that build, where an open (non-frozen) enum needs `@unknown default` exactly as in Xcode.
#if os(Linux)
  let standInModules = [
    "UIKit", "CoreLocation", "CoreMedia", "MapKit", "CarPlay", "AVFoundation", "MediaPlayer",
  ]
  let standInDependencies: [String: [Target.Dependency]] = [
    "UIKit": [], "CoreLocation": [], "CoreMedia": [], "MapKit": ["UIKit", "CoreLocation"],
    "CarPlay": ["UIKit", "MapKit", "CoreMedia"], "AVFoundation": ["CoreMedia"],
    "MediaPlayer": ["UIKit"],
  ]
  for module in standInModules {
    package.targets.append(
      .target(
        name: module, dependencies: standInDependencies[module] ?? [],
        path: "Apps/LinuxCheck/Stubs/\(module)",
        swiftSettings: [.swiftLanguageMode(.v5)]))
  }
  package.targets.append(
    .testTarget(
      name: "CarPlayBridgeTests",
      dependencies: [
        "CarPlayBridge", "CarTemplates", "CarSession", "Geo", "MediaCar", "Playback", "WaysideData",
      ]
        + standInModules.map { .target(name: $0) },
      // Swift Testing declares cross-import overlays for Apple's UIKit (`_Testing_UIKit`), which a
      // stand-in named UIKit would otherwise make the compiler look for.
      swiftSettings: strict + [.unsafeFlags(["-Xfrontend", "-disable-cross-import-overlays"])]))
  // The media app's AVFoundation glue from Apps/Media (`AVMediaPlayer` and the audio session of
  // `NowPlayingService`) built against the stand-ins, so MediaSystemTests runs it. Linux only;
  // Xcode builds these files in the Media app target.
  package.targets.append(
    .target(
      name: "WaysideMediaSystem",
      dependencies: [
        "MediaCar", "Playback", "CarSession", "WaysideData", "AVFoundation", "UIKit", "CoreMedia",
      ],
      path: "Apps/Media",
      exclude: [
        "Assets.xcassets", "Info.plist", "Media.entitlements", "MediaBrowserView.swift",
        "MediaCarPlaySceneDelegate.swift", "MediaPhoneView.swift",
      ],
      sources: ["NowPlayingService.swift", "AVMediaPlayer.swift"],
      swiftSettings: strict))
  package.targets.append(
    .testTarget(
      name: "MediaSystemTests",
      dependencies: [
        "WaysideMediaSystem", "MediaCar", "Playback", "WaysideData", "AVFoundation", "UIKit",
      ],
      swiftSettings: strict + [.unsafeFlags(["-Xfrontend", "-disable-cross-import-overlays"])]))
#endif
