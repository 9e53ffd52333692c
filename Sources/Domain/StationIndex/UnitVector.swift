#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif
import Geo

/// A point of the unit sphere in Earth-centred coordinates (x towards 0° E on the equator,
/// z towards the North Pole).
///
/// The straight-line (chord) distance between two unit vectors, `c = 2 sin(θ / 2)`, grows
/// strictly with the great-circle angle θ, so "nearest by chord" is "nearest on the sphere"
/// without trigonometry per comparison.
struct UnitVector: Hashable, Sendable {
  var x: Double
  var y: Double
  var z: Double

  init(x: Double, y: Double, z: Double) {
    self.x = x
    self.y = y
    self.z = z
  }

  /// The unit vector of a WGS84 coordinate (treated as a point on a sphere).
  init(_ c: Coordinate) {
    let lat = c.latitude * .pi / 180
    let lon = c.longitude * .pi / 180
    let cosLat = cos(lat)
    self.init(x: cosLat * cos(lon), y: cosLat * sin(lon), z: sin(lat))
  }

  @inline(__always) func dot(_ o: UnitVector) -> Double { x * o.x + y * o.y + z * o.z }

  @inline(__always) func cross(_ o: UnitVector) -> UnitVector {
    UnitVector(x: y * o.z - z * o.y, y: z * o.x - x * o.z, z: x * o.y - y * o.x)
  }

  @inline(__always) var length: Double { (x * x + y * y + z * z).squareRoot() }

  @inline(__always) func squaredDistance(_ o: UnitVector) -> Double {
    let dx = x - o.x
    let dy = y - o.y
    let dz = z - o.z
    return dx * dx + dy * dy + dz * dz
  }
}

/// Conversions between great-circle kilometres and chord lengths on the unit sphere.
enum Chord {
  /// The chord length for a great-circle distance; 2 (the diameter) at or beyond half the globe.
  static func length(forKilometres km: Double) -> Double {
    let angle = km / GreatCircle.meanEarthRadiusKilometres
    guard angle < .pi else { return 2 }
    return 2 * sin(max(0, angle) / 2)
  }
}

/// An axis-aligned box in unit-sphere space.
struct Box3: Sendable {
  var minX, minY, minZ, maxX, maxY, maxZ: Double

  static let empty = Box3(
    minX: .infinity, minY: .infinity, minZ: .infinity, maxX: -.infinity, maxY: -.infinity,
    maxZ: -.infinity)

  @inline(__always) mutating func add(_ v: UnitVector) {
    minX = min(minX, v.x)
    minY = min(minY, v.y)
    minZ = min(minZ, v.z)
    maxX = max(maxX, v.x)
    maxY = max(maxY, v.y)
    maxZ = max(maxZ, v.z)
  }

  func expanded(by r: Double) -> Box3 {
    Box3(
      minX: minX - r, minY: minY - r, minZ: minZ - r, maxX: maxX + r, maxY: maxY + r,
      maxZ: maxZ + r)
  }

  @inline(__always) func intersects(_ o: Box3) -> Bool {
    !(o.minX > maxX || o.maxX < minX || o.minY > maxY || o.maxY < minY || o.minZ > maxZ
      || o.maxZ < minZ)
  }

  @inline(__always) func contains(x: Double, y: Double, z: Double) -> Bool {
    x >= minX && x <= maxX && y >= minY && y <= maxY && z >= minZ && z <= maxZ
  }

  /// The squared distance from `p` to the nearest point of the box (0 inside).
  ///
  /// Correctly rounded subtraction and multiplication are monotone, so this never exceeds the
  /// computed squared distance to any point stored inside the box: pruning with it is safe
  /// without an error margin.
  @inline(__always) func squaredDistance(to p: UnitVector) -> Double {
    var d = 0.0
    if p.x < minX {
      let t = minX - p.x
      d += t * t
    } else if p.x > maxX {
      let t = p.x - maxX
      d += t * t
    }
    if p.y < minY {
      let t = minY - p.y
      d += t * t
    } else if p.y > maxY {
      let t = p.y - maxY
      d += t * t
    }
    if p.z < minZ {
      let t = minZ - p.z
      d += t * t
    } else if p.z > maxZ {
      let t = p.z - maxZ
      d += t * t
    }
    return d
  }
}
