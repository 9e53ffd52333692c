/// An ordered list of HTTP header fields whose names compare case-insensitively.
///
/// Order and repeated fields are kept as received; lookups ignore ASCII case, as RFC 9110 §5.1
/// requires for field names.
public struct HTTPHeaders: Sendable, Hashable, Sequence, ExpressibleByDictionaryLiteral {
  /// One header field: its name as written and its value with surrounding whitespace removed.
  public struct Field: Sendable, Hashable {
    /// The field name as written, e.g. `Content-Type`.
    public var name: String
    /// The field value, e.g. `text/html; charset=utf-8`.
    public var value: String

    /// Creates a field.
    public init(name: String, value: String) {
      self.name = name
      self.value = value
    }
  }

  /// The fields in the order they were added.
  public private(set) var fields: [Field]

  /// Creates an empty header list.
  public init() { fields = [] }

  /// Creates a header list from name/value pairs, keeping their order.
  public init(_ pairs: [(String, String)]) {
    fields = pairs.map { Field(name: $0.0, value: $0.1) }
  }

  /// Creates a header list from a literal, keeping the literal's order.
  public init(dictionaryLiteral elements: (String, String)...) {
    self.init(elements)
  }

  /// The number of fields, counting repeated names separately.
  public var count: Int { fields.count }

  /// Whether the list has no fields.
  public var isEmpty: Bool { fields.isEmpty }

  /// The first value for `name` (any case); setting replaces every field of that name, `nil` removes.
  public subscript(name: String) -> String? {
    get { fields.first { HTTPHeaders.namesMatch($0.name, name) }?.value }
    set {
      if let index = fields.firstIndex(where: { HTTPHeaders.namesMatch($0.name, name) }) {
        if let newValue {
          fields[index].value = newValue
          var seen = false
          fields.removeAll { field in
            guard HTTPHeaders.namesMatch(field.name, name) else { return false }
            defer { seen = true }
            return seen
          }
        } else {
          remove(name)
        }
      } else if let newValue {
        fields.append(Field(name: name, value: newValue))
      }
    }
  }

  /// Every value for `name` (any case), in order.
  public func values(for name: String) -> [String] {
    fields.filter { HTTPHeaders.namesMatch($0.name, name) }.map(\.value)
  }

  /// Whether a field named `name` (any case) is present.
  public func contains(_ name: String) -> Bool {
    fields.contains { HTTPHeaders.namesMatch($0.name, name) }
  }

  /// Whether any comma-separated element of any `name` field equals `token`, ignoring ASCII case.
  public func containsToken(_ token: String, in name: String) -> Bool {
    values(for: name).contains { value in
      value.split(separator: ",").contains {
        HTTPHeaders.namesMatch($0.trimmingASCIIWhitespace(), token)
      }
    }
  }

  /// Appends a field, keeping any existing fields of the same name.
  public mutating func add(_ name: String, _ value: String) {
    fields.append(Field(name: name, value: value))
  }

  /// Removes every field named `name` (any case).
  public mutating func remove(_ name: String) {
    fields.removeAll { HTTPHeaders.namesMatch($0.name, name) }
  }

  /// Returns an iterator over the fields in order.
  public func makeIterator() -> IndexingIterator<[Field]> { fields.makeIterator() }

  /// Compares two field names ignoring ASCII case, without allocating.
  static func namesMatch(_ lhs: some StringProtocol, _ rhs: some StringProtocol) -> Bool {
    let left = lhs.utf8
    let right = rhs.utf8
    guard left.count == right.count else { return false }
    for (a, b) in zip(left, right) where a != b {
      guard asciiLowercase(a) == asciiLowercase(b) else { return false }
    }
    return true
  }

  private static func asciiLowercase(_ byte: UInt8) -> UInt8 {
    (byte >= 0x41 && byte <= 0x5A) ? byte | 0x20 : byte
  }
}

extension StringProtocol {
  /// The text without leading and trailing spaces and tabs.
  func trimmingASCIIWhitespace() -> Substring {
    let text = self[...]
    guard let first = text.firstIndex(where: { $0 != " " && $0 != "\t" }),
      let last = text.lastIndex(where: { $0 != " " && $0 != "\t" })
    else { return Substring() }
    return Substring(text[first...last])
  }
}
