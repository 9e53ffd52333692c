import CarSession
import CarTemplates
import Foundation
import Playback
import Testing

@testable import MediaCar

/// What a driver notices in the media app (issue 23, items 7–9).
@Suite("Media app: what drivers notice")
struct MediaDriverNoticeTests {
  @Test("a buffering chapter is playing everywhere: Pause on its row and the rate on Now Playing")
  func bufferingIsPlaying() throws {
    let playback = PlaybackState(
      item: stave1, status: .buffering, position: 12, duration: 1500, rate: 1.5,
      presentation: .audio)
    let state = state(playback, selectedTab: MediaScreenBuilder.audioTab)
    let row = MediaScreenBuilder.row(item(stave1), playback)
    #expect(row.playback?.playbackAction == .pause)
    guard case .nowPlaying(let spec)? = MediaScreenBuilder.nowPlaying(state)?.content else {
      Issue.record("no Now Playing")
      return
    }
    #expect(spec.info?.playbackRate == 1.5)
  }

  @Test("the playing audiobook chapter's row shows its progress from the length the player found")
  func audioRowProgress() {
    #expect(item(stave1).durationSeconds == nil, "the catalogue gives the chapter no length")
    let playback = PlaybackState(
      item: stave1, status: .playing, position: 300, duration: 1200, presentation: .audio)
    let row = MediaScreenBuilder.row(item(stave1), playback)
    #expect(row.playbackProgress == 0.25)
    #expect(row.playback?.duration == 1200)
  }

  @Test("in a car without video support, tapping a chapter shows Now Playing")
  func nowPlayingWithoutVideo() {
    let app = MediaApp(engine: PlaybackEngine(player: SimulatedMediaPlayer()), library: .bundled)
    var s = state()
    _ = app.reduce(&s, .connected(audioOnlyCar))
    _ = app.reduce(&s, .tapped(.item(stave1, on: MediaScreenBuilder.audioTab)))
    // Now Playing is on the tab the car shows (there is no Videos tab in this car).
    #expect(MediaScreenBuilder.tabIDs(bundledCatalogue, audioOnlyCar).contains(s.selectedTab))
    #expect(s.selectedPages == [.nowPlaying], "\(s.pages)")
  }

  @Test("while a chapter is heard and Now Playing is not on top, every tab offers Now Playing")
  func nowPlayingButton() {
    let playback = PlaybackState(
      item: stave1, status: .playing, position: 10, duration: 1200, presentation: .audio)
    for car in [parked, moving, audioOnlyCar] {
      let screen = MediaScreenBuilder.screen(
        state(playback, selectedTab: MediaScreenBuilder.audioTab), car)
      guard case .tabBar(let bar) = screen.root.content else {
        Issue.record("no tab bar")
        continue
      }
      for tab in bar.tabs {
        guard case .list(let list) = tab.content else { continue }
        #expect(
          list.navigationBar.trailing.contains { $0.id == MediaScreenBuilder.nowPlayingButton },
          "\(tab.id) in \(car)")
      }
    }
    let idle = MediaScreenBuilder.screen(state(), parked)
    guard case .tabBar(let bar) = idle.root.content, case .list(let list) = bar.tabs[0].content
    else { return }
    #expect(list.navigationBar.trailing.isEmpty, "nothing plays: no Now Playing button")
  }
}
