import Charging
import Testing

@Suite("Connector power by the OCPI rule")
struct ConnectorPowerTests {
  struct Case: CustomTestStringConvertible, Sendable {
    var name: String
    var powerType: PowerType
    var volts: Double?
    var amperes: Double?
    var cap: Power?
    var expected: Power?
    var testDescription: String { name }
  }

  @Test(
    "Power is min(max_electric_power, phases × V × A), with V line-to-neutral for AC",
    arguments: [
      Case(
        name: "DC 920 V × 400 A is capped by max_electric_power 150 000 W at 150 kW",
        powerType: .dc, volts: 920, amperes: 400, cap: Power(watts: 150_000),
        expected: Power(kilowatts: 150)),
      Case(
        name: "DC 400 V × 125 A under a 150 kW cap is 50 kW", powerType: .dc, volts: 400,
        amperes: 125, cap: Power(kilowatts: 150), expected: Power(kilowatts: 50)),
      Case(
        name: "AC three-phase 3 × 230 V × 32 A is 22.08 kW", powerType: .ac3Phase, volts: 230,
        amperes: 32, expected: Power(kilowatts: 22.08)),
      Case(
        name: "AC two-phase 2 × 230 V × 32 A is 14.72 kW", powerType: .ac2Phase, volts: 230,
        amperes: 32, expected: Power(kilowatts: 14.72)),
      Case(
        name: "AC two-phase split counts two phases", powerType: .ac2PhaseSplit, volts: 120,
        amperes: 40, expected: Power(watts: 9600)),
      Case(
        name: "AC single-phase 230 V × 16 A is 3.68 kW", powerType: .ac1Phase, volts: 230,
        amperes: 16, expected: Power(watts: 3680)),
      Case(
        name: "Only a published power gives that power", powerType: .dc, cap: Power(kilowatts: 300),
        expected: Power(kilowatts: 300)),
      Case(
        name: "A cap above V × A leaves V × A", powerType: .ac3Phase, volts: 230, amperes: 16,
        cap: Power(kilowatts: 22), expected: Power(watts: 11_040)),
      Case(name: "Nothing known is unknown, not zero", powerType: .ac3Phase, expected: nil),
      Case(
        name: "Zero amperes without a cap is unknown", powerType: .dc, volts: 400, amperes: 0,
        expected: nil),
    ])
  func ocpiRule(_ c: Case) {
    let connector = Connector(
      id: "1", standard: c.powerType == .dc ? .type2Combo : .type2, powerType: c.powerType,
      maxVoltage: c.volts, maxAmperage: c.amperes, maxElectricPower: c.cap)
    #expect(connector.maxPower == c.expected)
  }

  @Test("An EVSE's and a station's power is the highest of their connectors")
  func highestConnector() {
    let ac = Connector(
      id: "1", standard: .type2, powerType: .ac3Phase, maxVoltage: 230, maxAmperage: 32)
    let dc = Connector(
      id: "2", standard: .type2Combo, powerType: .dc, maxVoltage: 920, maxAmperage: 400,
      maxElectricPower: Power(kilowatts: 150))
    let evse = EVSE(uid: "E1", connectors: [ac, dc])
    #expect(evse.maxPower == Power(kilowatts: 150))
    let station = Station(
      id: "s", operatorName: "Op", address: Address(),
      coordinate: .init(latitude: 52, longitude: 13),
      evses: [evse, EVSE(uid: "E2", connectors: [ac])],
      source: DataSource(name: "test", date: "2026-01-01", licence: "CC0", attribution: ""))
    #expect(station.maxPower == Power(kilowatts: 150))
    #expect(station.hasDirectCurrent)
    #expect(station.connectorStandards == [.type2, .type2Combo])
  }
}
