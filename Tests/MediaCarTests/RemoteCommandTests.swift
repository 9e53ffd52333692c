import CarSession
import CarTemplates
import MediaCar
import Playback
import Testing

/// The media app's `MPRemoteCommandCenter` targets: every command the system sends has one, and
/// each answers with the status a real handler returns, from what the app last observed.
@Suite("Media app: remote commands answer as their targets do")
struct RemoteCommandTests {
  struct Row: Sendable, CustomTestStringConvertible {
    var name: String
    var playback: PlaybackState
    var event: RemoteCommandEvent
    var status: RemoteCommandStatus
    var command: PlaybackCommand?
    var testDescription: String { name }
  }

  static let failed = PlaybackState(
    item: sintel, status: .failed("the stream did not load"),
    failures: [sintel: "the stream did not load"])
  static let last = PlaybackState(item: stave2, status: .playing, position: 12, queue: [])
  static let chapter = PlaybackState(
    item: stave1, status: .playing, position: 40, queue: [stave2], lastOrigin: .car)
  static let pausedChapter = PlaybackState(
    item: stave1, status: .paused(.command), position: 40, queue: [stave2])

  static let rows: [Row] = [
    Row(
      name: "nothing loaded: play", playback: .idle, event: RemoteCommandEvent(.play),
      status: .noActionableNowPlayingItem),
    Row(
      name: "nothing loaded: next", playback: .idle, event: RemoteCommandEvent(.nextTrack),
      status: .noActionableNowPlayingItem),
    Row(
      name: "pause while playing", playback: chapter, event: RemoteCommandEvent(.pause),
      status: .success, command: .pause),
    Row(
      name: "pause while paused does nothing", playback: pausedChapter,
      event: RemoteCommandEvent(.pause), status: .success),
    Row(
      name: "play while paused resumes", playback: pausedChapter,
      event: RemoteCommandEvent(.play), status: .success, command: .resume),
    Row(
      name: "play while playing does nothing", playback: chapter,
      event: RemoteCommandEvent(.play), status: .success),
    Row(
      name: "toggle", playback: chapter, event: RemoteCommandEvent(.togglePlayPause),
      status: .success, command: .togglePlayPause),
    Row(
      name: "next with a queue", playback: chapter, event: RemoteCommandEvent(.nextTrack),
      status: .success, command: .next),
    Row(
      name: "next after the last", playback: last, event: RemoteCommandEvent(.nextTrack),
      status: .noSuchContent),
    Row(
      name: "previous", playback: chapter, event: RemoteCommandEvent(.previousTrack),
      status: .success, command: .previous),
    Row(
      name: "skip forward by the event's interval", playback: chapter,
      event: RemoteCommandEvent(.skipForward, interval: 30), status: .success,
      command: .skip(by: 30)),
    Row(
      name: "skip backward by the event's interval", playback: chapter,
      event: RemoteCommandEvent(.skipBackward, interval: 15), status: .success,
      command: .skip(by: -15)),
    Row(
      name: "seek", playback: chapter, event: RemoteCommandEvent(.changePlaybackPosition(74)),
      status: .success, command: .seek(to: 74)),
    Row(
      name: "rate", playback: chapter, event: RemoteCommandEvent(.changePlaybackRate(1.5)),
      status: .success, command: .setRate(1.5)),
    Row(
      name: "a rate the player cannot play", playback: chapter,
      event: RemoteCommandEvent(.changePlaybackRate(9)), status: .commandFailed),
    Row(
      name: "play a failed film", playback: failed, event: RemoteCommandEvent(.play),
      status: .commandFailed),
    Row(
      name: "seek in a failed film", playback: failed,
      event: RemoteCommandEvent(.changePlaybackPosition(10)), status: .commandFailed),
    Row(
      name: "skip in a failed film", playback: failed,
      event: RemoteCommandEvent(.skipForward, interval: 30), status: .commandFailed),
  ]

  @Test("each command answers with its status and sends the engine its command", arguments: rows)
  func answers(_ row: Row) {
    let answer = MediaApp().answer(row.event, in: state(row.playback))
    #expect(answer.status == row.status)
    #expect(answer.action == row.command.map { .command($0, .remoteCommand) })
  }

  @Test("the app registers a target for every command, skipping 30 s forward and 15 s back")
  func targets() {
    let screen = MediaScreenBuilder.screen(state(), parked)
    #expect(screen.remoteCommands?.commands == Set(RemoteCommand.Kind.allCases))
    #expect(screen.remoteCommands?.skipForwardInterval == 30)
    #expect(screen.remoteCommands?.skipBackwardInterval == 15)
  }

  @Test("Now Playing's info is published with the screen and is the template's own info")
  func published() {
    let playback = PlaybackState(
      item: stave1, status: .paused(.command), position: 80, rate: 1.5, anchorPosition: 74,
      queue: [stave2])
    let app = state(playback, pages: [MediaScreenBuilder.audioTab: [.nowPlaying]],
      selectedTab: MediaScreenBuilder.audioTab)
    let screen = MediaScreenBuilder.screen(app, parked)
    let info = screen.nowPlayingInfo
    #expect(info?.title == "Stave 1: Marley's Ghost — A Christmas Carol")
    #expect(info?.elapsedSeconds == 74)
    #expect(info?.playbackRate == 0)
    #expect(info?.defaultPlaybackRate == 1.5)
    #expect(info?.shownRate == 1.5)
    guard case .nowPlaying(let template)? = screen.stack.last?.content else {
      Issue.record("Now Playing is not on top: \(screen.stack.map(\.id))")
      return
    }
    #expect(template.info == info)
  }
}
