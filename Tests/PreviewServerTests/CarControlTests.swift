import CarSession
import CarSimulator
import CarTemplates
import Testing

@testable import PreviewServer

@Suite("Side-panel commands and page events, read once")
struct CarControlTests {
  struct Good: Sendable, CustomTestStringConvertible {
    var command: PanelCommand
    var control: CarControl
    var testDescription: String { "\(command.cmd) \(command.value ?? "")" }
  }

  static let good: [Good] = [
    Good(command: PanelCommand(cmd: "connect"), control: .connect),
    Good(command: PanelCommand(cmd: "disconnect"), control: .disconnect),
    Good(command: PanelCommand(cmd: "display", value: "wide"), control: .display(.wide)),
    Good(command: PanelCommand(cmd: "display", value: "800x480"), control: .display(.standard)),
    Good(command: PanelCommand(cmd: "style", value: "night"), control: .style(.dark)),
    Good(command: PanelCommand(cmd: "style", value: "day"), control: .style(.light)),
    Good(command: PanelCommand(cmd: "driving", value: "true"), control: .driving(true)),
    Good(command: PanelCommand(cmd: "driving", value: "false"), control: .driving(false)),
    Good(command: PanelCommand(cmd: "video", value: "true"), control: .videoAllowed(true)),
    Good(command: PanelCommand(cmd: "videoSupport", value: "false"), control: .videoSupport(false)),
    Good(command: PanelCommand(cmd: "lock", value: "true"), control: .driver(.lock)),
    Good(command: PanelCommand(cmd: "lock", value: "false"), control: .driver(.unlock)),
    Good(command: PanelCommand(cmd: "data", value: "fail"), control: .dataSource(.failing)),
    Good(command: PanelCommand(cmd: "move", value: " Kassel "), control: .move(to: "Kassel")),
    Good(
      command: PanelCommand(cmd: "drive", value: "", to: "Fulda", speed: "90"),
      control: .drive(from: nil, to: "Fulda", kilometresPerHour: 90)),
    Good(
      command: PanelCommand(cmd: "drive", value: "Kassel", to: "Fulda"),
      control: .drive(from: "Kassel", to: "Fulda", kilometresPerHour: CarControl.defaultSpeed)),
    Good(command: PanelCommand(cmd: "stopDriving"), control: .stopDriving),
    Good(
      command: PanelCommand(cmd: "voice", value: "Show chargers"),
      control: .driver(.say("Show chargers"))),
    Good(command: PanelCommand(cmd: "app", value: "places"), control: .switchApp("places")),
    Good(command: PanelCommand(cmd: "restartApp"), control: .restartApp),
    Good(command: PanelCommand(cmd: "region", value: "zoomIn"), control: .moveMap(.zoomIn)),
    Good(
      command: PanelCommand(cmd: "tariff", value: "retail-ionity-go"),
      control: .phone(.toggleTariff("retail-ionity-go"))),
    Good(command: PanelCommand(cmd: "tariffsClear"), control: .phone(.clearTariffs)),
    Good(
      command: PanelCommand(cmd: "vehicle", value: "ioniq5-72"),
      control: .phone(.setVehicle("ioniq5-72"))),
    Good(command: PanelCommand(cmd: "input", value: "knob"), control: .input(.knob)),
    Good(command: PanelCommand(cmd: "input", value: "touchpad"), control: .input(.touchPad)),
    Good(command: PanelCommand(cmd: "input", value: "touch"), control: .input(.touch)),
    Good(command: PanelCommand(cmd: "liveFeed", value: "true"), control: .liveFeed(true)),
    Good(command: PanelCommand(cmd: "liveFeed", value: "false"), control: .liveFeed(false)),
    Good(command: PanelCommand(cmd: "ios", value: "27"), control: .systemVersion(.iOS27)),
    Good(command: PanelCommand(cmd: "ios", value: "26.4"), control: .systemVersion(.iOS26_4)),
  ]

  @Test("every panel command reads as its control", arguments: good)
  func reads(_ row: Good) throws {
    #expect(try CarControl(row.command) == row.control)
  }

  @Test("every command the panel names has a row above")
  func everyCommandCovered() {
    #expect(Set(Self.good.map(\.command.cmd)) == Set(CarControl.names))
  }

  struct Bad: Sendable, CustomTestStringConvertible {
    var command: PanelCommand
    var message: String
    var testDescription: String { message }
  }

  static let bad: [Bad] = [
    Bad(
      command: PanelCommand(cmd: "warp"),
      message: "unknown command 'warp'; expected one of: connect, disconnect, display, style, "
        + "driving, video, videoSupport, lock, move, drive, stopDriving, data, voice, app, region, "
        + "tariff, tariffsClear, vehicle, input, liveFeed, restartApp, ios"),
    Bad(
      command: PanelCommand(cmd: "tariff", value: ""),
      message: "'tariff' expects a tariff id, got ''"),
    Bad(
      command: PanelCommand(cmd: "vehicle"),
      message: "'vehicle' expects a vehicle profile id, got nothing"),
    Bad(
      command: PanelCommand(cmd: "display", value: "huge"),
      message: "'display' expects a display, one of minimum, standard, wide540, hd, wide, "
        + "portrait, got 'huge'"),
    Bad(
      command: PanelCommand(cmd: "style", value: "dusk"),
      message: "'style' expects day or night, got 'dusk'"),
    Bad(
      command: PanelCommand(cmd: "style"), message: "'style' expects day or night, got nothing"),
    Bad(
      command: PanelCommand(cmd: "driving", value: "yes"),
      message: "'driving' expects true or false, got 'yes'"),
    Bad(
      command: PanelCommand(cmd: "video"), message: "'video' expects true or false, got nothing"),
    Bad(
      command: PanelCommand(cmd: "lock", value: "1"),
      message: "'lock' expects true or false, got '1'"),
    Bad(
      command: PanelCommand(cmd: "data", value: "offline"),
      message: "unknown data source mode 'offline'; expected normal, empty, fail"),
    Bad(
      command: PanelCommand(cmd: "move", value: "  "),
      message: "'move' expects a place name or LAT,LON, got '  '"),
    Bad(
      command: PanelCommand(cmd: "drive", value: "Kassel"),
      message: "'drive' expects a destination in 'to', got nothing"),
    Bad(
      command: PanelCommand(cmd: "drive", value: "Kassel", to: "Fulda", speed: "fast"),
      message: "'drive' expects a speed from 5 to 250 km/h in 'speed', got 'fast'"),
    Bad(
      command: PanelCommand(cmd: "drive", to: "Fulda", speed: "900"),
      message: "'drive' expects a speed from 5 to 250 km/h in 'speed', got '900'"),
    Bad(
      command: PanelCommand(cmd: "voice"), message: "'voice' expects a phrase for Siri, got nothing"
    ),
    Bad(command: PanelCommand(cmd: "app"), message: "'app' expects an app id, got nothing"),
    Bad(
      command: PanelCommand(cmd: "region", value: "up"),
      message: "'region' expects a map move, one of north, south, east, west, zoomIn, zoomOut, "
        + "got 'up'"),
    Bad(
      command: PanelCommand(cmd: "input", value: "joystick"),
      message: "'input' expects touch, knob or touchpad, got 'joystick'"),
    Bad(
      command: PanelCommand(cmd: "ios", value: "latest"),
      message: "'ios' expects an iOS version such as 26.4 or 27, got 'latest'"),
  ]

  @Test(
    "an unknown command or a missing or malformed value names the command and what was expected",
    arguments: bad)
  func refuses(_ row: Bad) {
    #expect(throws: CarControlError(command: row.command.cmd, message: row.message)) {
      try CarControl(row.command)
    }
  }

  struct Page: Sendable, CustomTestStringConvertible {
    var event: PageEvent
    var action: PageAction
    var testDescription: String { event.ev }
  }

  static let pages: [Page] = [
    Page(event: PageEvent(ev: "home"), action: .home),
    Page(event: PageEvent(ev: "reopen"), action: .reopen),
    Page(
      event: PageEvent(ev: "transport", t: "np", e: "play"),
      action: .driver(.remote(.play))),
    Page(
      event: PageEvent(ev: "poiDeselect", t: "poi"),
      action: .closeCard),
    Page(
      event: PageEvent(ev: "row", t: "list", e: "kassel-hbf"),
      action: .driver(.tapRow("kassel-hbf"))),
    Page(event: PageEvent(ev: "tab", t: "root", e: "2"), action: .driver(.selectTab(2))),
    Page(
      event: PageEvent(ev: "poiButton", t: "poi", e: "p1", which: "secondary"),
      action: .driver(.pressSecondary)),
    Page(
      event: PageEvent(ev: "type", t: "search", text: "Kas"), action: .driver(.type("Kas"))),
    Page(
      event: PageEvent(ev: "drag", t: "map", dx: "-12.5", dy: "4"),
      action: .driver(.drag(dx: -12.5, dy: 4))),
    Page(event: PageEvent(ev: "pan", t: "map", which: "up"), action: .driver(.pan(.up))),
    Page(event: PageEvent(ev: "pinch", t: "map", scale: "0.5"), action: .driver(.pinch(0.5))),
  ]

  @Test("page events read as driver actions or as the page's own controls", arguments: pages)
  func pageEvents(_ row: Page) throws {
    #expect(try row.event.action() == row.action)
  }

  @Test("an unknown page event lists the driver events and the page's own")
  func unknownPageEvent() {
    let error = #expect(throws: DriverSyntaxError.self) { try PageEvent(ev: "swipe").action() }
    #expect(error?.message.hasPrefix("unknown page event 'swipe'; expected one of: row,") == true)
    #expect(
      error?.message.hasSuffix(
        "alertAction, pan, drag, pinch, type, startRoute, videoClose, poiDeselect, infoItem, "
          + "notification, transport, knob, "
          + "home, nowPlaying, openApp, reopen") == true)
  }
}
