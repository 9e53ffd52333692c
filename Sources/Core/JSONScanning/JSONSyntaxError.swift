import Foundation

/// Where a JSON document stops being valid and why: a reason, a byte offset and, when the
/// document is at hand, the line and column.
///
/// ``JSONScanner`` throws it with the offset of the problem; ``located(in:)`` adds the line and
/// column for messages about whole files. ``init(_:in:)`` recovers the same shape from
/// Foundation's `JSONSerialization` and `JSONDecoder` errors, which give the position only in
/// their debug text ("Invalid value around character 15." on Linux,
/// `NSJSONSerializationErrorIndex` on Apple platforms).
public struct JSONSyntaxError: Error, Sendable, Hashable, CustomStringConvertible {
  /// What was wrong, e.g. `expected ',' or '}' in an object`, without the position.
  public var reason: String
  /// The byte offset (0-based) of the problem, when known.
  public var byteOffset: Int?
  /// The 1-based line of ``byteOffset``, when located.
  public var line: Int?
  /// The 1-based column (in bytes) of ``byteOffset``, when located.
  public var column: Int?

  /// A problem at byte `offset`, not yet located by line and column.
  public init(offset: Int, reason: String) {
    self.reason = reason
    self.byteOffset = offset
  }

  /// Reads the position out of a `JSONSerialization` or `JSONDecoder` error for `data`.
  public init(_ error: any Error, in data: Data) {
    if let decoding = error as? DecodingError, case .dataCorrupted(let context) = decoding,
      let underlying = context.underlyingError
    {
      self = JSONSyntaxError(underlying, in: data)
      return
    }
    if let scanned = error as? JSONSyntaxError {
      self = data.withUnsafeBytes { scanned.located(in: $0.bindMemory(to: UInt8.self)) }
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
    if byteOffset != nil {
      self = data.withUnsafeBytes { located(in: $0.bindMemory(to: UInt8.self)) }
    }
  }

  /// The same error with ``line`` and ``column`` computed from the document it refers to.
  public func located(in bytes: UnsafeBufferPointer<UInt8>) -> JSONSyntaxError {
    guard let byteOffset else { return self }
    let end = min(max(0, byteOffset), bytes.count)
    var line = 1
    var lineStart = 0
    for i in 0..<end where bytes[i] == 0x0A {
      line += 1
      lineStart = i + 1
    }
    var copy = self
    copy.byteOffset = end
    copy.line = line
    copy.column = end - lineStart + 1
    return copy
  }

  /// `Invalid value at line 2, column 7 (byte 15)`, `… at byte 15` before it is located, or the
  /// reason alone without a position.
  public var description: String {
    guard let byteOffset else { return reason }
    guard let line, let column else { return "\(reason) at byte \(byteOffset)" }
    return "\(reason) at line \(line), column \(column) (byte \(byteOffset))"
  }
}
