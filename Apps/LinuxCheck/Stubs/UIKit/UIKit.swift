// Declaration-only stand-ins for the UIKit API that Apps/ uses, so that `swiftc -typecheck`
// can check Apps/ on Linux (Apps/LinuxCheck/typecheck.sh). Never shipped, never in an Xcode
// target; Xcode and the real SDK are the final word. Each declaration names the Apple
// documentation page of its signature. Bodies only satisfy the compiler.
// swift-format-ignore-file
import Foundation

// https://developer.apple.com/documentation/uikit/uiuserinterfacestyle
public enum UIUserInterfaceStyle: Int, Sendable { case unspecified, light, dark }

// https://developer.apple.com/documentation/uikit/uitraitcollection
open class UITraitCollection: NSObject, @unchecked Sendable {
  // https://developer.apple.com/documentation/foundation/nscoding/init(coder:)
  public required init?(coder: NSCoder) { nil }
  // Stand-in only: a trait collection with the car's scale, for tests.
  public init(standInDisplayScale: CGFloat) { self.displayScale = standInDisplayScale }
  // https://developer.apple.com/documentation/uikit/uitraitcollection/displayscale
  public internal(set) var displayScale: CGFloat = 2
  // https://developer.apple.com/documentation/uikit/uitraitcollection/userinterfacestyle
  open var userInterfaceStyle: UIUserInterfaceStyle { .unspecified }
}

// https://developer.apple.com/documentation/uikit/uiimage
open class UIImage: NSObject, @unchecked Sendable {
  // https://developer.apple.com/documentation/foundation/nscoding/init(coder:)
  public required init?(coder: NSCoder) { nil }
  // https://developer.apple.com/documentation/uikit/uiimage/init(named:in:compatiblewith:)
  public init?(named name: String, in bundle: Bundle?, compatibleWith traitCollection: UITraitCollection?) { standInName = name }
  // https://developer.apple.com/documentation/uikit/uiimage/init(systemname:compatiblewith:)
  public init?(systemName name: String, compatibleWith traitCollection: UITraitCollection?) { standInName = name }
  // https://developer.apple.com/documentation/uikit/uiimage/init(systemname:withconfiguration:)
  public init?(systemName name: String, withConfiguration configuration: UIImage.Configuration?) { standInName = name }
  // unchecked: in the facts' selector index only (-initWithData:), no member facts
  // verified: developer.apple.com/documentation/uikit/uiimage/init(data:)
  public init?(data: Data) { standInName = "data:\(data.count)" }
  // https://developer.apple.com/documentation/uikit/uiimage/init()
  public override init() {}
  // Stand-in only: the symbol or asset name the image was made from (nil for `UIImage()`).
  public internal(set) var standInName: String?
  // https://developer.apple.com/documentation/uikit/uiimage/size
  open var size: CGSize { .zero }
  // https://developer.apple.com/documentation/uikit/uiimage/draw(in:)
  open func draw(in rect: CGRect) {}
  // https://developer.apple.com/documentation/uikit/uiimage/configuration
  open class Configuration: NSObject, @unchecked Sendable {
    // https://developer.apple.com/documentation/foundation/nscoding/init(coder:)
    public required init?(coder: NSCoder) { nil }
    override init() {}
  }
  // https://developer.apple.com/documentation/uikit/uiimage/symbolconfiguration
  open class SymbolConfiguration: Configuration, @unchecked Sendable {
    // https://developer.apple.com/documentation/uikit/uiimage/symbolconfiguration/init(pointsize:)
    public init(pointSize: CGFloat) { super.init() }
    public required init?(coder: NSCoder) { nil }
    // https://developer.apple.com/documentation/uikit/uiimage/symbolconfiguration/applying(_:)-1w1ws
    open func applying(_ configuration: UIImage.Configuration?) -> Self { self }
  }
  // https://developer.apple.com/documentation/uikit/uiimage/configuration/init(traitcollection:)
  // (stand-in: the trait-collection configuration of a symbol)
  // https://developer.apple.com/documentation/uikit/uiimage/applyingsymbolconfiguration(_:)
  open func applyingSymbolConfiguration(_ configuration: UIImage.SymbolConfiguration) -> UIImage? { self }
}

// https://developer.apple.com/documentation/uikit/uigraphicsimagerendererformat
// https://developer.apple.com/documentation/uikit/uigraphicsrendererformat
open class UIGraphicsRendererFormat: NSObject {}
// https://developer.apple.com/documentation/uikit/uigraphicsrenderercontext
open class UIGraphicsRendererContext: NSObject {}
// https://developer.apple.com/documentation/uikit/uigraphicsrenderer
open class UIGraphicsRenderer: NSObject {}

// https://developer.apple.com/documentation/uikit/uigraphicsimagerendererformat
open class UIGraphicsImageRendererFormat: UIGraphicsRendererFormat {
  // https://developer.apple.com/documentation/uikit/uigraphicsimagerendererformat/init(for:)
  public init(for traitCollection: UITraitCollection) {}
  // https://developer.apple.com/documentation/uikit/uigraphicsimagerendererformat/scale
  open var scale: CGFloat = 1
}

// https://developer.apple.com/documentation/uikit/uigraphicsimagerenderercontext
open class UIGraphicsImageRendererContext: UIGraphicsRendererContext {}

// https://developer.apple.com/documentation/uikit/uigraphicsimagerenderer
open class UIGraphicsImageRenderer: UIGraphicsRenderer {
  // https://developer.apple.com/documentation/uikit/uigraphicsimagerenderer/init(size:format:)
  public init(size: CGSize, format: UIGraphicsImageRendererFormat) {}
  // https://developer.apple.com/documentation/uikit/uigraphicsimagerenderer/image(actions:)
  // verified: developer.apple.com/documentation/uikit/uigraphicsimagerenderer/image(actions:) (non-escaping: the facts derive @escaping)
  open func image(actions: (UIGraphicsImageRendererContext) -> Void) -> UIImage { UIImage() }
}

// https://developer.apple.com/documentation/uikit/uitabbaritem
// unchecked: not in others.json (CarPlay's facts name UITabBarItem.SystemItem as the type of
// CPTemplate.tabSystemItem)
open class UITabBarItem: NSObject {
  // https://developer.apple.com/documentation/uikit/uitabbaritem/systemitem
  // unchecked: as above; cases and raw values from UITabBarItem.h (UITabBarSystemItem)
  public enum SystemItem: Int, Sendable {
    case more, favorites, featured, topRated, recents, contacts, history, bookmarks, search, downloads, mostRecent, mostViewed
  }
}

// https://developer.apple.com/documentation/uikit/uiresponder
@MainActor open class UIResponder: NSObject {}

// https://developer.apple.com/documentation/uikit/uiview
@MainActor open class UIView: UIResponder {
  // https://developer.apple.com/documentation/foundation/nscoding/init(coder:)
  public required init?(coder: NSCoder) { nil }
  // https://developer.apple.com/documentation/uikit/uiview/init(frame:)
  public init(frame: CGRect) {}
  // https://developer.apple.com/documentation/uikit/uiview/bounds
  open var bounds: CGRect = .zero
  // https://developer.apple.com/documentation/uikit/uiview/autoresizingmask
  open var autoresizingMask: AutoresizingMask = []
  // https://developer.apple.com/documentation/uikit/uiview/autoresizingmask-swift.struct
  public struct AutoresizingMask: OptionSet, Sendable {
    public let rawValue: UInt
    public init(rawValue: UInt) { self.rawValue = rawValue }
    // https://developer.apple.com/documentation/uikit/uiview/autoresizingmask-swift.struct/flexiblewidth
    public static let flexibleWidth = AutoresizingMask(rawValue: 1 << 1)
    // https://developer.apple.com/documentation/uikit/uiview/autoresizingmask-swift.struct/flexibleheight
    public static let flexibleHeight = AutoresizingMask(rawValue: 1 << 4)
  }
  // https://developer.apple.com/documentation/uikit/uiview/addsubview(_:)
  open func addSubview(_ view: UIView) {}
  // https://developer.apple.com/documentation/uikit/uiview/overrideuserinterfacestyle
  open var overrideUserInterfaceStyle: UIUserInterfaceStyle = .unspecified
}

// https://developer.apple.com/documentation/uikit/uiviewcontroller
@MainActor open class UIViewController: UIResponder {
  // https://developer.apple.com/documentation/foundation/nscoding/init(coder:)
  public required init?(coder: NSCoder) { nil }
  // https://developer.apple.com/documentation/uikit/uiviewcontroller/init(nibname:bundle:)
  public init(nibName nibNameOrNil: String?, bundle nibBundleOrNil: Bundle?) {}
  // https://developer.apple.com/documentation/uikit/uiviewcontroller/view
  open var view: UIView! = UIView(frame: .zero)
  // https://developer.apple.com/documentation/uikit/uiviewcontroller/viewdidload()
  open func viewDidLoad() {}
}

// https://developer.apple.com/documentation/uikit/uiwindow
@MainActor open class UIWindow: UIView {
  // https://developer.apple.com/documentation/uikit/uiwindow/init(windowscene:)
  public init(windowScene: UIWindowScene) { super.init(frame: .zero) }
  // https://developer.apple.com/documentation/foundation/nscoding/init(coder:)
  public required init?(coder: NSCoder) { nil }
  // https://developer.apple.com/documentation/uikit/uiview/init(frame:)
  @available(*, deprecated, message: "iOS 26.0: use init(windowScene:)")
  public override init(frame: CGRect) { super.init(frame: frame) }
  // https://developer.apple.com/documentation/uikit/uiwindow/rootviewcontroller
  open var rootViewController: UIViewController?
  // https://developer.apple.com/documentation/uikit/uiwindow/makekeyandvisible()
  open func makeKeyAndVisible() {}
}

// https://developer.apple.com/documentation/uikit/uiscenesession
@MainActor open class UISceneSession: NSObject {
  // https://developer.apple.com/documentation/foundation/nscoding/init(coder:)
  public required init?(coder: NSCoder) { nil }
}

// https://developer.apple.com/documentation/uikit/uiscene
@MainActor open class UIScene: UIResponder {
  // https://developer.apple.com/documentation/uikit/uiscene/connectionoptions
  @MainActor open class ConnectionOptions: NSObject {}
  // https://developer.apple.com/documentation/uikit/uiscene/openexternalurloptions
  @MainActor open class OpenExternalURLOptions: NSObject {}
  // https://developer.apple.com/documentation/uikit/uiscene/delegate
  open var delegate: (any UISceneDelegate)?
}

// https://developer.apple.com/documentation/uikit/uiscenedelegate
@MainActor public protocol UISceneDelegate: NSObjectProtocol {
  // https://developer.apple.com/documentation/uikit/uiscenedelegate/scene(_:willconnectto:options:)
  func scene(_ scene: UIScene, willConnectTo session: UISceneSession, options connectionOptions: UIScene.ConnectionOptions)
  // https://developer.apple.com/documentation/uikit/uiscenedelegate/scenediddisconnect(_:)
  func sceneDidDisconnect(_ scene: UIScene)
}
// Optional requirements (Objective-C `@optional`): Linux has no `@objc optional`, so the
// stand-in supplies empty defaults.
extension UISceneDelegate {
  public func scene(_ scene: UIScene, willConnectTo session: UISceneSession, options connectionOptions: UIScene.ConnectionOptions) {}
  public func sceneDidDisconnect(_ scene: UIScene) {}
}

// https://developer.apple.com/documentation/uikit/uiwindowscene
@MainActor open class UIWindowScene: UIScene {}

// https://developer.apple.com/documentation/uikit/uiwindowscenedelegate
@MainActor public protocol UIWindowSceneDelegate: UISceneDelegate {
  // https://developer.apple.com/documentation/uikit/uiwindowscenedelegate/window
  var window: UIWindow? { get set }
}

// https://developer.apple.com/documentation/uikit/uiapplication
@MainActor open class UIApplication: UIResponder {
  // https://developer.apple.com/documentation/uikit/uiapplication/launchoptionskey
  public struct LaunchOptionsKey: Hashable, RawRepresentable, Sendable {
    public var rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
  }
}

// https://developer.apple.com/documentation/uikit/uiapplicationdelegate
@MainActor public protocol UIApplicationDelegate: NSObjectProtocol {
  // https://developer.apple.com/documentation/uikit/uiapplicationdelegate/application(_:didfinishlaunchingwithoptions:)
  func application(_ application: UIApplication, didFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]?) -> Bool
}
extension UIApplicationDelegate {
  // https://developer.apple.com/documentation/uikit/uiapplicationdelegate/application(_:didfinishlaunchingwithoptions:) (optional)
  public func application(_ application: UIApplication, didFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]?) -> Bool { true }
  // https://developer.apple.com/documentation/uikit/uiapplicationmain(_:_:_:_:)-1yub7 (the `@main` entry point UIKit supplies)
  public static func main() {}
}
