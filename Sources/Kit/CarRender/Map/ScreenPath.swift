/// A map path's SVG data in screen points, cut to the part that can show.
///
/// A path whose box only touches the view used to be written whole: at street level a
/// state's border or a long river is thousands of points far outside the 344×240 view,
/// which the browser still walks every time it paints the image (an image of 383 KB, most of
/// it off the view, took seconds to paint). Here a ring is clipped to a rectangle a little
/// larger than the view (Sutherland–Hodgman, one pass per edge), so its fill is the same
/// inside the view and its outline runs along the rectangle only outside the view; a line
/// keeps only its segments that reach into the rectangle, each run of them a subpath of its
/// own. A path wholly inside the rectangle is written as before.
struct ScreenPath {
  /// The rectangle kept, in screen points: the view (or the circle a rotated view turns in)
  /// and a margin wider than any stroke, so no cut edge or line end shows.
  var minX: Double
  var minY: Double
  var maxX: Double
  var maxY: Double
  /// Points closer than this to the previous written one are left out (not a path's ends).
  var step: Double

  /// The margin around the view: wider than the widest stroke drawn (a motorway's casing,
  /// under 6 points) with its round caps.
  static let margin = 16.0

  /// The SVG path data of `points` (interleaved world x, y) projected with `origin` and
  /// `size`, or "" when nothing of it reaches the rectangle.
  func data(_ points: PathPoints, isRing: Bool, origin: (Double, Double), size: Double) -> String {
    let n = points.count / 2
    guard n > 0 else { return "" }
    var xs = [Double](repeating: 0, count: n)
    var ys = [Double](repeating: 0, count: n)
    var inside = true
    for i in 0..<n {
      let x = (points[2 * i] - origin.0) * size
      let y = (points[2 * i + 1] - origin.1) * size
      xs[i] = x
      ys[i] = y
      if x < minX || x > maxX || y < minY || y > maxY { inside = false }
    }
    if inside { return Self.write(xs, ys, closed: isRing, step: step) }
    if isRing {
      let (cx, cy) = clip(xs, ys)
      return cx.count < 3 ? "" : Self.write(cx, cy, closed: true, step: step)
    }
    return runs(xs, ys)
  }

  /// A line's segments that reach into the rectangle, each unbroken run written as a subpath.
  func runs(_ xs: [Double], _ ys: [Double]) -> String {
    var d = ""
    var runX: [Double] = []
    var runY: [Double] = []
    func flush() {
      if runX.count > 1 { d += Self.write(runX, runY, closed: false, step: step) }
      runX.removeAll(keepingCapacity: true)
      runY.removeAll(keepingCapacity: true)
    }
    for i in 1..<max(1, xs.count) {
      let reaches =
        max(xs[i - 1], xs[i]) >= minX && min(xs[i - 1], xs[i]) <= maxX
        && max(ys[i - 1], ys[i]) >= minY && min(ys[i - 1], ys[i]) <= maxY
      if reaches {
        if runX.isEmpty {
          runX.append(xs[i - 1])
          runY.append(ys[i - 1])
        }
        runX.append(xs[i])
        runY.append(ys[i])
      } else {
        flush()
      }
    }
    flush()
    return d
  }

  /// The ring clipped to the rectangle (Sutherland–Hodgman against each of its four edges).
  func clip(_ xs: [Double], _ ys: [Double]) -> ([Double], [Double]) {
    var px = xs
    var py = ys
    // Each edge: which coordinate (x or y), the limit, and whether points above it are kept.
    let edges: [(isX: Bool, limit: Double, keepsAbove: Bool)] = [
      (true, minX, true), (true, maxX, false), (false, minY, true), (false, maxY, false),
    ]
    for edge in edges {
      guard !px.isEmpty else { break }
      var ox: [Double] = []
      var oy: [Double] = []
      ox.reserveCapacity(px.count)
      oy.reserveCapacity(py.count)
      func keeps(_ i: Int) -> Bool {
        let v = edge.isX ? px[i] : py[i]
        return edge.keepsAbove ? v >= edge.limit : v <= edge.limit
      }
      func crossing(_ a: Int, _ b: Int) -> (Double, Double) {
        let va = edge.isX ? px[a] : py[a]
        let vb = edge.isX ? px[b] : py[b]
        let t = (edge.limit - va) / (vb - va)
        return edge.isX
          ? (edge.limit, py[a] + t * (py[b] - py[a])) : (px[a] + t * (px[b] - px[a]), edge.limit)
      }
      var previous = px.count - 1
      for i in 0..<px.count {
        let now = keeps(i)
        let before = keeps(previous)
        if now != before {
          let (x, y) = crossing(previous, i)
          ox.append(x)
          oy.append(y)
        }
        if now {
          ox.append(px[i])
          oy.append(py[i])
        }
        previous = i
      }
      px = ox
      py = oy
    }
    return (px, py)
  }

  /// "M x y L x y …" (and "Z" for a ring), leaving out points within `step` of the last one
  /// written, except the last point.
  static func write(_ xs: [Double], _ ys: [Double], closed: Bool, step: Double) -> String {
    var d = ""
    var lastX = -1e9
    var lastY = -1e9
    let n = xs.count
    for i in 0..<n {
      let px = xs[i]
      let py = ys[i]
      if i > 0, i < n - 1, abs(px - lastX) < step, abs(py - lastY) < step { continue }
      d += (i == 0 ? "M" : "L") + fmt(px) + " " + fmt(py)
      lastX = px
      lastY = py
    }
    if closed { d += "Z" }
    return d
  }
}
