import Charging
import Foundation
import Geo

/// Merges the 2022 register with the 2026 fast-charger list into one station set.
///
/// The policy, in order (Guides/StationData.md explains each choice):
/// 1. **Drop misplaced sites.** Sites carrying one of ``MergePolicy/droppingFlags`` are left out
///    of the set and listed in the report with their flag: their coordinates do not show where
///    the site is, so no station may appear at that point.
/// 2. **Fold 2026 duplicates.** 2026 rows at exactly the same point whose operators have the
///    same ``OperatorName/key(_:)`` become one station: identical rows (same charge points and
///    plug power) count once; different devices add their charge points and EVSEs.
/// 3. **Match.** A 2026 site matches a 2022 site of the same operator family within
///    ``MergePolicy/matchRadiusMeters`` (or ``MergePolicy/fastSiteMatchRadiusMeters`` when the
///    2022 site has a DC plug). Candidates are found through a grid of cells at least one radius
///    wide and assigned one-to-one, closest pairs first.
/// 4. **Combine.** A matched pair keeps the 2026 id, operator, address, position, charge-point
///    count and plug power, and the 2022 plug types: the 2026 DC points get the 2022 site's DC
///    standards at the 2026 power, and the 2022 AC points are kept. Unmatched sites of either
///    year are kept as imported.
///
/// Complexity: O(n + m) expected for the grid (each query visits a constant number of cells),
/// plus O(k log k) to order the k candidate pairs.
public enum StationMerger {
  /// How candidates are found: through the grid, or by comparing every pair (the benchmark's
  /// baseline, and a cross-check in tests).
  enum CandidateSearch: Sendable {
    case grid
    case bruteForce
  }

  /// The quality flag a merged station carries, followed by the 2022 id.
  public static let mergedFlagPrefix = "merged_with:"

  /// Merges two imports under a policy; the stations come out in a stable order (2026 order,
  /// then the 2022-only sites in 2022 order).
  public static func merge(
    register2022: ImportResult, fastChargers2026: ImportResult, policy: MergePolicy = .standard
  ) -> (stations: [Station], report: MergeReport) {
    merge(
      register2022: register2022, fastChargers2026: fastChargers2026, policy: policy,
      search: .grid)
  }

  static func merge(
    register2022: ImportResult, fastChargers2026: ImportResult, policy: MergePolicy,
    search: CandidateSearch
  ) -> (stations: [Station], report: MergeReport) {
    var report = MergeReport(import2022: register2022.counts, import2026: fastChargers2026.counts)
    report.loaded2022 = register2022.stations.count
    report.loaded2026 = fastChargers2026.stations.count

    // 1. Drop misplaced sites.
    var dropped: [MergeReport.DroppedSite] = []
    func keep(_ station: Station, source: String) -> Bool {
      guard let flag = policy.droppingFlags.first(where: station.qualityFlags.contains) else {
        return true
      }
      dropped.append(.init(id: station.id, reason: flag, source: source))
      return false
    }
    let old = register2022.stations.filter { keep($0, source: "2022") }
    let current = fastChargers2026.stations.filter { keep($0, source: "2026") }
    for site in dropped {
      if site.source == "2022" {
        report.dropped2022[site.reason, default: 0] += 1
      } else {
        report.dropped2026[site.reason, default: 0] += 1
      }
    }
    report.droppedSites = dropped

    // 2. Fold 2026 rows at one point under spellings of one operator.
    var keyCache: [String: String] = [:]
    func operatorKey(_ name: String) -> String {
      if let key = keyCache[name] { return key }
      let key = OperatorName.key(name)
      keyCache[name] = key
      return key
    }
    let folded = foldDuplicates(current, operatorKey: operatorKey, report: &report)

    // 3. Match, closest pairs first, one-to-one.
    let oldKeys = old.map { operatorKey($0.operatorName) }
    let oldHasDC = old.map(\.hasDirectCurrent)
    var pairs: [(distance: Double, new: Int, old: Int)] = []
    var nearOtherOperator = Set<Int>()
    let maxRadius = max(policy.matchRadiusMeters, policy.fastSiteMatchRadiusMeters)
    let grid = search == .grid ? PointGrid(old.map(\.coordinate), cellMeters: maxRadius) : nil
    for (n, station) in folded.enumerated() {
      let key = operatorKey(station.operatorName)
      let consider = { (o: Int) in
        let meters = GreatCircle.distanceKilometres(station.coordinate, old[o].coordinate) * 1000
        guard meters <= maxRadius else { return }
        if oldKeys[o] != key {
          if meters <= policy.matchRadiusMeters { nearOtherOperator.insert(n) }
          return
        }
        let limit = oldHasDC[o] ? maxRadius : policy.matchRadiusMeters
        if meters <= limit { pairs.append((meters, n, o)) }
      }
      if let grid {
        grid.forEachCandidate(near: station.coordinate, withinMeters: maxRadius, consider)
      } else {
        for o in old.indices { consider(o) }
      }
    }
    pairs.sort { ($0.distance, $0.new, $0.old) < ($1.distance, $1.new, $1.old) }
    var partnerOfNew = [Int?](repeating: nil, count: folded.count)
    var oldTaken = [Bool](repeating: false, count: old.count)
    for pair in pairs where partnerOfNew[pair.new] == nil && !oldTaken[pair.old] {
      partnerOfNew[pair.new] = pair.old
      oldTaken[pair.old] = true
      report.matched += 1
      if pair.distance > policy.matchRadiusMeters { report.matchedBeyondBaseRadius += 1 }
    }

    // 4. Combine.
    var stations: [Station] = []
    stations.reserveCapacity(folded.count + old.count)
    for (n, station) in folded.enumerated() {
      if let o = partnerOfNew[n] {
        stations.append(combine(current: station, register: old[o]))
      } else {
        report.only2026 += 1
        if nearOtherOperator.contains(n) { report.only2026NearOtherOperator += 1 }
        stations.append(station)
      }
    }
    for (o, station) in old.enumerated() where !oldTaken[o] {
      report.only2022 += 1
      if let power = station.maxPower, power.kilowatts >= 50 { report.only2022WithFastPlug += 1 }
      stations.append(station)
    }
    report.below50KilowattKept = stations.count {
      $0.qualityFlags.contains("connector_power_below_50kw")
    }
    report.stations = stations.count
    return (stations, report)
  }

  /// Step 2 of the policy.
  private static func foldDuplicates(
    _ stations: [Station], operatorKey: (String) -> String, report: inout MergeReport
  ) -> [Station] {
    struct PointKey: Hashable {
      var latitude: Double
      var longitude: Double
    }
    var result: [Station] = []
    result.reserveCapacity(stations.count)
    var byPoint: [PointKey: [Int]] = [:]
    for station in stations {
      let point = PointKey(
        latitude: station.coordinate.latitude, longitude: station.coordinate.longitude)
      let key = operatorKey(station.operatorName)
      if let existing = byPoint[point]?.first(where: { operatorKey(result[$0].operatorName) == key }
      ) {
        report.duplicates2026Collapsed += 1
        var kept = result[existing]
        if kept.chargePointCount == station.chargePointCount, kept.maxPower == station.maxPower {
          report.duplicates2026Identical += 1
        } else {
          kept.chargePointCount += station.chargePointCount
          for evse in station.evses {
            var copy = evse
            copy.uid = String(kept.evses.count + 1)
            kept.evses.append(copy)
          }
        }
        kept.qualityFlags = union(
          kept.qualityFlags, station.qualityFlags + ["folded:\(station.id)"])
        result[existing] = kept
      } else {
        byPoint[point, default: []].append(result.count)
        result.append(station)
      }
    }
    for indices in byPoint.values where indices.count > 1 {
      report.sameCoordinatesOtherOperatorKept += indices.count
    }
    return result
  }

  /// Step 4 of the policy for one matched pair.
  static func combine(current: Station, register: Station) -> Station {
    var merged = current
    let currentIsDC = current.hasDirectCurrent
    let oldDC = register.evses.filter { $0.connectors.contains { $0.powerType == .dc } }
    let oldAC = register.evses.filter { !$0.connectors.contains { $0.powerType == .dc } }
    var evses: [EVSE] = []
    if currentIsDC {
      // The 2026 DC points, with the 2022 site's DC plug standards when it had any.
      var standards: [Connector] = []
      for evse in oldDC {
        for connector in evse.connectors
        where connector.powerType == .dc
          && !standards.contains(where: { $0.standard == connector.standard })
        {
          standards.append(connector)
        }
      }
      let power = current.maxPower
      let connectors: [Connector]
      if standards.isEmpty {
        connectors = current.evses.first?.connectors ?? []
      } else {
        connectors = standards.enumerated().map { index, old in
          Connector(
            id: String(index + 1), standard: old.standard, format: old.format, powerType: .dc,
            maxElectricPower: power ?? old.maxElectricPower)
        }
      }
      let status = current.evses.first?.status ?? .unknown
      for _ in 0..<current.chargePointCount {
        evses.append(EVSE(uid: String(evses.count + 1), status: status, connectors: connectors))
      }
      // The 2022 AC points (the 2026 list covers only ≥ 50 kW devices).
      let oldDCPoints =
        Set(oldDC.flatMap { $0.connectors.map(\.standard) }).map { standard in
          oldDC.count { $0.connectors.contains { $0.standard == standard } }
        }.max() ?? 0
      let acPoints = min(oldAC.count, max(0, register.chargePointCount - oldDCPoints))
      for evse in oldAC {
        var copy = evse
        copy.uid = String(evses.count + 1)
        evses.append(copy)
      }
      merged.chargePointCount = current.chargePointCount + acPoints
    } else {
      // The 2026 points are AC-sized: the 2022 plugs describe them better than a placeholder.
      for evse in register.evses {
        var copy = evse
        copy.uid = String(evses.count + 1)
        evses.append(copy)
      }
      merged.chargePointCount = max(current.chargePointCount, register.chargePointCount)
    }
    merged.evses = evses
    if merged.address.street == nil { merged.address.street = register.address.street }
    merged.source = StationSources.merged2022And2026
    merged.qualityFlags = union(
      current.qualityFlags,
      [mergedFlagPrefix + register.id.rawValue] + register.qualityFlags.map { "2022:" + $0 })
    return merged
  }

  private static func union(_ a: [String], _ b: [String]) -> [String] {
    var result = a
    for flag in b where !result.contains(flag) { result.append(flag) }
    return result
  }
}

/// A uniform latitude/longitude grid over points, for radius searches of at most one cell.
struct PointGrid {
  private let cellLatitude: Double
  private let cellLongitude: Double
  private var cells: [Int64: [Int32]] = [:]
  private let points: [Coordinate]

  /// Cells are `cellMeters` tall and at least `cellMeters` wide up to 60° latitude.
  init(_ points: [Coordinate], cellMeters: Double) {
    self.points = points
    cellLatitude = max(cellMeters, 1) / 111_320
    cellLongitude = cellLatitude * 2  // cos 60° = 0.5
    cells.reserveCapacity(points.count)
    for (index, point) in points.enumerated() {
      cells[key(row: row(point.latitude), column: column(point.longitude)), default: []].append(
        Int32(index))
    }
  }

  private func row(_ latitude: Double) -> Int64 { Int64((latitude / cellLatitude).rounded(.down)) }
  private func column(_ longitude: Double) -> Int64 {
    Int64((longitude / cellLongitude).rounded(.down))
  }
  private func key(row: Int64, column: Int64) -> Int64 { row &* 4_000_000 &+ column }

  /// Calls `body` with the index of every point whose cell lies within `meters` of `center`
  /// (a superset of the points within `meters`).
  func forEachCandidate(near center: Coordinate, withinMeters meters: Double, _ body: (Int) -> Void)
  {
    let dLat = meters / 111_320
    let cosine = max(0.01, GeoMath.cosDegrees(min(89.9, abs(center.latitude) + dLat)))
    let dLon = meters / (111_320 * cosine)
    let rows = row(center.latitude - dLat)...row(center.latitude + dLat)
    let columns = column(center.longitude - dLon)...column(center.longitude + dLon)
    for r in rows {
      for c in columns {
        guard let members = cells[key(row: r, column: c)] else { continue }
        for index in members { body(Int(index)) }
      }
    }
  }
}

extension StationMerger {
  /// The merge with an O(n·m) comparison of every pair instead of the grid: the benchmark's
  /// baseline. Same result as ``merge(register2022:fastChargers2026:policy:)``.
  public static func mergeWithBruteForceSearch(
    register2022: ImportResult, fastChargers2026: ImportResult, policy: MergePolicy = .standard
  ) -> (stations: [Station], report: MergeReport) {
    merge(
      register2022: register2022, fastChargers2026: fastChargers2026, policy: policy,
      search: .bruteForce)
  }
}
