import Foundation
import HTTPServer
import WaysideData

/// The open fonts the simulator draws with, standing in for Apple's: Inter (SIL OFL 1.1) for
/// San Francisco and Material Icons (Apache 2.0) for SF Symbols. They are bundled in
/// `WaysideData/Resources/fonts` with their licences and served from memory.
public enum SimulatorFonts {
  /// The font files by name, read from the bundle once; empty (and the page falls back to the
  /// system's fonts) when the bundle cannot be read.
  public static let assets: StaticAssets = {
    let directory = BundledData.resourcesDirectory.appendingPathComponent("fonts")
    return (try? StaticAssets(directory: directory, indexFile: nil))
      ?? StaticAssets([:], indexFile: nil)
  }()
}
