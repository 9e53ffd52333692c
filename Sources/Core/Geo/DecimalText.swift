/// Strict reading of decimal numbers written by people and data files.
///
/// Swift's `Double(String)` also accepts hexadecimal floats (`0x1p5` is 32), `inf`, `nan` and
/// `infinity`; station files and coordinates must only ever hold plain decimal numbers, so a
/// value such as `0x1p5` is reported instead of silently moving a station.
public enum DecimalText {
  /// The value of `text` when it is a plain decimal number: an optional sign, digits with an
  /// optional fraction (`12`, `-0.5`, `.5`, `5.`), and an optional exponent (`1e-3`); nil for
  /// anything else, including hexadecimal floats, `inf` and `nan`, and for values that are not
  /// finite.
  public static func double(_ text: some StringProtocol) -> Double? {
    var digits = 0
    var index = text.utf8.startIndex
    let bytes = text.utf8
    if index < bytes.endIndex,
      bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-")
    {
      index = bytes.index(after: index)
    }
    var seenPoint = false
    while index < bytes.endIndex {
      let b = bytes[index]
      if b >= 48 && b <= 57 {
        digits += 1
      } else if b == UInt8(ascii: "."), !seenPoint {
        seenPoint = true
      } else {
        break
      }
      index = bytes.index(after: index)
    }
    guard digits > 0 else { return nil }
    if index < bytes.endIndex,
      bytes[index] == UInt8(ascii: "e") || bytes[index] == UInt8(ascii: "E")
    {
      index = bytes.index(after: index)
      if index < bytes.endIndex,
        bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-")
      {
        index = bytes.index(after: index)
      }
      var exponentDigits = 0
      while index < bytes.endIndex, bytes[index] >= 48 && bytes[index] <= 57 {
        exponentDigits += 1
        index = bytes.index(after: index)
      }
      guard exponentDigits > 0 else { return nil }
    }
    guard index == bytes.endIndex, let value = Double(String(text)), value.isFinite else {
      return nil
    }
    return value
  }

  /// Why ``double(_:)`` refused `text`, for diagnostics: `is a hexadecimal number`, `is not a
  /// finite number`, `uses a decimal comma` or `is not a number`.
  public static func rejectionReason(_ text: some StringProtocol) -> String {
    let plain = String(text)
    let lowered = plain.lowercased()
    if lowered.contains("0x") { return "is a hexadecimal number, not a decimal one" }
    if let value = Double(plain), !value.isFinite { return "is not a finite number" }
    if plain.contains(","), double(plain.replacing(",", with: ".")) != nil {
      return "uses a decimal comma"
    }
    return "is not a number"
  }
}
