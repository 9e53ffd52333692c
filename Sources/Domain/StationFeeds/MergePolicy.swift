/// The rules for merging the 2022 register with the 2026 fast-charger list.
///
/// The defaults are the documented policy of Guides/StationData.md; tests and the benchmark may
/// vary them.
public struct MergePolicy: Hashable, Sendable {
  /// A 2026 site and a 2022 site of the same operator family match within this distance.
  public var matchRadiusMeters: Double
  /// The larger radius allowed when the 2022 site has a DC plug, i.e. is plausibly the same
  /// fast-charging site recorded with a different geocode.
  public var fastSiteMatchRadiusMeters: Double
  /// Quality flags whose sites are dropped from the spatial set, in the order a site with several
  /// of them is counted.
  public var droppingFlags: [String]

  /// Creates a policy.
  public init(
    matchRadiusMeters: Double = 50, fastSiteMatchRadiusMeters: Double = 100,
    droppingFlags: [String] = MergePolicy.placementFlags
  ) {
    self.matchRadiusMeters = matchRadiusMeters
    self.fastSiteMatchRadiusMeters = fastSiteMatchRadiusMeters
    self.droppingFlags = droppingFlags
  }

  /// The source's flags for coordinates that do not show where the site is
  /// (`Sources/Core/WaysideData/Resources/DATA-README.md` §1–2): outside Germany, a placeholder shared by several postcode
  /// areas, or more than 80 km from the site's postcode area.
  public static let placementFlags = [
    "coords_outside_germany_bbox", "coords_shared_by_3plus_postcode_areas",
    "coords_far_from_postcode_area",
  ]

  /// The documented policy.
  public static let standard = MergePolicy()
}
