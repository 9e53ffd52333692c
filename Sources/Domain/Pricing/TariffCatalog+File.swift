import Foundation

extension TariffCatalog {
  /// The kinds of tariff file Wayside bundles.
  public enum FileKind: String, Sendable {
    /// DATEX II AFIR ad-hoc prices (`{"feeds": [...]}`).
    case afir
    /// An OCPI export with locations and tariffs (`{"tariffs": [...]}`).
    case ocpi
    /// The retail/roaming list (`{"providers": [...]}`).
    case retail
  }

  /// Which bundled layout a tariff file has, from its top-level keys; nil for anything else
  /// (e.g. a single OCPI tariff object).
  public static func fileKind(of data: Data) -> FileKind? {
    guard let root = try? JSONSerialization.jsonObject(with: data) as? [String: Any] else {
      return nil
    }
    if root["feeds"] is [Any] { return .afir }
    if root["providers"] is [Any] { return .retail }
    if root["tariffs"] is [Any], root["locations"] != nil || root["source"] != nil { return .ocpi }
    return nil
  }

  /// The catalogue of one tariff file of a bundled layout (AFIR, OCPI export or retail list),
  /// every tariff converted to OCPI; throws when the file is not of that layout.
  public static func load(_ data: Data, kind: FileKind) throws -> TariffCatalog {
    var catalog = TariffCatalog()
    switch kind {
    case .afir: try catalog.addAFIR(data)
    case .ocpi: try catalog.addOCPILocations(data)
    case .retail: try catalog.addRetail(data)
    }
    return catalog
  }
}
