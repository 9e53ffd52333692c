// Declaration-only stand-ins for the CarPlay API that Apps/ uses (see UIKit.swift for the
// rules). Each declaration names the Apple documentation page of its signature. Objective-C
// `@optional` delegate requirements get empty defaults because Linux has no `@objc`; a
// misspelt optional method therefore type-checks here and is caught only by Xcode.
// swift-format-ignore-file
import Foundation
import MapKit
import UIKit

// MARK: Scene

// https://developer.apple.com/documentation/carplay/cptemplateapplicationscene
@MainActor open class CPTemplateApplicationScene: UIScene {
  // https://developer.apple.com/documentation/carplay/cptemplateapplicationscene/interfacecontroller
  open var interfaceController: CPInterfaceController { CPInterfaceController() }
  // https://developer.apple.com/documentation/carplay/cptemplateapplicationscene/carwindow
  open var carWindow: CPWindow { CPWindow(frame: .zero) }
  // https://developer.apple.com/documentation/carplay/cptemplateapplicationscene/contentstyle
  open var contentStyle: UIUserInterfaceStyle { .unspecified }
  // https://developer.apple.com/documentation/carplay/cptemplateapplicationscene/open(_:options:completionhandler:)
  open func open(_ url: URL, options: UIScene.OpenExternalURLOptions?, completionHandler: (@MainActor @Sendable (Bool) -> Void)?) {}
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
  public override init(frame: CGRect) { super.init(frame: frame) }
}

// MARK: Interface controller

// https://developer.apple.com/documentation/carplay/cpinterfacecontroller
@MainActor open class CPInterfaceController: NSObject {
  // https://developer.apple.com/documentation/carplay/cpinterfacecontroller/delegate
  weak open var delegate: (any CPInterfaceControllerDelegate)?
  // https://developer.apple.com/documentation/carplay/cpinterfacecontroller/prefersdarkuserinterfacestyle
  open var prefersDarkUserInterfaceStyle: Bool = false
  // https://developer.apple.com/documentation/carplay/cpinterfacecontroller/cartraitcollection
  open var carTraitCollection: UITraitCollection { UITraitCollection() }
  // https://developer.apple.com/documentation/carplay/cpinterfacecontroller/templates
  open var templates: [CPTemplate] { [] }
  // https://developer.apple.com/documentation/carplay/cpinterfacecontroller/presentedtemplate
  open var presentedTemplate: CPTemplate? { nil }
  // https://developer.apple.com/documentation/carplay/cpinterfacecontroller/setroottemplate(_:animated:completion:)
  open func setRootTemplate(_ rootTemplate: CPTemplate, animated: Bool, completion: ((Bool, (any Error)?) -> Void)?) {}
  // https://developer.apple.com/documentation/carplay/cpinterfacecontroller/pushtemplate(_:animated:completion:)
  open func pushTemplate(_ templateToPush: CPTemplate, animated: Bool, completion: ((Bool, (any Error)?) -> Void)?) {}
  // https://developer.apple.com/documentation/carplay/cpinterfacecontroller/poptemplate(animated:completion:)
  open func popTemplate(animated: Bool, completion: ((Bool, (any Error)?) -> Void)?) {}
  // https://developer.apple.com/documentation/carplay/cpinterfacecontroller/poptoroottemplate(animated:completion:)
  open func popToRootTemplate(animated: Bool, completion: ((Bool, (any Error)?) -> Void)?) {}
  // https://developer.apple.com/documentation/carplay/cpinterfacecontroller/pop(to:animated:completion:)
  open func pop(to targetTemplate: CPTemplate, animated: Bool, completion: ((Bool, (any Error)?) -> Void)?) {}
  // https://developer.apple.com/documentation/carplay/cpinterfacecontroller/presenttemplate(_:animated:completion:)
  open func presentTemplate(_ templateToPresent: CPTemplate, animated: Bool, completion: ((Bool, (any Error)?) -> Void)?) {}
  // https://developer.apple.com/documentation/carplay/cpinterfacecontroller/dismisstemplate(animated:completion:)
  open func dismissTemplate(animated: Bool, completion: ((Bool, (any Error)?) -> Void)?) {}
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
@MainActor open class CPSessionConfiguration: NSObject {
  // https://developer.apple.com/documentation/carplay/cpsessionconfiguration/init(delegate:)
  public init(delegate: any CPSessionConfigurationDelegate) {}
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
  // https://developer.apple.com/documentation/carplay/cptemplate/userinfo
  open var userInfo: Any?
  // https://developer.apple.com/documentation/carplay/cptemplate/tabtitle
  open var tabTitle: String?
  // https://developer.apple.com/documentation/carplay/cptemplate/tabimage
  open var tabImage: UIImage?
  // https://developer.apple.com/documentation/carplay/cptemplate/showstabbadge
  open var showsTabBadge: Bool = false
}

// https://developer.apple.com/documentation/carplay/cpbarbuttonstyle
public enum CPBarButtonStyle: Int, Sendable { case none, rounded }

// https://developer.apple.com/documentation/carplay/cpbarbutton
@MainActor open class CPBarButton: NSObject {
  // https://developer.apple.com/documentation/carplay/cpbarbutton/init(title:handler:)
  public init(title: String, handler: ((CPBarButton) -> Void)? = nil) {}
  // https://developer.apple.com/documentation/carplay/cpbarbutton/init(image:handler:)
  public init(image: UIImage, handler: ((CPBarButton) -> Void)? = nil) {}
  // https://developer.apple.com/documentation/carplay/cpbarbutton/isenabled
  open var isEnabled: Bool = true
  // https://developer.apple.com/documentation/carplay/cpbarbutton/buttonstyle
  open var buttonStyle: CPBarButtonStyle = .none
}

// https://developer.apple.com/documentation/carplay/cpbarbuttonproviding
@MainActor public protocol CPBarButtonProviding: NSObjectProtocol {
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
@MainActor open class CPTextButton: NSObject {
  // https://developer.apple.com/documentation/carplay/cptextbutton/init(title:textstyle:handler:)
  public init(title: String, textStyle: CPTextButtonStyle, handler: ((CPTextButton) -> Void)? = nil) {}
}

// https://developer.apple.com/documentation/carplay/cpbutton
@MainActor open class CPButton: NSObject {
  // https://developer.apple.com/documentation/carplay/cpbutton/init(image:handler:)
  public init(image: UIImage, handler: ((CPButton) -> Void)? = nil) {}
  // https://developer.apple.com/documentation/carplay/cpbutton/title
  open var title: String?
  // https://developer.apple.com/documentation/carplay/cpbutton/isenabled
  open var isEnabled: Bool = true
}

// https://developer.apple.com/documentation/carplay/cpbuttonmaximumimagesize
public let CPButtonMaximumImageSize = CGSize(width: 50, height: 50)

// https://developer.apple.com/documentation/carplay/cpgridbutton
@MainActor open class CPGridButton: NSObject {
  // https://developer.apple.com/documentation/carplay/cpgridbutton/init(titlevariants:image:handler:)
  public init(titleVariants: [String], image: UIImage, handler: ((CPGridButton) -> Void)? = nil) {}
  // https://developer.apple.com/documentation/carplay/cpgridbutton/isenabled
  open var isEnabled: Bool = true
}

// MARK: List

// https://developer.apple.com/documentation/carplay/cplisttemplateitem
@MainActor public protocol CPListTemplateItem: NSObjectProtocol {
  // https://developer.apple.com/documentation/carplay/cplisttemplateitem/userinfo
  var userInfo: Any? { get set }
}

// https://developer.apple.com/documentation/carplay/cpselectablelistitem
@MainActor public protocol CPSelectableListItem: CPListTemplateItem {
  // https://developer.apple.com/documentation/carplay/cpselectablelistitem/handler
  var handler: ((any CPSelectableListItem, @escaping () -> Void) -> Void)? { get set }
}

// https://developer.apple.com/documentation/carplay/cplistitemaccessorytype
public enum CPListItemAccessoryType: Int, Sendable { case none, disclosureIndicator, cloud }

// https://developer.apple.com/documentation/carplay/cplistitemplayingindicatorlocation
public enum CPListItemPlayingIndicatorLocation: Int, Sendable { case leading, trailing }

// https://developer.apple.com/documentation/carplay/cplistitem
@MainActor open class CPListItem: NSObject, CPSelectableListItem {
  // https://developer.apple.com/documentation/carplay/cplistitem/init(text:detailtext:image:accessoryimage:accessorytype:)
  public init(text: String?, detailText: String?, image: UIImage?, accessoryImage: UIImage?, accessoryType: CPListItemAccessoryType) {}
  // https://developer.apple.com/documentation/carplay/cplistitem/userinfo
  open var userInfo: Any?
  // https://developer.apple.com/documentation/carplay/cplistitem/handler
  open var handler: ((any CPSelectableListItem, @escaping () -> Void) -> Void)?
  // https://developer.apple.com/documentation/carplay/cplistitem/settext(_:)
  open func setText(_ text: String) {}
  // https://developer.apple.com/documentation/carplay/cplistitem/setdetailtext(_:)
  open func setDetailText(_ detailText: String?) {}
  // https://developer.apple.com/documentation/carplay/cplistitem/setimage(_:)
  open func setImage(_ image: UIImage?) {}
  // https://developer.apple.com/documentation/carplay/cplistitem/setaccessoryimage(_:)
  open func setAccessoryImage(_ accessoryImage: UIImage?) {}
  // https://developer.apple.com/documentation/carplay/cplistitem/accessorytype
  open var accessoryType: CPListItemAccessoryType = .none
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
  // https://developer.apple.com/documentation/carplay/cplistitem/maximumimagesize
  public static var maximumImageSize: CGSize { CGSize(width: 44, height: 44) }
}

// https://developer.apple.com/documentation/carplay/cplistimagerowitem
@MainActor open class CPListImageRowItem: NSObject, CPSelectableListItem {
  // https://developer.apple.com/documentation/carplay/cplistimagerowitem/init(text:images:imagetitles:)
  public init(text: String?, images: [UIImage], imageTitles: [String]?) {}
  // https://developer.apple.com/documentation/carplay/cplistimagerowitem/userinfo
  open var userInfo: Any?
  // https://developer.apple.com/documentation/carplay/cplistimagerowitem/handler
  open var handler: ((any CPSelectableListItem, @escaping () -> Void) -> Void)?
  // https://developer.apple.com/documentation/carplay/cplistimagerowitem/listimagerowhandler
  open var listImageRowHandler: ((CPListImageRowItem, Int, @escaping () -> Void) -> Void)?
  // https://developer.apple.com/documentation/carplay/cplistimagerowitem/settext(_:)
  open func setText(_ text: String) {}
  // https://developer.apple.com/documentation/carplay/cplistimagerowitem/update(_:)
  open func update(_ gridImages: [UIImage]) {}
  // https://developer.apple.com/documentation/carplay/cplistimagerowitem/maximumimagesize
  public static var maximumImageSize: CGSize { CGSize(width: 90, height: 90) }
}

// https://developer.apple.com/documentation/carplay/cplistsection
@MainActor open class CPListSection: NSObject {
  // https://developer.apple.com/documentation/carplay/cplistsection/init(items:header:headersubtitle:headerimage:headerbutton:sectionindextitle:)
  public init(items: [any CPListTemplateItem], header: String, headerSubtitle: String?, headerImage: UIImage?, headerButton: CPButton?, sectionIndexTitle: String?) {}
  // https://developer.apple.com/documentation/carplay/cplistsection/init(items:header:sectionindextitle:)
  public init(items: [any CPListTemplateItem], header: String?, sectionIndexTitle: String?) {}
  // https://developer.apple.com/documentation/carplay/cplistsection/items
  open var items: [any CPListTemplateItem] { [] }
}

// https://developer.apple.com/documentation/carplay/cpassistantcellposition
public enum CPAssistantCellPosition: Int, Sendable { case top, bottom }
// https://developer.apple.com/documentation/carplay/cpassistantcellvisibility
public enum CPAssistantCellVisibility: Int, Sendable { case off, whileLimitedUIActive, always }
// https://developer.apple.com/documentation/carplay/cpassistantcellactiontype
public enum CPAssistantCellActionType: Int, Sendable { case playMedia, startCall }

// https://developer.apple.com/documentation/carplay/cpassistantcellconfiguration
@MainActor open class CPAssistantCellConfiguration: NSObject {
  // https://developer.apple.com/documentation/carplay/cpassistantcellconfiguration/init(position:visibility:assistantaction:)
  public init(position: CPAssistantCellPosition, visibility: CPAssistantCellVisibility, assistantAction: CPAssistantCellActionType) {}
}

// https://developer.apple.com/documentation/carplay/cpthumbnailimage (iOS 26.4)
@MainActor open class CPThumbnailImage: NSObject {
  // https://developer.apple.com/documentation/carplay/cpthumbnailimage/init(image:)
  public init(image: UIImage) {}
}

// https://developer.apple.com/documentation/carplay/cplisttemplatedetailsheader (iOS 26.4)
@MainActor open class CPListTemplateDetailsHeader: NSObject {
  // https://developer.apple.com/documentation/carplay/cplisttemplatedetailsheader/init(thumbnail:title:subtitle:bodyvariants:actionbuttons:)
  public init(thumbnail: CPThumbnailImage, title: String?, subtitle: String?, bodyVariants: [String], actionButtons: [CPButton]) {}
}

// https://developer.apple.com/documentation/carplay/cplisttemplate
@MainActor open class CPListTemplate: CPTemplate, CPBarButtonProviding {
  // https://developer.apple.com/documentation/carplay/cplisttemplate/init(title:listheader:sections:assistantcellconfiguration:)
  public init(title: String?, listHeader: CPListTemplateDetailsHeader?, sections: [CPListSection], assistantCellConfiguration: CPAssistantCellConfiguration?) {}
  // https://developer.apple.com/documentation/carplay/cplisttemplate/updatesections(_:)
  open func updateSections(_ sections: [CPListSection]) {}
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
@MainActor open class CPGridTemplate: CPTemplate, CPBarButtonProviding {
  // https://developer.apple.com/documentation/carplay/cpgridtemplate/init(title:gridbuttons:)
  public init(title: String?, gridButtons: [CPGridButton]) {}
  // https://developer.apple.com/documentation/carplay/cpgridtemplate/updategridbuttons(_:)
  open func updateGridButtons(_ gridButtons: [CPGridButton]) {}
  // https://developer.apple.com/documentation/carplay/cpgridtemplate/updatetitle(_:)
  open func updateTitle(_ title: String) {}
  // https://developer.apple.com/documentation/carplay/cpgridtemplate/maximumgridbuttonimagesize
  public static var maximumGridButtonImageSize: CGSize { CGSize(width: 40, height: 40) }
  open var leadingNavigationBarButtons: [CPBarButton] = []
  open var trailingNavigationBarButtons: [CPBarButton] = []
  open var backButton: CPBarButton?
}

// https://developer.apple.com/documentation/carplay/cptabbartemplate
@MainActor open class CPTabBarTemplate: CPTemplate {
  // https://developer.apple.com/documentation/carplay/cptabbartemplate/init(templates:)
  public init(templates: [CPTemplate]) {}
  // https://developer.apple.com/documentation/carplay/cptabbartemplate/delegate
  weak open var delegate: (any CPTabBarTemplateDelegate)?
  // https://developer.apple.com/documentation/carplay/cptabbartemplate/templates
  open var templates: [CPTemplate] { [] }
  // https://developer.apple.com/documentation/carplay/cptabbartemplate/updatetemplates(_:)
  open func updateTemplates(_ newTemplates: [CPTemplate]) {}
  // https://developer.apple.com/documentation/carplay/cptabbartemplate/selecttemplate(at:)
  open func selectTemplate(at index: Int) {}
}

// https://developer.apple.com/documentation/carplay/cptabbartemplatedelegate
@MainActor public protocol CPTabBarTemplateDelegate: NSObjectProtocol {
  // https://developer.apple.com/documentation/carplay/cptabbartemplatedelegate/tabbartemplate(_:didselect:)
  func tabBarTemplate(_ tabBarTemplate: CPTabBarTemplate, didSelect selectedTemplate: CPTemplate)
}

// https://developer.apple.com/documentation/carplay/cpinformationtemplatelayout
public enum CPInformationTemplateLayout: Int, Sendable { case leading, twoColumn }

// https://developer.apple.com/documentation/carplay/cpinformationitem
@MainActor open class CPInformationItem: NSObject {
  // https://developer.apple.com/documentation/carplay/cpinformationitem/init(title:detail:)
  public init(title: String?, detail: String?) {}
}

// https://developer.apple.com/documentation/carplay/cpinformationratingitem
@MainActor open class CPInformationRatingItem: CPInformationItem {
  // https://developer.apple.com/documentation/carplay/cpinformationratingitem/init(rating:maximumrating:title:detail:)
  public init(rating: NSNumber?, maximumRating: NSNumber?, title: String?, detail: String?) { super.init(title: title, detail: detail) }
}

// https://developer.apple.com/documentation/carplay/cpinformationtemplate
@MainActor open class CPInformationTemplate: CPTemplate, CPBarButtonProviding {
  // https://developer.apple.com/documentation/carplay/cpinformationtemplate/init(title:layout:items:actions:)
  public init(title: String, layout: CPInformationTemplateLayout, items: [CPInformationItem], actions: [CPTextButton]) {}
  // https://developer.apple.com/documentation/carplay/cpinformationtemplate/title
  open var title: String = ""
  // https://developer.apple.com/documentation/carplay/cpinformationtemplate/items
  open var items: [CPInformationItem] = []
  // https://developer.apple.com/documentation/carplay/cpinformationtemplate/actions
  open var actions: [CPTextButton] = []
  open var leadingNavigationBarButtons: [CPBarButton] = []
  open var trailingNavigationBarButtons: [CPBarButton] = []
  open var backButton: CPBarButton?
}

// MARK: Point of interest

// https://developer.apple.com/documentation/carplay/cppointofinterest
@MainActor open class CPPointOfInterest: NSObject {
  // https://developer.apple.com/documentation/carplay/cppointofinterest/init(location:title:subtitle:summary:detailtitle:detailsubtitle:detailsummary:pinimage:selectedpinimage:)
  public init(location: MKMapItem, title: String, subtitle: String?, summary: String?, detailTitle: String?, detailSubtitle: String?, detailSummary: String?, pinImage: UIImage?, selectedPinImage: UIImage?) {}
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
@MainActor open class CPPointOfInterestTemplate: CPTemplate, CPBarButtonProviding {
  // https://developer.apple.com/documentation/carplay/cppointofinteresttemplate/init(title:pointsofinterest:selectedindex:)
  public init(title: String, pointsOfInterest: [CPPointOfInterest], selectedIndex: Int) {}
  // https://developer.apple.com/documentation/carplay/cppointofinteresttemplate/title
  open var title: String = ""
  // https://developer.apple.com/documentation/carplay/cppointofinteresttemplate/pointofinterestdelegate
  weak open var pointOfInterestDelegate: (any CPPointOfInterestTemplateDelegate)?
  // https://developer.apple.com/documentation/carplay/cppointofinteresttemplate/setpointsofinterest(_:selectedindex:)
  open func setPointsOfInterest(_ pointsOfInterest: [CPPointOfInterest], selectedIndex: Int) {}
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
  // https://developer.apple.com/documentation/carplay/cpmapbutton/init(handler:)
  public init(handler: ((CPMapButton) -> Void)? = nil) {}
  // https://developer.apple.com/documentation/carplay/cpmapbutton/image
  open var image: UIImage?
  // https://developer.apple.com/documentation/carplay/cpmapbutton/focusedimage
  open var focusedImage: UIImage?
  // https://developer.apple.com/documentation/carplay/cpmapbutton/isenabled
  open var isEnabled: Bool = true
  // https://developer.apple.com/documentation/carplay/cpmapbutton/ishidden
  open var isHidden: Bool = false
}

// https://developer.apple.com/documentation/carplay/cprouteChoice
@MainActor open class CPRouteChoice: NSObject {
  // https://developer.apple.com/documentation/carplay/cproutechoice/init(summaryvariants:additionalinformationvariants:selectionsummaryvariants:)
  public init(summaryVariants: [String], additionalInformationVariants: [String], selectionSummaryVariants: [String]) {}
  // https://developer.apple.com/documentation/carplay/cproutechoice/userinfo
  open var userInfo: Any?
}

// https://developer.apple.com/documentation/carplay/cptrip
@MainActor open class CPTrip: NSObject {
  // https://developer.apple.com/documentation/carplay/cptrip/init(origin:destination:routechoices:)
  public init(origin: MKMapItem, destination: MKMapItem, routeChoices: [CPRouteChoice]) {}
  // https://developer.apple.com/documentation/carplay/cptrip/userinfo
  open var userInfo: Any?
}

// https://developer.apple.com/documentation/carplay/cpmaptemplate
@MainActor open class CPMapTemplate: CPTemplate, CPBarButtonProviding {
  // https://developer.apple.com/documentation/carplay/cpmaptemplate/init()
  public override init() {}
  // https://developer.apple.com/documentation/carplay/cpmaptemplate/mapdelegate
  weak open var mapDelegate: (any CPMapTemplateDelegate)?
  // https://developer.apple.com/documentation/carplay/cpmaptemplate/mapbuttons
  open var mapButtons: [CPMapButton] = []
  // https://developer.apple.com/documentation/carplay/cpmaptemplate/automaticallyhidesnavigationbar
  open var automaticallyHidesNavigationBar: Bool = true
  // https://developer.apple.com/documentation/carplay/cpmaptemplate/ispanninginterfacevisible
  open var isPanningInterfaceVisible: Bool { false }
  // https://developer.apple.com/documentation/carplay/cpmaptemplate/showpanninginterface(animated:)
  open func showPanningInterface(animated: Bool) {}
  // https://developer.apple.com/documentation/carplay/cpmaptemplate/dismisspanninginterface(animated:)
  open func dismissPanningInterface(animated: Bool) {}
  // https://developer.apple.com/documentation/carplay/cpmaptemplate/showtrippreviews(_:textconfiguration:)
  open func showTripPreviews(_ tripPreviews: [CPTrip], textConfiguration: CPTripPreviewTextConfiguration?) {}
  // https://developer.apple.com/documentation/carplay/cpmaptemplate/hidetrippreviews()
  open func hideTripPreviews() {}
  // https://developer.apple.com/documentation/carplay/cpmaptemplate/startnavigationsession(for:)
  open func startNavigationSession(for trip: CPTrip) -> CPNavigationSession { CPNavigationSession() }
  // https://developer.apple.com/documentation/carplay/cpmaptemplate/updateestimates(_:for:)
  open func updateEstimates(_ estimates: CPTravelEstimates, for trip: CPTrip) {}
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
}

// https://developer.apple.com/documentation/carplay/cpmaneuver
@MainActor open class CPManeuver: NSObject {
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
@MainActor open class CPTravelEstimates: NSObject {
  // https://developer.apple.com/documentation/carplay/cptravelestimates/init(distanceremaining:timeremaining:)
  public init(distanceRemaining distance: Measurement<UnitLength>, timeRemaining time: TimeInterval) {}
}

// https://developer.apple.com/documentation/carplay/cpnavigationsession
@MainActor open class CPNavigationSession: NSObject {
  // https://developer.apple.com/documentation/carplay/cpnavigationsession/upcomingmaneuvers
  open var upcomingManeuvers: [CPManeuver] = []
  // https://developer.apple.com/documentation/carplay/cpnavigationsession/finishtrip()
  open func finishTrip() {}
  // https://developer.apple.com/documentation/carplay/cpnavigationsession/updateestimates(_:for:)
  open func updateEstimates(_ estimates: CPTravelEstimates, for maneuver: CPManeuver) {}
}

// https://developer.apple.com/documentation/carplay/cptrippreviewtextconfiguration
@MainActor open class CPTripPreviewTextConfiguration: NSObject {}

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
}
extension CPMapTemplateDelegate {
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
  // https://developer.apple.com/documentation/carplay/cpnowplayingbutton/init(handler:)
  public init(handler: ((CPNowPlayingButton) -> Void)? = nil) {}
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
  public init(image: UIImage, handler: ((CPNowPlayingButton) -> Void)? = nil) { super.init(handler: handler) }
}
// https://developer.apple.com/documentation/carplay/cpnowplayingbuttonmaximumimagesize
public let CPNowPlayingButtonMaximumImageSize = CGSize(width: 20, height: 20)

// https://developer.apple.com/documentation/carplay/cpnowplayingtemplate
@MainActor open class CPNowPlayingTemplate: CPTemplate {
  // https://developer.apple.com/documentation/carplay/cpnowplayingtemplate/shared
  public static let shared = CPNowPlayingTemplate()
  // https://developer.apple.com/documentation/carplay/cpnowplayingtemplate/updatenowplayingbuttons(_:)
  open func updateNowPlayingButtons(_ nowPlayingButtons: [CPNowPlayingButton]) {}
  // https://developer.apple.com/documentation/carplay/cpnowplayingtemplate/isupnextbuttonenabled
  open var isUpNextButtonEnabled: Bool = false
  // https://developer.apple.com/documentation/carplay/cpnowplayingtemplate/upnexttitle
  open var upNextTitle: String = ""
  // https://developer.apple.com/documentation/carplay/cpnowplayingtemplate/isalbumartistbuttonenabled
  open var isAlbumArtistButtonEnabled: Bool = false
  // https://developer.apple.com/documentation/carplay/cpnowplayingtemplate/add(_:)
  open func add(_ observer: any CPNowPlayingTemplateObserver) {}
  // https://developer.apple.com/documentation/carplay/cpnowplayingtemplate/remove(_:)
  open func remove(_ observer: any CPNowPlayingTemplateObserver) {}
}

// https://developer.apple.com/documentation/carplay/cpnowplayingtemplateobserver
@MainActor public protocol CPNowPlayingTemplateObserver: NSObjectProtocol {
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
@MainActor open class CPAlertAction: NSObject {
  // https://developer.apple.com/documentation/carplay/cpalertaction/style-swift.enum
  public enum Style: Int, Sendable { case `default`, cancel, destructive }
  // https://developer.apple.com/documentation/carplay/cpalertaction/init(title:style:handler:)
  public init(title: String, style: CPAlertAction.Style, handler: @escaping (CPAlertAction) -> Void) {}
}

// https://developer.apple.com/documentation/carplay/cpalerttemplate
@MainActor open class CPAlertTemplate: CPTemplate {
  // https://developer.apple.com/documentation/carplay/cpalerttemplate/init(titlevariants:actions:)
  public init(titleVariants: [String], actions: [CPAlertAction]) {}
}

// https://developer.apple.com/documentation/carplay/cpactionsheettemplate
@MainActor open class CPActionSheetTemplate: CPTemplate {
  // https://developer.apple.com/documentation/carplay/cpactionsheettemplate/init(title:message:actions:)
  public init(title: String?, message: String?, actions: [CPAlertAction]) {}
}

// https://developer.apple.com/documentation/carplay/cpsearchtemplate
@MainActor open class CPSearchTemplate: CPTemplate {
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
@MainActor open class CPVoiceControlState: NSObject {
  // https://developer.apple.com/documentation/carplay/cpvoicecontrolstate/init(identifier:titlevariants:image:repeats:)
  public init(identifier: String, titleVariants: [String]?, image: UIImage?, repeats: Bool) {}
  // https://developer.apple.com/documentation/carplay/cpvoicecontrolstate/actionbuttons
  open var actionButtons: [CPButton] = []
}

// https://developer.apple.com/documentation/carplay/cpvoicecontroltemplate
@MainActor open class CPVoiceControlTemplate: CPTemplate, CPBarButtonProviding {
  // https://developer.apple.com/documentation/carplay/cpvoicecontroltemplate/init(voicecontrolstates:)
  public init(voiceControlStates: [CPVoiceControlState]) {}
  // https://developer.apple.com/documentation/carplay/cpvoicecontroltemplate/activatevoicecontrolstate(withidentifier:)
  open func activateVoiceControlState(withIdentifier identifier: String) {}
  open var leadingNavigationBarButtons: [CPBarButton] = []
  open var trailingNavigationBarButtons: [CPBarButton] = []
  open var backButton: CPBarButton?
}

// https://developer.apple.com/documentation/carplay/cpcontact
@MainActor open class CPContact: NSObject {
  // https://developer.apple.com/documentation/carplay/cpcontact/init(name:image:)
  public init(name: String, image: UIImage) {}
  // https://developer.apple.com/documentation/carplay/cpcontact/subtitle
  open var subtitle: String?
  // https://developer.apple.com/documentation/carplay/cpcontact/informativetext
  open var informativeText: String?
  // https://developer.apple.com/documentation/carplay/cpcontact/actions
  open var actions: [CPButton] = []
}
// https://developer.apple.com/documentation/carplay/cpcontactcallbutton
@MainActor open class CPContactCallButton: CPButton {
  // https://developer.apple.com/documentation/carplay/cpcontactcallbutton/init(handler:)
  public init(handler: ((CPButton) -> Void)?) { super.init(image: UIImage(), handler: handler) }
}
// https://developer.apple.com/documentation/carplay/cpcontactmessagebutton
@MainActor open class CPContactMessageButton: CPButton {
  // https://developer.apple.com/documentation/carplay/cpcontactmessagebutton/init(phoneoremail:)
  public init(phoneOrEmail: String) { super.init(image: UIImage(), handler: nil) }
}
// https://developer.apple.com/documentation/carplay/cpcontactdirectionsbutton
@MainActor open class CPContactDirectionsButton: CPButton {
  // https://developer.apple.com/documentation/carplay/cpcontactdirectionsbutton/init(handler:)
  public init(handler: ((CPButton) -> Void)?) { super.init(image: UIImage(), handler: handler) }
}

// https://developer.apple.com/documentation/carplay/cpcontacttemplate
@MainActor open class CPContactTemplate: CPTemplate, CPBarButtonProviding {
  // https://developer.apple.com/documentation/carplay/cpcontacttemplate/init(contact:)
  public init(contact: CPContact) { self.contact = contact }
  // https://developer.apple.com/documentation/carplay/cpcontacttemplate/contact
  open var contact: CPContact
  open var leadingNavigationBarButtons: [CPBarButton] = []
  open var trailingNavigationBarButtons: [CPBarButton] = []
  open var backButton: CPBarButton?
}
