// Declaration-only stand-ins for the MediaPlayer API that Apps/ uses (see UIKit.swift for
// the rules). Each declaration names the Apple documentation page of its signature.
// swift-format-ignore-file
import Foundation
import UIKit

// https://developer.apple.com/documentation/mediaplayer/mpmediaitempropertytitle
public let MPMediaItemPropertyTitle = "title"
// https://developer.apple.com/documentation/mediaplayer/mpmediaitempropertyartist
public let MPMediaItemPropertyArtist = "artist"
// https://developer.apple.com/documentation/mediaplayer/mpmediaitempropertyalbumtitle
public let MPMediaItemPropertyAlbumTitle = "albumTitle"
// https://developer.apple.com/documentation/mediaplayer/mpmediaitempropertyplaybackduration
public let MPMediaItemPropertyPlaybackDuration = "playbackDuration"
// https://developer.apple.com/documentation/mediaplayer/mpnowplayinginfopropertyelapsedplaybacktime
public let MPNowPlayingInfoPropertyElapsedPlaybackTime = "MPNowPlayingInfoPropertyElapsedPlaybackTime"
// https://developer.apple.com/documentation/mediaplayer/mpnowplayinginfopropertyplaybackrate
public let MPNowPlayingInfoPropertyPlaybackRate = "MPNowPlayingInfoPropertyPlaybackRate"
// https://developer.apple.com/documentation/mediaplayer/mpnowplayinginfopropertyislivestream
public let MPNowPlayingInfoPropertyIsLiveStream = "MPNowPlayingInfoPropertyIsLiveStream"
// unchecked: not in the facts' scope (others.json lists the constants Apps/ used when it was made)
// verified: developer.apple.com/documentation/mediaplayer/mpnowplayinginfopropertydefaultplaybackrate
public let MPNowPlayingInfoPropertyDefaultPlaybackRate = "MPNowPlayingInfoPropertyDefaultPlaybackRate"
// unchecked: not in the facts' scope
// verified: developer.apple.com/documentation/mediaplayer/mpnowplayinginfopropertyplaybackqueueindex
public let MPNowPlayingInfoPropertyPlaybackQueueIndex = "MPNowPlayingInfoPropertyPlaybackQueueIndex"
// unchecked: not in the facts' scope
// verified: developer.apple.com/documentation/mediaplayer/mpnowplayinginfopropertyplaybackqueuecount
public let MPNowPlayingInfoPropertyPlaybackQueueCount = "MPNowPlayingInfoPropertyPlaybackQueueCount"
// unchecked: not in the facts' scope
// verified: developer.apple.com/documentation/mediaplayer/mpnowplayinginfopropertymediatype
public let MPNowPlayingInfoPropertyMediaType = "MPNowPlayingInfoPropertyMediaType"
// unchecked: not in the facts' scope
// verified: developer.apple.com/documentation/mediaplayer/mpmediaitempropertyartwork
public let MPMediaItemPropertyArtwork = "artwork"

// https://developer.apple.com/documentation/mediaplayer/mpnowplayinginfocenter
// The stand-in keeps one center and every dictionary published to it, for the tests.
open class MPNowPlayingInfoCenter: NSObject {
  private static let standInDefault = MPNowPlayingInfoCenter()
  // https://developer.apple.com/documentation/mediaplayer/mpnowplayinginfocenter/default()
  open class func `default`() -> MPNowPlayingInfoCenter { standInDefault }
  // https://developer.apple.com/documentation/mediaplayer/mpnowplayinginfocenter/nowplayinginfo
  open var nowPlayingInfo: [String: Any]? { didSet { standInPublished.append(nowPlayingInfo) } }
  /// Every value set, oldest first (stand-in only).
  public var standInPublished: [[String: Any]?] = []
}

// unchecked: not in the facts' scope
// verified: developer.apple.com/documentation/mediaplayer/mpnowplayinginfomediatype
public enum MPNowPlayingInfoMediaType: UInt, Sendable { case none = 0, audio = 1, video = 2 }

// unchecked: not in the facts' scope
// verified: developer.apple.com/documentation/mediaplayer/mpmediaitemartwork and its init(boundsSize:requestHandler:) page
open class MPMediaItemArtwork: NSObject {
  // unchecked: not in the facts' scope
  // verified: developer.apple.com/documentation/mediaplayer/mpmediaitemartwork/init(boundssize:requesthandler:)
  public init(boundsSize: CGSize, requestHandler: @escaping (CGSize) -> UIImage) {
    standInBoundsSize = boundsSize
    standInRequest = requestHandler
  }
  /// What the artwork was made with (stand-in only).
  public let standInBoundsSize: CGSize
  /// Asks for the image as the system would (stand-in only).
  public let standInRequest: (CGSize) -> UIImage
}

// https://developer.apple.com/documentation/mediaplayer/mpremotecommandhandlerstatus
public enum MPRemoteCommandHandlerStatus: Int, Sendable { case success = 0, noSuchContent = 100, noActionableNowPlayingItem = 110, deviceNotFound = 120, commandFailed = 200 }

// https://developer.apple.com/documentation/mediaplayer/mpremotecommandevent
open class MPRemoteCommandEvent: NSObject {
  /// An event as the system sends one (stand-in only; the SDK's events come from the system).
  public init(standInCommand: MPRemoteCommand) { standInCommand_ = standInCommand }
  private let standInCommand_: MPRemoteCommand
}

// https://developer.apple.com/documentation/mediaplayer/mpchangeplaybackpositioncommandevent
open class MPChangePlaybackPositionCommandEvent: MPRemoteCommandEvent {
  // https://developer.apple.com/documentation/mediaplayer/mpchangeplaybackpositioncommandevent/positiontime
  open var positionTime: TimeInterval { standInPositionTime }
  private var standInPositionTime: TimeInterval = 0
  /// A scrub to `positionTime` (stand-in only).
  public convenience init(standInCommand: MPRemoteCommand, positionTime: TimeInterval) {
    self.init(standInCommand: standInCommand)
    standInPositionTime = positionTime
  }
}

// unchecked: not in the facts' scope
// verified: developer.apple.com/documentation/mediaplayer/mpchangeplaybackratecommandevent
open class MPChangePlaybackRateCommandEvent: MPRemoteCommandEvent {
  // unchecked: not in the facts' scope
  // verified: developer.apple.com/documentation/mediaplayer/mpchangeplaybackratecommandevent/playbackrate
  open var playbackRate: Float { standInPlaybackRate }
  private var standInPlaybackRate: Float = 1
  /// A rate change to `playbackRate` (stand-in only).
  public convenience init(standInCommand: MPRemoteCommand, playbackRate: Float) {
    self.init(standInCommand: standInCommand)
    standInPlaybackRate = playbackRate
  }
}

// unchecked: not in the facts' scope
// verified: developer.apple.com/documentation/mediaplayer/mpskipintervalcommandevent
open class MPSkipIntervalCommandEvent: MPRemoteCommandEvent {
  // unchecked: not in the facts' scope
  // verified: developer.apple.com/documentation/mediaplayer/mpskipintervalcommandevent/interval
  open var interval: TimeInterval { standInInterval }
  private var standInInterval: TimeInterval = 0
  /// A skip by `interval` seconds (stand-in only).
  public convenience init(standInCommand: MPRemoteCommand, interval: TimeInterval) {
    self.init(standInCommand: standInCommand)
    standInInterval = interval
  }
}

// https://developer.apple.com/documentation/mediaplayer/mpremotecommand
// The stand-in keeps the targets added to it, so a test can send the command as the system does.
open class MPRemoteCommand: NSObject {
  // https://developer.apple.com/documentation/mediaplayer/mpremotecommand/isenabled
  open var isEnabled: Bool = false
  // https://developer.apple.com/documentation/mediaplayer/mpremotecommand/addtarget(handler:)
  open func addTarget(handler: @escaping (MPRemoteCommandEvent) -> MPRemoteCommandHandlerStatus) -> Any {
    let token = NSObject()
    standInTargets.append((token, handler))
    return token
  }
  // https://developer.apple.com/documentation/mediaplayer/mpremotecommand/removetarget(_:)
  open func removeTarget(_ target: Any?) {
    standInTargets.removeAll { $0.token === (target as AnyObject?) }
  }
  private var standInTargets: [(token: NSObject, handler: (MPRemoteCommandEvent) -> MPRemoteCommandHandlerStatus)] = []
  /// How many targets are registered (stand-in only).
  public var standInTargetCount: Int { standInTargets.count }
  /// Sends `event` to every target, as the system does; their answers in order (stand-in only).
  public func standInSend(_ event: MPRemoteCommandEvent) -> [MPRemoteCommandHandlerStatus] {
    standInTargets.map { $0.handler(event) }
  }
  /// Sends a plain event of this command (stand-in only).
  public func standInSend() -> [MPRemoteCommandHandlerStatus] {
    standInSend(MPRemoteCommandEvent(standInCommand: self))
  }
}

// https://developer.apple.com/documentation/mediaplayer/mpchangeplaybackpositioncommand
// unchecked: not in the facts (others.json lists the types Apps/ used when it was made)
open class MPChangePlaybackPositionCommand: MPRemoteCommand {}

// unchecked: not in the facts' scope
// verified: developer.apple.com/documentation/mediaplayer/mpchangeplaybackratecommand
open class MPChangePlaybackRateCommand: MPRemoteCommand {
  // unchecked: not in the facts' scope
  // verified: developer.apple.com/documentation/mediaplayer/mpchangeplaybackratecommand/supportedplaybackrates
  open var supportedPlaybackRates: [NSNumber] = []
}

// unchecked: not in the facts' scope
// verified: developer.apple.com/documentation/mediaplayer/mpskipintervalcommand
open class MPSkipIntervalCommand: MPRemoteCommand {
  // unchecked: not in the facts' scope
  // verified: developer.apple.com/documentation/mediaplayer/mpskipintervalcommand/preferredintervals
  open var preferredIntervals: [NSNumber] = []
}

// https://developer.apple.com/documentation/mediaplayer/mpremotecommandcenter
// The stand-in keeps one center with one command object per command, as the system does.
open class MPRemoteCommandCenter: NSObject {
  private static let standInShared = MPRemoteCommandCenter()
  // https://developer.apple.com/documentation/mediaplayer/mpremotecommandcenter/shared()
  open class func shared() -> MPRemoteCommandCenter { standInShared }
  // https://developer.apple.com/documentation/mediaplayer/mpremotecommandcenter/playcommand
  open var playCommand: MPRemoteCommand { standInPlay }
  // https://developer.apple.com/documentation/mediaplayer/mpremotecommandcenter/pausecommand
  open var pauseCommand: MPRemoteCommand { standInPause }
  // https://developer.apple.com/documentation/mediaplayer/mpremotecommandcenter/toggleplaypausecommand
  open var togglePlayPauseCommand: MPRemoteCommand { standInToggle }
  // https://developer.apple.com/documentation/mediaplayer/mpremotecommandcenter/nexttrackcommand
  open var nextTrackCommand: MPRemoteCommand { standInNext }
  // sel: previousTrackCommand
  // unchecked: in the facts' selector index only (no member facts)
  // verified: developer.apple.com/documentation/mediaplayer/mpremotecommandcenter/previoustrackcommand
  open var previousTrackCommand: MPRemoteCommand { standInPrevious }
  // https://developer.apple.com/documentation/mediaplayer/mpremotecommandcenter/changeplaybackpositioncommand
  open var changePlaybackPositionCommand: MPChangePlaybackPositionCommand { standInPosition }
  // unchecked: in the facts' selector index only (no member facts)
  // verified: developer.apple.com/documentation/mediaplayer/mpremotecommandcenter/changeplaybackratecommand
  open var changePlaybackRateCommand: MPChangePlaybackRateCommand { standInRate }
  // unchecked: in the facts' selector index only (no member facts)
  // verified: developer.apple.com/documentation/mediaplayer/mpremotecommandcenter/skipforwardcommand
  open var skipForwardCommand: MPSkipIntervalCommand { standInSkipForward }
  // unchecked: in the facts' selector index only (no member facts)
  // verified: developer.apple.com/documentation/mediaplayer/mpremotecommandcenter/skipbackwardcommand
  open var skipBackwardCommand: MPSkipIntervalCommand { standInSkipBackward }

  private let standInPlay = MPRemoteCommand()
  private let standInPause = MPRemoteCommand()
  private let standInToggle = MPRemoteCommand()
  private let standInNext = MPRemoteCommand()
  private let standInPrevious = MPRemoteCommand()
  private let standInPosition = MPChangePlaybackPositionCommand()
  private let standInRate = MPChangePlaybackRateCommand()
  private let standInSkipForward = MPSkipIntervalCommand()
  private let standInSkipBackward = MPSkipIntervalCommand()
}
