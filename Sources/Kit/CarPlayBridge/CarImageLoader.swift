// Apple-only: compiled where CarPlay can be imported (on Linux, against the stand-ins in
// Apps/LinuxCheck/Stubs; Package.swift).
#if canImport(CarPlay)
  import CarPlay
  import CarTemplates
  import Foundation
  import UIKit

  /// Where an image goes on the car screen, with the largest size CarPlay draws there.
  ///
  /// Sizes come from CarPlay's own class properties where it has them (they are run-time values)
  /// and from the asset table of carplay-facts.md §4 otherwise.
  enum ImageSlot {
    case listItem, imageRow, header, tab, barButton, button, gridButton, pin, mapButton
    case nowPlayingButton, voiceState, contact, maneuver

    /// The slot's maximum size in points.
    @MainActor var maximumSize: CGSize {
      switch self {
      case .listItem: CPListItem.maximumImageSize
      case .imageRow: CPListImageRowItemElement.maximumImageSize
      case .gridButton: CPGridTemplate.maximumGridButtonImageSize
      case .pin: CPPointOfInterest.pinImageSize
      case .nowPlayingButton: CPNowPlayingButtonMaximumImageSize
      case .button, .contact: CPButtonMaximumImageSize
      // Tab bar icon 24×24 pt, voice control state 150×150 pt (carplay-facts.md §4).
      case .tab, .barButton, .mapButton: CGSize(width: 24, height: 24)
      case .voiceState: CGSize(width: 150, height: 150)
      case .header: CGSize(width: 120, height: 120)
      // First maneuver symbol, one line: 50×50 pt (carplay-facts.md §4).
      case .maneuver: CGSize(width: 50, height: 50)
      }
    }
  }

  /// Turns the kit's image names into `UIImage`s for the car: SF Symbols at the slot's point size
  /// and assets in the car's trait collection (its display scale and light/dark appearance, not
  /// the phone's — carplay-facts.md §3 `carTraitCollection`), scaled down to fit the slot.
  @MainActor
  struct CarImageLoader {
    /// The car's traits; nil before a car connects.
    let traits: UITraitCollection?

    /// The image for `image` in `slot`, nil when the app has no such symbol or asset.
    func image(_ image: CarImage, slot: ImageSlot) -> UIImage? {
      let size = slot.maximumSize
      switch image.source {
      case .symbol:
        let symbol = UIImage(systemName: image.name, compatibleWith: traits)
        return symbol?.applyingSymbolConfiguration(
          UIImage.SymbolConfiguration(pointSize: min(size.width, size.height)))
      case .asset:
        guard let asset = UIImage(named: image.name, in: .main, compatibleWith: traits) else {
          return nil
        }
        return fitted(asset, into: size)
      }
    }

    /// The asset redrawn at the car's scale when it is larger than the slot.
    private func fitted(_ asset: UIImage, into size: CGSize) -> UIImage {
      let width = asset.size.width
      let height = asset.size.height
      guard width > size.width || height > size.height, width > 0, height > 0, let traits else {
        return asset
      }
      let factor = min(size.width / width, size.height / height)
      let target = CGSize(width: width * factor, height: height * factor)
      let format = UIGraphicsImageRendererFormat(for: traits)
      format.scale = traits.displayScale
      return UIGraphicsImageRenderer(size: target, format: format).image { _ in
        asset.draw(in: CGRect(origin: .zero, size: target))
      }
    }
  }
#endif
