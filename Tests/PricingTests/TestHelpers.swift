import Charging
import Foundation
import Pricing

/// Decodes a tariff from JSON text, with optional defaults for missing OCPI header fields.
func tariff(_ json: String, defaults: TariffDecodingDefaults? = nil) throws -> Tariff {
  let decoder = JSONDecoder()
  if let defaults { decoder.userInfo[TariffDecodingDefaults.key] = defaults }
  return try decoder.decode(Tariff.self, from: Data(json.utf8))
}

/// `Europe/Berlin`.
let berlin: TimeZone =
  TimeZone(identifier: "Europe/Berlin") ?? TimeZone(secondsFromGMT: 3600) ?? .current
/// UTC.
let utc: TimeZone = TimeZone(identifier: "UTC") ?? TimeZone(secondsFromGMT: 0) ?? .current

/// An instant from RFC 3339 text; a malformed literal yields the epoch, which every test notices.
func instant(_ text: String) -> Date { OCPIDateTime.parse(text) ?? Date(timeIntervalSince1970: 0) }

/// A decimal from text.
func dec(_ text: String) -> Decimal { Decimal(string: text) ?? .nan }

/// An exact amount from decimal text.
func amount(_ text: String) -> ExactAmount? { ExactAmount(exactly: dec(text)) }
