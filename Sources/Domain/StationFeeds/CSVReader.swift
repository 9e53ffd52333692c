/// One CSV record: its fields and the 1-based line it starts on.
struct CSVRecord {
  var line: Int
  var fields: [String]
  /// Set when the record breaks RFC 4180 (e.g. text after a closing quote); fields are then a
  /// best effort and the importer skips the record.
  var syntaxProblem: String?
}

/// An RFC 4180 reader over UTF-8 bytes: `,` separators, `"` quoting with `""` as an escaped
/// quote, CRLF or LF line ends, and line breaks allowed inside quoted fields.
struct CSVReader {
  private let bytes: UnsafeBufferPointer<UInt8>
  private var position: Int
  private var line = 1

  init(bytes: UnsafeBufferPointer<UInt8>) {
    self.bytes = bytes
    // Skip a UTF-8 byte order mark.
    position = bytes.count >= 3 && bytes[0] == 0xEF && bytes[1] == 0xBB && bytes[2] == 0xBF ? 3 : 0
  }

  /// The next record, or nil at the end; blank lines are skipped.
  mutating func next() -> CSVRecord? {
    while position < bytes.count, bytes[position] == 0x0A || bytes[position] == 0x0D {
      // A blank line ends with LF, CRLF or a lone CR; count each once.
      let crlf =
        bytes[position] == 0x0D && position + 1 < bytes.count && bytes[position + 1] == 0x0A
      line += 1
      position += crlf ? 2 : 1
    }
    guard position < bytes.count else { return nil }
    var record = CSVRecord(line: line, fields: [])
    var fieldBytes: [UInt8] = []
    while true {
      fieldBytes.removeAll(keepingCapacity: true)
      if position < bytes.count, bytes[position] == UInt8(ascii: "\"") {
        position += 1
        var closed = false
        while position < bytes.count {
          let byte = bytes[position]
          if byte == UInt8(ascii: "\"") {
            if position + 1 < bytes.count, bytes[position + 1] == UInt8(ascii: "\"") {
              fieldBytes.append(byte)
              position += 2
              continue
            }
            position += 1
            closed = true
            break
          }
          if byte == 0x0A
            || (byte == 0x0D && bytes[position + 1 < bytes.count ? position + 1 : position] != 0x0A)
          {
            line += 1
          }
          fieldBytes.append(byte)
          position += 1
        }
        if !closed {
          record.syntaxProblem =
            record.syntaxProblem ?? "a quoted field is not closed before the end of the file"
        }
        // Anything between the closing quote and the separator is a syntax error; keep it.
        while position < bytes.count, !isSeparatorOrEnd(bytes[position]) {
          record.syntaxProblem = record.syntaxProblem ?? "text after the closing quote of a field"
          fieldBytes.append(bytes[position])
          position += 1
        }
        record.fields.append(String(decoding: fieldBytes, as: UTF8.self))
      } else {
        let start = position
        while position < bytes.count, !isSeparatorOrEnd(bytes[position]) {
          if bytes[position] == UInt8(ascii: "\""), record.syntaxProblem == nil {
            record.syntaxProblem = "a quote inside an unquoted field"
          }
          position += 1
        }
        record.fields.append(
          String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<position]), as: UTF8.self))
      }
      guard position < bytes.count else { return record }
      let separator = bytes[position]
      position += 1
      if separator == UInt8(ascii: ",") { continue }
      // Line end: CR, LF or CRLF.
      if separator == 0x0D, position < bytes.count, bytes[position] == 0x0A { position += 1 }
      line += 1
      return record
    }
  }

  private func isSeparatorOrEnd(_ byte: UInt8) -> Bool {
    byte == UInt8(ascii: ",") || byte == 0x0A || byte == 0x0D
  }
}
