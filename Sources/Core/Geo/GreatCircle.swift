#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// Great-circle distances on a spherical Earth.
public enum GreatCircle {
  /// Mean Earth radius in kilometres (IUGG), used for all station and route distances.
  public static let meanEarthRadiusKilometres = 6371.0088

  /// The haversine distance between two coordinates, in kilometres.
  ///
  /// - Parameter radius: the sphere's radius; the Supercharger benchmark uses 6356.752 km.
  public static func distanceKilometres(
    _ a: Coordinate, _ b: Coordinate, radius: Double = meanEarthRadiusKilometres
  ) -> Double {
    let lat1 = a.latitude * .pi / 180
    let lat2 = b.latitude * .pi / 180
    let dLat = lat2 - lat1
    let dLon = (b.longitude - a.longitude) * .pi / 180
    let s = sin(dLat / 2)
    let t = sin(dLon / 2)
    let h = s * s + cos(lat1) * cos(lat2) * t * t
    return 2 * radius * asin(min(1, h.squareRoot()))
  }

  /// The initial great-circle bearing from `a` to `b`, degrees clockwise from north (0 ..< 360).
  public static func bearing(_ a: Coordinate, _ b: Coordinate) -> Double {
    let phi1 = a.latitude * .pi / 180
    let phi2 = b.latitude * .pi / 180
    let dl = (b.longitude - a.longitude) * .pi / 180
    let y = sin(dl) * cos(phi2)
    let x = cos(phi1) * sin(phi2) - sin(phi1) * cos(phi2) * cos(dl)
    let t = atan2(y, x) * 180 / .pi
    return t < 0 ? t + 360 : t
  }
}
