import Foundation
import Testing

/// Which spec fields a mapping test checked, and whether a fully populated spec has a field no
/// check names: a spec field the bridge does not map (or a new field nobody mapped) fails.
///
/// Fields are named `Type.field` (`ListItemSpec.text`). ``check(_:_:_:)`` names a field and
/// expects its CarPlay value; ``elsewhere(_:because:)`` names a field whose value reaches the car
/// by another route than the template object (the window, Now Playing info), with the reason.
struct FieldCoverage {
  private(set) var covered: Set<String> = []
  private(set) var reasons: [String: String] = [:]

  /// Expects the CarPlay value of `field` to be right.
  mutating func check(
    _ field: String, _ holds: Bool, _ detail: @autoclosure () -> String = "",
    sourceLocation: SourceLocation = #_sourceLocation
  ) {
    covered.insert(field)
    #expect(
      holds, "\(field) does not land in the CarPlay object \(detail())",
      sourceLocation: sourceLocation)
  }

  /// Records that `field` reaches the car by another route, and why.
  mutating func elsewhere(_ field: String, because reason: String) {
    covered.insert(field)
    reasons[field] = reason
  }

  /// Every `Type.field` of a value and of the values inside it (struct fields, optionals,
  /// arrays' elements, enum payloads), not descending into the types in `skip`; `empty` lists the
  /// fields that are nil or empty wherever they occur, which a sample must not have, since the
  /// fields inside them would go unseen.
  static func fields(of value: Any, skip: Set<String> = []) -> (fields: Set<String>, empty: Set<String>) {
    var fields: Set<String> = []
    var filled: Set<String> = []
    var budget = 100_000
    func walk(_ value: Any) {
      budget -= 1
      guard budget > 0 else { return }
      let mirror = Mirror(reflecting: value)
      switch mirror.displayStyle {
      case .struct:
        let type = String(describing: Swift.type(of: value))
        if leafTypes.contains(type) || skip.contains(type) { return }
        for child in mirror.children {
          guard let label = child.label else { continue }
          let name = "\(type).\(label)"
          fields.insert(name)
          let inner = Mirror(reflecting: child.value)
          let isEmpty =
            (inner.displayStyle == .optional || inner.displayStyle == .collection)
            && inner.children.isEmpty
          if !isEmpty { filled.insert(name) }
          walk(child.value)
        }
      case .optional, .collection, .enum, .tuple:
        for child in mirror.children { walk(child.value) }
      default:
        return
      }
    }
    walk(value)
    return (fields, fields.subtracting(filled))
  }

  /// Values checked whole (their fields are their identity or their text).
  static let leafTypes: Set<String> = [
    "ElementID", "TemplateID", "CarImage", "TextVariants", "Coordinate", "Polyline",
  ]

  /// Records that every field of `type` reaches the car by another route, and why.
  mutating func elsewhere(type: String, because reason: String) {
    coveredTypes.insert(type)
    reasons[type] = reason
  }

  /// Types whose every field is accounted for as a whole.
  private(set) var coveredTypes: Set<String> = []

  /// The fields of `sample` no check named, and the sample's nil or empty fields.
  func unmapped(in sample: Any) -> (unmapped: [String], empty: [String]) {
    let (fields, empty) = Self.fields(of: sample, skip: coveredTypes)
    let unmapped = fields.filter { !covered.contains($0) }
    // A field accounted for elsewhere (another test, another route) may be empty here.
    let unseen = empty.filter { reasons[$0] == nil }
    return (unmapped.sorted(), unseen.sorted())
  }
}
