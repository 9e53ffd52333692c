// Declaration-only stand-ins for the User Notifications API that Apps/ uses (see UIKit.swift for
// the rules). Each declaration names the Apple documentation page of its signature. The SDK facts
// (Apps/LinuxCheck/SDKFacts, /apple-sdk) do not cover User Notifications, so check_sdk_facts.py
// cannot check these; the option values, selectors and optionality were read by hand from the
// objc2 header translation (madsmtm/objc2-generated, UserNotifications/UNUserNotificationCenter.rs
// and UNNotificationCategory.rs): UNAuthorizationOptionCarPlay = 1 << 3,
// UNNotificationCategoryOptionAllowInCarPlay = 1 << 1, the delegate's methods optional.
// swift-format-ignore-file
import Foundation

// https://developer.apple.com/documentation/usernotifications/unauthorizationoptions
public struct UNAuthorizationOptions: OptionSet, Sendable {
  public let rawValue: UInt
  public init(rawValue: UInt) { self.rawValue = rawValue }
  // https://developer.apple.com/documentation/usernotifications/unauthorizationoptions/badge
  public static let badge = UNAuthorizationOptions(rawValue: 1 << 0)
  // https://developer.apple.com/documentation/usernotifications/unauthorizationoptions/sound
  public static let sound = UNAuthorizationOptions(rawValue: 1 << 1)
  // https://developer.apple.com/documentation/usernotifications/unauthorizationoptions/alert
  public static let alert = UNAuthorizationOptions(rawValue: 1 << 2)
  // https://developer.apple.com/documentation/usernotifications/unauthorizationoptions/carplay
  public static let carPlay = UNAuthorizationOptions(rawValue: 1 << 3)
}

// https://developer.apple.com/documentation/usernotifications/unnotificationcategoryoptions
public struct UNNotificationCategoryOptions: OptionSet, Sendable {
  public let rawValue: UInt
  public init(rawValue: UInt) { self.rawValue = rawValue }
  // https://developer.apple.com/documentation/usernotifications/unnotificationcategoryoptions/customdismissaction
  public static let customDismissAction = UNNotificationCategoryOptions(rawValue: 1 << 0)
  // https://developer.apple.com/documentation/usernotifications/unnotificationcategoryoptions/allowincarplay
  public static let allowInCarPlay = UNNotificationCategoryOptions(rawValue: 1 << 1)
}

// https://developer.apple.com/documentation/usernotifications/unnotificationpresentationoptions
public struct UNNotificationPresentationOptions: OptionSet, Sendable {
  public let rawValue: UInt
  public init(rawValue: UInt) { self.rawValue = rawValue }
  // https://developer.apple.com/documentation/usernotifications/unnotificationpresentationoptions/list
  public static let list = UNNotificationPresentationOptions(rawValue: 1 << 3)
  // https://developer.apple.com/documentation/usernotifications/unnotificationpresentationoptions/banner
  public static let banner = UNNotificationPresentationOptions(rawValue: 1 << 4)
}

// https://developer.apple.com/documentation/usernotifications/unnotificationaction
open class UNNotificationAction: NSObject, @unchecked Sendable {}

// https://developer.apple.com/documentation/usernotifications/unnotificationcategory
open class UNNotificationCategory: NSObject, @unchecked Sendable {
  // https://developer.apple.com/documentation/usernotifications/unnotificationcategory/init(identifier:actions:intentidentifiers:options:)
  public convenience init(identifier: String, actions: [UNNotificationAction], intentIdentifiers: [String], options: UNNotificationCategoryOptions = []) {
    self.init()
    self.identifier = identifier
    self.options = options
  }
  // https://developer.apple.com/documentation/usernotifications/unnotificationcategory/identifier
  open private(set) var identifier: String = ""
  // https://developer.apple.com/documentation/usernotifications/unnotificationcategory/options
  open private(set) var options: UNNotificationCategoryOptions = []
}

// https://developer.apple.com/documentation/usernotifications/unnotificationcontent
open class UNNotificationContent: NSObject, @unchecked Sendable {
  // https://developer.apple.com/documentation/usernotifications/unnotificationcontent/title
  open internal(set) var title: String = ""
  // https://developer.apple.com/documentation/usernotifications/unnotificationcontent/body
  open internal(set) var body: String = ""
  // https://developer.apple.com/documentation/usernotifications/unnotificationcontent/categoryidentifier
  open internal(set) var categoryIdentifier: String = ""
}

// https://developer.apple.com/documentation/usernotifications/unmutablenotificationcontent
open class UNMutableNotificationContent: UNNotificationContent, @unchecked Sendable {
  // https://developer.apple.com/documentation/usernotifications/unmutablenotificationcontent/title
  open override var title: String { get { super.title } set { super.title = newValue } }
  // https://developer.apple.com/documentation/usernotifications/unmutablenotificationcontent/body
  open override var body: String { get { super.body } set { super.body = newValue } }
  // https://developer.apple.com/documentation/usernotifications/unmutablenotificationcontent/categoryidentifier
  open override var categoryIdentifier: String { get { super.categoryIdentifier } set { super.categoryIdentifier = newValue } }
}

// https://developer.apple.com/documentation/usernotifications/unnotificationtrigger
open class UNNotificationTrigger: NSObject, @unchecked Sendable {}

// https://developer.apple.com/documentation/usernotifications/unnotificationrequest
open class UNNotificationRequest: NSObject, @unchecked Sendable {
  // https://developer.apple.com/documentation/usernotifications/unnotificationrequest/init(identifier:content:trigger:)
  public convenience init(identifier: String, content: UNNotificationContent, trigger: UNNotificationTrigger?) {
    self.init()
    self.identifier = identifier
    self.content = content
  }
  // https://developer.apple.com/documentation/usernotifications/unnotificationrequest/identifier
  open private(set) var identifier: String = ""
  // https://developer.apple.com/documentation/usernotifications/unnotificationrequest/content
  open private(set) var content = UNNotificationContent()
}

// https://developer.apple.com/documentation/usernotifications/unnotification
open class UNNotification: NSObject, @unchecked Sendable {
  // https://developer.apple.com/documentation/usernotifications/unnotification/request
  open var request: UNNotificationRequest { UNNotificationRequest() }
}

// https://developer.apple.com/documentation/usernotifications/unnotificationresponse
open class UNNotificationResponse: NSObject, @unchecked Sendable {
  // https://developer.apple.com/documentation/usernotifications/unnotificationresponse/notification
  open var notification: UNNotification { UNNotification() }
  // https://developer.apple.com/documentation/usernotifications/unnotificationresponse/actionidentifier
  open var actionIdentifier: String { "" }
}

// https://developer.apple.com/documentation/usernotifications/unusernotificationcenterdelegate
public protocol UNUserNotificationCenterDelegate: NSObjectProtocol {
  // https://developer.apple.com/documentation/usernotifications/unusernotificationcenterdelegate/usernotificationcenter(_:willpresent:withcompletionhandler:)
  func userNotificationCenter(_ center: UNUserNotificationCenter, willPresent notification: UNNotification, withCompletionHandler completionHandler: @escaping (UNNotificationPresentationOptions) -> Void)
  // https://developer.apple.com/documentation/usernotifications/unusernotificationcenterdelegate/usernotificationcenter(_:didreceive:withcompletionhandler:)
  func userNotificationCenter(_ center: UNUserNotificationCenter, didReceive response: UNNotificationResponse, withCompletionHandler completionHandler: @escaping () -> Void)
}
// Both methods are optional in the header (@optional); a protocol extension stands in.
extension UNUserNotificationCenterDelegate {
  public func userNotificationCenter(_ center: UNUserNotificationCenter, willPresent notification: UNNotification, withCompletionHandler completionHandler: @escaping (UNNotificationPresentationOptions) -> Void) {}
  public func userNotificationCenter(_ center: UNUserNotificationCenter, didReceive response: UNNotificationResponse, withCompletionHandler completionHandler: @escaping () -> Void) {}
}

// https://developer.apple.com/documentation/usernotifications/unusernotificationcenter
open class UNUserNotificationCenter: NSObject, @unchecked Sendable {
  // https://developer.apple.com/documentation/usernotifications/unusernotificationcenter/current()
  open class func current() -> UNUserNotificationCenter { UNUserNotificationCenter() }
  // https://developer.apple.com/documentation/usernotifications/unusernotificationcenter/delegate
  weak open var delegate: (any UNUserNotificationCenterDelegate)?
  // https://developer.apple.com/documentation/usernotifications/unusernotificationcenter/requestauthorization(options:completionhandler:)
  open func requestAuthorization(options: UNAuthorizationOptions = [], completionHandler: @escaping @Sendable (Bool, (any Error)?) -> Void) {}
  // https://developer.apple.com/documentation/usernotifications/unusernotificationcenter/setnotificationcategories(_:)
  open func setNotificationCategories(_ categories: Set<UNNotificationCategory>) {}
  // https://developer.apple.com/documentation/usernotifications/unusernotificationcenter/add(_:withcompletionhandler:)
  open func add(_ request: UNNotificationRequest, withCompletionHandler completionHandler: (@Sendable ((any Error)?) -> Void)? = nil) {}
}
