import Foundation

/// Finds text that tells the driver to pick up or use the iPhone, which CarPlay apps must never
/// do (carplay-facts.md §9 rule 2 [DG25 §Guidelines; HIG §Error handling]).
///
/// Stating an error condition ("Sign-in required") is allowed; asking the driver to act on the
/// phone is not. Matching is by phrase, case- and diacritic-insensitive, in English and German
/// (the apps' two languages).
public enum PhoneInstruction {
  /// The phrases that count as an instruction to use the phone, lower-cased and unaccented.
  public static let phrases: [String] = [
    // English
    "on your iphone", "on your phone", "on the iphone", "on your device", "in the iphone app",
    "pick up your phone", "pick up your iphone", "grab your phone", "open the app on your",
    "use your iphone", "use your phone", "check your phone", "check your iphone",
    "unlock your iphone", "unlock your phone",
    // German
    "auf deinem iphone", "auf ihrem iphone", "auf dem iphone", "auf deinem handy",
    "auf ihrem handy", "auf dem handy", "am iphone", "am handy", "in der iphone-app",
    "in der iphone app", "nimm dein iphone", "nimm dein handy", "entsperre dein iphone",
    "entsperren sie ihr iphone",
  ]

  /// The first phrase found in `text`, if any.
  public static func match(in text: String) -> String? {
    let folded = text.folding(options: [.caseInsensitive, .diacriticInsensitive], locale: nil)
      .replacingOccurrences(of: "\u{00A0}", with: " ")
    return phrases.first { folded.contains($0) }
  }
}
