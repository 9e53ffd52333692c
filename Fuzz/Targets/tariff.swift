// libFuzzer target: the OCPI tariff decoder, compiler and session cost calculator
// (Sources/Domain/Charging/Tariff+Codable.swift, Sources/Domain/Pricing). The first two bytes choose the
// session (energy and duration); the rest is the tariff JSON.
import Charging
import Foundation
import Pricing

let berlin = TimeZone(identifier: "Europe/Berlin") ?? TimeZone.current

/// libFuzzer's entry point: runs one input and returns 0 (a crash is the finding).
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzTariff(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
  let bytes = Array(UnsafeBufferPointer(start: data, count: size))
  guard bytes.count >= 2 else { return 0 }
  let energy = Decimal(Int(bytes[0]))
  let minutes = Decimal(Int(bytes[1]) * 3)
  let decoder = JSONDecoder()
  decoder.userInfo[TariffDecodingDefaults.key] = TariffDecodingDefaults(
    countryCode: "DE", partyID: "FUZ", lastUpdated: Date(timeIntervalSince1970: 0))
  guard let tariff = try? decoder.decode(Tariff.self, from: Data(bytes[2...])) else { return 0 }
  guard
    let session = try? ChargingSession.simple(
      start: Date(timeIntervalSince1970: 1_768_815_000), timeZone: berlin, energyKWh: energy,
      chargeMinutes: minutes, parkMinutes: Decimal(Int(bytes[0] % 30)))
  else { return 0 }
  if let cost = try? SessionCostCalculator.cost(of: session, under: tariff) {
    precondition(cost.exclVAT >= .zero, "negative price")
    precondition(cost.inclVAT >= cost.exclVAT, "VAT made it cheaper")
  }
  return 0
}
