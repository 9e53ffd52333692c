/// A plug standard, with the values of OCPI 2.2.1 `ConnectorType` plus 2.3.0's NACS and MCS.
///
/// Source: `Documentation/Reference/ev-domain.md` §1.4 (ConnectorType enum).
public enum ConnectorStandard: Hashable, Sendable, Codable, CustomStringConvertible {
  /// CHAdeMO.
  case chademo
  /// ChaoJi (CHAdeMO 3.0 / GB/T 2015 successor).
  case chaoji
  /// A household socket; the letter is the IEC plug type (F = Schuko).
  case domestic(Character)
  /// GB/T 20234.2 (China) AC.
  case gbtAC
  /// GB/T 20234.3 (China) DC.
  case gbtDC
  /// IEC 60309-2 industrial socket, single phase, 16 A (blue CEE).
  case iec60309SingleSixteen
  /// IEC 60309-2 industrial socket, three phases, 16 A (red CEE).
  case iec60309ThreeSixteen
  /// IEC 60309-2 industrial socket, three phases, 32 A (red CEE).
  case iec60309ThreeThirtyTwo
  /// IEC 60309-2 industrial socket, three phases, 64 A (red CEE).
  case iec60309ThreeSixtyFour
  /// J1772 (Type 1).
  case type1
  /// CCS1.
  case type1Combo
  /// Type 2 ("Mennekes").
  case type2
  /// CCS2.
  case type2Combo
  /// IEC 62196 Type 3A (Scame, single phase).
  case type3A
  /// IEC 62196 Type 3C (Scame, three phases).
  case type3C
  /// NEMA 5-20 (North America).
  case nema5_20
  /// NEMA 6-30 (North America).
  case nema6_30
  /// NEMA 6-50 (North America).
  case nema6_50
  /// NEMA 10-30 (North America).
  case nema10_30
  /// NEMA 10-50 (North America).
  case nema10_50
  /// NEMA 14-30 (North America).
  case nema14_30
  /// NEMA 14-50 (North America).
  case nema14_50
  /// A pantograph lowered from the vehicle onto a ground contact.
  case pantographBottomUp
  /// A pantograph lowered from a mast onto the vehicle roof.
  case pantographTopDown
  /// Tesla's Roadster connector (round, four pins).
  case teslaRoadster
  /// Tesla's Model S connector (oval, all pins identical).
  case teslaModelS
  /// SAE J3400 (NACS), OCPI 2.3.0.
  case saeJ3400
  /// Megawatt Charging System, OCPI 2.3.0.
  case mcs
  /// A value this version does not know, kept verbatim so nothing is lost.
  case unknown(String)

  /// The OCPI spelling, e.g. `IEC_62196_T2_COMBO`.
  public var ocpiName: String {
    switch self {
    case .chademo: "CHADEMO"
    case .chaoji: "CHAOJI"
    case .domestic(let letter): "DOMESTIC_\(letter)"
    case .gbtAC: "GBT_AC"
    case .gbtDC: "GBT_DC"
    case .iec60309SingleSixteen: "IEC_60309_2_single_16"
    case .iec60309ThreeSixteen: "IEC_60309_2_three_16"
    case .iec60309ThreeThirtyTwo: "IEC_60309_2_three_32"
    case .iec60309ThreeSixtyFour: "IEC_60309_2_three_64"
    case .type1: "IEC_62196_T1"
    case .type1Combo: "IEC_62196_T1_COMBO"
    case .type2: "IEC_62196_T2"
    case .type2Combo: "IEC_62196_T2_COMBO"
    case .type3A: "IEC_62196_T3A"
    case .type3C: "IEC_62196_T3C"
    case .nema5_20: "NEMA_5_20"
    case .nema6_30: "NEMA_6_30"
    case .nema6_50: "NEMA_6_50"
    case .nema10_30: "NEMA_10_30"
    case .nema10_50: "NEMA_10_50"
    case .nema14_30: "NEMA_14_30"
    case .nema14_50: "NEMA_14_50"
    case .pantographBottomUp: "PANTOGRAPH_BOTTOM_UP"
    case .pantographTopDown: "PANTOGRAPH_TOP_DOWN"
    case .teslaRoadster: "TESLA_R"
    case .teslaModelS: "TESLA_S"
    case .saeJ3400: "SAE_J3400"
    case .mcs: "MCS"
    case .unknown(let raw): raw
    }
  }

  /// Parses an OCPI name (case-insensitive); unknown names become ``unknown(_:)``.
  public init(ocpiName: String) {
    let upper = ocpiName.uppercased()
    if upper.hasPrefix("DOMESTIC_"), upper.count == 10, let letter = upper.last,
      ("A"..."O").contains(letter)
    {
      self = .domestic(letter)
      return
    }
    let table: [String: ConnectorStandard] = [
      "CHADEMO": .chademo, "CHAOJI": .chaoji, "GBT_AC": .gbtAC, "GBT_DC": .gbtDC,
      "IEC_60309_2_SINGLE_16": .iec60309SingleSixteen,
      "IEC_60309_2_THREE_16": .iec60309ThreeSixteen,
      "IEC_60309_2_THREE_32": .iec60309ThreeThirtyTwo,
      "IEC_60309_2_THREE_64": .iec60309ThreeSixtyFour,
      "IEC_62196_T1": .type1, "IEC_62196_T1_COMBO": .type1Combo, "IEC_62196_T2": .type2,
      "IEC_62196_T2_COMBO": .type2Combo, "IEC_62196_T3A": .type3A, "IEC_62196_T3C": .type3C,
      "NEMA_5_20": .nema5_20, "NEMA_6_30": .nema6_30, "NEMA_6_50": .nema6_50,
      "NEMA_10_30": .nema10_30, "NEMA_10_50": .nema10_50, "NEMA_14_30": .nema14_30,
      "NEMA_14_50": .nema14_50, "PANTOGRAPH_BOTTOM_UP": .pantographBottomUp,
      "PANTOGRAPH_TOP_DOWN": .pantographTopDown, "TESLA_R": .teslaRoadster, "TESLA_S": .teslaModelS,
      "SAE_J3400": .saeJ3400, "MCS": .mcs,
    ]
    self = table[upper] ?? .unknown(ocpiName)
  }

  /// A short name a driver recognises: "CCS", "Type 2", "CHAdeMO", "Schuko", …
  public var displayName: String {
    switch self {
    case .type2Combo: "CCS"
    case .type1Combo: "CCS1"
    case .type2: "Type 2"
    case .type1: "Type 1"
    case .chademo: "CHAdeMO"
    case .domestic("F"): "Schuko"
    case .domestic(let letter): "Domestic \(letter)"
    case .iec60309SingleSixteen, .iec60309ThreeSixteen, .iec60309ThreeThirtyTwo,
      .iec60309ThreeSixtyFour:
      "CEE"
    case .teslaModelS, .teslaRoadster: "Tesla"
    case .saeJ3400: "NACS"
    case .mcs: "MCS"
    default: ocpiName
    }
  }

  /// A one-line text for messages and logs.
  public var description: String { ocpiName }

  /// Whether the standard is a DC fast-charging plug.
  public var isDirectCurrent: Bool {
    switch self {
    case .chademo, .chaoji, .gbtDC, .type1Combo, .type2Combo, .mcs, .pantographBottomUp,
      .pantographTopDown:
      true
    default: false
    }
  }

  /// Decodes the value from its JSON text form.
  public init(from decoder: any Decoder) throws {
    self.init(ocpiName: try decoder.singleValueContainer().decode(String.self))
  }
  /// Encodes the value in its JSON text form.
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.singleValueContainer()
    try container.encode(ocpiName)
  }
}

/// Whether the driver brings a cable (socket) or the cable is attached (OCPI `ConnectorFormat`).
public enum ConnectorFormat: String, Hashable, Sendable, Codable {
  /// The driver brings a cable.
  case socket = "SOCKET"
  /// A cable is attached to the charger.
  case cable = "CABLE"
}

/// The kind of current a connector supplies (OCPI `PowerType`).
public enum PowerType: String, Hashable, Sendable, Codable {
  /// Single-phase alternating current.
  case ac1Phase = "AC_1_PHASE"
  /// Two-phase alternating current.
  case ac2Phase = "AC_2_PHASE"
  /// Split-phase alternating current (two phases from one).
  case ac2PhaseSplit = "AC_2_PHASE_SPLIT"
  /// Three-phase alternating current.
  case ac3Phase = "AC_3_PHASE"
  /// Direct current.
  case dc = "DC"

  /// Whether this is direct current.
  public var isDirectCurrent: Bool { self == .dc }
}

/// One plug of an EVSE (OCPI `Connector`).
public struct Connector: Hashable, Sendable, Codable {
  /// Unique within its EVSE only.
  public var id: String
  /// The plug standard.
  public var standard: ConnectorStandard
  /// Socket or attached cable, when the source says.
  public var format: ConnectorFormat?
  /// AC (with the number of phases) or DC.
  public var powerType: PowerType
  /// Volts; line-to-neutral for three-phase AC (OCPI). Nil when the source gives only kW.
  public var maxVoltage: Double?
  /// Amperes per phase. Nil when the source gives only kW.
  public var maxAmperage: Double?
  /// The published power cap, when lower than V × A or when the source gives only kW.
  public var maxElectricPower: Power?
  /// Tariffs that apply to this connector (OCPI `tariff_ids`).
  public var tariffIDs: [String]

  /// Creates a connector.
  public init(
    id: String, standard: ConnectorStandard, format: ConnectorFormat? = nil, powerType: PowerType,
    maxVoltage: Double? = nil, maxAmperage: Double? = nil, maxElectricPower: Power? = nil,
    tariffIDs: [String] = []
  ) {
    self.id = id
    self.standard = standard
    self.format = format
    self.powerType = powerType
    self.maxVoltage = maxVoltage
    self.maxAmperage = maxAmperage
    self.maxElectricPower = maxElectricPower
    self.tariffIDs = tariffIDs
  }

  /// The maximum power by the OCPI rule: `min(max_electric_power, P_VI)` where `P_VI = V × A`
  /// for single-phase AC and DC, `3 × V × A` for three-phase AC (V is line-to-neutral) and
  /// `2 × V × A` for two-phase AC. Nil when neither V × A nor a published cap is known.
  ///
  /// Source: `Documentation/Reference/ev-domain.md` §1.4 "Maximum power formula".
  public var maxPower: Power? {
    var fromVoltage: Power?
    if let v = maxVoltage, let a = maxAmperage, v > 0, a > 0 {
      let phases: Double =
        switch powerType {
        case .ac3Phase: 3
        case .ac2Phase, .ac2PhaseSplit: 2
        case .ac1Phase, .dc: 1
        }
      fromVoltage = Power(watts: phases * v * a)
    }
    switch (fromVoltage, maxElectricPower) {
    case (let p?, let cap?): return min(p, cap)
    case (let p?, nil): return p
    case (nil, let cap?): return cap
    case (nil, nil): return nil
    }
  }
}
