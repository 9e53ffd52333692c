/// Makes text from data files safe to print on a terminal.
///
/// Station names, operators and diagnostic values come from files anyone can write; a control
/// character in them (an escape sequence, a carriage return, a bell) would otherwise reach the
/// terminal raw and could rewrite or hide what is shown.
public enum TerminalText {
  /// `text` with every C0 and C1 control character and DEL written as a visible `\u{XX}` escape
  /// (tab, line feed and carriage return included: table cells and diagnostics are one line).
  public static func escaped(_ text: String) -> String {
    guard text.unicodeScalars.contains(where: isControl) else { return text }
    var result = ""
    for scalar in text.unicodeScalars {
      if isControl(scalar) {
        result += "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
      } else {
        result.unicodeScalars.append(scalar)
      }
    }
    return result
  }

  /// `text` escaped line by line: line feeds stay (a message or transcript of several lines
  /// keeps its shape), every other control character is escaped as in ``escaped(_:)``.
  public static func escapedLines(_ text: String) -> String {
    guard text.unicodeScalars.contains(where: { isControl($0) && $0 != "\n" }) else {
      return text
    }
    return text.split(separator: "\n", omittingEmptySubsequences: false)
      .map { escaped(String($0)) }.joined(separator: "\n")
  }

  private static func isControl(_ scalar: Unicode.Scalar) -> Bool {
    scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value)
  }
}
