import Identifiers

/// A template's stable identity, chosen by the app, so the host and events can refer to it.
public struct TemplateID: StringIdentifier {
  /// The id as written.
  public var rawValue: String
  /// Creates an id from its raw value.
  public init(rawValue: String) { self.rawValue = rawValue }
}

/// The stable identity of an element inside a template (a row, a button, a point, an action).
///
/// Unique within its template; events such as "tap row" name it.
public struct ElementID: StringIdentifier {
  /// The id as written.
  public var rawValue: String
  /// Creates an id from its raw value.
  public init(rawValue: String) { self.rawValue = rawValue }
}

/// An image by name: an SF Symbol, or an asset the app ships (with light and dark variants).
///
/// Animated images are not supported by CarPlay; only the first frame would be used
/// (carplay-facts.md §1.0), so the model has no animation.
public struct CarImage: Hashable, Sendable, Codable, CustomStringConvertible {
  /// Where the image comes from.
  public enum Source: String, Hashable, Sendable, Codable {
    /// An SF Symbol name such as `bolt.car`.
    case symbol
    /// An asset-catalog name of the app.
    case asset
  }
  /// Where the image comes from: an SF Symbol or an asset.
  public var source: Source
  /// The symbol's or asset's name.
  public var name: String

  /// Creates an image reference.
  public init(_ source: Source, _ name: String) {
    self.source = source
    self.name = name
  }

  /// An SF Symbol.
  public static func symbol(_ name: String) -> CarImage { CarImage(.symbol, name) }
  /// An app asset.
  public static func asset(_ name: String) -> CarImage { CarImage(.asset, name) }

  /// `sf:bolt` or `asset:logo`.
  public var description: String { "\(source == .symbol ? "sf" : "asset"):\(name)" }
}

/// Alternative texts, longest / most preferred first; the car shows the first that fits.
///
/// CarPlay controls text length with variants, not character limits (carplay-facts.md §1.0).
public struct TextVariants: Hashable, Sendable, Codable, ExpressibleByStringLiteral,
  ExpressibleByArrayLiteral
{
  /// The variants, longest (most preferred) first.
  public var variants: [String]
  /// Creates variants, longest first.
  public init(_ variants: [String]) { self.variants = variants }
  /// Creates a single variant.
  public init(stringLiteral value: String) { self.variants = [value] }
  /// Creates variants from a literal list, longest first.
  public init(arrayLiteral elements: String...) { self.variants = elements }

  /// The preferred (first) text, or "" when there are no variants.
  public var preferred: String { variants.first ?? "" }

  /// The first variant whose length is at most `width` characters, else the last variant
  /// truncated with an ellipsis — how the emulated host picks a variant for a given width.
  public func fitting(width: Int) -> String {
    if let fit = variants.first(where: { $0.count <= width }) { return fit }
    guard let shortest = variants.last else { return "" }
    guard width > 1 else { return String(shortest.prefix(max(0, width))) }
    return String(shortest.prefix(width - 1)) + "…"
  }
}
