#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// Small trigonometric helpers in degrees, shared by the geometry types.
public enum GeoMath {
  /// cos of an angle given in degrees.
  public static func cosDegrees(_ degrees: Double) -> Double { cos(degrees * .pi / 180) }
  /// sin of an angle given in degrees.
  public static func sinDegrees(_ degrees: Double) -> Double { sin(degrees * .pi / 180) }
}
