// Declaration-only stand-ins for the App Intents API that Apps/ uses (see UIKit.swift for
// the rules). Each declaration names the Apple documentation page of its signature.
// swift-format-ignore-file
import Foundation

// https://developer.apple.com/documentation/foundation/localizedstringresource (Foundation on
// Apple platforms; declared here because Linux Foundation lacks it)
public struct LocalizedStringResource: ExpressibleByStringInterpolation, Sendable {
  public init(stringLiteral value: String) {}
  public init(stringInterpolation: DefaultStringInterpolation) {}
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
    // https://developer.apple.com/documentation/appintents/appshortcutphrase/stringinterpolation/appendinterpolation(_:)-1xgkk
    // (a parameter of the intent, by its key path: `\(\.$town)`)
    public mutating func appendInterpolation<Value>(_ parameter: KeyPath<Intent, IntentParameter<Value>>) {}
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
extension AppShortcutsProvider {
  // https://developer.apple.com/documentation/appintents/appshortcutsprovider/updateappshortcutparameters()
  public static func updateAppShortcutParameters() {}
}

// https://developer.apple.com/documentation/appintents/typedisplayrepresentation
public struct TypeDisplayRepresentation: ExpressibleByStringLiteral, Sendable {
  public init(stringLiteral value: String) {}
  // https://developer.apple.com/documentation/appintents/typedisplayrepresentation/init(name:numericformat:)
  public init(name: LocalizedStringResource) {}
}

// https://developer.apple.com/documentation/appintents/displayrepresentation
public struct DisplayRepresentation: ExpressibleByStringLiteral, Sendable {
  public init(stringLiteral value: String) {}
  // https://developer.apple.com/documentation/appintents/displayrepresentation/init(title:subtitle:image:synonyms:)
  public init(title: LocalizedStringResource, subtitle: LocalizedStringResource? = nil, synonyms: [LocalizedStringResource] = []) {}
}

// https://developer.apple.com/documentation/appintents/entityquery
public protocol EntityQuery: Sendable {
  associatedtype Entity: AppEntity
  init()
  // https://developer.apple.com/documentation/appintents/entityquery/entities(for:)
  func entities(for identifiers: [Entity.ID]) async throws -> [Entity]
  // https://developer.apple.com/documentation/appintents/entityquery/suggestedentities()
  func suggestedEntities() async throws -> [Entity]
}
extension EntityQuery {
  public func suggestedEntities() async throws -> [Entity] { [] }
}

// https://developer.apple.com/documentation/appintents/appentity
public protocol AppEntity: Identifiable, Sendable {
  // https://developer.apple.com/documentation/appintents/typedisplayrepresentable/typedisplayrepresentation
  static var typeDisplayRepresentation: TypeDisplayRepresentation { get }
  // https://developer.apple.com/documentation/appintents/displayrepresentable/displayrepresentation
  var displayRepresentation: DisplayRepresentation { get }
  associatedtype DefaultQuery: EntityQuery
  // https://developer.apple.com/documentation/appintents/appentity/defaultquery
  static var defaultQuery: DefaultQuery { get }
}

// https://developer.apple.com/documentation/appintents/appenum
public protocol AppEnum: RawRepresentable, CaseIterable, Hashable, Sendable where RawValue == String {
  // https://developer.apple.com/documentation/appintents/typedisplayrepresentable/typedisplayrepresentation
  static var typeDisplayRepresentation: TypeDisplayRepresentation { get }
  // https://developer.apple.com/documentation/appintents/caseDisplayRepresentable/casedisplayrepresentations
  static var caseDisplayRepresentations: [Self: DisplayRepresentation] { get }
}

// https://developer.apple.com/documentation/appintents/intentparameter
@propertyWrapper public final class IntentParameter<Value>: @unchecked Sendable {
  // https://developer.apple.com/documentation/appintents/intentparameter/wrappedvalue
  public var wrappedValue: Value {
    get { fatalError("stand-in") }
    set {}
  }
  // https://developer.apple.com/documentation/appintents/intentparameter/projectedvalue
  public var projectedValue: IntentParameter<Value> { self }
  // https://developer.apple.com/documentation/appintents/intentparameter/init(title:description:requestvaluedialog:)
  public init(title: LocalizedStringResource) {}
}
// `@Parameter` is how App Intents spells the wrapper in an intent.
public typealias Parameter = IntentParameter
