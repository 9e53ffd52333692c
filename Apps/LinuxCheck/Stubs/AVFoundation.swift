// Declaration-only stand-ins for the AVFoundation (and CoreMedia, which it re-exports) API
// that Apps/ uses (see UIKit.swift for the rules). Each declaration names the Apple
// documentation page of its signature.
// swift-format-ignore-file
import Foundation

// https://developer.apple.com/documentation/coremedia/cmtime
public struct CMTime: Sendable {
  // https://developer.apple.com/documentation/coremedia/cmtime/init(seconds:preferredtimescale:)
  public init(seconds: Double, preferredTimescale: Int32) { self.seconds = seconds }
  // https://developer.apple.com/documentation/coremedia/cmtime/seconds
  public var seconds: Double
}

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

// https://developer.apple.com/documentation/avfoundation/avplayeritem
open class AVPlayerItem: NSObject, @unchecked Sendable {
  // https://developer.apple.com/documentation/avfoundation/avplayeritem/init(url:)
  public init(url URL: URL) {}
  // https://developer.apple.com/documentation/avfoundation/avplayeritem/status-swift.enum
  public enum Status: Int, Sendable { case unknown, readyToPlay, failed }
  // https://developer.apple.com/documentation/avfoundation/avplayeritem/status-swift.property
  open var status: Status { .unknown }
  // https://developer.apple.com/documentation/avfoundation/avplayeritem/duration
  open var duration: CMTime { CMTime(seconds: 0, preferredTimescale: 600) }
  // https://developer.apple.com/documentation/avfoundation/avplayeritem/error
  open var error: (any Error)? { nil }
}

// https://developer.apple.com/documentation/avfoundation/avplayer
open class AVPlayer: NSObject, @unchecked Sendable {
  // https://developer.apple.com/documentation/avfoundation/avplayer/init()
  public override init() {}
  // https://developer.apple.com/documentation/avfoundation/avplayer/currentitem
  open var currentItem: AVPlayerItem? { nil }
  // https://developer.apple.com/documentation/avfoundation/avplayer/replacecurrentitem(with:)
  open func replaceCurrentItem(with item: AVPlayerItem?) {}
  // https://developer.apple.com/documentation/avfoundation/avplayer/play()
  open func play() {}
  // https://developer.apple.com/documentation/avfoundation/avplayer/pause()
  open func pause() {}
  // https://developer.apple.com/documentation/avfoundation/avplayer/rate
  open var rate: Float = 0
  // https://developer.apple.com/documentation/avfoundation/avplayer/seek(to:)
  open func seek(to time: CMTime) {}
  // https://developer.apple.com/documentation/avfoundation/avplayer/currenttime()
  open func currentTime() -> CMTime { CMTime(seconds: 0, preferredTimescale: 600) }
  // https://developer.apple.com/documentation/avfoundation/avplayer/timecontrolstatus-swift.enum
  public enum TimeControlStatus: Int, Sendable { case paused, waitingToPlayAtSpecifiedRate, playing }
  // https://developer.apple.com/documentation/avfoundation/avplayer/timecontrolstatus-swift.property
  open var timeControlStatus: TimeControlStatus { .paused }
}
