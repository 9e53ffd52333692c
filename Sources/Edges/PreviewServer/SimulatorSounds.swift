import Foundation
import HTTPServer
import WaysideData

/// The bundled sounds the page plays when the media app plays them (the CC0 chime, licensed in
/// `WaysideData/Resources/media`), served from memory at `/assets/media/…`: only the audio files,
/// not the catalogue beside them.
public enum SimulatorSounds {
  /// The sound files by name; empty when the bundle cannot be read (the page then plays
  /// nothing for bundled items).
  public static let assets: StaticAssets = {
    let directory = BundledData.resourcesDirectory.appendingPathComponent("media")
    let names = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
    var files: [String: StaticAssets.Asset] = [:]
    for name in names where ["wav", "mp3", "m4a"].contains(name.split(separator: ".").last ?? "") {
      if let data = FileManager.default.contents(
        atPath: directory.appendingPathComponent(name).path)
      {
        files[name] = StaticAssets.Asset(
          bytes: Array(data), contentType: StaticAssets.contentType(for: name))
      }
    }
    return StaticAssets(files, indexFile: nil)
  }()
}
