import Foundation
import Identifiers

/// One title the media app can play: a film or an audio chapter, with its licence and stream.
///
/// Values come from the bundled open catalogue (`Resources/media/catalogue.json`); nothing here
/// is fetched. Items that share a ``series`` belong together (a film series, an audiobook).
public struct MediaItem: Hashable, Sendable, Identifiable {
  /// A catalogue item's stable identity, e.g. `blender-sintel`.
  public struct ID: StringIdentifier {
    /// The id as written in the catalogue.
    public var rawValue: String
    /// Creates an id from its raw value.
    public init(rawValue: String) { self.rawValue = rawValue }
  }


  /// Whether an item is a film or sound only.
  public enum Kind: String, Hashable, Sendable, Codable, CaseIterable, CustomStringConvertible {
    /// A film: shown as video when the car allows it, else heard as audio.
    case video
    /// Sound only: never asks for video.
    case audio
    /// `video` or `audio`.
    public var description: String { rawValue }
  }

  /// The item's identity.
  public var id: ID
  /// Film or sound.
  public var kind: Kind
  /// The display title.
  public var title: String
  /// The series it belongs to; items of one series are listed together.
  public var series: String
  /// One sentence about it.
  public var summary: String?
  /// Its length in seconds, when a source states it.
  public var durationSeconds: Double?
  /// The release year, when known.
  public var year: Int?
  /// The licence, e.g. `CC BY 3.0`.
  public var licence: String
  /// The credit line to show (CC BY requires it).
  public var attribution: String
  /// Who made it.
  public var creator: String?
  /// The remote stream, always HTTPS; nil for bundled-only items.
  public var streamURL: URL?
  /// The stream's container, e.g. `hls`, `mp4`, `mp3`.
  public var streamFormat: String?
  /// The artwork image, when known.
  public var artworkURL: URL?
  /// The file name of a bundled copy in `Resources/media`, when one ships.
  public var bundledResource: String?

  /// Creates an item.
  public init(
    id: ID, kind: Kind, title: String, series: String, summary: String? = nil,
    durationSeconds: Double? = nil, year: Int? = nil, licence: String, attribution: String,
    creator: String? = nil, streamURL: URL? = nil, streamFormat: String? = nil,
    artworkURL: URL? = nil, bundledResource: String? = nil
  ) {
    self.id = id
    self.kind = kind
    self.title = title
    self.series = series
    self.summary = summary
    self.durationSeconds = durationSeconds
    self.year = year
    self.licence = licence
    self.attribution = attribution
    self.creator = creator
    self.streamURL = streamURL
    self.streamFormat = streamFormat
    self.artworkURL = artworkURL
    self.bundledResource = bundledResource
  }

  /// `9:56`, `1:02:03`, or nil without a duration (a sound under a second reads `0:01`).
  public var formattedDuration: String? {
    durationSeconds.map { Self.clock(max(1, $0.rounded())) }
  }

  /// `m:ss` or `h:mm:ss` for a number of seconds (negative values count as zero).
  public static func clock(_ seconds: Double) -> String {
    let total = Int(max(0, seconds).rounded(.down))
    let (h, m, s) = (total / 3600, total / 60 % 60, total % 60)
    let ss = s < 10 ? "0\(s)" : "\(s)"
    if h > 0 { return "\(h):\(m < 10 ? "0\(m)" : "\(m)"):\(ss)" }
    return "\(m):\(ss)"
  }
}
