// Declaration-only stand-ins for the App Intents API that Apps/ uses (see UIKit.swift for
// the rules). Each declaration names the Apple documentation page of its signature.
// swift-format-ignore-file
import Foundation

// https://developer.apple.com/documentation/foundation/localizedstringresource (Foundation on
// Apple platforms; declared here because Linux Foundation lacks it)
public struct LocalizedStringResource: ExpressibleByStringLiteral, Sendable {
  public init(stringLiteral value: String) {}
}

// https://developer.apple.com/documentation/appintents/intentdescription
public struct IntentDescription: ExpressibleByStringLiteral, Sendable {
  public init(stringLiteral value: String) {}
}

// https://developer.apple.com/documentation/appintents/intentdialog
public struct IntentDialog: ExpressibleByStringInterpolation, Sendable {
  public init(stringLiteral value: String) {}
  public init(stringInterpolation: DefaultStringInterpolation) {}
}

// https://developer.apple.com/documentation/appintents/intentresult
public protocol IntentResult: Sendable {}
// https://developer.apple.com/documentation/appintents/providesdialog
public protocol ProvidesDialog {}
// https://developer.apple.com/documentation/appintents/intentresultcontainer
public struct IntentResultContainer: IntentResult, ProvidesDialog {}
extension IntentResult where Self == IntentResultContainer {
  // https://developer.apple.com/documentation/appintents/intentresult/result(dialog:)
  public static func result(dialog: IntentDialog) -> Self { IntentResultContainer() }
}

// https://developer.apple.com/documentation/appintents/appintent
public protocol AppIntent: Sendable {
  // https://developer.apple.com/documentation/appintents/appintent/title
  static var title: LocalizedStringResource { get }
  // https://developer.apple.com/documentation/appintents/appintent/description
  static var description: IntentDescription { get }
  // https://developer.apple.com/documentation/appintents/appintent/openappwhenrun
  static var openAppWhenRun: Bool { get }
  init()
  associatedtype PerformResult: IntentResult
  // https://developer.apple.com/documentation/appintents/appintent/perform()
  func perform() async throws -> PerformResult
}
extension AppIntent {
  public static var description: IntentDescription { "" }
  public static var openAppWhenRun: Bool { false }
}

// https://developer.apple.com/documentation/appintents/appshortcutphrasetoken
public enum AppShortcutPhraseToken: Sendable {
  // https://developer.apple.com/documentation/appintents/appshortcutphrasetoken/applicationname
  case applicationName
}

// https://developer.apple.com/documentation/appintents/appshortcutphrase
public struct AppShortcutPhrase<Intent: AppIntent>: ExpressibleByStringInterpolation, Sendable {
  public struct StringInterpolation: StringInterpolationProtocol {
    public init(literalCapacity: Int, interpolationCount: Int) {}
    public mutating func appendLiteral(_ literal: String) {}
    public mutating func appendInterpolation(_ token: AppShortcutPhraseToken) {}
  }
  public init(stringLiteral value: String) {}
  public init(stringInterpolation: StringInterpolation) {}
}

// https://developer.apple.com/documentation/appintents/appshortcut
public struct AppShortcut: Sendable {
  // https://developer.apple.com/documentation/appintents/appshortcut/init(intent:phrases:shorttitle:systemimagename:)
  public init<Intent: AppIntent>(intent: Intent, phrases: [AppShortcutPhrase<Intent>], shortTitle: LocalizedStringResource, systemImageName: String) {}
}

// https://developer.apple.com/documentation/appintents/appshortcutsbuilder
@resultBuilder public struct AppShortcutsBuilder {
  public static func buildBlock(_ components: AppShortcut...) -> [AppShortcut] { components }
}

// https://developer.apple.com/documentation/appintents/appshortcutsprovider
public protocol AppShortcutsProvider {
  // https://developer.apple.com/documentation/appintents/appshortcutsprovider/appshortcuts
  @AppShortcutsBuilder static var appShortcuts: [AppShortcut] { get }
}
