import Foundation

/// Fixtures shared by the test targets.
public enum Fixtures {
  /// The folder `Tests/Fixtures` in the source tree, for small recorded inputs and golden files.
  public static var directory: URL {
    URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
      .appendingPathComponent("Fixtures")
  }
}
