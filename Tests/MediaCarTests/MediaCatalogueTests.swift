import Foundation
import Playback
import Testing
import WaysideData

@Suite("Media catalogue: the bundled open titles, their licences and where they play from")
struct MediaCatalogueTests {
  @Test(
    "The bundled catalogue holds six CC BY films and six audio items, each with a licence and credit"
  )
  func bundledTitles() {
    #expect(bundledCatalogue.videos.count == 6)
    #expect(bundledCatalogue.audio.count == 6)
    #expect(bundledCatalogue.videos.allSatisfy { $0.licence.hasPrefix("CC BY") })
    #expect(bundledCatalogue.items.allSatisfy { !$0.attribution.isEmpty })
    #expect(item(bunny).durationSeconds == 596)
    #expect(item(bunny).formattedDuration == "9:56")
  }

  @Test("Every stream is HTTPS and the one bundled item's file ships with its licence")
  func streamsAndBundledFile() throws {
    for item in bundledCatalogue.items {
      if let url = item.streamURL { #expect(url.scheme == "https", "\(item.id)") }
    }
    let bundled = bundledCatalogue.items.filter { $0.bundledResource != nil }
    #expect(bundled.map(\.bundledResource) == ["kenney_upgrade3.wav"])
    #expect(try BundledData.data(.mediaChime).count == 77_070)
    let licence = try String(
      contentsOf: BundledData.resourcesDirectory.appendingPathComponent(
        "media/kenney_upgrade3.LICENSE.txt"), encoding: .utf8)
    #expect(licence.contains("CC0"))
  }

  struct BadFile: Sendable, CustomTestStringConvertible {
    var name: String
    var json: String
    var message: String
    var testDescription: String { name }
  }

  static let entry =
    #""id":"a","kind":"audio","title":"T","series":"S","licence":"CC0","attribution":"x""#

  @Test(
    "A bad catalogue is refused with a message naming the item and what was expected",
    arguments: [
      BadFile(name: "not JSON", json: "nope", message: "expected an object with an 'items' array"),
      BadFile(
        name: "unknown kind",
        json:
          #"{"items":[{"id":"a","kind":"film","title":"T","series":"S","licence":"L","attribution":"x","streamURL":"https://e.org/a"}]}"#,
        message: "item 0 ('a'): 'kind' is 'film'; expected 'video' or 'audio'"),
      BadFile(
        name: "plain HTTP", json: #"{"items":[{\#(entry),"streamURL":"http://e.org/a.mp3"}]}"#,
        message: "'streamURL' is 'http://e.org/a.mp3'; expected an https:// URL"),
      BadFile(
        name: "nothing to play", json: #"{"items":[{\#(entry)}]}"#,
        message: "has neither 'streamURL' nor 'fallbackResource'"),
      BadFile(
        name: "duplicate id",
        json: #"{"items":[{\#(entry),"fallbackResource":"f"},{\#(entry),"fallbackResource":"f"}]}"#,
        message: "item 1 ('a'): its id is already used by item 0"),
      BadFile(
        name: "missing title",
        json:
          #"{"items":[{"id":"a","kind":"audio","series":"S","licence":"L","attribution":"x","fallbackResource":"f"}]}"#,
        message: "'title' is missing or empty"),
    ])
  func badCatalogue(_ bad: BadFile) {
    #expect {
      try MediaCatalogue.decode(json: Data(bad.json.utf8))
    } throws: { error in
      "\(error)".contains(bad.message)
    }
  }

  @Test("The resolver streams films over HTTPS and plays bundled sound first, also offline")
  func resolverRules() throws {
    let online = MediaURLResolver()
    let offline = MediaURLResolver(isOffline: true)
    let film = try online.source(for: item(bunny), as: .video).get()
    #expect(film.isRemote && !film.audioOnly)
    #expect(try online.source(for: item(bunny), as: .audio).get().audioOnly)
    let chime = bundledCatalogue.items.first { $0.bundledResource != nil }
    let local = try #require(chime.map { offline.source(for: $0, as: .audio) })
    #expect(try local.get().location == .bundled("kenney_upgrade3.wav"))
    #expect(try online.source(for: item(stave1), as: .audio).get().isRemote)
    #expect(throws: MediaSourceError.self) {
      try offline.source(for: item(stave1), as: .audio).get()
    }
    #expect(throws: MediaSourceError.self) {
      try offline.source(for: item(bunny), as: .video).get()
    }
  }

  @Test("A detail page's related items and Up Next come from the same series and kind")
  func seriesLookups() {
    #expect(bundledCatalogue.related(to: item(stave1)).count == 4)
    #expect(
      bundledCatalogue.following(item(stave2)).map(\.id.rawValue).first
        == "librivox-christmas-carol-03")
    #expect(bundledCatalogue.series(of: .audio).map(\.name).count == 2)
  }
}
