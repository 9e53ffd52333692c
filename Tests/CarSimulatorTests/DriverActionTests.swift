import CarAppTesting
import CarSession
import CarTemplates
import Geo
import KitDemos
import Testing

@testable import CarSimulator

@MainActor
@Suite("Driver actions: one vocabulary for journeys and the web page")
struct DriverActionTests {
  struct Spelling: Sendable, CustomTestStringConvertible {
    var words: [String]
    var action: DriverAction
    var testDescription: String { words.joined(separator: " ") }
  }

  nonisolated static let kassel = Coordinate(latitude: 51.31, longitude: 9.48)
  nonisolated static let spellings: [Spelling] = [
    Spelling(words: ["tap", "row", "kassel-hbf"], action: .tapRow("kassel-hbf")),
    Spelling(words: ["tap", "image", "gallery", "2"], action: .tapImage(row: "gallery", index: 1)),
    Spelling(words: ["select", "tab", "3"], action: .selectTab(2)),
    Spelling(words: ["select", "point", "p1"], action: .selectPoint("p1")),
    Spelling(words: ["back"], action: .back),
    Spelling(words: ["press", "start"], action: .press("start")),
    Spelling(words: ["press", "primary"], action: .pressPrimary),
    Spelling(words: ["press", "secondary"], action: .pressSecondary),
    Spelling(words: ["press", "up-next"], action: .pressUpNext),
    Spelling(words: ["press", "album-artist"], action: .pressAlbumArtist),
    Spelling(words: ["choose", "confirm"], action: .choose("confirm")),
    Spelling(words: ["system", "dismiss"], action: .systemDismiss),
    Spelling(words: ["system", "cancel-navigation"], action: .systemCancelNavigation),
    Spelling(words: ["system", "end-panning"], action: .systemEndPanning),
    Spelling(
      words: ["region", "51.3,9.4", "51.35,9.5"],
      action: .region(
        BoundingBox(
          minimum: Coordinate(latitude: 51.3, longitude: 9.4),
          maximum: Coordinate(latitude: 51.35, longitude: 9.5)))),
    Spelling(words: ["location", "51.31,9.48"], action: .location(kassel)),
    Spelling(words: ["say", "Show chargers in Wayside"], action: .say("Show chargers in Wayside")),
    Spelling(words: ["lock"], action: .lock),
    Spelling(words: ["unlock"], action: .unlock),
    Spelling(words: ["pan", "left"], action: .pan(.left)),
    Spelling(words: ["drag", "40", "-10"], action: .drag(dx: 40, dy: -10)),
    Spelling(words: ["drag", "0.5", "2.25"], action: .drag(dx: 0.5, dy: 2.25)),
    Spelling(words: ["pinch", "2"], action: .pinch(2)),
    Spelling(words: ["pinch", "0.5"], action: .pinch(0.5)),
    Spelling(words: ["type", "Götting"], action: .type("Götting")),
    Spelling(words: ["type", ""], action: .type("")),
    Spelling(words: ["start", "route", "route-1"], action: .startRoute("route-1")),
    Spelling(words: ["knob", "next"], action: .knob(.next)),
    Spelling(words: ["knob", "previous"], action: .knob(.previous)),
    Spelling(words: ["knob", "select"], action: .knob(.select)),
    Spelling(words: ["knob", "back"], action: .knob(.back)),
    Spelling(words: ["video", "close"], action: .closeVideoPlayer),
    Spelling(words: ["close", "card"], action: .closeCard),
    Spelling(words: ["read", "item", "2"], action: .readItem(1)),
    Spelling(words: ["tap", "notification"], action: .tapNotification),
    Spelling(words: ["remote", "pause"], action: .remote(.pause)),
    Spelling(words: ["remote", "toggle"], action: .remote(.togglePlayPause)),
    Spelling(words: ["remote", "skip-backward"], action: .remote(.skipBackward)),
    Spelling(words: ["remote", "seek", "74"], action: .remote(.changePlaybackPosition(74))),
    Spelling(words: ["remote", "seek", "0.5"], action: .remote(.changePlaybackPosition(0.5))),
    Spelling(words: ["remote", "rate", "1.5"], action: .remote(.changePlaybackRate(1.5))),
  ]

  @Test(
    "every journey spelling reads as its action and the action spells itself back",
    arguments: spellings)
  func journeyWords(_ row: Spelling) throws {
    #expect(try DriverAction.parse(row.words) == row.action)
    #expect(row.action.words == row.words)
    #expect(try DriverAction.parse(row.action.words) == row.action)
  }

  @Test("every verb of the vocabulary has a spelling row above, so none goes untested")
  func everyVerbCovered() {
    for verb in DriverAction.vocabulary {
      let covered = Self.spellings.contains { row in
        // The verb that reads a row is the longest one whose keywords start it.
        let longest = DriverAction.vocabulary.filter { row.words.starts(with: $0.keywords) }
          .max { $0.keywords.count < $1.keywords.count }
        return longest?.usage == verb.usage
      }
      #expect(covered, "no spelling row reads as '\(verb.usage)'")
    }
  }

  struct BadWords: Sendable, CustomTestStringConvertible {
    var words: [String]
    var message: String
    var testDescription: String { words.joined(separator: " ") }
  }

  nonisolated static let badWords: [BadWords] = [
    BadWords(
      words: ["tap", "kassel-hbf"],
      message: "expected 'tap row ID', 'tap image ROW N' (N from 1) or 'tap notification', got 'tap kassel-hbf'"),
    BadWords(
      words: ["tap", "image", "gallery", "zero"],
      message: "image number must be 1 or more, got 'zero'"),
    BadWords(words: ["select", "tab", "0"], message: "tab number must be 1 or more, got '0'"),
    BadWords(
      words: ["press"],
      message: "expected 'press primary', 'press secondary', 'press up-next', "
        + "'press album-artist' or 'press ID', got 'press'"),
    BadWords(
      words: ["press", "primary", "now"],
      message: "expected 'press primary', 'press secondary', 'press up-next', "
        + "'press album-artist' or 'press ID', got 'press primary now'"),
    BadWords(words: ["back", "twice"], message: "expected 'back', got 'back twice'"),
    BadWords(
      words: ["region", "51.3,9.4"],
      message: "expected 'region LAT,LON LAT,LON' (two corners in decimal degrees), "
        + "got 'region 51.3,9.4'"),
    BadWords(
      words: ["say"], message: "expected 'say \"PHRASE\"', got 'say'"),
    BadWords(
      words: ["fly"],
      message: "unknown driver action 'fly'; expected one of: tap, select, back, press, choose, "
        + "system, region, location, say, lock, unlock, pan, drag, pinch, type, start, video, "
        + "close, read, remote, knob"),
    BadWords(
      words: ["pan", "sideways"], message: "expected 'pan up|down|left|right', got 'pan sideways'"),
    BadWords(
      words: ["drag", "40"],
      message: "expected 'drag DX DY' in points, e.g. 'drag 40 -10', got 'drag 40'"),
    BadWords(
      words: ["drag", "40", "inf"],
      message: "expected 'drag DX DY' in points, e.g. 'drag 40 -10', got 'drag 40 inf'"),
    BadWords(
      words: ["pinch", "0"],
      message: "expected 'pinch SCALE' with a factor above 0, e.g. 'pinch 2', got 'pinch 0'"),
    BadWords(words: ["type"], message: "expected 'type \"TEXT\"', got 'type'"),
    BadWords(
      words: ["start", "route"], message: "expected 'start route ID', got 'start route'"),
    BadWords(words: ["start", "engine"], message: "expected 'start route ID', got 'start engine'"),
    BadWords(
      words: ["remote", "eject"],
      message: "unknown remote command 'eject'; expected one of: play, pause, toggle, next, "
        + "previous, skip-forward, skip-backward, seek, rate"),
    BadWords(
      words: ["remote", "seek"],
      message: "expected 'remote play|pause|toggle|next|previous|skip-forward|skip-backward|seek "
        + "SECONDS|rate RATE' (seek to an absolute position in seconds; rate above 0), "
        + "got 'remote seek'"),
    BadWords(
      words: ["remote", "seek", "-5"],
      message: "remote seek needs a position of 0 seconds or more, got -5.0"),
    BadWords(words: ["remote", "rate", "0"], message: "remote rate needs a rate above 0, got 0.0"),
    BadWords(
      words: ["remote", "pause", "now"],
      message: "expected 'remote play|pause|toggle|next|previous|skip-forward|skip-backward|seek "
        + "SECONDS|rate RATE' (seek to an absolute position in seconds; rate above 0), "
        + "got 'remote pause now'"),
  ]

  @Test("malformed journey words name the input and what was expected", arguments: badWords)
  func badJourneyWords(_ row: BadWords) {
    #expect(throws: DriverSyntaxError(input: Journey.got(row.words), message: row.message)) {
      try DriverAction.parse(row.words)
    }
  }

  struct Event: Sendable, CustomTestStringConvertible {
    var ev: String
    var fields: [String: String]
    var action: DriverAction
    var testDescription: String { ev }
  }

  nonisolated static let events: [Event] = [
    Event(ev: "row", fields: ["e": "kassel-hbf"], action: .tapRow("kassel-hbf")),
    Event(
      ev: "rowImage", fields: ["e": "gallery", "i": "0"],
      action: .tapImage(row: "gallery", index: 0)),
    Event(ev: "tab", fields: ["e": "1"], action: .selectTab(1)),
    Event(ev: "back", fields: [:], action: .back),
    Event(ev: "transport", fields: ["e": "pause"], action: .remote(.pause)),
    Event(ev: "transport", fields: ["e": "next"], action: .remote(.nextTrack)),
    Event(ev: "poi", fields: ["e": "p1"], action: .selectPoint("p1")),
    Event(ev: "poiButton", fields: ["e": "p1", "which": "primary"], action: .pressPrimary),
    Event(ev: "poiButton", fields: ["which": "secondary"], action: .pressSecondary),
    Event(ev: "bar", fields: ["e": "close"], action: .press("close")),
    Event(ev: "grid", fields: ["e": "fast"], action: .press("fast")),
    Event(ev: "action", fields: ["e": "start"], action: .press("start")),
    Event(ev: "mapButton", fields: ["e": "zoom"], action: .press("zoom")),
    Event(ev: "nowPlayingButton", fields: ["e": "rate"], action: .press("rate")),
    Event(ev: "contactAction", fields: ["e": "call"], action: .press("call")),
    Event(ev: "upNext", fields: [:], action: .pressUpNext),
    Event(ev: "albumArtist", fields: [:], action: .pressAlbumArtist),
    Event(ev: "alertAction", fields: ["e": "confirm"], action: .choose("confirm")),
    Event(ev: "knob", fields: ["which": "next"], action: .knob(.next)),
    Event(ev: "knob", fields: ["which": "previous"], action: .knob(.previous)),
    Event(ev: "knob", fields: ["which": "select"], action: .knob(.select)),
    Event(ev: "knob", fields: ["which": "back"], action: .knob(.back)),
    Event(ev: "videoClose", fields: [:], action: .closeVideoPlayer),
    Event(ev: "poiDeselect", fields: [:], action: .closeCard),
    Event(ev: "infoItem", fields: ["e": "1"], action: .readItem(1)),
    Event(ev: "pan", fields: ["which": "left"], action: .pan(.left)),
    Event(ev: "drag", fields: ["dx": "40", "dy": "-10.5"], action: .drag(dx: 40, dy: -10.5)),
    Event(ev: "pinch", fields: ["scale": "2"], action: .pinch(2)),
    Event(ev: "type", fields: ["text": "Götting"], action: .type("Götting")),
    Event(ev: "type", fields: ["text": ""], action: .type("")),
    Event(ev: "startRoute", fields: ["e": "route-1"], action: .startRoute("route-1")),
  ]

  @Test("every page event the renderer emits decodes to its driver action", arguments: events)
  func pageEvents(_ row: Event) throws {
    #expect(try DriverAction.decode(pageEvent: row.ev, fields: row.fields) == row.action)
  }

  struct BadEvent: Sendable, CustomTestStringConvertible {
    var ev: String
    var fields: [String: String]
    var message: String
    var testDescription: String { message }
  }

  nonisolated static let badEvents: [BadEvent] = [
    BadEvent(
      ev: "tab", fields: [:],
      message: "page event 'tab' needs e = the tab index from 0, got nothing"),
    BadEvent(
      ev: "tab", fields: ["e": "two"],
      message: "page event 'tab' needs e = the tab index from 0, got 'two'"),
    BadEvent(
      ev: "rowImage", fields: ["e": "gallery"],
      message: "page event 'rowImage' needs i = the image index from 0, got nothing"),
    BadEvent(
      ev: "rowImage", fields: ["e": "gallery", "i": "-1"],
      message: "page event 'rowImage' needs i = the image index from 0, got '-1'"),
    BadEvent(
      ev: "row", fields: [:], message: "page event 'row' needs e = the element id, got nothing"),
    BadEvent(
      ev: "poiButton", fields: ["e": "p1"],
      message: "page event 'poiButton' needs which = primary or secondary, got nothing"),
    BadEvent(
      ev: "poiButton", fields: ["which": "tertiary"],
      message: "page event 'poiButton' needs which = primary or secondary, got 'tertiary'"),
    BadEvent(
      ev: "swipe", fields: ["e": "x"],
      message: "unknown page event 'swipe'; expected one of: row, rowImage, tab, poi, back, "
        + "poiButton, upNext, albumArtist, bar, grid, action, mapButton, nowPlayingButton, "
        + "contactAction, alertAction, pan, drag, pinch, type, startRoute, videoClose, poiDeselect, "
        + "infoItem, notification, transport, knob"),
    BadEvent(
      ev: "drag", fields: ["dx": "40"],
      message: "page event 'drag' needs dy = a finite number, got nothing"),
    BadEvent(
      ev: "type", fields: [:], message: "page event 'type' needs text = the text, got nothing"),
  ]

  @Test(
    "a malformed or unknown page event names itself and what was expected", arguments: badEvents)
  func badPageEvents(_ row: BadEvent) {
    let error = #expect(throws: DriverSyntaxError.self) {
      try DriverAction.decode(pageEvent: row.ev, fields: row.fields)
    }
    #expect(error?.message == row.message)
    #expect(error?.input.hasPrefix("page event {ev=\(row.ev)") == true)
  }

  @Test("the map's verbs are driver actions: off a map or a search they are refused, unrecorded")
  func mapVerbsRefusedOffTheMap() async throws {
    let app = try #require(KitDemos.named("list-detail"))
    let car = SimulatedCar.test(app: app, configuration: SessionConfiguration(),
      reportIssue: .failingTest())
    await car.settle()
    let before = car.host.transcript.totalCount
    let actions: [DriverAction] = [
      .pan(.up), .drag(dx: 1, dy: 1), .pinch(2), .type("x"), .startRoute("route-1"),
    ]
    for action in actions {
      let refusal = try #require(car.host.refusal(of: action), "\(action)")
      #expect(refusal.message.contains("CPListTemplate"), "\(refusal)")
    }
    #expect(car.host.transcript.totalCount == before)
    #expect(throws: DriverError.self) { try car.host.drive(.pan(.up)) }
    #expect(car.host.transcript.totalCount == before + 1)
  }

  @Test("a refused action changes nothing and records nothing; performing it records the refusal")
  func refusal() async throws {
    let app = try #require(KitDemos.named("list-detail"))
    let car = SimulatedCar.test(app: app, configuration: SessionConfiguration(),
      reportIssue: .failingTest())
    await car.settle()
    let before = car.host.transcript.totalCount
    let refusal = try #require(car.host.refusal(of: .tapRow("nowhere")))
    #expect(refusal.message.hasPrefix("tap row 'nowhere': no such row on") == true)
    #expect(car.host.transcript.totalCount == before)
    #expect(car.host.refusal(of: .tapRow("kassel-hbf")) == nil)
    #expect(car.host.transcript.totalCount == before)
    #expect(car.host.spinners.isEmpty)
    #expect(throws: refusal) { try car.host.drive(.tapRow("nowhere")) }
    #expect(car.host.transcript.entries.last == .rejected(refusal.message))
    try car.host.drive(.tapRow("kassel-hbf"))
    await car.settle()
    #expect(car.host.depth == 2)
  }
}
