import Foundation
import JSONScanning
import Testing

@Suite("The one JSON scanner reads numbers exactly and refuses what is not JSON")
struct JSONScannerTests {
  /// Parses `text` as one value.
  func parse(_ text: String) throws(JSONSyntaxError) -> JSONValue {
    let bytes = Array(text.utf8)
    return try bytes.withUnsafeBufferPointer { (buffer) throws(JSONSyntaxError) in
      try JSONScanner.parse(buffer, range: 0..<buffer.count)
    }
  }

  @Test("Every number parses to the same Double as the standard library's parser")
  func numbersAreCorrectlyRounded() throws {
    var generator = SplitMix(seed: 15)
    var texts = [
      "0", "-0", "1", "0.1", "9.4797", "51.31270", "1e22", "1e23", "123456789012345678",
      "9007199254740993", "0.000001", "1.7976931348623157e308", "5e-324", "2.2250738585072014e-308",
      "13.40495", "-179.999999", "1E+2", "4.35e-7",
    ]
    for _ in 0..<5_000 {
      let digits = Int(generator.next() % 17) + 1
      let mantissa = generator.next() % UInt64(pow(10.0, Double(min(digits, 18))))
      let exponent = Int(generator.next() % 60) - 30
      texts.append("\(mantissa)e\(exponent)")
      let point = Int(generator.next() % 8)
      texts.append("\(Double(mantissa) / pow(10, Double(point)))")
    }
    for text in texts {
      let value = try parse(text)
      guard case .number(let n) = value, let expected = Double(text) else {
        Issue.record("\(text) did not parse as a number")
        continue
      }
      #expect(n.bitPattern == expected.bitPattern, "\(text)")
    }
  }

  @Test("The pull reader requires commas between members and elements, and none before the first")
  func pullReaderIsStrict() {
    for text in ["[1 2]", "[,1]", "[1,]", "{\"a\":1 \"b\":2}", "{,\"a\":1}", "{\"a\" 1}", "[1"] {
      let result = Result {
        try JSONScanner.scan(Array(text.utf8)) { scanner in try scanner.skipValue() }
      }
      #expect(throws: JSONSyntaxError.self, "\(text)") { try result.get() }
    }
    let sum = try? JSONScanner.scan(Array(" [1, 2.5 ,-3e1] ".utf8)) { scanner -> Double in
      var total = 0.0
      try scanner.beginArray()
      while try scanner.nextElement() { total += try scanner.readNumber() }
      return total
    }
    #expect(sum == -26.5)
  }

  @Test("A syntax error from the pull reader names its line, column and byte")
  func pullErrorsAreLocated() {
    let text = "{\"features\": [\n  [1, 2],\n  [3, x]\n]}"
    do {
      try JSONScanner.scan(Array(text.utf8)) { scanner in try scanner.skipValue() }
      Issue.record("accepted invalid JSON")
    } catch let error as JSONSyntaxError {
      #expect(error.line == 3)
      #expect(error.column == 7)
      #expect(
        error.description
          == "invalid character, expected a JSON value at line 3, column 7 (byte 31)")
    } catch {
      Issue.record("unexpected error \(error)")
    }
  }

  @Test("Strings decode escapes, surrogate pairs and refuse raw control characters")
  func strings() throws {
    #expect(try parse(#""a\"b\\c\u00e9\ud83d\ude97""#).stringValue == "a\"b\\cé🚗")
    #expect(throws: JSONSyntaxError.self) { try parse("\"a\u{01}b\"") }
  }
}

/// A small seeded generator (SplitMix64), so the number cases are the same on every run.
struct SplitMix {
  var state: UInt64
  init(seed: UInt64) { state = seed }
  mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }
}
