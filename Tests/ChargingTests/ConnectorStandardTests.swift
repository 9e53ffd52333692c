import Charging
import Foundation
import Testing

@Suite("Connector standards in OCPI spelling")
struct ConnectorStandardTests {
  static let known: [ConnectorStandard] = [
    .chademo, .chaoji, .domestic("A"), .domestic("F"), .domestic("O"), .gbtAC, .gbtDC,
    .iec60309SingleSixteen, .iec60309ThreeSixteen, .iec60309ThreeThirtyTwo,
    .iec60309ThreeSixtyFour, .type1, .type1Combo, .type2, .type2Combo, .type3A, .type3C, .nema5_20,
    .nema6_30, .nema6_50, .nema10_30, .nema10_50, .nema14_30, .nema14_50, .pantographBottomUp,
    .pantographTopDown, .teslaRoadster, .teslaModelS, .saeJ3400, .mcs,
  ]

  @Test("Every known standard survives OCPI name → value → name", arguments: known)
  func roundTrip(_ standard: ConnectorStandard) throws {
    #expect(ConnectorStandard(ocpiName: standard.ocpiName) == standard)
    let json = try JSONEncoder().encode([standard])
    #expect(try JSONDecoder().decode([ConnectorStandard].self, from: json) == [standard])
  }

  @Test(
    "Parsing ignores case, as some sources lower-case the names",
    arguments: [
      ("iec_62196_t2_combo", ConnectorStandard.type2Combo), ("Chademo", .chademo),
      ("IEC_60309_2_single_16", .iec60309SingleSixteen), ("domestic_f", .domestic("F")),
    ])
  func caseInsensitive(name: String, expected: ConnectorStandard) {
    #expect(ConnectorStandard(ocpiName: name) == expected)
  }

  @Test(
    "Unknown names are kept verbatim and written back unchanged",
    arguments: ["NACS_FUTURE", "DOMESTIC_Z", "DOMESTIC_", "IEC_62196_T4", "", "Typ 2 (Stecker)"])
  func unknownKept(name: String) throws {
    let parsed = ConnectorStandard(ocpiName: name)
    #expect(parsed == .unknown(name))
    #expect(parsed.ocpiName == name)
    let json = try JSONEncoder().encode([parsed])
    #expect(try JSONDecoder().decode([ConnectorStandard].self, from: json) == [parsed])
  }

  @Test("DC plugs are the combo, CHAdeMO, ChaoJi, GB/T DC, MCS and pantograph standards")
  func directCurrent() {
    let dc = Set(Self.known.filter(\.isDirectCurrent).map(\.ocpiName))
    #expect(
      dc == [
        "CHADEMO", "CHAOJI", "GBT_DC", "IEC_62196_T1_COMBO", "IEC_62196_T2_COMBO", "MCS",
        "PANTOGRAPH_BOTTOM_UP", "PANTOGRAPH_TOP_DOWN",
      ])
  }

  @Test(
    "Display names are the ones drivers know",
    arguments: [
      (ConnectorStandard.type2Combo, "CCS"), (.type2, "Type 2"), (.chademo, "CHAdeMO"),
      (.domestic("F"), "Schuko"), (.saeJ3400, "NACS"), (.unknown("X_1"), "X_1"),
    ])
  func displayName(standard: ConnectorStandard, expected: String) {
    #expect(standard.displayName == expected)
  }
}
