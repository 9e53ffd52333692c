import Foundation

/// Finds text that tells the driver to pick up or use the iPhone, which CarPlay apps must never
/// do (carplay-facts.md §9 rule 2 [DG25 §Guidelines; HIG §Error handling]).
///
/// Stating an error condition ("Sign-in required") is allowed; asking the driver to act on the
/// phone is not. Matching is by whole words, case- and diacritic-insensitive, in English and
/// German (the apps' two languages); punctuation and hyphens count as word breaks, so
/// "iPhone-App" matches "iphone app" and "Adam iPhone" does not match "am iphone".
///
/// What counts: a verb that sends the driver to the phone ("pick up", "unlock", "check",
/// "continue on", "sign in on") or a place on the phone ("on your iPhone", "auf dem iPhone",
/// "am iPhone", "im iPhone", "auf iPhone"), because either points the driver's eyes and hands at
/// the phone. What does not: naming the phone or its state without sending the driver to it —
/// "iPhone locked", "iPhone gesperrt" — and "Connect your iPhone", which is about the car's
/// connection, not about working the phone's screen. Erring towards a match is deliberate: the
/// rule is an error (App Review rejects such text), and a state can always be worded without a
/// place on the phone ("Saved to your account" rather than "Saved on your iPhone").
public enum PhoneInstruction {
  /// The phrases that count as an instruction to use the phone, as lower-cased, unaccented words
  /// separated by single spaces.
  public static let phrases: [String] = [
    // English: places on the phone
    "on your iphone", "on your phone", "on the iphone", "on your device", "in the iphone app",
    // English: verbs that send the driver to the phone
    "pick up your phone", "pick up your iphone", "grab your phone", "open the app on your",
    "use your iphone", "use your phone", "check your phone", "check your iphone",
    "unlock your iphone", "unlock your phone", "open your iphone", "look at your iphone",
    "look at your phone", "take out your phone", "take out your iphone",
    "continue on iphone", "continue on your iphone", "continue on the iphone",
    "sign in on iphone", "sign in on your iphone", "sign in on the iphone",
    "log in on iphone", "log in on your iphone",
    // German: places on the phone
    "auf deinem iphone", "auf ihrem iphone", "auf dem iphone", "auf iphone", "auf deinem handy",
    "auf ihrem handy", "auf dem handy", "am iphone", "im iphone", "am handy", "im handy",
    "in der iphone app",
    // German: verbs that send the driver to the phone
    "nimm dein iphone", "nimm dein handy", "entsperre dein iphone", "entsperren sie ihr iphone",
    "weiter auf iphone",
  ]

  /// The first phrase found in `text`, if any.
  public static func match(in text: String) -> String? {
    let haystack = Array((" " + words(text) + " ").utf8)
    for (index, needle) in spacedPhrases.enumerated() where contains(haystack, needle) {
      return phrases[index]
    }
    return nil
  }

  /// Each phrase between spaces, as UTF-8: matched byte by byte, since Foundation's
  /// `contains` on `String` took most of a screen's lint (a lint runs on every screen the
  /// simulator shows).
  static let spacedPhrases: [[UInt8]] = phrases.map { Array((" " + $0 + " ").utf8) }

  /// Whether `needle` occurs in `haystack`.
  static func contains(_ haystack: [UInt8], _ needle: [UInt8]) -> Bool {
    guard let first = needle.first, needle.count <= haystack.count else { return needle.isEmpty }
    var i = 0
    while i <= haystack.count - needle.count {
      if haystack[i] == first {
        var j = 1
        while j < needle.count, haystack[i + j] == needle[j] { j += 1 }
        if j == needle.count { return true }
      }
      i += 1
    }
    return false
  }

  /// `text` lower-cased, unaccented, with every run of non-letters and non-digits turned into one
  /// space.
  static func words(_ text: String) -> String {
    let folded = text.folding(options: [.caseInsensitive, .diacriticInsensitive], locale: nil)
    var result = ""
    var pendingSpace = false
    for character in folded {
      if character.isLetter || character.isNumber {
        if pendingSpace, !result.isEmpty { result.append(" ") }
        pendingSpace = false
        result.append(character)
      } else {
        pendingSpace = true
      }
    }
    return result
  }
}
