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
      self = .string(value)
    } else if let value = try? container.decode([OpenChargeMapJSON].self) {
      self = .array(value)
    } else {
      self = .object(try container.decode([String: OpenChargeMapJSON].self))
    }
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
  static func parse(_ data: Data) throws(OpenChargeMapError.Kind) -> OpenChargeMapJSON {
    do {
      return try JSONDecoder().decode(OpenChargeMapJSON.self, from: data)
    } catch let DecodingError.dataCorrupted(context) {
      let underlying = (context.underlyingError as? NSError)?.userInfo[NSDebugDescriptionErrorKey]
      throw .malformedResponse(
        "the body is not valid JSON (\((underlying as? String) ?? context.debugDescription))")
    } catch {
      throw .malformedResponse("the body is not valid JSON (\(error))")
    }
  }
}
