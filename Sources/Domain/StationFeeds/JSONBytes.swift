import JSONScanning

/// Reading a feed's bytes as one JSON document, shared by the importers and the live-status
/// parsers.
enum JSONBytes {
  /// Parses `bytes` as JSON, skipping a leading UTF-8 byte-order mark (some operators' exports
  /// start with one).
  static func parse(_ bytes: [UInt8]) -> Result<JSONValue, JSONSyntaxError> {
    bytes.withUnsafeBufferPointer { buffer in
      var start = 0
      if buffer.count >= 3, buffer[0] == 0xEF, buffer[1] == 0xBB, buffer[2] == 0xBF { start = 3 }
      do throws(JSONSyntaxError) {
        return .success(try JSONScanner.parse(buffer, range: start..<buffer.count))
      } catch {
        return .failure(error)
      }
    }
  }
}
