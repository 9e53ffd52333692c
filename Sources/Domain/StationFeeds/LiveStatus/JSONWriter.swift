import Foundation
import JSONScanning

/// Writes a ``JSONScanning/JSONValue`` tree back as compact JSON, so the feed server can replay
/// a bundled payload with some values changed.
enum JSONWriter {
  /// The tree as UTF-8 JSON bytes.
  static func bytes(_ value: JSONValue) -> [UInt8] {
    var out: [UInt8] = []
    out.reserveCapacity(1 << 16)
    write(value, into: &out)
    return out
  }

  static func write(_ value: JSONValue, into out: inout [UInt8]) {
    switch value {
    case .null: out += Array("null".utf8)
    case .bool(let b): out += Array((b ? "true" : "false").utf8)
    case .number(let n):
      if !n.isFinite {
        out += Array("null".utf8)
      } else if n == n.rounded(), abs(n) < 1e15 {
        out += Array(String(Int64(n)).utf8)
      } else {
        out += Array("\(n)".utf8)
      }
    case .string(let s): writeString(s, into: &out)
    case .array(let items):
      out.append(UInt8(ascii: "["))
      for (index, item) in items.enumerated() {
        if index > 0 { out.append(UInt8(ascii: ",")) }
        write(item, into: &out)
      }
      out.append(UInt8(ascii: "]"))
    case .object(let object):
      out.append(UInt8(ascii: "{"))
      for (index, member) in object.members.enumerated() {
        if index > 0 { out.append(UInt8(ascii: ",")) }
        writeString(member.key, into: &out)
        out.append(UInt8(ascii: ":"))
        write(member.value, into: &out)
      }
      out.append(UInt8(ascii: "}"))
    }
  }

  static func writeString(_ s: String, into out: inout [UInt8]) {
    out.append(UInt8(ascii: "\""))
    for byte in s.utf8 {
      switch byte {
      case UInt8(ascii: "\""): out += [0x5C, 0x22]
      case UInt8(ascii: "\\"): out += [0x5C, 0x5C]
      case 0x0A: out += [0x5C, UInt8(ascii: "n")]
      case 0x0D: out += [0x5C, UInt8(ascii: "r")]
      case 0x09: out += [0x5C, UInt8(ascii: "t")]
      case 0..<0x20:
        let hex = Array("0123456789abcdef".utf8)
        out += [0x5C, UInt8(ascii: "u"), 0x30, 0x30, hex[Int(byte >> 4)], hex[Int(byte & 0xF)]]
      default: out.append(byte)
      }
    }
    out.append(UInt8(ascii: "\""))
  }
}

extension JSONValue {
  /// A copy with the member `key` of an object set to `newValue` (added when missing).
  func setting(_ key: String, to newValue: JSONValue) -> JSONValue {
    guard case .object(var object) = self else { return self }
    if let index = object.members.firstIndex(where: { $0.key == key }) {
      object.members[index].value = newValue
    } else {
      object.members.append((key, newValue))
    }
    return .object(object)
  }

  /// A copy with `transform` applied to every element of the array member `key`.
  func mappingArray(_ key: String, _ transform: (JSONValue) -> JSONValue) -> JSONValue {
    guard case .array(let items)? = self[key] else { return self }
    return setting(key, to: .array(items.map(transform)))
  }
}
