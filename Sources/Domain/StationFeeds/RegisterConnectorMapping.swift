import Charging

/// Maps the register's short plug codes (`type2_socket`, `ccs2`, …) to OCPI connectors.
///
/// | code | OCPI standard | format | power type |
/// |---|---|---|---|
/// | `type2_socket` | `IEC_62196_T2` | SOCKET | AC_1_PHASE if ≤ 7.4 kW, else AC_3_PHASE |
/// | `type2_cable` | `IEC_62196_T2` | CABLE | AC_1_PHASE if ≤ 7.4 kW, else AC_3_PHASE |
/// | `ccs2` | `IEC_62196_T2_COMBO` | CABLE | DC |
/// | `chademo` | `CHADEMO` | CABLE | DC |
/// | `schuko` | `DOMESTIC_F` | SOCKET | AC_1_PHASE |
/// | `cee_3pin` | `IEC_60309_2_single_16` | SOCKET | AC_1_PHASE |
/// | `cee_5pin` | `IEC_60309_2_three_16` / `_32` / `_64` by kW (≤ 11.1 / ≤ 22.2 / above) | SOCKET | AC_3_PHASE |
/// | `type1` | `IEC_62196_T1` | SOCKET | AC_1_PHASE |
/// | `tesla` | `TESLA_S` | CABLE | DC when the row says DC, else AC_3_PHASE |
/// | anything else | kept verbatim as ``ConnectorStandard/unknown(_:)`` | — | from the row's `current` |
///
/// Why 7.4 kW: one phase at 32 A and 230 V delivers 7.36 kW, the most a single-phase point can
/// give; the register's small Type 2 figures (3.7, 4.6, 7.2, 7.4 kW) are single-phase values,
/// three-phase points start at 11 kW (3 × 230 V × 16 A). A Type 2 point without a power is taken
/// as three-phase, the common case. Plug codes follow `Sources/Core/WaysideData/Resources/DATA-README.md` §1; the OCPI
/// names follow `Documentation/Reference/ev-domain.md` §3.4.
enum RegisterConnectorMapping {
  /// The largest power a single phase delivers (230 V × 32 A), in kW.
  static let singlePhaseLimitKilowatts = 7.4

  /// Whether the code is one of the register's known plug codes.
  static func isKnown(_ code: String) -> Bool {
    switch code {
    case "type2_socket", "type2_cable", "ccs2", "chademo", "schuko", "cee_3pin", "cee_5pin",
      "type1", "tesla":
      true
    default: false
    }
  }

  /// The connector for a plug code, its power in kW (nil when unknown) and the row's `current`.
  static func connector(code: String, kilowatts: Double?, current: String?) -> Connector {
    let ac: PowerType =
      if let kilowatts, kilowatts <= singlePhaseLimitKilowatts { .ac1Phase } else { .ac3Phase }
    let standard: ConnectorStandard
    let format: ConnectorFormat?
    let powerType: PowerType
    switch code {
    case "type2_socket": (standard, format, powerType) = (.type2, .socket, ac)
    case "type2_cable": (standard, format, powerType) = (.type2, .cable, ac)
    case "ccs2": (standard, format, powerType) = (.type2Combo, .cable, .dc)
    case "chademo": (standard, format, powerType) = (.chademo, .cable, .dc)
    case "schuko": (standard, format, powerType) = (.domestic("F"), .socket, .ac1Phase)
    case "cee_3pin": (standard, format, powerType) = (.iec60309SingleSixteen, .socket, .ac1Phase)
    case "cee_5pin":
      let kw = kilowatts ?? 0
      let cee: ConnectorStandard =
        kw > 22.2
        ? .iec60309ThreeSixtyFour : kw > 11.1 ? .iec60309ThreeThirtyTwo : .iec60309ThreeSixteen
      (standard, format, powerType) = (cee, .socket, .ac3Phase)
    case "type1": (standard, format, powerType) = (.type1, .socket, .ac1Phase)
    case "tesla":
      (standard, format, powerType) = (.teslaModelS, .cable, current == "DC" ? .dc : .ac3Phase)
    default:
      (standard, format, powerType) = (.unknown(code), nil, current == "DC" ? .dc : ac)
    }
    return Connector(
      id: "1", standard: standard, format: format, powerType: powerType,
      maxElectricPower: kilowatts.map { Power(kilowatts: $0) })
  }
}
