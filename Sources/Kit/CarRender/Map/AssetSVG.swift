/// An app's asset drawn from its SVG document (``CarApp/assetImages``), nested in a map or a
/// page at a given frame.
enum AssetSVG {
  /// `svg` as a nested `<svg>` element at `x`, `y` sized `width` × `height`, keeping the
  /// document's `viewBox` (scaled to fit, centred). A document without an `<svg` element is
  /// drawn as nothing.
  static func embed(
    _ svg: String, x: Double = 0, y: Double = 0, width: Double, height: Double
  ) -> String {
    guard let open = svg.range(of: "<svg"), let end = svg[open.upperBound...].firstIndex(of: ">"),
      let close = svg.range(of: "</svg>", options: .backwards), close.lowerBound > end
    else { return "" }
    let attributes = svg[open.upperBound..<end]
    var viewBox = ""
    if let start = attributes.range(of: "viewBox=\""),
      let stop = attributes[start.upperBound...].firstIndex(of: "\"")
    {
      viewBox = " viewBox=\"" + attributes[start.upperBound..<stop] + "\""
    }
    let inner = svg[svg.index(after: end)..<close.lowerBound]
    return
      "<svg x=\"\(number(x))\" y=\"\(number(y))\" width=\"\(number(width))\" height=\"\(number(height))\"\(viewBox) overflow=\"visible\">\(inner)</svg>"
  }

  static func number(_ value: Double) -> String {
    let rounded = (value * 100).rounded() / 100
    return rounded == rounded.rounded() ? String(Int(rounded)) : String(rounded)
  }
}
