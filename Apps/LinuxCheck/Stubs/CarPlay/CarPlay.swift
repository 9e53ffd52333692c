// Main-thread-only classes conform to the SDK's nonisolated protocols (CPBarButtonProviding,
// CPSelectableListItem, CPPlayableItem) the way Objective-C conformances are imported: without
// isolation checking, spelled `@preconcurrency` here.
//
// Stand-ins for the CarPlay API that the bridge (Sources/Kit/CarPlayBridge) and Apps/ use, so both
// compile on Linux, and so the bridge's mapping tests can read back what it set: every
// initializer argument and setter lands in a stored property (read-only where the SDK's is), and
// what the SDK gives no getter for is kept in a `standIn…` member the real SDK does not have
// (Apps/LinuxCheck/check_sdk_facts.py fails if Apps/ or the bridge uses one). Each declaration
// names the Apple documentation page of its signature and is compared with the SDK facts in
// Apps/LinuxCheck/SDKFacts by that checker. Objective-C `@optional` requirements get empty
// defaults because Linux has no `@objc`; the checker fails on a method in a conformance extension
// that is no requirement, which is how a misspelt optional method is caught.
// swift-format-ignore-file
import CoreMedia
import Foundation
import MapKit
import UIKit

// MARK: Scene

// https://developer.apple.com/documentation/carplay/cptemplateapplicationscene
@MainActor open class CPTemplateApplicationScene: UIScene {
  // https://developer.apple.com/documentation/carplay/cptemplateapplicationscene/interfacecontroller
  open var interfaceController: CPInterfaceController { CPInterfaceController(standInTraits: UITraitCollection(standInDisplayScale: 2)) }
  // https://developer.apple.com/documentation/carplay/cptemplateapplicationscene/carwindow
  open var carWindow: CPWindow { CPWindow(standInBounds: .zero) }
  // https://developer.apple.com/documentation/carplay/cptemplateapplicationscene/contentstyle
  open var contentStyle: UIUserInterfaceStyle { .unspecified }
  // https://developer.apple.com/documentation/carplay/cptemplateapplicationscene/open(_:options:completionhandler:)
  open func open(_ url: URL, options: UIScene.OpenExternalURLOptions?, completionHandler: ((Bool) -> Void)? = nil) {}
}

// https://developer.apple.com/documentation/carplay/cptemplateapplicationscenedelegate
@MainActor public protocol CPTemplateApplicationSceneDelegate: UISceneDelegate {
  // https://developer.apple.com/documentation/carplay/cptemplateapplicationscenedelegate/templateapplicationscene(_:didconnect:)
  func templateApplicationScene(_ templateApplicationScene: CPTemplateApplicationScene, didConnect interfaceController: CPInterfaceController)
  // https://developer.apple.com/documentation/carplay/cptemplateapplicationscenedelegate/templateapplicationscene(_:diddisconnectinterfacecontroller:)
  func templateApplicationScene(_ templateApplicationScene: CPTemplateApplicationScene, didDisconnectInterfaceController interfaceController: CPInterfaceController)
  // https://developer.apple.com/documentation/carplay/cptemplateapplicationscenedelegate/templateapplicationscene(_:didconnect:to:)
  func templateApplicationScene(_ templateApplicationScene: CPTemplateApplicationScene, didConnect interfaceController: CPInterfaceController, to window: CPWindow)
  // https://developer.apple.com/documentation/carplay/cptemplateapplicationscenedelegate/templateapplicationscene(_:diddisconnect:from:)
  func templateApplicationScene(_ templateApplicationScene: CPTemplateApplicationScene, didDisconnect interfaceController: CPInterfaceController, from window: CPWindow)
  // https://developer.apple.com/documentation/carplay/cptemplateapplicationscenedelegate/contentstyledidchange(_:)
  func contentStyleDidChange(_ contentStyle: UIUserInterfaceStyle)
}
extension CPTemplateApplicationSceneDelegate {
  public func templateApplicationScene(_ templateApplicationScene: CPTemplateApplicationScene, didConnect interfaceController: CPInterfaceController) {}
  public func templateApplicationScene(_ templateApplicationScene: CPTemplateApplicationScene, didDisconnectInterfaceController interfaceController: CPInterfaceController) {}
  public func templateApplicationScene(_ templateApplicationScene: CPTemplateApplicationScene, didConnect interfaceController: CPInterfaceController, to window: CPWindow) {}
  public func templateApplicationScene(_ templateApplicationScene: CPTemplateApplicationScene, didDisconnect interfaceController: CPInterfaceController, from window: CPWindow) {}
  public func contentStyleDidChange(_ contentStyle: UIUserInterfaceStyle) {}
}

// https://developer.apple.com/documentation/carplay/cpwindow
@MainActor open class CPWindow: UIWindow {
  // https://developer.apple.com/documentation/uikit/uiwindow/init(frame:) (inherited)
  @available(*, deprecated, message: "iOS 26.0: CarPlay makes the window")
  public override init(frame: CGRect) { super.init(frame: frame) }
  // https://developer.apple.com/documentation/foundation/nscoding/init(coder:)
  public required init?(coder: NSCoder) { nil }
  // Stand-in only: a window of the car's size, for tests.
  public init(standInBounds: CGRect) { super.init(windowScene: UIWindowScene()); bounds = standInBounds }
}

// MARK: Interface controller

// https://developer.apple.com/documentation/carplay/cpinterfacecontroller
@MainActor open class CPInterfaceController: NSObject {
  // Stand-in only: CarPlay hands the app its controller; tests make one.
  public init(standInTraits: UITraitCollection) { carTraitCollection = standInTraits }
  // https://developer.apple.com/documentation/carplay/cpinterfacecontroller/delegate
  weak open var delegate: (any CPInterfaceControllerDelegate)?
  // https://developer.apple.com/documentation/carplay/cpinterfacecontroller/prefersdarkuserinterfacestyle
  open var prefersDarkUserInterfaceStyle: Bool = false
  // https://developer.apple.com/documentation/carplay/cpinterfacecontroller/cartraitcollection
  public internal(set) var carTraitCollection: UITraitCollection
  // https://developer.apple.com/documentation/carplay/cpinterfacecontroller/templates
  public internal(set) var templates: [CPTemplate] = []
  // https://developer.apple.com/documentation/carplay/cpinterfacecontroller/presentedtemplate
  public internal(set) var presentedTemplate: CPTemplate?
  // https://developer.apple.com/documentation/carplay/cpinterfacecontroller/setroottemplate(_:animated:completion:)
  open func setRootTemplate(_ rootTemplate: CPTemplate, animated: Bool, completion: ((Bool, (any Error)?) -> Void)? = nil) { templates = [rootTemplate]; completion?(true, nil) }
  // https://developer.apple.com/documentation/carplay/cpinterfacecontroller/pushtemplate(_:animated:completion:)
  open func pushTemplate(_ templateToPush: CPTemplate, animated: Bool, completion: ((Bool, (any Error)?) -> Void)? = nil) { templates.append(templateToPush); completion?(true, nil) }
  // https://developer.apple.com/documentation/carplay/cpinterfacecontroller/poptemplate(animated:completion:)
  open func popTemplate(animated: Bool, completion: ((Bool, (any Error)?) -> Void)? = nil) { if templates.count > 1 { templates.removeLast() }; completion?(true, nil) }
  // https://developer.apple.com/documentation/carplay/cpinterfacecontroller/poptoroottemplate(animated:completion:)
  open func popToRootTemplate(animated: Bool, completion: ((Bool, (any Error)?) -> Void)? = nil) { templates = Array(templates.prefix(1)); completion?(true, nil) }
  // https://developer.apple.com/documentation/carplay/cpinterfacecontroller/pop(to:animated:completion:)
  open func pop(to targetTemplate: CPTemplate, animated: Bool, completion: ((Bool, (any Error)?) -> Void)? = nil) { if let index = templates.firstIndex(where: { $0 === targetTemplate }) { templates = Array(templates.prefix(index + 1)) }; completion?(true, nil) }
  // https://developer.apple.com/documentation/carplay/cpinterfacecontroller/presenttemplate(_:animated:completion:)
  open func presentTemplate(_ templateToPresent: CPTemplate, animated: Bool, completion: ((Bool, (any Error)?) -> Void)? = nil) { presentedTemplate = templateToPresent; completion?(true, nil) }
  // https://developer.apple.com/documentation/carplay/cpinterfacecontroller/dismisstemplate(animated:completion:)
  open func dismissTemplate(animated: Bool, completion: ((Bool, (any Error)?) -> Void)? = nil) { presentedTemplate = nil; completion?(true, nil) }
}

// https://developer.apple.com/documentation/carplay/cpinterfacecontrollerdelegate
@MainActor public protocol CPInterfaceControllerDelegate: NSObjectProtocol {
  // https://developer.apple.com/documentation/carplay/cpinterfacecontrollerdelegate/templatewillappear(_:animated:)
  func templateWillAppear(_ aTemplate: CPTemplate, animated: Bool)
  // https://developer.apple.com/documentation/carplay/cpinterfacecontrollerdelegate/templatedidappear(_:animated:)
  func templateDidAppear(_ aTemplate: CPTemplate, animated: Bool)
  // https://developer.apple.com/documentation/carplay/cpinterfacecontrollerdelegate/templatewilldisappear(_:animated:)
  func templateWillDisappear(_ aTemplate: CPTemplate, animated: Bool)
  // https://developer.apple.com/documentation/carplay/cpinterfacecontrollerdelegate/templatediddisappear(_:animated:)
  func templateDidDisappear(_ aTemplate: CPTemplate, animated: Bool)
}
extension CPInterfaceControllerDelegate {
  public func templateWillAppear(_ aTemplate: CPTemplate, animated: Bool) {}
  public func templateDidAppear(_ aTemplate: CPTemplate, animated: Bool) {}
  public func templateWillDisappear(_ aTemplate: CPTemplate, animated: Bool) {}
  public func templateDidDisappear(_ aTemplate: CPTemplate, animated: Bool) {}
}

// MARK: Session configuration

// https://developer.apple.com/documentation/carplay/cplimitableuserinterface
public struct CPLimitableUserInterface: OptionSet, Sendable {
  public let rawValue: UInt
  public init(rawValue: UInt) { self.rawValue = rawValue }
  // https://developer.apple.com/documentation/carplay/cplimitableuserinterface/keyboard
  public static let keyboard = CPLimitableUserInterface(rawValue: 1 << 0)
  // https://developer.apple.com/documentation/carplay/cplimitableuserinterface/lists
  public static let lists = CPLimitableUserInterface(rawValue: 1 << 1)
}

// https://developer.apple.com/documentation/carplay/cpcontentstyle
public struct CPContentStyle: OptionSet, Sendable {
  public let rawValue: UInt
  public init(rawValue: UInt) { self.rawValue = rawValue }
  // https://developer.apple.com/documentation/carplay/cpcontentstyle/light
  public static let light = CPContentStyle(rawValue: 1 << 0)
  // https://developer.apple.com/documentation/carplay/cpcontentstyle/dark
  public static let dark = CPContentStyle(rawValue: 1 << 1)
}

// https://developer.apple.com/documentation/carplay/cpsessionconfiguration
open class CPSessionConfiguration: NSObject {
  // https://developer.apple.com/documentation/carplay/cpsessionconfiguration/init(delegate:)
  public init(delegate: any CPSessionConfigurationDelegate) { self.delegate = delegate }
  // https://developer.apple.com/documentation/carplay/cpsessionconfiguration/delegate
  weak open var delegate: (any CPSessionConfigurationDelegate)?
  // https://developer.apple.com/documentation/carplay/cpsessionconfiguration/limiteduserinterfaces
  open var limitedUserInterfaces: CPLimitableUserInterface { [] }
  // https://developer.apple.com/documentation/carplay/cpsessionconfiguration/contentstyle
  open var contentStyle: CPContentStyle { .light }
  // https://developer.apple.com/documentation/carplay/cpsessionconfiguration/supportsvideoplayback
  open var supportsVideoPlayback: Bool { false }
}

// https://developer.apple.com/documentation/carplay/cpsessionconfigurationdelegate
@MainActor public protocol CPSessionConfigurationDelegate: NSObjectProtocol {
  // https://developer.apple.com/documentation/carplay/cpsessionconfigurationdelegate/sessionconfiguration(_:limiteduserinterfaceschanged:)
  func sessionConfiguration(_ sessionConfiguration: CPSessionConfiguration, limitedUserInterfacesChanged limitedUserInterfaces: CPLimitableUserInterface)
  // https://developer.apple.com/documentation/carplay/cpsessionconfigurationdelegate/sessionconfiguration(_:contentstylechanged:)
  func sessionConfiguration(_ sessionConfiguration: CPSessionConfiguration, contentStyleChanged contentStyle: CPContentStyle)
}
extension CPSessionConfigurationDelegate {
  public func sessionConfiguration(_ sessionConfiguration: CPSessionConfiguration, limitedUserInterfacesChanged limitedUserInterfaces: CPLimitableUserInterface) {}
  public func sessionConfiguration(_ sessionConfiguration: CPSessionConfiguration, contentStyleChanged contentStyle: CPContentStyle) {}
}

// MARK: Templates and buttons

// https://developer.apple.com/documentation/carplay/cptemplate
@MainActor open class CPTemplate: NSObject {
  override init() {}
  // https://developer.apple.com/documentation/foundation/nscoding/init(coder:)
  public required init?(coder: NSCoder) { nil }
  // https://developer.apple.com/documentation/carplay/cptemplate/userinfo
  open var userInfo: Any?
  // https://developer.apple.com/documentation/carplay/cptemplate/tabtitle
  open var tabTitle: String?
  // https://developer.apple.com/documentation/carplay/cptemplate/tabimage
  open var tabImage: UIImage?
  // https://developer.apple.com/documentation/carplay/cptemplate/tabsystemitem
  open var tabSystemItem: UITabBarItem.SystemItem = .more
  // https://developer.apple.com/documentation/carplay/cptemplate/showstabbadge
  open var showsTabBadge: Bool = false
}

// https://developer.apple.com/documentation/carplay/cpbarbuttonstyle
public enum CPBarButtonStyle: Int, Sendable { case none, rounded }

// https://developer.apple.com/documentation/carplay/cpbarbutton
open class CPBarButton: NSObject {
  // https://developer.apple.com/documentation/foundation/nscoding/init(coder:)
  public required init?(coder: NSCoder) { nil }
  // https://developer.apple.com/documentation/carplay/cpbarbutton/init(title:handler:)
  public init(title: String, handler: ((CPBarButton) -> Void)? = nil) { self.title = title; standInHandler = handler }
  // https://developer.apple.com/documentation/carplay/cpbarbutton/init(image:handler:)
  public init(image: UIImage, handler: ((CPBarButton) -> Void)? = nil) { self.image = image; standInHandler = handler }
  // https://developer.apple.com/documentation/carplay/cpbarbutton/title
  open var title: String?
  // https://developer.apple.com/documentation/carplay/cpbarbutton/image
  open var image: UIImage?
  // https://developer.apple.com/documentation/carplay/cpbarbutton/isenabled
  open var isEnabled: Bool = true
  // https://developer.apple.com/documentation/carplay/cpbarbutton/buttonstyle
  open var buttonStyle: CPBarButtonStyle = .none
  // Stand-in only: the handler CarPlay calls on a tap.
  public let standInHandler: ((CPBarButton) -> Void)?
}

// https://developer.apple.com/documentation/carplay/cpbarbuttonproviding
public protocol CPBarButtonProviding: NSObjectProtocol {
  // https://developer.apple.com/documentation/carplay/cpbarbuttonproviding/leadingnavigationbarbuttons
  var leadingNavigationBarButtons: [CPBarButton] { get set }
  // https://developer.apple.com/documentation/carplay/cpbarbuttonproviding/trailingnavigationbarbuttons
  var trailingNavigationBarButtons: [CPBarButton] { get set }
  // https://developer.apple.com/documentation/carplay/cpbarbuttonproviding/backbutton
  var backButton: CPBarButton? { get set }
}

// https://developer.apple.com/documentation/carplay/cptextbutton/textstyle-swift.property (CPTextButtonStyle)
public enum CPTextButtonStyle: Int, Sendable { case normal, cancel, confirm }

// https://developer.apple.com/documentation/carplay/cptextbutton
open class CPTextButton: NSObject {
  // https://developer.apple.com/documentation/carplay/cptextbutton/init(title:textstyle:handler:)
  public init(title: String, textStyle: CPTextButtonStyle, handler: ((CPTextButton) -> Void)? = nil) { self.title = title; self.textStyle = textStyle; standInHandler = handler }
  // https://developer.apple.com/documentation/carplay/cptextbutton/title
  open var title: String
  // https://developer.apple.com/documentation/carplay/cptextbutton/textstyle-swift.property
  open var textStyle: CPTextButtonStyle
  // Stand-in only: the handler CarPlay calls on a tap.
  public let standInHandler: ((CPTextButton) -> Void)?
}

// https://developer.apple.com/documentation/carplay/cpbutton
open class CPButton: NSObject {
  // https://developer.apple.com/documentation/carplay/cpbutton/init(image:handler:)
  public init(image: UIImage, handler: ((CPButton) -> Void)? = nil) { self.image = image; standInHandler = handler }
  // https://developer.apple.com/documentation/carplay/cpbutton/image
  public internal(set) var image: UIImage?
  // https://developer.apple.com/documentation/carplay/cpbutton/title
  open var title: String?
  // https://developer.apple.com/documentation/carplay/cpbutton/isenabled
  open var isEnabled: Bool = true
  // Stand-in only: the handler CarPlay calls on a tap.
  public let standInHandler: ((CPButton) -> Void)?
}

// https://developer.apple.com/documentation/carplay/cpbuttonmaximumimagesize
public let CPButtonMaximumImageSize = CGSize(width: 50, height: 50)

// https://developer.apple.com/documentation/carplay/cpgridbutton
open class CPGridButton: NSObject {
  // https://developer.apple.com/documentation/foundation/nscoding/init(coder:)
  public required init?(coder: NSCoder) { nil }
  // https://developer.apple.com/documentation/carplay/cpgridbutton/init(titlevariants:image:handler:)
  public init(titleVariants: [String], image: UIImage, handler: ((CPGridButton) -> Void)? = nil) { self.titleVariants = titleVariants; self.image = image; standInHandler = handler }
  // https://developer.apple.com/documentation/carplay/cpgridbutton/titlevariants
  public internal(set) var titleVariants: [String]
  // https://developer.apple.com/documentation/carplay/cpgridbutton/image
  public internal(set) var image: UIImage
  // https://developer.apple.com/documentation/carplay/cpgridbutton/isenabled
  open var isEnabled: Bool = true
  // Stand-in only: the handler CarPlay calls on a tap.
  public let standInHandler: ((CPGridButton) -> Void)?
}

// MARK: Playback configuration (iOS 26.4)

// verified: developer.apple.com/documentation/carplay/cpplaybackconfiguration (class page: @MainActor)
@MainActor open class CPPlaybackConfiguration: NSObject, NSCopying {
  // The Objective-C CPPlaybackPresentation, nested in Swift (NS_SWIFT_NAME).
  // sel: CPPlaybackPresentation
  // verified: developer.apple.com/documentation/carplay/cpplaybackconfiguration/presentation (CPPlaybackConfiguration.Presentation)
  public enum Presentation: Int, Sendable { case none, audio, video }
  // The Objective-C CPPlaybackAction, nested in Swift (NS_SWIFT_NAME).
  // sel: CPPlaybackAction
  // verified: developer.apple.com/documentation/carplay/cpplaybackconfiguration/action (CPPlaybackConfiguration.Action)
  public enum Action: Int, Sendable { case none, play, pause, replay }
  // https://developer.apple.com/documentation/foundation/nscoding/init(coder:)
  public required init?(coder: NSCoder) { nil }
  // verified: developer.apple.com/documentation/carplay/cpplaybackconfiguration/init(preferredpresentation:playbackaction:elapsedtime:duration:)
  public init(preferredPresentation: CPPlaybackConfiguration.Presentation, playbackAction: CPPlaybackConfiguration.Action, elapsedTime: CMTime, duration: CMTime) { self.preferredPresentation = preferredPresentation; self.playbackAction = playbackAction; self.elapsedTime = elapsedTime; self.duration = duration }
  // unchecked: NSCopying's requirement (the facts list the conformance, not Foundation's members)
  nonisolated public func copy(with zone: NSZone? = nil) -> Any { self }
  // https://developer.apple.com/documentation/carplay/cpplaybackconfiguration/preferredpresentation
  public internal(set) var preferredPresentation: CPPlaybackConfiguration.Presentation
  // https://developer.apple.com/documentation/carplay/cpplaybackconfiguration/playbackaction
  public internal(set) var playbackAction: CPPlaybackConfiguration.Action
  // https://developer.apple.com/documentation/carplay/cpplaybackconfiguration/elapsedtime
  public internal(set) var elapsedTime: CMTime
  // https://developer.apple.com/documentation/carplay/cpplaybackconfiguration/duration
  public internal(set) var duration: CMTime
}

// https://developer.apple.com/documentation/carplay/cpplayableitem
// verified: developer.apple.com/documentation/carplay/cpplayableitem/playbackconfiguration (CPPlayableItem, iOS 26.4)
public protocol CPPlayableItem: NSObjectProtocol {
  // https://developer.apple.com/documentation/carplay/cpplayableitem/playbackconfiguration
  var playbackConfiguration: CPPlaybackConfiguration? { get set }
}

// MARK: List

// https://developer.apple.com/documentation/carplay/cplisttemplateitem
public protocol CPListTemplateItem: NSObjectProtocol {
  // https://developer.apple.com/documentation/carplay/cplisttemplateitem/text
  var text: String? { get }
  // https://developer.apple.com/documentation/carplay/cplisttemplateitem/userinfo
  var userInfo: Any? { get set }
  // https://developer.apple.com/documentation/carplay/cplisttemplateitem/isenabled
  var isEnabled: Bool { get set }
}

// https://developer.apple.com/documentation/carplay/cpselectablelistitem
public protocol CPSelectableListItem: CPListTemplateItem {
  // https://developer.apple.com/documentation/carplay/cpselectablelistitem/handler
  var handler: ((any CPSelectableListItem, @escaping () -> Void) -> Void)? { get set }
}

// https://developer.apple.com/documentation/carplay/cplistitemaccessorytype
public enum CPListItemAccessoryType: Int, Sendable { case none, disclosureIndicator, cloud }

// https://developer.apple.com/documentation/carplay/cplistitemplayingindicatorlocation
public enum CPListItemPlayingIndicatorLocation: Int, Sendable { case leading, trailing }

// https://developer.apple.com/documentation/carplay/cplistitem
@MainActor open class CPListItem: NSObject, @preconcurrency CPSelectableListItem, @preconcurrency CPPlayableItem {
  // https://developer.apple.com/documentation/carplay/cplistitem/init(text:detailtext:image:accessoryimage:accessorytype:)
  public init(text: String?, detailText: String?, image: UIImage?, accessoryImage: UIImage?, accessoryType: CPListItemAccessoryType) { self.text = text; self.detailText = detailText; self.image = image; self.accessoryImage = accessoryImage; self.accessoryType = accessoryType }
  // https://developer.apple.com/documentation/carplay/cplistitem/text
  public internal(set) var text: String?
  // https://developer.apple.com/documentation/carplay/cplistitem/detailtext
  public internal(set) var detailText: String?
  // https://developer.apple.com/documentation/carplay/cplistitem/image
  public internal(set) var image: UIImage?
  // https://developer.apple.com/documentation/carplay/cplistitem/accessoryimage
  public internal(set) var accessoryImage: UIImage?
  // https://developer.apple.com/documentation/carplay/cplistitem/userinfo
  open var userInfo: Any?
  // https://developer.apple.com/documentation/carplay/cplistitem/handler
  open var handler: ((any CPSelectableListItem, @escaping () -> Void) -> Void)?
  // https://developer.apple.com/documentation/carplay/cplistitem/settext(_:)
  open func setText(_ text: String) { self.text = text }
  // https://developer.apple.com/documentation/carplay/cplistitem/setdetailtext(_:)
  open func setDetailText(_ detailText: String?) { self.detailText = detailText }
  // https://developer.apple.com/documentation/carplay/cplistitem/setimage(_:)
  open func setImage(_ image: UIImage?) { self.image = image }
  // https://developer.apple.com/documentation/carplay/cplistitem/setaccessoryimage(_:)
  open func setAccessoryImage(_ accessoryImage: UIImage?) { self.accessoryImage = accessoryImage }
  // https://developer.apple.com/documentation/carplay/cplistitem/accessorytype
  open var accessoryType: CPListItemAccessoryType
  // https://developer.apple.com/documentation/carplay/cplistitem/isenabled
  open var isEnabled: Bool = true
  // https://developer.apple.com/documentation/carplay/cplistitem/isexplicitcontent
  open var isExplicitContent: Bool = false
  // https://developer.apple.com/documentation/carplay/cplistitem/playbackprogress
  open var playbackProgress: CGFloat = 0
  // https://developer.apple.com/documentation/carplay/cplistitem/isplaying
  open var isPlaying: Bool = false
  // https://developer.apple.com/documentation/carplay/cplistitem/playingindicatorlocation
  open var playingIndicatorLocation: CPListItemPlayingIndicatorLocation = .leading
  // https://developer.apple.com/documentation/carplay/cpplayableitem/playbackconfiguration (iOS 26.4)
  @NSCopying open var playbackConfiguration: CPPlaybackConfiguration?
  // https://developer.apple.com/documentation/carplay/cplistitem/maximumimagesize
  public static var maximumImageSize: CGSize { CGSize(width: 44, height: 44) }
  // The Objective-C CPAssistantCellPosition, nested in Swift (NS_SWIFT_NAME).
  // sel: CPAssistantCellPosition
  // verified: developer.apple.com/documentation/carplay/cplistitem/assistantcellposition (CPListItem.AssistantCellPosition)
  public enum AssistantCellPosition: Int, Sendable { case top, bottom }
  // The Objective-C CPAssistantCellVisibility, nested in Swift (NS_SWIFT_NAME).
  // sel: CPAssistantCellVisibility
  // verified: developer.apple.com/documentation/carplay/cplistitem/assistantcellvisibility (CPListItem.AssistantCellVisibility)
  public enum AssistantCellVisibility: Int, Sendable { case off, whileLimitedUIActive, always }
}

// https://developer.apple.com/documentation/carplay/cplistimagerowitemelement (iOS 26)
// verified: developer.apple.com/documentation/carplay/cplistimagerowitem/elements (var elements: [CPListImageRowItemElement])
@MainActor open class CPListImageRowItemElement: NSObject {
  init(image: UIImage) { self.image = image }
  // https://developer.apple.com/documentation/carplay/cplistimagerowitemelement/image
  open var image: UIImage
  // https://developer.apple.com/documentation/carplay/cplistimagerowitemelement/isenabled
  open var isEnabled: Bool = true
  // https://developer.apple.com/documentation/carplay/cplistimagerowitemelement/maximumimagesize
  public static var maximumImageSize: CGSize { CGSize(width: 90, height: 90) }
}

// https://developer.apple.com/documentation/carplay/cplistimagerowitemrowelement (iOS 26)
// verified: developer.apple.com/documentation/carplay/cplistimagerowitemrowelement/init(image:title:subtitle:)
@MainActor open class CPListImageRowItemRowElement: CPListImageRowItemElement {
  // https://developer.apple.com/documentation/carplay/cplistimagerowitemrowelement/init(image:title:subtitle:)
  // verified: developer.apple.com/documentation/carplay/cplistimagerowitemrowelement/init(image:title:subtitle:)
  public init(image: UIImage, title: String?, subtitle: String?) { self.title = title; self.subtitle = subtitle; super.init(image: image) }
  // https://developer.apple.com/documentation/carplay/cplistimagerowitemrowelement/title
  open var title: String?
  // https://developer.apple.com/documentation/carplay/cplistimagerowitemrowelement/subtitle
  open var subtitle: String?
}

// https://developer.apple.com/documentation/carplay/cplistimagerowitem
@MainActor open class CPListImageRowItem: NSObject, @preconcurrency CPSelectableListItem {
  // https://developer.apple.com/documentation/carplay/cplistimagerowitem/init(text:images:imagetitles:)
  @available(*, deprecated, message: "iOS 26.0: use init(text:elements:allowsMultipleLines:)")
  // verified: developer.apple.com/documentation/carplay/cplistimagerowitem/init(text:images:imagetitles:)
  public init(text: String, images: [UIImage], imageTitles: [String]) { self.text = text; elements = zip(images, imageTitles).map { CPListImageRowItemRowElement(image: $0.0, title: $0.1, subtitle: nil) }; allowsMultipleLines = false }
  // https://developer.apple.com/documentation/carplay/cplistimagerowitem/init(text:elements:allowsmultiplelines:) (iOS 26)
  // verified: developer.apple.com/documentation/carplay/cplistimagerowitem/init(text:elements:allowsmultiplelines:) (Apple's page, as a snapshot of Apple's iOS documentation shows it: `init(text: String?, elements: [CPListImageRowItemRowElement], allowsMultipleLines: Bool)`, iOS 26.0; its siblings' pages, e.g. developer.apple.com/tutorials/data/documentation/carplay/cplistimagerowitem/init(text:cardelements:allowsmultiplelines:).md, rename only their own element labels)
  public init(text: String?, elements: [CPListImageRowItemRowElement], allowsMultipleLines: Bool) { self.text = text; self.elements = elements; self.allowsMultipleLines = allowsMultipleLines }
  // https://developer.apple.com/documentation/carplay/cplistimagerowitem/text
  open var text: String?
  // https://developer.apple.com/documentation/carplay/cplistimagerowitem/elements (iOS 26)
  open var elements: [CPListImageRowItemElement]
  // https://developer.apple.com/documentation/carplay/cplistimagerowitem/allowsmultiplelines (iOS 26)
  public internal(set) var allowsMultipleLines: Bool
  // https://developer.apple.com/documentation/carplay/cplistimagerowitem/userinfo
  open var userInfo: Any?
  // https://developer.apple.com/documentation/carplay/cplistimagerowitem/isenabled
  open var isEnabled: Bool = true
  // https://developer.apple.com/documentation/carplay/cplistimagerowitem/handler
  open var handler: ((any CPSelectableListItem, @escaping () -> Void) -> Void)?
  // https://developer.apple.com/documentation/carplay/cplistimagerowitem/listimagerowhandler
  open var listImageRowHandler: ((CPListImageRowItem, Int, @escaping () -> Void) -> Void)?
  // https://developer.apple.com/documentation/carplay/cplistimagerowitem/update(_:)
  @available(*, deprecated, message: "iOS 26.0: set elements")
  open func update(_ gridImages: [UIImage]) {}
  // https://developer.apple.com/documentation/carplay/cplistimagerowitem/maximumimagesize
  @available(*, deprecated, message: "iOS 26.0: use CPListImageRowItemElement.maximumImageSize")
  public static var maximumImageSize: CGSize { CGSize(width: 90, height: 90) }
}

// https://developer.apple.com/documentation/carplay/cplistsection
open class CPListSection: NSObject {
  // https://developer.apple.com/documentation/foundation/nscoding/init(coder:)
  public required init?(coder: NSCoder) { nil }
  // https://developer.apple.com/documentation/carplay/cplistsection/init(items:header:headersubtitle:headerimage:headerbutton:sectionindextitle:)
  // verified: developer.apple.com/documentation/carplay/cplistsection/init(items:header:headersubtitle:headerimage:headerbutton:sectionindextitle:)
  public init(items: [any CPListTemplateItem], header: String, headerSubtitle: String?, headerImage: UIImage?, headerButton: CPButton?, sectionIndexTitle: String?) { self.items = items; self.header = header; self.headerSubtitle = headerSubtitle; self.headerImage = headerImage; self.headerButton = headerButton; self.sectionIndexTitle = sectionIndexTitle }
  // https://developer.apple.com/documentation/carplay/cplistsection/init(items:header:sectionindextitle:)
  public init(items: [any CPListTemplateItem], header: String?, sectionIndexTitle: String?) { self.items = items; self.header = header; self.sectionIndexTitle = sectionIndexTitle }
  // https://developer.apple.com/documentation/carplay/cplistsection/items
  public internal(set) var items: [any CPListTemplateItem]
  // https://developer.apple.com/documentation/carplay/cplistsection/header
  public internal(set) var header: String?
  // https://developer.apple.com/documentation/carplay/cplistsection/headersubtitle
  public internal(set) var headerSubtitle: String?
  // https://developer.apple.com/documentation/carplay/cplistsection/headerimage
  open var headerImage: UIImage?
  // https://developer.apple.com/documentation/carplay/cplistsection/headerbutton
  public internal(set) var headerButton: CPButton?
  // https://developer.apple.com/documentation/carplay/cplistsection/sectionindextitle
  public internal(set) var sectionIndexTitle: String?
}

// verified: developer.apple.com/documentation/carplay/cpassistantcellconfiguration/init(position:visibility:assistantaction:) (a top-level type in Swift)
public enum CPAssistantCellActionType: Int, Sendable { case playMedia, startCall }

// https://developer.apple.com/documentation/carplay/cpassistantcellconfiguration
// verified: developer.apple.com/documentation/carplay/cpassistantcellconfiguration
open class CPAssistantCellConfiguration: NSObject {
  // https://developer.apple.com/documentation/foundation/nscoding/init(coder:)
  public required init?(coder: NSCoder) { nil }
  // verified: developer.apple.com/documentation/carplay/cpassistantcellconfiguration/init(position:visibility:assistantaction:)
  public init(position: CPListItem.AssistantCellPosition, visibility: CPListItem.AssistantCellVisibility, assistantAction: CPAssistantCellActionType) { self.position = position; self.visibility = visibility; self.assistantAction = assistantAction }
  // https://developer.apple.com/documentation/carplay/cpassistantcellconfiguration/position
  public internal(set) var position: CPListItem.AssistantCellPosition
  // https://developer.apple.com/documentation/carplay/cpassistantcellconfiguration/visibility
  public internal(set) var visibility: CPListItem.AssistantCellVisibility
  // https://developer.apple.com/documentation/carplay/cpassistantcellconfiguration/assistantaction
  public internal(set) var assistantAction: CPAssistantCellActionType
}

// https://developer.apple.com/documentation/carplay/cpthumbnailimage (iOS 26.4)
// verified: developer.apple.com/documentation/carplay/cpthumbnailimage/init(image:)
@MainActor open class CPThumbnailImage: NSObject {
  // https://developer.apple.com/documentation/foundation/nscoding/init(coder:)
  public required init?(coder: NSCoder) { nil }
  // https://developer.apple.com/documentation/carplay/cpthumbnailimage/init(image:)
  // verified: developer.apple.com/documentation/carplay/cpthumbnailimage/init(image:)
  public init(image: UIImage) { self.image = image }
  // https://developer.apple.com/documentation/carplay/cpthumbnailimage/image
  open var image: UIImage
}

// https://developer.apple.com/documentation/carplay/cplisttemplatedetailsheader (iOS 26.4)
// verified: developer.apple.com/documentation/carplay/cplisttemplatedetailsheader (class page: @MainActor)
@MainActor open class CPListTemplateDetailsHeader: NSObject, @preconcurrency CPPlayableItem {
  // https://developer.apple.com/documentation/foundation/nscoding/init(coder:)
  public required init?(coder: NSCoder) { nil }
  // https://developer.apple.com/documentation/carplay/cplisttemplatedetailsheader/init(thumbnail:title:subtitle:bodyvariants:actionbuttons:)
  // verified: developer.apple.com/documentation/carplay/cplisttemplatedetailsheader/init(thumbnail:title:subtitle:bodyvariants:actionbuttons:)
  public init(thumbnail: CPThumbnailImage, title: String?, subtitle: String?, bodyVariants: [NSAttributedString], actionButtons: [CPButton]) { self.thumbnail = thumbnail; self.title = title; self.subtitle = subtitle; self.bodyVariants = bodyVariants; self.actionButtons = actionButtons }
  // https://developer.apple.com/documentation/carplay/cplisttemplatedetailsheader/thumbnail
  open var thumbnail: CPThumbnailImage
  // https://developer.apple.com/documentation/carplay/cplisttemplatedetailsheader/title
  open var title: String?
  // https://developer.apple.com/documentation/carplay/cplisttemplatedetailsheader/subtitle
  open var subtitle: String?
  // https://developer.apple.com/documentation/carplay/cplisttemplatedetailsheader/bodyvariants
  open var bodyVariants: [NSAttributedString]
  // https://developer.apple.com/documentation/carplay/cplisttemplatedetailsheader/actionbuttons
  open var actionButtons: [CPButton]
  // https://developer.apple.com/documentation/carplay/cpplayableitem/playbackconfiguration
  @NSCopying open var playbackConfiguration: CPPlaybackConfiguration?
}

// https://developer.apple.com/documentation/carplay/cplisttemplate
@MainActor open class CPListTemplate: CPTemplate, @preconcurrency CPBarButtonProviding {
  // https://developer.apple.com/documentation/carplay/cplisttemplate/init(title:listheader:sections:assistantcellconfiguration:)
  // verified: developer.apple.com/documentation/carplay/cplisttemplate/init(title:listheader:sections:assistantcellconfiguration:)
  public init(title: String?, listHeader: CPListTemplateDetailsHeader?, sections: [CPListSection], assistantCellConfiguration: CPAssistantCellConfiguration?) { self.title = title; self.listHeader = listHeader; self.sections = sections; self.assistantCellConfiguration = assistantCellConfiguration; super.init() }
  public required init?(coder: NSCoder) { nil }
  // https://developer.apple.com/documentation/carplay/cplisttemplate/title
  public internal(set) var title: String?
  // https://developer.apple.com/documentation/carplay/cplisttemplate/sections
  public internal(set) var sections: [CPListSection]
  // https://developer.apple.com/documentation/carplay/cplisttemplate/updatesections(_:)
  open func updateSections(_ sections: [CPListSection]) { self.sections = sections }
  // https://developer.apple.com/documentation/carplay/cplisttemplate/emptyviewtitlevariants
  open var emptyViewTitleVariants: [String] = []
  // https://developer.apple.com/documentation/carplay/cplisttemplate/emptyviewsubtitlevariants
  open var emptyViewSubtitleVariants: [String] = []
  // https://developer.apple.com/documentation/carplay/cplisttemplate/showsspinnerwhileempty
  open var showsSpinnerWhileEmpty: Bool = false
  // https://developer.apple.com/documentation/carplay/cplisttemplate/headergridbuttons
  open var headerGridButtons: [CPGridButton]?
  // https://developer.apple.com/documentation/carplay/cplisttemplate/listheader
  open var listHeader: CPListTemplateDetailsHeader?
  // https://developer.apple.com/documentation/carplay/cplisttemplate/assistantcellconfiguration
  open var assistantCellConfiguration: CPAssistantCellConfiguration?
  // https://developer.apple.com/documentation/carplay/cplisttemplate/leadingnavigationbarbuttons
  open var leadingNavigationBarButtons: [CPBarButton] = []
  // https://developer.apple.com/documentation/carplay/cplisttemplate/trailingnavigationbarbuttons
  open var trailingNavigationBarButtons: [CPBarButton] = []
  // https://developer.apple.com/documentation/carplay/cplisttemplate/backbutton
  open var backButton: CPBarButton?
}

// MARK: Grid, tab bar, information

// https://developer.apple.com/documentation/carplay/cpgridtemplate
@MainActor open class CPGridTemplate: CPTemplate, @preconcurrency CPBarButtonProviding {
  // https://developer.apple.com/documentation/carplay/cpgridtemplate/init(title:gridbuttons:)
  public init(title: String?, gridButtons: [CPGridButton]) { self.title = title ?? ""; self.gridButtons = gridButtons; super.init() }
  public required init?(coder: NSCoder) { nil }
  // https://developer.apple.com/documentation/carplay/cpgridtemplate/title
  public internal(set) var title: String
  // https://developer.apple.com/documentation/carplay/cpgridtemplate/gridbuttons
  public internal(set) var gridButtons: [CPGridButton]
  // https://developer.apple.com/documentation/carplay/cpgridtemplate/updategridbuttons(_:)
  // verified: developer.apple.com/documentation/carplay/cpgridtemplate/updategridbuttons(_:)
  open func updateGridButtons(_ gridButtons: [CPGridButton]) { self.gridButtons = gridButtons }
  // https://developer.apple.com/documentation/carplay/cpgridtemplate/updatetitle(_:)
  // verified: developer.apple.com/documentation/carplay/cpgridtemplate/updatetitle(_:)
  open func updateTitle(_ title: String) { self.title = title }
  // https://developer.apple.com/documentation/carplay/cpgridtemplate/maximumgridbuttonimagesize
  public static var maximumGridButtonImageSize: CGSize { CGSize(width: 40, height: 40) }
  open var leadingNavigationBarButtons: [CPBarButton] = []
  open var trailingNavigationBarButtons: [CPBarButton] = []
  open var backButton: CPBarButton?
}

// https://developer.apple.com/documentation/carplay/cptabbartemplate
@MainActor open class CPTabBarTemplate: CPTemplate {
  // https://developer.apple.com/documentation/carplay/cptabbartemplate/init(templates:)
  public init(templates: [CPTemplate]) { self.templates = templates; selectedTemplate = templates.first; super.init() }
  public required init?(coder: NSCoder) { nil }
  // https://developer.apple.com/documentation/carplay/cptabbartemplate/delegate
  weak open var delegate: (any CPTabBarTemplateDelegate)?
  // https://developer.apple.com/documentation/carplay/cptabbartemplate/templates
  public internal(set) var templates: [CPTemplate]
  // https://developer.apple.com/documentation/carplay/cptabbartemplate/selectedtemplate
  public internal(set) var selectedTemplate: CPTemplate?
  // https://developer.apple.com/documentation/carplay/cptabbartemplate/updatetemplates(_:)
  open func updateTemplates(_ newTemplates: [CPTemplate]) { templates = newTemplates }
  // https://developer.apple.com/documentation/carplay/cptabbartemplate/selecttemplate(at:)
  // verified: developer.apple.com/documentation/carplay/cptabbartemplate/selecttemplate(at:)
  open func selectTemplate(at index: Int) { if templates.indices.contains(index) { selectedTemplate = templates[index] } }
}

// https://developer.apple.com/documentation/carplay/cptabbartemplatedelegate
@MainActor public protocol CPTabBarTemplateDelegate: NSObjectProtocol {
  // https://developer.apple.com/documentation/carplay/cptabbartemplatedelegate/tabbartemplate(_:didselect:)
  func tabBarTemplate(_ tabBarTemplate: CPTabBarTemplate, didSelect selectedTemplate: CPTemplate)
}

// https://developer.apple.com/documentation/carplay/cpinformationtemplatelayout
public enum CPInformationTemplateLayout: Int, Sendable { case leading, twoColumn }

// https://developer.apple.com/documentation/carplay/cpinformationitem
open class CPInformationItem: NSObject {
  // https://developer.apple.com/documentation/foundation/nscoding/init(coder:)
  public required init?(coder: NSCoder) { nil }
  // https://developer.apple.com/documentation/carplay/cpinformationitem/init(title:detail:)
  public init(title: String?, detail: String?) { self.title = title; self.detail = detail }
  // https://developer.apple.com/documentation/carplay/cpinformationitem/title
  public internal(set) var title: String?
  // https://developer.apple.com/documentation/carplay/cpinformationitem/detail
  public internal(set) var detail: String?
}

// https://developer.apple.com/documentation/carplay/cpinformationratingitem
open class CPInformationRatingItem: CPInformationItem {
  // https://developer.apple.com/documentation/carplay/cpinformationratingitem/init(rating:maximumrating:title:detail:)
  public init(rating: NSNumber?, maximumRating: NSNumber?, title: String?, detail: String?) { self.rating = rating; self.maximumRating = maximumRating; super.init(title: title, detail: detail) }
  public required init?(coder: NSCoder) { nil }
  // https://developer.apple.com/documentation/carplay/cpinformationratingitem/rating
  public internal(set) var rating: NSNumber?
  // https://developer.apple.com/documentation/carplay/cpinformationratingitem/maximumrating
  public internal(set) var maximumRating: NSNumber?
}

// https://developer.apple.com/documentation/carplay/cpinformationtemplate
@MainActor open class CPInformationTemplate: CPTemplate, @preconcurrency CPBarButtonProviding {
  // https://developer.apple.com/documentation/carplay/cpinformationtemplate/init(title:layout:items:actions:)
  public init(title: String, layout: CPInformationTemplateLayout, items: [CPInformationItem], actions: [CPTextButton]) { self.title = title; self.layout = layout; self.items = items; self.actions = actions; super.init() }
  public required init?(coder: NSCoder) { nil }
  // https://developer.apple.com/documentation/carplay/cpinformationtemplate/layout
  public internal(set) var layout: CPInformationTemplateLayout
  // https://developer.apple.com/documentation/carplay/cpinformationtemplate/title
  open var title: String
  // https://developer.apple.com/documentation/carplay/cpinformationtemplate/items
  open var items: [CPInformationItem]
  // https://developer.apple.com/documentation/carplay/cpinformationtemplate/actions
  open var actions: [CPTextButton]
  open var leadingNavigationBarButtons: [CPBarButton] = []
  open var trailingNavigationBarButtons: [CPBarButton] = []
  open var backButton: CPBarButton?
}

// MARK: Point of interest

// https://developer.apple.com/documentation/carplay/cppointofinterest
open class CPPointOfInterest: NSObject {
  // https://developer.apple.com/documentation/foundation/nscoding/init(coder:)
  public required init?(coder: NSCoder) { nil }
  // https://developer.apple.com/documentation/carplay/cppointofinterest/init(location:title:subtitle:summary:detailtitle:detailsubtitle:detailsummary:pinimage:selectedpinimage:)
  // verified: developer.apple.com/documentation/carplay/cppointofinterest/init(location:title:subtitle:summary:detailtitle:detailsubtitle:detailsummary:pinimage:selectedpinimage:)
  public init(location: MKMapItem, title: String, subtitle: String?, summary: String?, detailTitle: String?, detailSubtitle: String?, detailSummary: String?, pinImage: UIImage?, selectedPinImage: UIImage?) { self.location = location; self.title = title; self.subtitle = subtitle; self.summary = summary; self.detailTitle = detailTitle; self.detailSubtitle = detailSubtitle; self.detailSummary = detailSummary; self.pinImage = pinImage; self.selectedPinImage = selectedPinImage }
  // https://developer.apple.com/documentation/carplay/cppointofinterest/location
  open var location: MKMapItem
  // https://developer.apple.com/documentation/carplay/cppointofinterest/title
  open var title: String
  // https://developer.apple.com/documentation/carplay/cppointofinterest/subtitle
  open var subtitle: String?
  // https://developer.apple.com/documentation/carplay/cppointofinterest/summary
  open var summary: String?
  // https://developer.apple.com/documentation/carplay/cppointofinterest/detailtitle
  open var detailTitle: String?
  // https://developer.apple.com/documentation/carplay/cppointofinterest/detailsubtitle
  open var detailSubtitle: String?
  // https://developer.apple.com/documentation/carplay/cppointofinterest/detailsummary
  open var detailSummary: String?
  // https://developer.apple.com/documentation/carplay/cppointofinterest/pinimage
  open var pinImage: UIImage?
  // https://developer.apple.com/documentation/carplay/cppointofinterest/selectedpinimage
  open var selectedPinImage: UIImage?
  // https://developer.apple.com/documentation/carplay/cppointofinterest/primarybutton
  open var primaryButton: CPTextButton?
  // https://developer.apple.com/documentation/carplay/cppointofinterest/secondarybutton
  open var secondaryButton: CPTextButton?
  // https://developer.apple.com/documentation/carplay/cppointofinterest/userinfo
  open var userInfo: Any?
  // https://developer.apple.com/documentation/carplay/cppointofinterest/pinimagesize
  public static var pinImageSize: CGSize { CGSize(width: 40, height: 40) }
}

// https://developer.apple.com/documentation/carplay/cppointofinteresttemplate
@MainActor open class CPPointOfInterestTemplate: CPTemplate, @preconcurrency CPBarButtonProviding {
  // https://developer.apple.com/documentation/carplay/cppointofinteresttemplate/init(title:pointsofinterest:selectedindex:)
  public init(title: String, pointsOfInterest: [CPPointOfInterest], selectedIndex: Int) { self.title = title; self.pointsOfInterest = pointsOfInterest; self.selectedIndex = selectedIndex; super.init() }
  public required init?(coder: NSCoder) { nil }
  // https://developer.apple.com/documentation/carplay/cppointofinteresttemplate/title
  open var title: String
  // https://developer.apple.com/documentation/carplay/cppointofinteresttemplate/pointsofinterest
  public internal(set) var pointsOfInterest: [CPPointOfInterest]
  // https://developer.apple.com/documentation/carplay/cppointofinteresttemplate/selectedindex
  open var selectedIndex: Int
  // https://developer.apple.com/documentation/carplay/cppointofinteresttemplate/pointofinterestdelegate
  weak open var pointOfInterestDelegate: (any CPPointOfInterestTemplateDelegate)?
  // https://developer.apple.com/documentation/carplay/cppointofinteresttemplate/setpointsofinterest(_:selectedindex:)
  open func setPointsOfInterest(_ pointsOfInterest: [CPPointOfInterest], selectedIndex: Int) { self.pointsOfInterest = pointsOfInterest; self.selectedIndex = selectedIndex }
  open var leadingNavigationBarButtons: [CPBarButton] = []
  open var trailingNavigationBarButtons: [CPBarButton] = []
  open var backButton: CPBarButton?
}

// https://developer.apple.com/documentation/carplay/cppointofinteresttemplatedelegate
@MainActor public protocol CPPointOfInterestTemplateDelegate: NSObjectProtocol {
  // https://developer.apple.com/documentation/carplay/cppointofinteresttemplatedelegate/pointofinteresttemplate(_:didchangemapregion:)
  func pointOfInterestTemplate(_ pointOfInterestTemplate: CPPointOfInterestTemplate, didChangeMapRegion region: MKCoordinateRegion)
  // https://developer.apple.com/documentation/carplay/cppointofinteresttemplatedelegate/pointofinteresttemplate(_:didselectpointofinterest:)
  func pointOfInterestTemplate(_ pointOfInterestTemplate: CPPointOfInterestTemplate, didSelectPointOfInterest pointOfInterest: CPPointOfInterest)
}
extension CPPointOfInterestTemplateDelegate {
  public func pointOfInterestTemplate(_ pointOfInterestTemplate: CPPointOfInterestTemplate, didSelectPointOfInterest pointOfInterest: CPPointOfInterest) {}
}

// MARK: Map

// https://developer.apple.com/documentation/carplay/cpmapbutton
@MainActor open class CPMapButton: NSObject {
  // https://developer.apple.com/documentation/foundation/nscoding/init(coder:)
  public required init?(coder: NSCoder) { nil }
  // https://developer.apple.com/documentation/carplay/cpmapbutton/init(handler:)
  public init(handler: ((CPMapButton) -> Void)? = nil) { standInHandler = handler }
  // https://developer.apple.com/documentation/carplay/cpmapbutton/image
  open var image: UIImage?
  // https://developer.apple.com/documentation/carplay/cpmapbutton/focusedimage
  open var focusedImage: UIImage?
  // https://developer.apple.com/documentation/carplay/cpmapbutton/isenabled
  open var isEnabled: Bool = true
  // https://developer.apple.com/documentation/carplay/cpmapbutton/ishidden
  open var isHidden: Bool = false
  // Stand-in only: the handler CarPlay calls on a tap.
  public let standInHandler: ((CPMapButton) -> Void)?
}

// https://developer.apple.com/documentation/carplay/cproutechoice
open class CPRouteChoice: NSObject {
  // https://developer.apple.com/documentation/foundation/nscoding/init(coder:)
  public required init?(coder: NSCoder) { nil }
  // https://developer.apple.com/documentation/carplay/cproutechoice/init(summaryvariants:additionalinformationvariants:selectionsummaryvariants:)
  public init(summaryVariants: [String], additionalInformationVariants: [String], selectionSummaryVariants: [String]) { self.summaryVariants = summaryVariants; self.additionalInformationVariants = additionalInformationVariants; self.selectionSummaryVariants = selectionSummaryVariants }
  // https://developer.apple.com/documentation/carplay/cproutechoice/summaryvariants
  public internal(set) var summaryVariants: [String]
  // https://developer.apple.com/documentation/carplay/cproutechoice/additionalinformationvariants
  public internal(set) var additionalInformationVariants: [String]?
  // https://developer.apple.com/documentation/carplay/cproutechoice/selectionsummaryvariants
  public internal(set) var selectionSummaryVariants: [String]?
  // https://developer.apple.com/documentation/carplay/cproutechoice/userinfo
  open var userInfo: Any?
}

// https://developer.apple.com/documentation/carplay/cplocationcoordinate3d (iOS 26.4)
public struct CPLocationCoordinate3D: Sendable {
  public var latitude: CLLocationDegrees
  public var longitude: CLLocationDegrees
  public var altitude: CLLocationDistance
  public init(latitude: CLLocationDegrees, longitude: CLLocationDegrees, altitude: CLLocationDistance) { self.latitude = latitude; self.longitude = longitude; self.altitude = altitude }
}

// verified: developer.apple.com/documentation/carplay/cpnavigationwaypoint (class page, iOS 26.4)
open class CPNavigationWaypoint: NSObject, @unchecked Sendable {
  // https://developer.apple.com/documentation/foundation/nscoding/init(coder:)
  public required init?(coder: NSCoder) { nil }
  // The pointer-and-count initializer of the header is NS_REFINED_FOR_SWIFT; Swift sees this
  // array form (a convenience init in the CarPlay overlay).
  // overlay: NS_REFINED_FOR_SWIFT (initWithMapItem:locationThreshold:entryPoints:entryPointsCount:)
  // verified: developer.apple.com/documentation/carplay/cpnavigationwaypoint/init(mapitem:locationthreshold:entrypoints:)
  public convenience init(mapItem: MKMapItem, locationThreshold: Measurement<UnitLength>?, entryPoints: [CPLocationCoordinate3D]) { self.init(standInMapItem: mapItem, locationThreshold: locationThreshold, entryPoints: entryPoints) }
  // https://developer.apple.com/documentation/carplay/cpnavigationwaypoint/locationthreshold
  public let locationThreshold: Measurement<UnitLength>?
  // overlay: NS_REFINED_FOR_SWIFT (entryPoints + entryPointsCount in Objective-C)
  // verified: developer.apple.com/documentation/carplay/cpnavigationwaypoint/entrypoints-obhb (var entryPoints: [CPLocationCoordinate3D] { get })
  public let entryPoints: [CPLocationCoordinate3D]
  // Stand-in only: the designated initializer behind the overlay's convenience one.
  init(standInMapItem: MKMapItem, locationThreshold: Measurement<UnitLength>?, entryPoints: [CPLocationCoordinate3D]) { self.standInMapItem = standInMapItem; self.locationThreshold = locationThreshold; self.entryPoints = entryPoints; super.init() }
  // Stand-in only: the map item the waypoint was made from.
  public let standInMapItem: MKMapItem
}

// https://developer.apple.com/documentation/carplay/cptrip
open class CPTrip: NSObject {
  // https://developer.apple.com/documentation/foundation/nscoding/init(coder:)
  public required init?(coder: NSCoder) { nil }
  // verified: developer.apple.com/documentation/carplay/cptrip/init(originwaypoint:destinationwaypoint:routechoices:) (iOS 26.4)
  public init(originWaypoint origin: CPNavigationWaypoint, destinationWaypoint destination: CPNavigationWaypoint, routeChoices: [CPRouteChoice]) { originWaypoint = origin; destinationWaypoint = destination; self.routeChoices = routeChoices }
  // https://developer.apple.com/documentation/carplay/cptrip/originwaypoint
  public let originWaypoint: CPNavigationWaypoint
  // https://developer.apple.com/documentation/carplay/cptrip/destinationwaypoint
  public let destinationWaypoint: CPNavigationWaypoint
  // https://developer.apple.com/documentation/carplay/cptrip/routechoices
  public let routeChoices: [CPRouteChoice]
  // https://developer.apple.com/documentation/carplay/cptrip/userinfo
  open var userInfo: Any?
}

// https://developer.apple.com/documentation/carplay/cpmaptemplate
@MainActor open class CPMapTemplate: CPTemplate, @preconcurrency CPBarButtonProviding {
  // https://developer.apple.com/documentation/carplay/cpmaptemplate/init()
  public override init() { super.init() }
  public required init?(coder: NSCoder) { nil }
  // https://developer.apple.com/documentation/carplay/cpmaptemplate/mapdelegate
  weak open var mapDelegate: (any CPMapTemplateDelegate)?
  // https://developer.apple.com/documentation/carplay/cpmaptemplate/mapbuttons
  open var mapButtons: [CPMapButton] = []
  // https://developer.apple.com/documentation/carplay/cpmaptemplate/automaticallyhidesnavigationbar
  open var automaticallyHidesNavigationBar: Bool = true
  // https://developer.apple.com/documentation/carplay/cpmaptemplate/ispanninginterfacevisible
  public internal(set) var isPanningInterfaceVisible: Bool = false
  // https://developer.apple.com/documentation/carplay/cpmaptemplate/showpanninginterface(animated:)
  open func showPanningInterface(animated: Bool) { isPanningInterfaceVisible = true }
  // https://developer.apple.com/documentation/carplay/cpmaptemplate/dismisspanninginterface(animated:)
  open func dismissPanningInterface(animated: Bool) { isPanningInterfaceVisible = false; mapDelegate?.mapTemplateDidDismissPanningInterface(self) }
  /// CarPlay closes the panning interface itself and tells the delegate (stand-in only).
  public func standInSystemDismissesPanning() { isPanningInterfaceVisible = false; mapDelegate?.mapTemplateDidDismissPanningInterface(self) }
  // https://developer.apple.com/documentation/carplay/cpmaptemplate/showtrippreviews(_:textconfiguration:)
  open func showTripPreviews(_ tripPreviews: [CPTrip], textConfiguration: CPTripPreviewTextConfiguration?) { standInTripPreviews = tripPreviews; standInTripPreviewShows += 1 }
  // https://developer.apple.com/documentation/carplay/cpmaptemplate/hidetrippreviews()
  open func hideTripPreviews() { standInTripPreviews = [] }
  // https://developer.apple.com/documentation/carplay/cpmaptemplate/startnavigationsession(for:)
  open func startNavigationSession(for trip: CPTrip) -> CPNavigationSession { CPNavigationSession(standInTrip: trip) }
  // https://developer.apple.com/documentation/carplay/cpmaptemplate/updateestimates(_:for:)
  open func updateEstimates(_ estimates: CPTravelEstimates, for trip: CPTrip) { standInTripEstimates.append((estimates, trip)) }
  // https://developer.apple.com/documentation/carplay/cpmaptemplate/pandirection
  public struct PanDirection: OptionSet, Sendable {
    public let rawValue: Int
    public init(rawValue: Int) { self.rawValue = rawValue }
    public static let left = PanDirection(rawValue: 1 << 0)
    public static let right = PanDirection(rawValue: 1 << 1)
    public static let up = PanDirection(rawValue: 1 << 2)
    public static let down = PanDirection(rawValue: 1 << 3)
  }
  open var leadingNavigationBarButtons: [CPBarButton] = []
  open var trailingNavigationBarButtons: [CPBarButton] = []
  open var backButton: CPBarButton?
  // Stand-in only: the trips of the latest showTripPreviews (the SDK has no getter).
  public internal(set) var standInTripPreviews: [CPTrip] = []
  /// How many times trip previews were shown (stand-in only).
  public internal(set) var standInTripPreviewShows = 0
  // Stand-in only: every updateEstimates(_:for:) call, oldest first.
  public internal(set) var standInTripEstimates: [(CPTravelEstimates, CPTrip)] = []
}

// https://developer.apple.com/documentation/carplay/cpmaneuver
open class CPManeuver: NSObject {
  // https://developer.apple.com/documentation/foundation/nscoding/init(coder:)
  public required init?(coder: NSCoder) { nil }
  // https://developer.apple.com/documentation/carplay/cpmaneuver/init()
  public override init() {}
  // https://developer.apple.com/documentation/carplay/cpmaneuver/instructionvariants
  open var instructionVariants: [String] = []
  // https://developer.apple.com/documentation/carplay/cpmaneuver/symbolimage
  open var symbolImage: UIImage?
  // https://developer.apple.com/documentation/carplay/cpmaneuver/initialtravelestimates
  open var initialTravelEstimates: CPTravelEstimates?
  // https://developer.apple.com/documentation/carplay/cpmaneuver/userinfo
  open var userInfo: Any?
}

// https://developer.apple.com/documentation/carplay/cptravelestimates
open class CPTravelEstimates: NSObject {
  // https://developer.apple.com/documentation/foundation/nscoding/init(coder:)
  public required init?(coder: NSCoder) { nil }
  // https://developer.apple.com/documentation/carplay/cptravelestimates/init(distanceremaining:timeremaining:)
  public init(distanceRemaining distance: Measurement<UnitLength>, timeRemaining time: TimeInterval) { distanceRemaining = distance; timeRemaining = time }
  // https://developer.apple.com/documentation/carplay/cptravelestimates/distanceremaining
  public let distanceRemaining: Measurement<UnitLength>
  // https://developer.apple.com/documentation/carplay/cptravelestimates/timeremaining
  public let timeRemaining: TimeInterval
}

// https://developer.apple.com/documentation/carplay/cpnavigationsession
@MainActor open class CPNavigationSession: NSObject {
  init(standInTrip: CPTrip) { trip = standInTrip }
  // https://developer.apple.com/documentation/carplay/cpnavigationsession/trip
  public let trip: CPTrip
  // https://developer.apple.com/documentation/carplay/cpnavigationsession/upcomingmaneuvers
  open var upcomingManeuvers: [CPManeuver] = []
  // https://developer.apple.com/documentation/carplay/cpnavigationsession/finishtrip()
  open func finishTrip() { standInFinished = true }
  // https://developer.apple.com/documentation/carplay/cpnavigationsession/updateestimates(_:for:)
  open func updateEstimates(_ estimates: CPTravelEstimates, for maneuver: CPManeuver) { standInManeuverEstimates.append((estimates, maneuver)) }
  // Stand-in only: whether finishTrip() was called.
  public internal(set) var standInFinished = false
  // Stand-in only: every updateEstimates(_:for:) call, oldest first.
  public internal(set) var standInManeuverEstimates: [(CPTravelEstimates, CPManeuver)] = []
}

// https://developer.apple.com/documentation/carplay/cptrippreviewtextconfiguration
open class CPTripPreviewTextConfiguration: NSObject {
  // https://developer.apple.com/documentation/foundation/nscoding/init(coder:)
  public required init?(coder: NSCoder) { nil }
}

// https://developer.apple.com/documentation/carplay/cpmaptemplatedelegate
@MainActor public protocol CPMapTemplateDelegate: NSObjectProtocol {
  // https://developer.apple.com/documentation/carplay/cpmaptemplatedelegate/maptemplate(_:panwith:)
  func mapTemplate(_ mapTemplate: CPMapTemplate, panWith direction: CPMapTemplate.PanDirection)
  // https://developer.apple.com/documentation/carplay/cpmaptemplatedelegate/maptemplate(_:didupdatepangesturewithtranslation:velocity:)
  func mapTemplate(_ mapTemplate: CPMapTemplate, didUpdatePanGestureWithTranslation translation: CGPoint, velocity: CGPoint)
  // https://developer.apple.com/documentation/carplay/cpmaptemplatedelegate/maptemplate(_:didendpangesturewithvelocity:)
  func mapTemplate(_ mapTemplate: CPMapTemplate, didEndPanGestureWithVelocity velocity: CGPoint)
  // https://developer.apple.com/documentation/carplay/cpmaptemplatedelegate/maptemplatedidbeginzoomgesture(_:)
  func mapTemplateDidBeginZoomGesture(_ mapTemplate: CPMapTemplate)
  // https://developer.apple.com/documentation/carplay/cpmaptemplatedelegate/maptemplate(_:didupdatezoomgesturewithcenter:scale:velocity:)
  func mapTemplate(_ mapTemplate: CPMapTemplate, didUpdateZoomGestureWithCenter center: CGPoint, scale: CGFloat, velocity: CGFloat)
  // https://developer.apple.com/documentation/carplay/cpmaptemplatedelegate/maptemplate(_:selectedpreviewfor:using:)
  func mapTemplate(_ mapTemplate: CPMapTemplate, selectedPreviewFor trip: CPTrip, using routeChoice: CPRouteChoice)
  // https://developer.apple.com/documentation/carplay/cpmaptemplatedelegate/maptemplate(_:startedtrip:using:)
  func mapTemplate(_ mapTemplate: CPMapTemplate, startedTrip trip: CPTrip, using routeChoice: CPRouteChoice)
  // https://developer.apple.com/documentation/carplay/cpmaptemplatedelegate/maptemplatediddismisspanninginterface(_:)
  func mapTemplateDidDismissPanningInterface(_ mapTemplate: CPMapTemplate)
  // https://developer.apple.com/documentation/carplay/cpmaptemplatedelegate/maptemplatedidcancelnavigation(_:)
  func mapTemplateDidCancelNavigation(_ mapTemplate: CPMapTemplate)
}
extension CPMapTemplateDelegate {
  public func mapTemplateDidDismissPanningInterface(_ mapTemplate: CPMapTemplate) {}
  public func mapTemplateDidCancelNavigation(_ mapTemplate: CPMapTemplate) {}
  public func mapTemplate(_ mapTemplate: CPMapTemplate, panWith direction: CPMapTemplate.PanDirection) {}
  public func mapTemplate(_ mapTemplate: CPMapTemplate, didUpdatePanGestureWithTranslation translation: CGPoint, velocity: CGPoint) {}
  public func mapTemplate(_ mapTemplate: CPMapTemplate, didEndPanGestureWithVelocity velocity: CGPoint) {}
  public func mapTemplateDidBeginZoomGesture(_ mapTemplate: CPMapTemplate) {}
  public func mapTemplate(_ mapTemplate: CPMapTemplate, didUpdateZoomGestureWithCenter center: CGPoint, scale: CGFloat, velocity: CGFloat) {}
  public func mapTemplate(_ mapTemplate: CPMapTemplate, selectedPreviewFor trip: CPTrip, using routeChoice: CPRouteChoice) {}
  public func mapTemplate(_ mapTemplate: CPMapTemplate, startedTrip trip: CPTrip, using routeChoice: CPRouteChoice) {}
}

// MARK: Now Playing

// https://developer.apple.com/documentation/carplay/cpnowplayingbutton
@MainActor open class CPNowPlayingButton: NSObject {
  // https://developer.apple.com/documentation/foundation/nscoding/init(coder:)
  public required init?(coder: NSCoder) { nil }
  // https://developer.apple.com/documentation/carplay/cpnowplayingbutton/init(handler:)
  public init(handler: ((CPNowPlayingButton) -> Void)? = nil) { standInHandler = handler }
  // Stand-in only: the handler CarPlay calls on a tap.
  public let standInHandler: ((CPNowPlayingButton) -> Void)?
  // https://developer.apple.com/documentation/carplay/cpnowplayingbutton/isenabled
  open var isEnabled: Bool = true
  // https://developer.apple.com/documentation/carplay/cpnowplayingbutton/isselected
  open var isSelected: Bool = false
}
// https://developer.apple.com/documentation/carplay/cpnowplayingshufflebutton
@MainActor open class CPNowPlayingShuffleButton: CPNowPlayingButton {}
// https://developer.apple.com/documentation/carplay/cpnowplayingrepeatbutton
@MainActor open class CPNowPlayingRepeatButton: CPNowPlayingButton {}
// https://developer.apple.com/documentation/carplay/cpnowplayingplaybackratebutton
@MainActor open class CPNowPlayingPlaybackRateButton: CPNowPlayingButton {}
// https://developer.apple.com/documentation/carplay/cpnowplayingaddtolibrarybutton
@MainActor open class CPNowPlayingAddToLibraryButton: CPNowPlayingButton {}
// https://developer.apple.com/documentation/carplay/cpnowplayingmorebutton
@MainActor open class CPNowPlayingMoreButton: CPNowPlayingButton {}
// https://developer.apple.com/documentation/carplay/cpnowplayingimagebutton
@MainActor open class CPNowPlayingImageButton: CPNowPlayingButton {
  // https://developer.apple.com/documentation/carplay/cpnowplayingimagebutton/init(image:handler:)
  public init(image: UIImage, handler: ((CPNowPlayingButton) -> Void)? = nil) { self.image = image; super.init(handler: handler) }
  public required init?(coder: NSCoder) { nil }
  // https://developer.apple.com/documentation/carplay/cpnowplayingimagebutton/image
  public internal(set) var image: UIImage?
}
// https://developer.apple.com/documentation/carplay/cpnowplayingbuttonmaximumimagesize
public let CPNowPlayingButtonMaximumImageSize = CGSize(width: 20, height: 20)

// https://developer.apple.com/documentation/carplay/cpnowplayingtemplate
@MainActor open class CPNowPlayingTemplate: CPTemplate {
  // https://developer.apple.com/documentation/carplay/cpnowplayingtemplate/shared
  public static let shared: CPNowPlayingTemplate = CPNowPlayingTemplate()
  override init() { super.init() }
  public required init?(coder: NSCoder) { nil }
  // https://developer.apple.com/documentation/carplay/cpnowplayingtemplate/nowplayingbuttons
  public internal(set) var nowPlayingButtons: [CPNowPlayingButton] = []
  // https://developer.apple.com/documentation/carplay/cpnowplayingtemplate/updatenowplayingbuttons(_:)
  open func updateNowPlayingButtons(_ nowPlayingButtons: [CPNowPlayingButton]) { self.nowPlayingButtons = nowPlayingButtons }
  // https://developer.apple.com/documentation/carplay/cpnowplayingtemplate/isupnextbuttonenabled
  open var isUpNextButtonEnabled: Bool = false
  // https://developer.apple.com/documentation/carplay/cpnowplayingtemplate/upnexttitle
  open var upNextTitle: String = ""
  // https://developer.apple.com/documentation/carplay/cpnowplayingtemplate/isalbumartistbuttonenabled
  open var isAlbumArtistButtonEnabled: Bool = false
  // https://developer.apple.com/documentation/carplay/cpnowplayingtemplate/add(_:)
  open func add(_ observer: any CPNowPlayingTemplateObserver) { standInObservers.append(observer) }
  // https://developer.apple.com/documentation/carplay/cpnowplayingtemplate/remove(_:)
  open func remove(_ observer: any CPNowPlayingTemplateObserver) { standInObservers.removeAll { $0 === observer } }
  // Stand-in only: the observers added and not removed.
  public internal(set) var standInObservers: [any CPNowPlayingTemplateObserver] = []
}

// https://developer.apple.com/documentation/carplay/cpnowplayingtemplateobserver
// Not main-actor isolated in the SDK (only the template class is): a main-actor class conforms
// with an isolated conformance (CarPlayBridge+Delegates.swift).
public protocol CPNowPlayingTemplateObserver: NSObjectProtocol {
  // https://developer.apple.com/documentation/carplay/cpnowplayingtemplateobserver/nowplayingtemplateupnextbuttontapped(_:)
  func nowPlayingTemplateUpNextButtonTapped(_ nowPlayingTemplate: CPNowPlayingTemplate)
  // https://developer.apple.com/documentation/carplay/cpnowplayingtemplateobserver/nowplayingtemplatealbumartistbuttontapped(_:)
  func nowPlayingTemplateAlbumArtistButtonTapped(_ nowPlayingTemplate: CPNowPlayingTemplate)
}
extension CPNowPlayingTemplateObserver {
  public func nowPlayingTemplateUpNextButtonTapped(_ nowPlayingTemplate: CPNowPlayingTemplate) {}
  public func nowPlayingTemplateAlbumArtistButtonTapped(_ nowPlayingTemplate: CPNowPlayingTemplate) {}
}

// MARK: Modals, search, voice control, contact

// https://developer.apple.com/documentation/carplay/cpalertaction
open class CPAlertAction: NSObject {
  // https://developer.apple.com/documentation/foundation/nscoding/init(coder:)
  public required init?(coder: NSCoder) { nil }
  // https://developer.apple.com/documentation/carplay/cpalertaction/style-swift.enum
  public enum Style: UInt, Sendable { case `default`, cancel, destructive }
  // https://developer.apple.com/documentation/carplay/cpalertaction/init(title:style:handler:)
  public init(title: String, style: CPAlertAction.Style, handler: @escaping (CPAlertAction) -> Void) { self.title = title; self.style = style; self.handler = handler }
  // https://developer.apple.com/documentation/carplay/cpalertaction/title
  public let title: String
  // https://developer.apple.com/documentation/carplay/cpalertaction/style-swift.property
  public let style: CPAlertAction.Style
  // https://developer.apple.com/documentation/carplay/cpalertaction/handler
  public let handler: (CPAlertAction) -> Void
}

// https://developer.apple.com/documentation/carplay/cpalerttemplate
@MainActor open class CPAlertTemplate: CPTemplate {
  // https://developer.apple.com/documentation/carplay/cpalerttemplate/init(titlevariants:actions:)
  public init(titleVariants: [String], actions: [CPAlertAction]) { self.titleVariants = titleVariants; self.actions = actions; super.init() }
  public required init?(coder: NSCoder) { nil }
  // https://developer.apple.com/documentation/carplay/cpalerttemplate/titlevariants
  public internal(set) var titleVariants: [String]
  // https://developer.apple.com/documentation/carplay/cpalerttemplate/actions
  public internal(set) var actions: [CPAlertAction]
}

// https://developer.apple.com/documentation/carplay/cpactionsheettemplate
@MainActor open class CPActionSheetTemplate: CPTemplate {
  // https://developer.apple.com/documentation/carplay/cpactionsheettemplate/init(title:message:actions:)
  public init(title: String?, message: String?, actions: [CPAlertAction]) { self.title = title; self.message = message; self.actions = actions; super.init() }
  public required init?(coder: NSCoder) { nil }
  // https://developer.apple.com/documentation/carplay/cpactionsheettemplate/title
  public internal(set) var title: String?
  // https://developer.apple.com/documentation/carplay/cpactionsheettemplate/message
  public internal(set) var message: String?
  // https://developer.apple.com/documentation/carplay/cpactionsheettemplate/actions
  public internal(set) var actions: [CPAlertAction]
}

// https://developer.apple.com/documentation/carplay/cpsearchtemplate
@MainActor open class CPSearchTemplate: CPTemplate {
  // https://developer.apple.com/documentation/carplay/cpsearchtemplate/init()
  public override init() { super.init() }
  public required init?(coder: NSCoder) { nil }
  // https://developer.apple.com/documentation/carplay/cpsearchtemplate/delegate
  weak open var delegate: (any CPSearchTemplateDelegate)?
}

// https://developer.apple.com/documentation/carplay/cpsearchtemplatedelegate
@MainActor public protocol CPSearchTemplateDelegate: NSObjectProtocol {
  // https://developer.apple.com/documentation/carplay/cpsearchtemplatedelegate/searchtemplate(_:updatedsearchtext:completionhandler:)
  func searchTemplate(_ searchTemplate: CPSearchTemplate, updatedSearchText searchText: String, completionHandler: @escaping ([CPListItem]) -> Void)
  // https://developer.apple.com/documentation/carplay/cpsearchtemplatedelegate/searchtemplate(_:selectedresult:completionhandler:)
  func searchTemplate(_ searchTemplate: CPSearchTemplate, selectedResult item: CPListItem, completionHandler: @escaping () -> Void)
  // https://developer.apple.com/documentation/carplay/cpsearchtemplatedelegate/searchtemplatesearchbuttonpressed(_:)
  func searchTemplateSearchButtonPressed(_ searchTemplate: CPSearchTemplate)
}
extension CPSearchTemplateDelegate {
  public func searchTemplateSearchButtonPressed(_ searchTemplate: CPSearchTemplate) {}
}

// https://developer.apple.com/documentation/carplay/cpvoicecontrolstate
open class CPVoiceControlState: NSObject {
  // https://developer.apple.com/documentation/foundation/nscoding/init(coder:)
  public required init?(coder: NSCoder) { nil }
  // https://developer.apple.com/documentation/carplay/cpvoicecontrolstate/init(identifier:titlevariants:image:repeats:)
  public init(identifier: String, titleVariants: [String]?, image: UIImage?, repeats: Bool) { self.identifier = identifier; self.titleVariants = titleVariants; self.image = image; self.repeats = repeats }
  // https://developer.apple.com/documentation/carplay/cpvoicecontrolstate/identifier
  public internal(set) var identifier: String
  // https://developer.apple.com/documentation/carplay/cpvoicecontrolstate/titlevariants
  public internal(set) var titleVariants: [String]?
  // https://developer.apple.com/documentation/carplay/cpvoicecontrolstate/image
  public internal(set) var image: UIImage?
  // https://developer.apple.com/documentation/carplay/cpvoicecontrolstate/repeats
  public internal(set) var repeats: Bool
  // https://developer.apple.com/documentation/carplay/cpvoicecontrolstate/actionbuttons (iOS 26.4)
  open var actionButtons: [CPButton] = []
}

// https://developer.apple.com/documentation/carplay/cpvoicecontroltemplate
@MainActor open class CPVoiceControlTemplate: CPTemplate, @preconcurrency CPBarButtonProviding {
  // https://developer.apple.com/documentation/carplay/cpvoicecontroltemplate/init(voicecontrolstates:)
  public init(voiceControlStates: [CPVoiceControlState]) { self.voiceControlStates = voiceControlStates; activeStateIdentifier = voiceControlStates.first?.identifier; super.init() }
  public required init?(coder: NSCoder) { nil }
  // https://developer.apple.com/documentation/carplay/cpvoicecontroltemplate/voicecontrolstates
  public internal(set) var voiceControlStates: [CPVoiceControlState]
  // https://developer.apple.com/documentation/carplay/cpvoicecontroltemplate/activestateidentifier
  public internal(set) var activeStateIdentifier: String?
  // https://developer.apple.com/documentation/carplay/cpvoicecontroltemplate/activatevoicecontrolstate(withidentifier:)
  open func activateVoiceControlState(withIdentifier identifier: String) { activeStateIdentifier = identifier }
  open var leadingNavigationBarButtons: [CPBarButton] = []
  open var trailingNavigationBarButtons: [CPBarButton] = []
  open var backButton: CPBarButton?
}

// https://developer.apple.com/documentation/carplay/cpcontact
open class CPContact: NSObject {
  // https://developer.apple.com/documentation/foundation/nscoding/init(coder:)
  public required init?(coder: NSCoder) { nil }
  // https://developer.apple.com/documentation/carplay/cpcontact/init(name:image:)
  public init(name: String, image: UIImage) { self.name = name; self.image = image }
  // https://developer.apple.com/documentation/carplay/cpcontact/name
  open var name: String
  // https://developer.apple.com/documentation/carplay/cpcontact/image
  open var image: UIImage
  // https://developer.apple.com/documentation/carplay/cpcontact/subtitle
  open var subtitle: String?
  // https://developer.apple.com/documentation/carplay/cpcontact/informativetext
  open var informativeText: String?
  // https://developer.apple.com/documentation/carplay/cpcontact/actions
  open var actions: [CPButton]?
}
// https://developer.apple.com/documentation/carplay/cpcontactcallbutton
open class CPContactCallButton: CPButton {
  // https://developer.apple.com/documentation/carplay/cpcontactcallbutton/init(handler:)
  public init(handler: ((CPButton) -> Void)? = nil) { super.init(image: UIImage(), handler: handler) }
}
// https://developer.apple.com/documentation/carplay/cpcontactmessagebutton
open class CPContactMessageButton: CPButton {
  // https://developer.apple.com/documentation/carplay/cpcontactmessagebutton/init(phoneoremail:)
  public init(phoneOrEmail: String) { self.phoneOrEmail = phoneOrEmail; super.init(image: UIImage(), handler: nil) }
  // https://developer.apple.com/documentation/carplay/cpcontactmessagebutton/phoneoremail
  public let phoneOrEmail: String
}
// https://developer.apple.com/documentation/carplay/cpcontactdirectionsbutton
open class CPContactDirectionsButton: CPButton {
  // https://developer.apple.com/documentation/carplay/cpcontactdirectionsbutton/init(handler:)
  public init(handler: ((CPButton) -> Void)? = nil) { super.init(image: UIImage(), handler: handler) }
}

// https://developer.apple.com/documentation/carplay/cpcontacttemplate
@MainActor open class CPContactTemplate: CPTemplate, @preconcurrency CPBarButtonProviding {
  // https://developer.apple.com/documentation/carplay/cpcontacttemplate/init(contact:)
  public init(contact: CPContact) { self.contact = contact; super.init() }
  public required init?(coder: NSCoder) { nil }
  // https://developer.apple.com/documentation/carplay/cpcontacttemplate/contact
  open var contact: CPContact
  open var leadingNavigationBarButtons: [CPBarButton] = []
  open var trailingNavigationBarButtons: [CPBarButton] = []
  open var backButton: CPBarButton?
}
