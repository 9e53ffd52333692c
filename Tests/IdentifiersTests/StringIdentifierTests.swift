import CarTemplates
import Charging
import Foundation
import Identifiers
import Playback
import Testing

/// The kit's and the domain's ids share one body (`StringIdentifier`): each is its own type,
/// made from a string or a literal, shown and ordered by its text, and coded as a plain JSON
/// string, as each was before it lost its copy of the body.
@Suite("One body for the typed string ids")
struct StringIdentifierTests {
  /// Everything an id offers, checked the same way for each of the four.
  static func check<ID: StringIdentifier>(_ type: ID.Type) throws {
    let literal: ID = "b-2"
    #expect(literal == ID("b-2") && literal == ID(rawValue: "b-2"))
    #expect(literal.description == "b-2" && "\(literal)" == "b-2")
    #expect([ID("c"), ID("a"), ID("b")].sorted() == [ID("a"), ID("b"), ID("c")])
    let json = try JSONEncoder().encode([literal])
    #expect(String(decoding: json, as: UTF8.self) == #"["b-2"]"#)
    #expect(try JSONDecoder().decode([ID].self, from: json) == [literal])
    #expect(Set([ID("x"), ID("x")]).count == 1)
  }

  @Test("template, element, station and media item ids each behave as one body says")
  func fourIDs() throws {
    try Self.check(TemplateID.self)
    try Self.check(ElementID.self)
    try Self.check(Station.ID.self)
    try Self.check(MediaItem.ID.self)
  }
}
