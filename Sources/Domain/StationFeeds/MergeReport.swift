import Charging

/// What the merge of the 2022 register and the 2026 fast-charger list did, with counts that add up:
/// - `loaded2022 == matched + only2022 + dropped2022 total`
/// - `loaded2026 == matched + only2026 + dropped2026 total + duplicates2026Collapsed`
/// - `stations == matched + only2022 + only2026`
public struct MergeReport: Hashable, Sendable, CustomStringConvertible {
  /// A site left out of the spatial set, and why.
  public struct DroppedSite: Hashable, Sendable {
    /// The site's id in its source file.
    public var id: Station.ID
    /// The quality flag it was dropped for.
    public var reason: String
    /// Which file it came from: `2022` or `2026`.
    public var source: String
  }

  /// Counts of the import of the 2022 register file.
  public var import2022: ImportCounts
  /// Counts of the import of the 2026 fast-charger file.
  public var import2026: ImportCounts
  /// Sites imported from the 2022 register.
  public var loaded2022 = 0
  /// Sites imported from the 2026 list.
  public var loaded2026 = 0
  /// Pairs merged into one station (2026 data, 2022 plug types).
  public var matched = 0
  /// Of the matches, those found only with the larger fast-site radius.
  public var matchedBeyondBaseRadius = 0
  /// 2022 sites with no 2026 counterpart, kept as they were in 2022.
  public var only2022 = 0
  /// Of the 2022-only sites, those with a plug of ≥ 50 kW (possibly gone since 2022).
  public var only2022WithFastPlug = 0
  /// 2026 sites with no 2022 counterpart, kept with unknown plug types.
  public var only2026 = 0
  /// 2026 sites that had a 2022 site of another operator within the base radius (not merged).
  public var only2026NearOtherOperator = 0
  /// 2022 sites dropped, per flag.
  public var dropped2022: [String: Int] = [:]
  /// 2026 sites dropped, per flag.
  public var dropped2026: [String: Int] = [:]
  /// 2026 rows at the same point under another spelling of the same operator that were folded
  /// into one station (`same_coords_as_other_operator`).
  public var duplicates2026Collapsed = 0
  /// Of the folded rows, those identical in charge points and power (treated as duplicate entries,
  /// not added); the rest were different devices and their charge points were added.
  public var duplicates2026Identical = 0
  /// 2026 sites sharing a point with another operator's site, kept as separate stations.
  public var sameCoordinatesOtherOperatorKept = 0
  /// Kept sites flagged `connector_power_below_50kw` (not fast chargers; kept with their power).
  public var below50KilowattKept = 0
  /// Stations in the merged set.
  public var stations = 0
  /// Every dropped site with its reason.
  public var droppedSites: [DroppedSite] = []

  /// Creates an empty report for two imports.
  init(import2022: ImportCounts, import2026: ImportCounts) {
    self.import2022 = import2022
    self.import2026 = import2026
  }

  /// Sites dropped from the 2022 register.
  public var dropped2022Total: Int { dropped2022.values.reduce(0, +) }
  /// Sites dropped from the 2026 list.
  public var dropped2026Total: Int { dropped2026.values.reduce(0, +) }

  /// Whether the three identities in the type's description hold.
  public var countsAddUp: Bool {
    loaded2022 == matched + only2022 + dropped2022Total
      && loaded2026 == matched + only2026 + dropped2026Total + duplicates2026Collapsed
      && stations == matched + only2022 + only2026
  }

  /// A multi-line summary for the command line and the benchmark.
  public var description: String {
    func flags(_ counts: [String: Int]) -> String {
      counts.isEmpty
        ? "none"
        : counts.sorted { $0.key < $1.key }.map { "\($0.key) \($0.value)" }.joined(separator: ", ")
    }
    return """
      2022 register: \(import2022)
      2026 fast chargers: \(import2026)
      merged: \(matched) (\(matchedBeyondBaseRadius) beyond the base radius)
      only 2022: \(only2022) (\(only2022WithFastPlug) with a plug ≥ 50 kW)
      only 2026: \(only2026) (\(only2026NearOtherOperator) near another operator's 2022 site)
      dropped 2022: \(dropped2022Total) (\(flags(dropped2022)))
      dropped 2026: \(dropped2026Total) (\(flags(dropped2026)))
      2026 same-point duplicates folded: \(duplicates2026Collapsed) (\(duplicates2026Identical) identical)
      2026 same point, other operator, kept: \(sameCoordinatesOtherOperatorKept)
      below 50 kW kept: \(below50KilowattKept)
      stations: \(stations)
      """
  }
}
