// Declaration-only stand-ins for the MediaPlayer API that Apps/ uses (see UIKit.swift for
// the rules). Each declaration names the Apple documentation page of its signature.
// swift-format-ignore-file
import Foundation

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

// https://developer.apple.com/documentation/mediaplayer/mpnowplayinginfocenter
open class MPNowPlayingInfoCenter: NSObject {
  // https://developer.apple.com/documentation/mediaplayer/mpnowplayinginfocenter/default()
  open class func `default`() -> MPNowPlayingInfoCenter { MPNowPlayingInfoCenter() }
  // https://developer.apple.com/documentation/mediaplayer/mpnowplayinginfocenter/nowplayinginfo
  open var nowPlayingInfo: [String: Any]?
}

// https://developer.apple.com/documentation/mediaplayer/mpremotecommandhandlerstatus
public enum MPRemoteCommandHandlerStatus: Int, Sendable { case success = 0, noSuchContent = 100, noActionableNowPlayingItem = 110, deviceNotFound = 120, commandFailed = 200 }

// https://developer.apple.com/documentation/mediaplayer/mpremotecommandevent
open class MPRemoteCommandEvent: NSObject {}

// https://developer.apple.com/documentation/mediaplayer/mpchangeplaybackpositioncommandevent
open class MPChangePlaybackPositionCommandEvent: MPRemoteCommandEvent {
  // https://developer.apple.com/documentation/mediaplayer/mpchangeplaybackpositioncommandevent/positiontime
  open var positionTime: TimeInterval { 0 }
}

// https://developer.apple.com/documentation/mediaplayer/mpremotecommand
open class MPRemoteCommand: NSObject {
  // https://developer.apple.com/documentation/mediaplayer/mpremotecommand/isenabled
  open var isEnabled: Bool = false
  // https://developer.apple.com/documentation/mediaplayer/mpremotecommand/addtarget(handler:)
  open func addTarget(handler: @escaping (MPRemoteCommandEvent) -> MPRemoteCommandHandlerStatus) -> Any { NSObject() }
  // https://developer.apple.com/documentation/mediaplayer/mpremotecommand/removetarget(_:)
  open func removeTarget(_ target: Any?) {}
}

// https://developer.apple.com/documentation/mediaplayer/mpchangeplaybackpositioncommand
// unchecked: not in the facts (others.json lists the types Apps/ used when it was made)
open class MPChangePlaybackPositionCommand: MPRemoteCommand {}

// https://developer.apple.com/documentation/mediaplayer/mpremotecommandcenter
open class MPRemoteCommandCenter: NSObject {
  // https://developer.apple.com/documentation/mediaplayer/mpremotecommandcenter/shared()
  open class func shared() -> MPRemoteCommandCenter { MPRemoteCommandCenter() }
  // https://developer.apple.com/documentation/mediaplayer/mpremotecommandcenter/playcommand
  open var playCommand: MPRemoteCommand { MPRemoteCommand() }
  // https://developer.apple.com/documentation/mediaplayer/mpremotecommandcenter/pausecommand
  open var pauseCommand: MPRemoteCommand { MPRemoteCommand() }
  // https://developer.apple.com/documentation/mediaplayer/mpremotecommandcenter/toggleplaypausecommand
  open var togglePlayPauseCommand: MPRemoteCommand { MPRemoteCommand() }
  // https://developer.apple.com/documentation/mediaplayer/mpremotecommandcenter/nexttrackcommand
  open var nextTrackCommand: MPRemoteCommand { MPRemoteCommand() }
  // https://developer.apple.com/documentation/mediaplayer/mpremotecommandcenter/changeplaybackpositioncommand
  open var changePlaybackPositionCommand: MPChangePlaybackPositionCommand { MPChangePlaybackPositionCommand() }
}
