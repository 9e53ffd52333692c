import Charging

/// Real vehicle profiles bundled with Wayside.
///
/// Capacities and DC charging curves are the measured curves from Open EV Data
/// (`chargeprice/open-ev-data@e495ff9: data/ev-data.json`, MIT licence) as quoted in
/// ev-domain.md §4.2 and §8. The research note does not quote per-model consumption, so every
/// profile uses Mapbox's documented example speed table (``ConsumptionModel/mapboxExample``,
/// 18 kWh/100 km at 120 km/h); pass a different ``ConsumptionModel`` for a specific car.
public enum VehicleProfiles {
  /// Every bundled profile, the default first.
  public static let all: [VehicleProfile] = [
    modelYLongRange2020, ioniq5, model3LongRange, id3Pro77, zoeZE40,
  ].compactMap { $0 }

  /// The profile the command line uses when `--vehicle` is not given.
  public static var standard: VehicleProfile? { all.first }

  /// The profile with this id (case-insensitive), or nil.
  public static func named(_ id: String) -> VehicleProfile? {
    all.first { $0.id.lowercased() == id.lowercased() }
  }

  private static let openEVData =
    "Open EV Data (chargeprice/open-ev-data@e495ff9, MIT), curve as quoted in ev-domain.md §4.2; consumption: Mapbox example table (§4.1)"

  private static func make(
    _ id: String, _ name: String, _ capacity: Double, _ curve: [(Double, Double)],
    connectors: Set<ConnectorStandard> = [.type2, .type2Combo]
  ) -> VehicleProfile? {
    // The literals below are checked by the VehicleProfiles tests; a bad one is dropped, not fatal.
    guard let chargingCurve = try? ChargingCurve(percentAndKilowatts: curve) else { return nil }
    return try? VehicleProfile(
      id: id, name: name, usableCapacityKilowattHours: capacity,
      consumption: .mapboxExample, chargingCurve: chargingCurve, source: openEVData,
      connectors: connectors)
  }

  /// Tesla Model Y Long Range (2020), 72.5 kWh, curve {0: 246, 35: 238, 75: 99, 100: 18}.
  static let modelYLongRange2020 = make(
    "model-y-lr-2020", "Tesla Model Y Long Range (2020)", 72.5,
    [(0, 246), (35, 238), (75, 99), (100, 18)])

  /// Hyundai Ioniq 5 (2021), 72.6 kWh, Open EV Data's stepped 800 V curve.
  static let ioniq5 = make(
    "ioniq5-72", "Hyundai Ioniq 5 72.6 kWh (2021)", 72.6,
    [
      (0, 200), (10, 210), (22, 232), (23, 185), (37, 185), (38, 175), (47, 175), (48, 155),
      (55, 155), (56, 130), (70, 130), (80, 100), (100, 11),
    ])

  /// Tesla Model 3 Long Range, 74.0 kWh, curve {0: 180, 40: 195, 60: 110, 100: 12} (§8).
  static let model3LongRange = make(
    "model-3-lr", "Tesla Model 3 Long Range", 74.0, [(0, 180), (40, 195), (60, 110), (100, 12)])

  /// Volkswagen ID.3 Pro S 77 kWh (2020), curve {0: 125, 30: 125, 70: 65, 80: 65, 100: 22}.
  static let id3Pro77 = make(
    "id3-77", "Volkswagen ID.3 77 kWh (2020)", 77.0,
    [(0, 125), (30, 125), (70, 65), (80, 65), (100, 22)])

  /// Renault Zoe R110 ZE40, 41 kWh, curve {0: 41, 52: 46, 80: 27, 100: 22}; a Type 2 inlet
  /// only: the ZE40 has no DC socket (CCS came with the ZE50).
  static let zoeZE40 = make(
    "zoe-ze40", "Renault Zoe R110 ZE40", 41.0, [(0, 41), (52, 46), (80, 27), (100, 22)],
    connectors: [.type2])
}
