import Foundation

/// The one operator-name normalisation of the project: turns operator spellings into comparison
/// keys, so "E.ON Drive GmbH" and "E.ON Drive Infrastructure GmbH" compare equal while
/// "IONITY GmbH" does not.
///
/// Steps (Guides/StationData.md, "Operator names"):
/// 1. lower-case; `ä ö ü ß` → `ae oe ue ss`; other accents dropped;
/// 2. `.` and `'` removed (so `E.ON` → `eon`, `Co.KG` → `cokg`), every other non-letter,
///    non-digit character becomes a space;
/// 3. legal-form words removed (``legalFormWords``, plus `e v` as a pair and `und`/`u` before a
///    legal form, as in "AG und Co. KG");
/// 4. the result looked up in ``families``, a table of known spellings of one operator.
///
/// ``normalise(_:)`` is steps 1–3, ``key(_:)`` (the *family key*) all four. The station merger,
/// the station index's operator filter (``Station/operatorFamily``) and the tariff catalogue's
/// operator matching all use these functions, so they agree on what "the same operator" means.
public enum OperatorName {
  /// Words that name a legal form rather than the operator (after step 2).
  public static let legalFormWords: Set<String> = [
    "gmbh", "mbh", "ag", "kg", "co", "cokg", "ohg", "se", "ug", "gbr", "eg", "ev", "aoer", "adoer",
    "kgaa", "haftungsbeschraenkt", "ek", "ggmbh", "gmbhcokg", "inc", "ltd", "bv", "nv", "sarl",
  ]

  /// Spellings of one operator family, as written in the 2022 and 2026 registers, and the family
  /// name they all mean. Each entry is backed by co-located sites in the bundled data (the count
  /// of 2026 sites within 50 m of a 2022 site under the other spelling) or a known renaming.
  public static let families: [(family: String, spellings: [String])] = [
    // Charge-ON is E.ON's public charging brand in the 2022 register; 166 co-located sites.
    ("E.ON Drive", ["E.ON Drive GmbH", "E.ON Drive Infrastructure GmbH", "Charge-ON"]),
    ("ALDI SÜD", ["ALDI SÜD", "ALDI SÜD Immobilienverwaltungs-GmbH & Co. oHG"]),  // 133 sites
    // Stromnetz Hamburg's charging network passed to Hamburger Energiewerke; 40 sites.
    ("Hamburger Energiewerke", ["Stromnetz Hamburg GmbH", "Hamburger Energiewerke Mobil GmbH"]),
    ("Shell", ["Shell Deutschland Oil GmbH", "Shell Deutschland GmbH"]),  // 34 sites
    ("EnBW mobility+", ["EnBW mobility+ AG und Co.KG", "mblty GmbH"]),  // 28 sites
    ("Lechwerke (LEW)", ["Lechwerke AG", "LEW Natur GmbH"]),  // 23 sites
    ("TEAG", ["Thüringer Energie AG", "TEAG Mobil GmbH"]),  // 21 sites
    (
      "Fraunhofer-Gesellschaft",
      [
        "Fraunhofer-Gesellschaft zur Förderung der angewandten Forschung e. V.",
        "Fraunhofer-Gesellschaft e. V.",
      ]
    ),  // 14 sites
    ("REWAG", ["REWAG Regensburger Energie und Wasserversorgung AG & Co KG", "REWAG KG"]),  // 12
    (
      "BS|ENERGY",
      [
        "Braunschweiger Versorgungs-AG & Co. KG",
        "BS|ENERGY, Braunschweiger Versorgungs-AG & Co. KG",
      ]
    ),  // 12 sites
    ("SÜC", ["SÜC Energie und H2O GmbH", "SÜC GmbH"]),  // 11 sites
    (
      "SWB Bonn",
      [
        "SWB Energie- und Wasserversorgung Bonn/Rhein-Sieg",
        "Energie- und Wasserversorgung Bonn/Rhein-Sieg GmbH",
      ]
    ),  // 9 sites
    ("EnBW ODR", ["EnBW ODR AG", "EnBW Ostwürttemberg DonauRies AG"]),  // 8 sites
    ("EAM", ["EAM EnergiePlus GmbH", "EAM Natur Energie GmbH"]),  // 8 sites
    (
      "STAWAG", ["STAWAG Stadtwerke Aachen AG", "STAWAG - Stadt- und Städteregionswerke Aachen AG"]
    ),
    (
      "E-Werk Mittelbaden",
      ["E-Werk Mittelbaden AG & Co. KG", "Elektrizitätswerk Mittelbaden AG & Co. KG"]
    ),
    // Energiedienst renamed itself naturenergie in 2024; 7 sites.
    ("naturenergie", ["Energiedienst Holding AG", "naturenergie hochrhein AG"]),
    ("infra fürth", ["infra fürth gmbh", "infra fürth service gmbh"]),  // 6 sites
    ("SWLB", ["Stadtwerke Ludwigsburg-Kornwestheim GmbH", "SWLB Mobilität GmbH"]),  // 6 sites
    ("RheinEnergie (TankE)", ["Rheinenergie AG", "TankE GmbH"]),  // 5 sites
    ("BayWa", ["BayWa AG", "BayWa Mobility Solutions GmbH"]),  // 5 sites
    (
      "Stadtwerke Lindau",
      ["Stadtwerke Lindau (B) GmbH & Co. KG", "Stadtwerke Lindau GmbH & Co. KG"]
    ),
    ("VWEW", ["VWEW-Energie GmbH", "VWEW Kommunal GmbH"]),  // 3 sites
  ]

  /// Normalised spelling → the normalised family name.
  private static let familyKeys: [String: String] = {
    var table: [String: String] = [:]
    for (family, spellings) in families {
      let key = basicKey(family)
      for spelling in spellings { table[basicKey(spelling)] = key }
    }
    return table
  }()

  /// The family key of an operator name: steps 1–4 above, e.g. `Charge-ON` → `eon drive`.
  public static func key(_ name: String) -> String {
    family(ofNormalised: basicKey(name))
  }

  /// The family key of an already normalised name (``normalise(_:)``): step 4 alone.
  public static func family(ofNormalised normalised: String) -> String {
    familyKeys[normalised] ?? normalised
  }

  /// Steps 1–3 (case, accents, punctuation, legal forms): `Städtische Werke AG` →
  /// `staedtische werke`.
  public static func normalise(_ name: String) -> String { basicKey(name) }

  /// Whether a normalised name starts with a normalised prefix at a word boundary:
  /// `eon drive infrastructure` starts with `eon drive` but not with `eon d`.
  public static func matches(_ normalised: String, prefix: String) -> Bool {
    guard normalised.hasPrefix(prefix) else { return false }
    let rest = normalised.dropFirst(prefix.count)
    return rest.isEmpty || rest.first == " "
  }

  /// Whether an operator name belongs to the operator a normalised prefix names: its normalised
  /// name or its family key starts with the prefix or with the prefix's family key.
  ///
  /// This is how tariffs find their stations: a tariff for `eon drive` applies to
  /// "E.ON Drive Infrastructure GmbH" (by prefix) and to "Charge-ON" (by family).
  public static func belongs(_ name: String, to prefix: String) -> Bool {
    let normalised = basicKey(name)
    return belongs(normalised: normalised, family: family(ofNormalised: normalised), to: prefix)
  }

  /// ``belongs(_:to:)`` for a name whose ``normalise(_:)`` and ``key(_:)`` are already known,
  /// for callers that test one station against many prefixes.
  public static func belongs(normalised: String, family: String, to prefix: String) -> Bool {
    if matches(normalised, prefix: prefix) || matches(family, prefix: prefix) { return true }
    let prefixFamily = Self.family(ofNormalised: prefix)
    guard prefixFamily != prefix else { return false }
    return matches(normalised, prefix: prefixFamily) || matches(family, prefix: prefixFamily)
  }

  /// Steps 1–3: case, accents, punctuation and legal forms.
  static func basicKey(_ name: String) -> String {
    var folded = ""
    folded.reserveCapacity(name.utf8.count)
    for character in name.lowercased() {
      switch character {
      case "ä": folded += "ae"
      case "ö": folded += "oe"
      case "ü": folded += "ue"
      case "ß": folded += "ss"
      case ".", "'", "’": continue
      default:
        if character.isASCII {
          folded.append(character.isLetter || character.isNumber ? character : " ")
        } else if character.isLetter || character.isNumber {
          let plain = String(character).folding(options: .diacriticInsensitive, locale: nil)
          folded += plain
        } else {
          folded += " "
        }
      }
    }
    var words = folded.split(separator: " ").map(String.init)
    // "e. V." arrives as the two words "e" and "v".
    if let v = words.lastIndex(of: "v"), v > 0, words[v - 1] == "e" {
      words.removeSubrange((v - 1)...v)
    }
    var kept: [String] = []
    for (index, word) in words.enumerated() {
      if legalFormWords.contains(word) { continue }
      if word == "und" || word == "u", index + 1 < words.count,
        legalFormWords.contains(words[index + 1])
      {
        continue
      }
      kept.append(word)
    }
    return kept.isEmpty ? words.joined(separator: " ") : kept.joined(separator: " ")
  }
}
