import Foundation

/// A parsed JSON value, kept generic so every element of an Open Charge Map response can be
/// checked field by field and a bad field reported by its path instead of failing the whole reply.
enum OpenChargeMapJSON: Sendable, Equatable, Decodable {
  case null
  case bool(Bool)
  case number(Double)
  case string(String)
  case array([OpenChargeMapJSON])
  case object([String: OpenChargeMapJSON])

  init(from decoder: any Decoder) throws {
    let container = try decoder.singleValueContainer()
    if container.decodeNil() {
      self = .null
    } else if let value = try? container.decode(Bool.self) {
      self = .bool(value)
    } else if let value = try? container.decode(Double.self) {
      self = .number(value)
    } else if let value = try? container.decode(String.self) {
      switch value {
      case Self.nanMarker: self = .number(.nan)
      case Self.infinityMarker: self = .number(.infinity)
      case "-" + Self.infinityMarker: self = .number(-.infinity)
      default: self = .string(value)
      }
    } else if let value = try? container.decode([OpenChargeMapJSON].self) {
      self = .array(value)
    } else {
      self = .object(try container.decode([String: OpenChargeMapJSON].self))
    }
  }

  static let nanMarker = "\u{1}NaN"
  static let infinityMarker = "\u{1}Infinity"

  /// `data` with every bare `NaN`, `Infinity` and `-Infinity` outside strings replaced by a
  /// string marker (`"\u0001NaN"`, …) that ``init(from:)`` reads as a non-finite number; `data`
  /// itself when it has none.
  static func quotingNonFiniteTokens(_ data: Data) -> Data {
    let bytes = [UInt8](data)
    let tokens: [(text: [UInt8], marker: String)] = [
      (Array("-Infinity".utf8), "-" + infinityMarker), (Array("Infinity".utf8), infinityMarker),
      (Array("NaN".utf8), nanMarker),
    ]
    var output: [UInt8]?
    var inString = false
    var index = 0
    var copied = 0
    while index < bytes.count {
      let byte = bytes[index]
      if inString {
        if byte == UInt8(ascii: "\\") {
          index += 2
          continue
        }
        if byte == UInt8(ascii: "\"") { inString = false }
        index += 1
        continue
      }
      if byte == UInt8(ascii: "\"") {
        inString = true
        index += 1
        continue
      }
      if byte == UInt8(ascii: "N") || byte == UInt8(ascii: "I") || byte == UInt8(ascii: "-"),
        let token = tokens.first(where: { bytes[index...].starts(with: $0.text) })
      {
        var out = output ?? []
        out += bytes[copied..<index]
        out += Array("\"\(token.marker.replacingOccurrences(of: "\u{1}", with: "\\u0001"))\"".utf8)
        output = out
        index += token.text.count
        copied = index
        continue
      }
      index += 1
    }
    guard var result = output else { return data }
    result += bytes[copied...]
    return Data(result)
  }

  /// The member `key` of an object, nil for other values or a missing key.
  subscript(key: String) -> OpenChargeMapJSON? {
    if case .object(let members) = self { return members[key] } else { return nil }
  }

  /// `object`, `array`, `string`, … for messages.
  var kindName: String {
    switch self {
    case .null: "null"
    case .bool: "a boolean"
    case .number: "a number"
    case .string: "a string"
    case .array: "an array"
    case .object: "an object"
    }
  }

  /// Parses `data`; a syntax error becomes ``OpenChargeMapError/Kind/malformedResponse(_:)``
  /// with the decoder's position detail.
  ///
  /// Bare `NaN`, `Infinity` and `-Infinity` tokens (not JSON, but written by some exporters)
  /// are read as non-finite numbers, so only the POI holding one is rejected, by the field
  /// checks, instead of the whole body.
  static func parse(_ data: Data) throws(OpenChargeMapError.Kind) -> OpenChargeMapJSON {
    do {
      return try JSONDecoder().decode(
        OpenChargeMapJSON.self, from: Self.quotingNonFiniteTokens(data))
    } catch let DecodingError.dataCorrupted(context) {
      let underlying = (context.underlyingError as? NSError)?.userInfo[NSDebugDescriptionErrorKey]
      throw .malformedResponse(
        "the body is not valid JSON (\((underlying as? String) ?? context.debugDescription))")
    } catch {
      throw .malformedResponse("the body is not valid JSON (\(error))")
    }
  }
}
