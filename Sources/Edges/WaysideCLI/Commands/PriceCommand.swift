import Charging
import Foundation
import Geo
import JSONScanning
import Pricing

/// `wayside price`: the OCPI cost of one charging session under one tariff, excl. and incl. VAT.
public enum PriceCommand: WaysideCommand {
  /// The word that selects this command.
  public static let name = "price"
  /// One line for `wayside --help`.
  public static let abstract =
    "Price a charging session under an OCPI 2.2.1 tariff (excl./incl. VAT)."
  /// The help text for `wayside NAME --help`.
  public static let usage = """
    Usage: wayside price --tariff FILE.json --start ISO8601 --kwh KWH --charge-minutes M
                         [--park-minutes M] [--max-power-kw KW] [--tariff-id ID]
                         [--time-zone ZONE] [--json]

    Prices one session by the OCPI 2.2.1 rules (per-dimension element selection, restrictions on
    the local timeline, step sizes once per session, VAT per component, min/max price).

      --tariff FILE      an OCPI tariff object, or a file with "tariffs": [...] (then --tariff-id,
                         unless it holds exactly one) or an OCPI response {"data": ...}
      --tariff-id ID     which tariff of the file to use
      --start ISO8601    session start, e.g. 2026-01-19T09:30:00+01:00 (no zone = UTC)
      --kwh KWH          energy charged
      --charge-minutes M minutes of charging (fractions allowed)
      --park-minutes M   minutes plugged in afterwards without charging (default 0)
      --max-power-kw KW  the power power restrictions see (default: the average power)
      --time-zone ZONE   the location's time zone for local-time rules (default Europe/Berlin)
      --json             one JSON object: excl_vat, incl_vat, currency, breakdown, …

    The bundled files work as they are: the AFIR ad-hoc prices and the retail list are
    converted to OCPI tariffs as the app's prices are (choose one with --tariff-id; the error
    lists the ids).

    Example (from the repository root):
      wayside price --tariff Sources/Core/WaysideData/Resources/tariffs/tariffs_ocpi_ludwigsburg_2026.json \\
                    --tariff-id 22132ac --start 2026-01-19T09:30:00+01:00 --kwh 20 \\
                    --charge-minutes 60 --park-minutes 40
    """

  /// Runs the command with its arguments and returns the exit status.
  public static func run(_ arguments: inout Arguments, _ io: CommandIO) async throws -> Int32 {
    guard let path = try arguments.option("--tariff") else {
      throw CommandError.usage("missing --tariff FILE.json")
    }
    let tariffID = try arguments.option("--tariff-id")
    guard let startText = try arguments.option("--start") else {
      throw CommandError.usage("missing --start ISO8601 (e.g. 2026-01-19T09:30:00+01:00)")
    }
    guard let start = OCPIDateTime.parse(startText) else {
      throw CommandError.usage(
        "option --start expects an ISO 8601 date-time such as 2026-01-19T09:30:00+01:00, got"
          + " '\(startText)' (a zone offset is at most ±18:00)"
      )
    }
    guard let kwh = try decimal(&arguments, "--kwh") else {
      throw CommandError.usage("missing --kwh KWH")
    }
    guard let charge = try decimal(&arguments, "--charge-minutes") else {
      throw CommandError.usage("missing --charge-minutes M")
    }
    let park = try decimal(&arguments, "--park-minutes") ?? 0
    let maxPower = try decimal(&arguments, "--max-power-kw")
    let zoneName = try arguments.option("--time-zone") ?? "Europe/Berlin"
    guard let zone = TimeZone(identifier: zoneName) else {
      throw CommandError.usage(
        "option --time-zone expects an IANA zone such as Europe/Berlin, got '\(zoneName)'")
    }
    let json = arguments.flag("--json")
    try arguments.finish()

    let (tariff, warnings) = try loadTariff(path: path, id: tariffID)
    for warning in warnings { io.err("wayside price: warning: \(warning)") }
    let session: ChargingSession
    do {
      session = try ChargingSession.simple(
        start: start, timeZone: zone, energyKWh: kwh, chargeMinutes: charge, parkMinutes: park,
        maxPowerKW: maxPower)
    } catch let error as SessionError {
      throw CommandError.usage(error.message)
    }
    let cost: SessionCost
    do {
      cost = try SessionCostCalculator.cost(of: session, under: tariff)
    } catch let error as TariffError {
      throw CommandError.failure("\(path): \(error)")
    } catch let error as SessionError {
      throw CommandError.usage(error.message)
    }
    if json {
      io.out(try render(json: cost))
    } else {
      io.out(
        render(text: cost, kwh: kwh, charge: charge, park: park, start: startText, zone: zoneName))
    }
    return 0
  }

  /// Parses a non-negative decimal option strictly (digits with an optional fraction).
  static func decimal(_ arguments: inout Arguments, _ name: String) throws -> Decimal? {
    guard let text = try arguments.option(name) else { return nil }
    let valid =
      !text.isEmpty && text.allSatisfy { $0.isASCII && ($0.isNumber || $0 == ".") }
      && text.filter { $0 == "." }.count <= 1 && text.first != "." && text.last != "."
    guard valid, let value = Decimal(string: text, locale: Locale(identifier: "en_US_POSIX")) else {
      throw CommandError.usage("option \(name) expects a number ≥ 0 such as 12.5, got '\(text)'")
    }
    return value
  }

  /// The largest tariff file `price` reads (2 MiB; the bundled catalogues are below 200 KB).
  static let maximumTariffFileSize = 2 * 1024 * 1024

  /// Reads a tariff from a file: one object, `{"tariffs": [...]}`, or `{"data": ...}`.
  static func loadTariff(path: String, id: String?) throws -> (Tariff, [String]) {
    let expected =
      "expected an OCPI tariff JSON file (one tariff, {\"tariffs\": [...]} or {\"data\": ...})"
    var isDirectory: ObjCBool = false
    guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
      throw CommandError.failure("tariff file '\(path)' does not exist; \(expected)")
    }
    guard !isDirectory.boolValue else {
      throw CommandError.failure("tariff file '\(path)' is a directory; \(expected)")
    }
    let size = (try? FileManager.default.attributesOfItem(atPath: path)[.size] as? Int) ?? 0
    guard size <= maximumTariffFileSize else {
      throw CommandError.failure(
        "tariff file '\(path)' is \(size) bytes, more than the \(maximumTariffFileSize) bytes a"
          + " tariff file may have; \(expected)")
    }
    let data: Data
    do {
      data = try Data(contentsOf: URL(fileURLWithPath: path))
    } catch {
      throw CommandError.failure(
        "cannot read tariff file '\(path)' (\(error.localizedDescription)); \(expected)")
    }
    if let kind = TariffCatalog.fileKind(of: data), kind != .ocpi {
      return try loadCatalogTariff(path: path, data: data, kind: kind, id: id)
    }
    let root: Any
    do {
      root = try JSONSerialization.jsonObject(with: data)
    } catch {
      throw CommandError.failure(
        "tariff file '\(path)' is not valid JSON: \(JSONSyntaxError(error, in: data)); \(expected)")
    }
    var objects: [[String: Any]]
    var top = root
    if let dict = top as? [String: Any], let inner = dict["data"] { top = inner }
    if let dict = top as? [String: Any], let list = dict["tariffs"] as? [[String: Any]] {
      objects = list
    } else if let list = top as? [[String: Any]] {
      objects = list
    } else if let dict = top as? [String: Any] {
      objects = [dict]
    } else {
      throw CommandError.failure(
        "'\(path)' holds no tariff object (expected an OCPI Tariff or {\"tariffs\": [...]})")
    }
    let ids = objects.map { ($0["id"] as? String) ?? "(no id)" }
    if let id {
      objects = objects.filter { ($0["id"] as? String) == id }
      guard !objects.isEmpty else {
        throw CommandError.failure(
          "'\(path)' has no tariff with id '\(id)'; it has: \(ids.joined(separator: ", "))")
      }
    } else if objects.count > 1 {
      throw CommandError.usage(
        "'\(path)' holds \(objects.count) tariffs (\(ids.joined(separator: ", "))); choose one with --tariff-id"
      )
    }
    guard let object = objects.first else {
      throw CommandError.failure("'\(path)' holds no tariffs")
    }
    let bytes = try JSONSerialization.data(withJSONObject: object)
    var warnings: [String] = []
    var tariff: Tariff
    do {
      tariff = try JSONDecoder().decode(Tariff.self, from: bytes)
    } catch let error as TariffError
      where ["country_code", "party_id", "last_updated"].contains(error.field)
    {
      // Some exports omit these header fields; price anyway and say so.
      let decoder = JSONDecoder()
      decoder.userInfo[TariffDecodingDefaults.key] = TariffDecodingDefaults(
        countryCode: "ZZ", partyID: "ZZZ", lastUpdated: Date(timeIntervalSince1970: 0))
      do {
        tariff = try decoder.decode(Tariff.self, from: bytes)
      } catch {
        throw CommandError.failure("\(path): \(error)")
      }
      warnings.append("\(error); priced anyway")
    } catch {
      throw CommandError.failure("\(path): \(error)")
    }
    do { try tariff.validate() } catch { throw CommandError.failure("\(path): \(error)") }
    let shadowed = TariffLint.shadowedElements(tariff)
    if !shadowed.isEmpty {
      warnings.append(
        "tariff '\(tariff.id)': elements \(shadowed.map(String.init).joined(separator: ", ")) can never apply (an earlier element matches whenever they do); priced by OCPI's first-match rule"
      )
    }
    return (tariff, warnings)
  }

  /// A tariff from a bundled catalogue file (AFIR ad-hoc prices or the retail list), as the
  /// catalogue converts it to OCPI: by `--tariff-id`, or the only one.
  static func loadCatalogTariff(
    path: String, data: Data, kind: TariffCatalog.FileKind, id: String?
  ) throws -> (Tariff, [String]) {
    let catalog: TariffCatalog
    do {
      catalog = try TariffCatalog.load(data, kind: kind)
    } catch {
      throw CommandError.failure("\(path): \(error)")
    }
    let ids = catalog.entries.map(\.id)
    guard !ids.isEmpty else {
      throw CommandError.failure("'\(path)' holds no usable tariff (\(kind.rawValue) layout)")
    }
    if let id {
      guard let entry = catalog.entry(id: id) else {
        throw CommandError.failure(
          "'\(path)' has no tariff with id '\(id)'; it has: \(ids.joined(separator: ", "))")
      }
      return (entry.tariff, [])
    }
    guard ids.count == 1, let only = catalog.entries.first else {
      throw CommandError.usage(
        "'\(path)' holds \(ids.count) tariffs (\(ids.joined(separator: ", "))); choose one with --tariff-id"
      )
    }
    return (only.tariff, [])
  }

  private struct JSONLine: Encodable {
    var dimension: String
    var billed: Decimal
    var unit: String
    var excl_vat: Decimal
    var incl_vat: Decimal
  }

  private struct JSONCost: Encodable {
    var tariff_id: String
    var currency: String
    var excl_vat: Decimal
    var incl_vat: Decimal
    var excl_vat_exact: String
    var incl_vat_exact: String
    var min_price_applied: Bool
    var max_price_applied: Bool
    var vat_missing_for_some_components: Bool
    var breakdown: [JSONLine]
  }

  static func billed(_ line: SessionCost.Line) -> (Decimal, String) {
    switch line.dimension {
    case .energy: (line.billedKWh, "kWh")
    case .time, .parkingTime, .reservationTime: (line.billedMinutes, "min")
    case .flat, .reservationFlat: (Decimal(line.billedVolume), "session")
    }
  }

  static func render(json cost: SessionCost) throws -> String {
    let digits = cost.currency.minorUnitDigits
    let payload = JSONCost(
      tariff_id: cost.tariffID, currency: cost.currency.rawValue,
      excl_vat: cost.exclVAT.decimal(rounded: digits),
      incl_vat: cost.inclVAT.decimal(rounded: digits),
      excl_vat_exact: cost.exclVAT.description, incl_vat_exact: cost.inclVAT.description,
      min_price_applied: cost.minPriceApplied, max_price_applied: cost.maxPriceApplied,
      vat_missing_for_some_components: cost.hasComponentsWithoutVAT,
      breakdown: cost.lines.map { line in
        let (amount, unit) = billed(line)
        return JSONLine(
          dimension: line.dimension.rawValue, billed: amount, unit: unit,
          excl_vat: line.exclVAT.decimal(rounded: 6), incl_vat: line.inclVAT.decimal(rounded: 6))
      })
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
    return String(decoding: try encoder.encode(payload), as: UTF8.self)
  }

  static func render(
    text cost: SessionCost, kwh: Decimal, charge: Decimal, park: Decimal, start: String,
    zone: String
  ) -> String {
    let c = cost.currency.rawValue
    var lines = [
      "Tariff \(cost.tariffID) (\(c)), start \(start) (\(zone)): \(kwh) kWh, \(charge) min charging, \(park) min parking"
    ]
    for line in cost.lines {
      let (amount, unit) = billed(line)
      let label = line.dimension.rawValue.replacingOccurrences(of: "_", with: " ")
      lines.append(
        "  \(label.padding(toLength: 17, withPad: " ", startingAt: 0)) billed \(amount) \(unit): \(line.exclVAT.decimalText(maxDecimals: 4)) excl., \(line.inclVAT.decimalText(maxDecimals: 4)) incl. VAT"
      )
    }
    if cost.minPriceApplied { lines.append("  min_price applied") }
    if cost.maxPriceApplied { lines.append("  max_price applied") }
    lines.append(
      "Total excl. VAT: \(cost.exclVAT.money(cost.currency))  (exact \(cost.exclVAT.decimalText(maxDecimals: 12)))"
    )
    lines.append(
      "Total incl. VAT: \(cost.inclVAT.money(cost.currency))  (exact \(cost.inclVAT.decimalText(maxDecimals: 12)))"
    )
    if cost.hasComponentsWithoutVAT {
      lines.append("Note: some components give no VAT rate; OCPI then applies no VAT to them.")
    }
    return lines.joined(separator: "\n")
  }
}
