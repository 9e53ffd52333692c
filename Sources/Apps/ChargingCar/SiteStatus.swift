import CarTemplates
import Charging
import Foundation

/// Whether a site can be used now, at a glance: the pin on the Charge tab's map and the image
/// of a Favourites row show it by colour **and** shape (a driver who cannot tell green from
/// red still tells a circle from a triangle), with a glyph inside. The legend is in
/// Guides/ChargingApp.md ("Availability at a glance").
///
/// | status | asset | shape, glyph | colour |
/// |---|---|---|---|
/// | free | `status-free` | round pin, check mark | green |
/// | busy | `status-busy` | square pin, clock | amber |
/// | out of order | `status-out-of-order` | triangle, cross | red |
/// | unknown | `status-unknown` | diamond, question mark | grey |
public enum SiteStatus: String, CaseIterable, Hashable, Sendable {
  /// At least one charge point is free by a fresh status.
  case free
  /// None free; at least one busy (it may free up), the rest busy or out of order.
  case busy
  /// Every charge point with a fresh status is out of order.
  case outOfOrder = "out-of-order"
  /// No live status, only stale statuses, or statuses that say nothing.
  case unknown

  /// The status `availability` shows (unknown without one).
  public init(_ availability: SiteAvailability?) {
    guard let a = availability, a.hasStatus, a.fresh > 0 else {
      self = .unknown
      return
    }
    if a.hasFree {
      self = .free
    } else if a.isKnownUnusable {
      self = a.busy > 0 ? .busy : .outOfOrder
    } else {
      self = .unknown
    }
  }

  /// The asset name: `status-free`, `status-busy`, `status-out-of-order`, `status-unknown`.
  public var assetName: String { "status-\(rawValue)" }

  /// The pin and row image (an asset of the app; ``ChargingApp/assetImages`` draws it).
  public var image: CarImage { .asset(assetName) }

  /// The words of the legend: `free`, `busy`, `out of order`, `unknown`.
  public var words: String {
    switch self {
    case .free: "free"
    case .busy: "busy"
    case .outOfOrder: "out of order"
    case .unknown: "unknown"
    }
  }

  /// The drawing of the asset: a pin 24 × 30 with its tip at the bottom centre, a white outline
  /// that stands out on day and night maps, and a white glyph. Apps/Charging's asset catalogue
  /// ships the same SVG (ChargingCarTests' `SiteStatusTests` compares them).
  public var svg: String {
    let shape: String
    let glyph: String
    let outline = "stroke=\"#ffffff\" stroke-width=\"1.5\" stroke-linejoin=\"round\""
    switch self {
    case .free:
      shape = "<path d=\"M12 29 L7.2 19.6 A9.4 9.4 0 1 1 16.8 19.6 Z\" fill=\"#1a7f37\" \(outline)/>"
      glyph =
        "<path d=\"M7.6 11.4 L10.8 14.6 L16.6 8.2\" fill=\"none\" stroke=\"#ffffff\" stroke-width=\"2.4\" stroke-linecap=\"round\" stroke-linejoin=\"round\"/>"
    case .busy:
      shape =
        "<path d=\"M12 29 L9.5 21.5 H5 Q2.5 21.5 2.5 19 V4.5 Q2.5 2 5 2 H19 Q21.5 2 21.5 4.5 V19 Q21.5 21.5 19 21.5 H14.5 Z\" fill=\"#b45309\" \(outline)/>"
      glyph =
        "<circle cx=\"12\" cy=\"11.7\" r=\"5.6\" fill=\"none\" stroke=\"#ffffff\" stroke-width=\"1.8\"/><path d=\"M12 8.6 V11.8 L14.4 13.4\" fill=\"none\" stroke=\"#ffffff\" stroke-width=\"1.8\" stroke-linecap=\"round\"/>"
    case .outOfOrder:
      shape =
        "<path d=\"M12 29 L10.2 22 H2 L12 1.5 L22 22 H13.8 Z\" fill=\"#c62828\" \(outline)/>"
      glyph =
        "<path d=\"M9.2 11.6 L14.8 17.2 M14.8 11.6 L9.2 17.2\" stroke=\"#ffffff\" stroke-width=\"2.2\" stroke-linecap=\"round\"/>"
    case .unknown:
      shape =
        "<path d=\"M12 29 L10.4 21.4 L1.8 11.6 L12 1.4 L22.2 11.6 L13.6 21.4 Z\" fill=\"#5f6b7a\" \(outline)/>"
      glyph =
        "<path d=\"M9.6 9.4 Q9.8 6.8 12.2 6.8 Q14.6 6.9 14.6 9.2 Q14.6 10.9 12.9 11.7 Q12 12.2 12 13.6\" fill=\"none\" stroke=\"#ffffff\" stroke-width=\"2\" stroke-linecap=\"round\"/><circle cx=\"12\" cy=\"16.6\" r=\"1.3\" fill=\"#ffffff\"/>"
    }
    return
      "<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 24 30\" width=\"24\" height=\"30\">"
      + shape + glyph + "</svg>\n"
  }
}

extension ChargingApp {
  /// The status pins and row images (``SiteStatus``) by asset name, for hosts that cannot read
  /// the app's asset catalogue (the simulator draws them).
  public static var assetImages: [String: String] {
    Dictionary(uniqueKeysWithValues: SiteStatus.allCases.map { ($0.assetName, $0.svg) })
  }
}
