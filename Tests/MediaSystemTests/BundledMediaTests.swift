import AVFoundation
import Foundation
import MediaCar
import Playback
import Testing
import WaysideData

@testable import WaysideMediaSystem

/// The media app's AVFoundation player (Apps/Media/AVMediaPlayer.swift) on the stand-ins.
@MainActor
@Suite("Media app on a phone: bundled media")
struct BundledMediaTests {
  @Test("Bundled media is read from the package's resource bundle; a missing file fails, not pauses")
  func bundledMedia() throws {
    let catalogue = try MediaCatalogue.decode(json: BundledData.data(.mediaCatalogue))
    let chime = try #require(catalogue.items.first { $0.bundledResource != nil }?.bundledResource)
    let url = try #require(AVMediaPlayer.bundledURL(chime))
    #expect(FileManager.default.fileExists(atPath: url.path))
    #expect(url.path.hasPrefix(BundledData.resourcesDirectory.path))
    #expect(AVMediaPlayer.bundledURL("no-such-sound.wav") == nil)

    let player = AVMediaPlayer(nowPlaying: NowPlayingService())
    let missing = MediaSource(item: "x", location: .bundled("no-such-sound.wav"), audioOnly: true)
    player.load(missing, duration: 3, from: 0, playing: true, in: PlaybackContext(now: .zero))
    let observed = player.observe(at: .zero)
    guard case .failed(let why) = observed.status else {
      Issue.record("a missing bundled file must fail, was \(observed.status)")
      return
    }
    #expect(why.contains("no-such-sound.wav"))
  }
}
