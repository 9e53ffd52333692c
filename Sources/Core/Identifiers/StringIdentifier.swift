/// A stable identity written as a string, with a type of its own for each kind of thing it
/// names — a template, an element, a station, a media item — so that one is never passed where
/// another is expected.
///
/// The one body of every such id: a conforming type declares only its stored `rawValue` and
/// `init(rawValue:)`; creating one from a string or a literal, its text, its order and its
/// Codable form (a plain JSON string, the standard library's for string-backed
/// `RawRepresentable` types) come from here.
///
/// ```swift
/// public struct TemplateID: StringIdentifier {
///   public var rawValue: String
///   public init(rawValue: String) { self.rawValue = rawValue }
/// }
/// ```
public protocol StringIdentifier: Hashable, Sendable, Codable, RawRepresentable,
  ExpressibleByStringLiteral, CustomStringConvertible, Comparable
where RawValue == String, StringLiteralType == String {
  /// Creates an id from its raw value; every string is a valid id.
  init(rawValue: String)
}

extension StringIdentifier {
  /// Creates an id from a string.
  public init(_ rawValue: String) { self.init(rawValue: rawValue) }
  /// Creates an id from a string literal.
  public init(stringLiteral value: String) { self.init(rawValue: value) }
  /// The id as written.
  public var description: String { rawValue }
  /// Orders ids by their raw values, for stable listings.
  public static func < (a: Self, b: Self) -> Bool { a.rawValue < b.rawValue }
}
