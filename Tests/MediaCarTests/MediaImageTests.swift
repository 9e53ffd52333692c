import CarSession
import Foundation
import MediaCar
import Playback
import Testing

@Suite("Media images: only what the app can show")
struct MediaImageTests {
  @Test("No row, card, header or Now Playing asks for an asset the app does not bundle")
  func noMissingAssets() throws {
    let playing = state(playing(sintel, at: 40, as: .audio), pages: [
      MediaScreenBuilder.videosTab: [.detail(sintel), .nowPlaying]
    ])
    for configuration in [parked, moving, audioOnlyCar] {
      let screen = MediaScreenBuilder.screen(playing, configuration)
      let json = String(decoding: try JSONEncoder().encode(screen), as: UTF8.self)
      #expect(!json.contains("\"asset\""), "an asset image in \(configuration)")
      #expect(json.contains("\"symbol\""))
    }
  }
}
