import Charging
import Geo

extension StationIndex {
  /// Every station inside `region` (edges included, as ``Geo/BoundingBox/contains(_:)``) that
  /// matches `filter`.
  ///
  /// A depth-first walk over the nodes' latitude/longitude boxes: nodes outside the region are
  /// skipped, nodes wholly inside are taken without testing each station's position. O(√n + m)
  /// nodes for m results in a 2-d k-d partition.
  ///
  /// - Parameters:
  ///   - distanceFrom: the point distances are measured from; the region's centre by default.
  ///   - order: nearest to that point first by default; ``StationOrder/unspecified`` is the
  ///     cheapest when a map only draws the stations.
  /// - Returns: no results for a region with a non-finite corner.
  public func stations(
    in region: BoundingBox, filter: StationFilter = .none, distanceFrom: Coordinate? = nil,
    order: StationOrder = .distance
  ) -> StationMatches {
    let s = storage
    let lo = region.minimum
    let hi = region.maximum
    guard !s.nodes.isEmpty, lo.latitude.isFinite, lo.longitude.isFinite, hi.latitude.isFinite,
      hi.longitude.isFinite
    else {
      return StationMatches(storage: s, positions: [], distances: [], routePositions: nil)
    }
    let compiled = CompiledFilter(filter, s)
    var found: [Int32] = []
    var stack: [Int32] = [0]
    stack.reserveCapacity(64)
    while let nodeIndex = stack.popLast() {
      let node = s.nodes[Int(nodeIndex)]
      if node.minLatitude > hi.latitude || node.maxLatitude < lo.latitude
        || node.minLongitude > hi.longitude || node.maxLongitude < lo.longitude
      {
        continue
      }
      let inside =
        node.minLatitude >= lo.latitude && node.maxLatitude <= hi.latitude
        && node.minLongitude >= lo.longitude && node.maxLongitude <= hi.longitude
      if inside {
        for i in Int(node.start)..<Int(node.end) where compiled.matches(i, s) {
          found.append(Int32(i))
        }
      } else if node.isLeaf {
        for i in Int(node.start)..<Int(node.end) {
          let lat = s.latitude[i]
          let lon = s.longitude[i]
          if lat >= lo.latitude && lat <= hi.latitude && lon >= lo.longitude
            && lon <= hi.longitude && compiled.matches(i, s)
          {
            found.append(Int32(i))
          }
        }
      } else {
        stack.append(node.right)
        stack.append(node.left)
      }
    }
    let reference = PreparedPoint(distanceFrom ?? region.center)
    if case .unspecified = order {
      return StationMatches(storage: s, positions: ResultPositions(found), measuredFrom: reference)
    }
    var distances = [Double]()
    distances.reserveCapacity(found.count)
    for position in found {
      distances.append(s.distanceKilometres(from: reference, to: Int(position)))
    }
    return StationMatches.ordered(
      s, positions: found, distances: distances, routePositions: nil, order: order)
  }
}
