import Foundation

/// Where a JSON document stops being valid, recovered from Foundation's parser error.
///
/// Foundation reports the position only in the error's debug text ("Invalid value around
/// character 15." on Linux, `NSJSONSerializationErrorIndex` on Apple platforms); this turns it into
/// a line, column and byte offset so a message can point at the spot.
public struct JSONSyntaxError: Sendable, Hashable, CustomStringConvertible {
  /// Foundation's own explanation, e.g. `Invalid value`, without the position.
  public var reason: String
  /// The byte offset (0-based) of the problem, when Foundation gives it.
  public var byteOffset: Int?
  /// The 1-based line of ``byteOffset``.
  public var line: Int?
  /// The 1-based column (in bytes) of ``byteOffset``.
  public var column: Int?

  /// Reads the position out of a `JSONSerialization` or `JSONDecoder` error for `data`.
  public init(_ error: any Error, in data: Data) {
    if let decoding = error as? DecodingError, case .dataCorrupted(let context) = decoding,
      let underlying = context.underlyingError
    {
      self = JSONSyntaxError(underlying, in: data)
      return
    }
    let ns = error as NSError
    var text = ns.userInfo[NSDebugDescriptionErrorKey] as? String ?? ""
    var offset = ns.userInfo["NSJSONSerializationErrorIndex"] as? Int
    if let range = text.range(of: " around character ") {
      let digits = text[range.upperBound...].prefix { $0.isNumber }
      offset = offset ?? Int(digits)
      text = String(text[..<range.lowerBound])
    }
    while text.last == "." { text.removeLast() }
    reason = text.isEmpty ? "the data is not in JSON syntax" : text
    byteOffset = offset.map { min(max(0, $0), data.count) }
    if let byteOffset {
      var line = 1
      var lineStart = 0
      for (i, byte) in data.prefix(byteOffset).enumerated() where byte == 0x0A {
        line += 1
        lineStart = i + 1
      }
      self.line = line
      column = byteOffset - lineStart + 1
    }
  }

  /// `Invalid value at line 2, column 7 (byte 15)`, or the reason alone without a position.
  public var description: String {
    guard let byteOffset, let line, let column else { return reason }
    return "\(reason) at line \(line), column \(column) (byte \(byteOffset))"
  }
}
