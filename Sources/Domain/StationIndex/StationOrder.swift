import Charging

/// How a query's results are ordered; ties fall back to distance, then station id, so every
/// order is deterministic.
public enum StationOrder: Sendable {
  /// Nearest first (the distance each query reports).
  case distance
  /// Highest ``Charging/Station/maxPower`` first; stations of unknown power last.
  case power
  /// Cheapest first by the given estimate (e.g. price per kWh from the pricing module);
  /// stations the estimate returns nil for come last.
  case price(@Sendable (Station) -> Double?)
  /// By kilometres along the route (corridor queries); elsewhere the same as ``distance``.
  case alongRoute
  /// No ordering: the index's internal order, the cheapest for drawing a map region.
  case unspecified
}
