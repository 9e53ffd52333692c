// Stand-ins for the Core Media API that the bridge and Apps/ use (see UIKit.swift for the rules).
// swift-format-ignore-file
import Foundation

// https://developer.apple.com/documentation/coremedia/cmtime
// sel: CMTime
public struct CMTime: Sendable, Equatable {
  // https://developer.apple.com/documentation/coremedia/cmtime/init(seconds:preferredtimescale:)
  // overlay: CoreMedia's Swift overlay (not in the facts; Apps/README.md)
  public init(seconds: Double, preferredTimescale: Int32) { self.seconds = seconds }
  // https://developer.apple.com/documentation/coremedia/cmtime/seconds
  // overlay: CoreMedia's Swift overlay (not in the facts; Apps/README.md)
  public var seconds: Double
}
