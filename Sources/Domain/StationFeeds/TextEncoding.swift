import Foundation

/// Recognises UTF-16 station files, which spreadsheet programs write ("Unicode text"), so they
/// are decoded instead of being misread as a CSV whose columns are all missing.
enum TextEncoding {
  /// What ``decodeUTF16(_:)`` found.
  enum Outcome: Equatable {
    /// Not UTF-16; read the bytes as UTF-8.
    case notUTF16
    /// UTF-16 (`name` says which byte order), converted to UTF-8 bytes.
    case decoded(Data, name: String)
    /// Looked like UTF-16 but an invalid code unit sequence starts at byte `offset`.
    case invalid(name: String, offset: Int)
  }

  /// Decodes a UTF-16 file to UTF-8: one with a byte-order mark (`FF FE` or `FE FF`), or one
  /// without whose first bytes alternate ASCII and zero bytes (at least 8 code units, every
  /// second byte zero) as UTF-16 text without a mark does.
  static func decodeUTF16(_ data: Data) -> Outcome {
    let bytes = [UInt8](data.prefix(64))
    var littleEndian: Bool
    var start = 0
    if bytes.count >= 2, bytes[0] == 0xFF, bytes[1] == 0xFE {
      littleEndian = true
      start = 2
    } else if bytes.count >= 2, bytes[0] == 0xFE, bytes[1] == 0xFF {
      littleEndian = false
      start = 2
    } else {
      let pairs = bytes.count / 2
      guard pairs >= 8 else { return .notUTF16 }
      let zeroOdd = (0..<pairs).allSatisfy { bytes[2 * $0 + 1] == 0 && bytes[2 * $0] != 0 }
      let zeroEven = (0..<pairs).allSatisfy { bytes[2 * $0] == 0 && bytes[2 * $0 + 1] != 0 }
      guard zeroOdd || zeroEven else { return .notUTF16 }
      littleEndian = zeroOdd
    }
    let name = littleEndian ? "UTF-16LE" : "UTF-16BE"
    let all = [UInt8](data)
    guard (all.count - start) % 2 == 0 else {
      return .invalid(name: name, offset: all.count - 1)
    }
    var units: [UInt16] = []
    units.reserveCapacity((all.count - start) / 2)
    var index = start
    while index + 1 < all.count {
      let a = UInt16(all[index])
      let b = UInt16(all[index + 1])
      units.append(littleEndian ? a | b << 8 : a << 8 | b)
      index += 2
    }
    var output: [UInt8] = []
    output.reserveCapacity(units.count)
    var iterator = units.makeIterator()
    var decoder = UTF16()
    var position = start
    loop: while true {
      switch decoder.decode(&iterator) {
      case .scalarValue(let scalar):
        UTF8.encode(scalar) { output.append($0) }
        position += scalar.value > 0xFFFF ? 4 : 2
      case .emptyInput:
        break loop
      case .error:
        return .invalid(name: name, offset: position)
      }
    }
    return .decoded(Data(output), name: name)
  }
}
