// Declaration-only stand-ins for the AVFoundation (and CoreMedia, which it re-exports) API
// that Apps/ uses (see UIKit.swift for the rules). Each declaration names the Apple
// documentation page of its signature.
// swift-format-ignore-file
@_exported import CoreMedia
import Foundation

// https://developer.apple.com/documentation/avfaudio/avaudiosession
open class AVAudioSession: NSObject, @unchecked Sendable {
  // https://developer.apple.com/documentation/avfaudio/avaudiosession/sharedinstance()
  open class func sharedInstance() -> AVAudioSession { AVAudioSession() }
  // https://developer.apple.com/documentation/avfaudio/avaudiosession/category-swift.struct
  public struct Category: Hashable, Sendable {
    public var rawValue: String
    // https://developer.apple.com/documentation/avfaudio/avaudiosession/category-swift.struct/playback
    public static let playback = Category(rawValue: "AVAudioSessionCategoryPlayback")
  }
  // https://developer.apple.com/documentation/avfaudio/avaudiosession/mode-swift.struct
  public struct Mode: Hashable, Sendable {
    public var rawValue: String
    // https://developer.apple.com/documentation/avfaudio/avaudiosession/mode-swift.struct/spokenaudio
    public static let spokenAudio = Mode(rawValue: "AVAudioSessionModeSpokenAudio")
    // https://developer.apple.com/documentation/avfaudio/avaudiosession/mode-swift.struct/moviePlayback
    public static let moviePlayback = Mode(rawValue: "AVAudioSessionModeMoviePlayback")
  }
  // https://developer.apple.com/documentation/avfaudio/avaudiosession/categoryoptions-swift.struct
  public struct CategoryOptions: OptionSet, Sendable {
    public let rawValue: UInt
    public init(rawValue: UInt) { self.rawValue = rawValue }
  }
  // https://developer.apple.com/documentation/avfaudio/avaudiosession/setactiveoptions
  public struct SetActiveOptions: OptionSet, Sendable {
    public let rawValue: UInt
    public init(rawValue: UInt) { self.rawValue = rawValue }
    // https://developer.apple.com/documentation/avfaudio/avaudiosession/setactiveoptions/notifyothersondeactivation
    public static let notifyOthersOnDeactivation = SetActiveOptions(rawValue: 1)
  }
  // https://developer.apple.com/documentation/avfaudio/avaudiosession/setcategory(_:mode:options:)
  open func setCategory(_ category: Category, mode: Mode, options: CategoryOptions = []) throws {}
  // https://developer.apple.com/documentation/avfaudio/avaudiosession/setactive(_:options:)
  open func setActive(_ active: Bool, options: SetActiveOptions = []) throws {}
}

// AVPlayer and AVPlayerItem are main-thread-only classes in the SDK facts (O2 `MainThreadOnly`),
// but the SDK marks most of their members NS_SWIFT_NONISOLATED, which the facts cannot show
// (SDKFacts/README.md, "Compiler concurrency inference"). The members Apps/ uses are therefore
// `nonisolated` here; only Xcode can confirm each (Apps/README.md, "What only Xcode can tell").
// https://developer.apple.com/documentation/avfoundation/avplayeritem
@MainActor open class AVPlayerItem: NSObject, @unchecked Sendable {
  // https://developer.apple.com/documentation/avfoundation/avplayeritem/init(url:)
  // verified: developer.apple.com/documentation/avfoundation/avplayeritem/init(url:) (nonisolated convenience init(url:))
  nonisolated public init(url URL: URL) {}
  // https://developer.apple.com/documentation/avfoundation/avplayeritem/status-swift.enum
  public enum Status: Int, Sendable { case unknown, readyToPlay, failed }
  // https://developer.apple.com/documentation/avfoundation/avplayeritem/status-swift.property
  // verified: developer.apple.com/documentation/avfoundation/avplayeritem/status-swift.property (nonisolated)
  nonisolated open var status: Status { .unknown }
  // https://developer.apple.com/documentation/avfoundation/avplayeritem/duration
  // verified: developer.apple.com/documentation/avfoundation/avplayeritem/duration (nonisolated)
  nonisolated open var duration: CMTime { CMTime(seconds: 0, preferredTimescale: 600) }
  // https://developer.apple.com/documentation/avfoundation/avplayeritem/error
  // verified: developer.apple.com/documentation/avfoundation/avplayeritem/error (nonisolated)
  nonisolated open var error: (any Error)? { nil }
}

// https://developer.apple.com/documentation/avfoundation/avplayer
@MainActor open class AVPlayer: NSObject, @unchecked Sendable {
  // https://developer.apple.com/documentation/avfoundation/avplayer/init()
  // verified: developer.apple.com/documentation/avfoundation/avplayer/init() (nonisolated init())
  nonisolated public override init() {}
  // https://developer.apple.com/documentation/avfoundation/avplayer/currentitem
  // verified: developer.apple.com/documentation/avfoundation/avplayer/currentitem (nonisolated)
  nonisolated open var currentItem: AVPlayerItem? { nil }
  // https://developer.apple.com/documentation/avfoundation/avplayer/replacecurrentitem(with:)
  // verified: developer.apple.com/documentation/avfoundation/avplayer/replacecurrentitem(with:) (nonisolated)
  nonisolated open func replaceCurrentItem(with item: AVPlayerItem?) {}
  // https://developer.apple.com/documentation/avfoundation/avplayer/play()
  // verified: developer.apple.com/documentation/avfoundation/avplayer/play() (nonisolated)
  nonisolated open func play() {}
  // https://developer.apple.com/documentation/avfoundation/avplayer/pause()
  // verified: developer.apple.com/documentation/avfoundation/avplayer/pause() (nonisolated)
  nonisolated open func pause() {}
  // https://developer.apple.com/documentation/avfoundation/avplayer/rate
  // verified: developer.apple.com/documentation/avfoundation/avplayer/rate (nonisolated var rate: Float { get set })
  nonisolated open var rate: Float { get { 0 } set {} }
  // https://developer.apple.com/documentation/avfoundation/avplayer/seek(to:)
  // verified: developer.apple.com/documentation/avfoundation/avplayer/seek(to:) (nonisolated)
  nonisolated open func seek(to time: CMTime) {}
  // https://developer.apple.com/documentation/avfoundation/avplayer/currenttime()
  // verified: developer.apple.com/documentation/avfoundation/avplayer/currenttime() (nonisolated)
  nonisolated open func currentTime() -> CMTime { CMTime(seconds: 0, preferredTimescale: 600) }
  // https://developer.apple.com/documentation/avfoundation/avplayer/timecontrolstatus-swift.enum
  public enum TimeControlStatus: Int, Sendable { case paused, waitingToPlayAtSpecifiedRate, playing }
  // https://developer.apple.com/documentation/avfoundation/avplayer/timecontrolstatus-swift.property
  // verified: developer.apple.com/documentation/avfoundation/avplayer/timecontrolstatus-swift.property (nonisolated)
  nonisolated open var timeControlStatus: TimeControlStatus { .paused }
}
