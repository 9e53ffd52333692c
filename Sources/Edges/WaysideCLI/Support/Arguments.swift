/// The words after a subcommand, consumed by name as the command reads them.
///
/// Options are read before positionals so that `--limit 5 51.3 9.5` and `51.3 9.5 --limit 5`
/// mean the same. ``finish()`` reports anything no one asked for.
public struct Arguments: Sendable {
  private var words: [String]
  /// The command name, for messages.
  public let command: String

  /// Creates arguments from the words after the command name.
  public init(_ words: [String], command: String) {
    self.words = words
    self.command = command
  }

  /// Whether the words are empty.
  public var isEmpty: Bool { words.isEmpty }

  /// The words not consumed yet.
  public var remaining: [String] { words }

  /// Removes and reports a boolean flag such as `--json`.
  public mutating func flag(_ name: String) -> Bool {
    guard let index = words.firstIndex(of: name) else { return false }
    words.remove(at: index)
    return true
  }

  /// Removes and returns the value of `--name VALUE` or `--name=VALUE`; nil when absent.
  public mutating func option(_ name: String) throws -> String? {
    if let index = words.firstIndex(where: { $0.hasPrefix(name + "=") }) {
      let value = String(words[index].dropFirst(name.count + 1))
      words.remove(at: index)
      return value
    }
    guard let index = words.firstIndex(of: name) else { return nil }
    guard index + 1 < words.count else {
      throw CommandError.usage("option \(name) needs a value")
    }
    let value = words[index + 1]
    words.removeSubrange(index...(index + 1))
    return value
  }

  /// Removes every `--name VALUE`, in order (for repeatable options).
  public mutating func options(_ name: String) throws -> [String] {
    var values: [String] = []
    while let value = try option(name) { values.append(value) }
    return values
  }

  /// Removes and parses the value of an option; throws naming the option, the value and the
  /// expected type when it does not parse.
  public mutating func option<T: LosslessStringConvertible>(_ name: String, as type: T.Type) throws
    -> T?
  {
    guard let text = try option(name) else { return nil }
    guard let value = T(text), (value as? Double)?.isFinite ?? true else {
      throw CommandError.usage(
        "option \(name) expects \(Self.describe(T.self)), got '\(text)'")
    }
    return value
  }

  /// Removes and returns the next positional word; throws naming `label` when none is left.
  public mutating func positional(_ label: String) throws -> String {
    guard let value = optionalPositional() else {
      throw CommandError.usage("missing \(label)")
    }
    return value
  }

  /// Removes and parses the next positional word.
  public mutating func positional<T: LosslessStringConvertible>(_ label: String, as type: T.Type)
    throws -> T
  {
    let text = try positional(label)
    guard let value = T(text), (value as? Double)?.isFinite ?? true else {
      throw CommandError.usage("\(label) expects \(Self.describe(T.self)), got '\(text)'")
    }
    return value
  }

  /// Removes and returns the next word that is not an option, or nil.
  ///
  /// A word starting with `-` followed by a digit (a negative number) counts as positional.
  public mutating func optionalPositional() -> String? {
    guard
      let index = words.firstIndex(where: { word in
        !word.hasPrefix("-") || word == "-" || (word.dropFirst().first?.isNumber ?? false)
      })
    else { return nil }
    return words.remove(at: index)
  }

  /// Throws when words are left that no one consumed (an unknown option or an extra argument).
  public func finish() throws {
    guard let first = words.first else { return }
    if first.hasPrefix("--") {
      throw CommandError.usage("unknown option '\(first)'")
    }
    throw CommandError.usage("unexpected argument '\(first)'")
  }

  private static func describe(_ type: Any.Type) -> String {
    switch type {
    case is Int.Type: "a whole number"
    case is Double.Type: "a number"
    default: "a \(type)"
    }
  }
}
