// Declaration-only stand-ins for the SwiftUI (and SwiftUI-for-MapKit) API that Apps/ uses
// (see UIKit.swift for the rules). Each declaration names the Apple documentation page of its
// signature. Modifiers return `some View` without the real wrapper types.
// swift-format-ignore-file
import Foundation
import MapKit
import Observation
import UIKit

// https://developer.apple.com/documentation/swiftui/view
@MainActor @preconcurrency public protocol View {
  associatedtype Body: View
  @ViewBuilder var body: Body { get }
}
extension Never: View { public var body: Never { fatalError() } }

// https://developer.apple.com/documentation/swiftui/emptyview
public struct EmptyView: View { public init() {}; public var body: Never { fatalError() } }
// https://developer.apple.com/documentation/swiftui/tupleview
public struct TupleView<T>: View { public init(_ value: T) {}; public var body: Never { fatalError() } }
// https://developer.apple.com/documentation/swiftui/optional
extension Optional: View where Wrapped: View { public var body: Never { fatalError() } }
// (SwiftUI's `_ConditionalContent`, the type of `if`/`else` in a view builder)
public struct _ConditionalContent<T: View, F: View>: View { public var body: Never { fatalError() } }

// https://developer.apple.com/documentation/swiftui/viewbuilder
@resultBuilder public struct ViewBuilder {
  public static func buildBlock() -> EmptyView { EmptyView() }
  public static func buildBlock<C: View>(_ content: C) -> C { content }
  public static func buildBlock<each C: View>(_ content: repeat each C) -> TupleView<(repeat each C)> { TupleView((repeat each content)) }
  public static func buildIf<C: View>(_ content: C?) -> C? { content }
  public static func buildEither<T: View, F: View>(first: T) -> _ConditionalContent<T, F> { _ConditionalContent() }
  public static func buildEither<T: View, F: View>(second: F) -> _ConditionalContent<T, F> { _ConditionalContent() }
}

// https://developer.apple.com/documentation/swiftui/binding
@propertyWrapper @dynamicMemberLookup public struct Binding<Value> {
  // https://developer.apple.com/documentation/swiftui/binding/init(projectedvalue:)
  public init(projectedValue: Binding<Value>) {}
  public var wrappedValue: Value { get { fatalError() } nonmutating set {} }
  public var projectedValue: Binding<Value> { self }
  public subscript<Subject>(dynamicMember keyPath: WritableKeyPath<Value, Subject>) -> Binding<Subject> { fatalError() }
}

// https://developer.apple.com/documentation/swiftui/state
@propertyWrapper public struct State<Value> {
  public init(wrappedValue value: Value) {}
  public var wrappedValue: Value { get { fatalError() } nonmutating set {} }
  public var projectedValue: Binding<Value> { fatalError() }
}

// https://developer.apple.com/documentation/swiftui/bindable
@propertyWrapper @dynamicMemberLookup public struct Bindable<Value: AnyObject & Observable> {
  public init(wrappedValue: Value) { self.wrappedValue = wrappedValue }
  public var wrappedValue: Value
  public var projectedValue: Bindable<Value> { self }
  public subscript<Subject>(dynamicMember keyPath: ReferenceWritableKeyPath<Value, Subject>) -> Binding<Subject> { fatalError() }
}

// https://developer.apple.com/documentation/swiftui/text
public struct Text: View {
  // https://developer.apple.com/documentation/swiftui/text/init(_:)-9d1g4
  public init<S: StringProtocol>(_ content: S) {}
  public var body: Never { fatalError() }
}
// https://developer.apple.com/documentation/swiftui/image
public struct Image: View {
  // https://developer.apple.com/documentation/swiftui/image/init(systemname:)
  public init(systemName: String) {}
  public var body: Never { fatalError() }
}
// https://developer.apple.com/documentation/swiftui/label
public struct Label: View {
  // https://developer.apple.com/documentation/swiftui/label/init(_:systemimage:)-7ymsg
  public init<S: StringProtocol>(_ title: S, systemImage name: String) {}
  public var body: Never { fatalError() }
}
// https://developer.apple.com/documentation/swiftui/button
public struct Button<Label: View>: View {
  // https://developer.apple.com/documentation/swiftui/button/init(action:label:)
  public init(action: @escaping @MainActor () -> Void, @ViewBuilder label: () -> Label) {}
  public var body: Never { fatalError() }
}
extension Button where Label == Text {
  // https://developer.apple.com/documentation/swiftui/button/init(_:action:)-lpm7
  public init<S: StringProtocol>(_ title: S, action: @escaping @MainActor () -> Void) {}
}
// https://developer.apple.com/documentation/swiftui/toggle
public struct Toggle: View {
  // https://developer.apple.com/documentation/swiftui/toggle/init(_:ison:)-8qx3l
  public init<S: StringProtocol>(_ title: S, isOn: Binding<Bool>) {}
  public var body: Never { fatalError() }
}
// https://developer.apple.com/documentation/swiftui/picker
public struct Picker<SelectionValue: Hashable, Content: View>: View {
  // https://developer.apple.com/documentation/swiftui/picker/init(_:selection:content:)-5njtq
  public init<S: StringProtocol>(_ title: S, selection: Binding<SelectionValue>, @ViewBuilder content: () -> Content) {}
  public var body: Never { fatalError() }
}
// https://developer.apple.com/documentation/swiftui/labeledcontent
public struct LabeledContent: View {
  // https://developer.apple.com/documentation/swiftui/labeledcontent/init(_:value:)-4ilad
  public init<S: StringProtocol>(_ title: S, value: S) {}
  public var body: Never { fatalError() }
}
// https://developer.apple.com/documentation/swiftui/contentunavailableview
public struct ContentUnavailableView: View {
  // https://developer.apple.com/documentation/swiftui/contentunavailableview/init(_:systemimage:description:)-2lnb1
  public init<S: StringProtocol>(_ title: S, systemImage name: String, description: Text? = nil) {}
  public var body: Never { fatalError() }
}
// https://developer.apple.com/documentation/swiftui/progressview
public struct ProgressView: View {
  // https://developer.apple.com/documentation/swiftui/progressview/init()
  public init() {}
  public var body: Never { fatalError() }
}
// https://developer.apple.com/documentation/swiftui/list
public struct List<Content: View>: View {
  // https://developer.apple.com/documentation/swiftui/list/init(content:)
  public init(@ViewBuilder content: () -> Content) {}
  public var body: Never { fatalError() }
}
// https://developer.apple.com/documentation/swiftui/form
public struct Form<Content: View>: View {
  // https://developer.apple.com/documentation/swiftui/form/init(content:)
  public init(@ViewBuilder content: () -> Content) {}
  public var body: Never { fatalError() }
}
// https://developer.apple.com/documentation/swiftui/section
public struct Section<Content: View>: View {
  // https://developer.apple.com/documentation/swiftui/section/init(_:content:)-90be4
  public init<S: StringProtocol>(_ title: S, @ViewBuilder content: () -> Content) {}
  public var body: Never { fatalError() }
}
// https://developer.apple.com/documentation/swiftui/vstack
public struct VStack<Content: View>: View {
  // https://developer.apple.com/documentation/swiftui/vstack/init(alignment:spacing:content:)
  public init(@ViewBuilder content: () -> Content) {}
  public var body: Never { fatalError() }
}
// https://developer.apple.com/documentation/swiftui/foreach
public struct ForEach<Data: RandomAccessCollection, ID: Hashable, Content> {}
extension ForEach: View where Content: View {
  public var body: Never { fatalError() }
}
extension ForEach where ID == Data.Element.ID, Data.Element: Identifiable, Content: View {
  // https://developer.apple.com/documentation/swiftui/foreach/init(_:content:)-1i1ez
  public init(_ data: Data, @ViewBuilder content: @escaping (Data.Element) -> Content) {}
}
extension ForEach where Content: View {
  // https://developer.apple.com/documentation/swiftui/foreach/init(_:id:content:)
  public init(_ data: Data, id: KeyPath<Data.Element, ID>, @ViewBuilder content: @escaping (Data.Element) -> Content) {}
}
// https://developer.apple.com/documentation/swiftui/navigationstack
public struct NavigationStack<Root: View>: View {
  // https://developer.apple.com/documentation/swiftui/navigationstack/init(root:)
  public init(@ViewBuilder root: () -> Root) {}
  public var body: Never { fatalError() }
}
// https://developer.apple.com/documentation/swiftui/navigationlink
public struct NavigationLink<Label: View, Destination: View>: View {
  // https://developer.apple.com/documentation/swiftui/navigationlink/init(destination:label:)
  public init(@ViewBuilder destination: () -> Destination, @ViewBuilder label: () -> Label) {}
  public var body: Never { fatalError() }
}
// https://developer.apple.com/documentation/swiftui/tabview
public struct TabView<Content: View>: View {
  // https://developer.apple.com/documentation/swiftui/tabview/init(content:)
  public init(@ViewBuilder content: () -> Content) {}
  public var body: Never { fatalError() }
}

extension View {
  // https://developer.apple.com/documentation/swiftui/view/navigationtitle(_:)-avgj
  public func navigationTitle<S: StringProtocol>(_ title: S) -> some View { self }
  // https://developer.apple.com/documentation/swiftui/view/tabitem(_:)
  public func tabItem<V: View>(@ViewBuilder _ label: () -> V) -> some View { self }
  // https://developer.apple.com/documentation/swiftui/view/task(priority:_:)
  public func task(_ action: @escaping @MainActor @Sendable () async -> Void) -> some View { self }
  // https://developer.apple.com/documentation/swiftui/view/tag(_:includeoptional:)
  public func tag<V: Hashable>(_ tag: V) -> some View { self }
  // https://developer.apple.com/documentation/swiftui/view/frame(width:height:alignment:)
  public func frame(height: CGFloat) -> some View { self }
  // https://developer.apple.com/documentation/swiftui/view/refreshable(action:)
  public func refreshable(action: @escaping @Sendable () async -> Void) -> some View { self }
}

// https://developer.apple.com/documentation/uikit/uihostingcontroller (SwiftUI)
@MainActor open class UIHostingController<Content: View>: UIViewController {
  // https://developer.apple.com/documentation/swiftui/uihostingcontroller/init(rootview:)
  public init(rootView: Content) { super.init(nibName: nil, bundle: nil) }
  // https://developer.apple.com/documentation/swiftui/uihostingcontroller/init(coder:)
  public required init?(coder: NSCoder) { nil }
}

// MARK: MapKit for SwiftUI

// https://developer.apple.com/documentation/mapkit/mapcontent
@MainActor @preconcurrency public protocol MapContent {}
// https://developer.apple.com/documentation/mapkit/mapcontentbuilder
@resultBuilder public struct MapContentBuilder {
  public static func buildBlock<each C: MapContent>(_ content: repeat each C) -> _MapContentGroup { _MapContentGroup() }
  public static func buildExpression<C: MapContent>(_ content: C) -> C { content }
  public static func buildBlock<C: MapContent>(_ content: C) -> C { content }
  public static func buildOptional<C: MapContent>(_ content: C?) -> C? { content }
  public static func buildEither<C: MapContent>(first: C) -> _MapContentGroup { _MapContentGroup() }
  public static func buildEither<C: MapContent>(second: C) -> _MapContentGroup { _MapContentGroup() }
  public static func buildArray<C: MapContent>(_ content: [C]) -> _MapContentGroup { _MapContentGroup() }
}
// (optional map content, the type of an `if` without `else` in a map content builder)
extension Optional: MapContent where Wrapped: MapContent {}
// (the builder's result type)
public struct _MapContentGroup: MapContent {}
// https://developer.apple.com/documentation/mapkit/marker
public struct Marker: MapContent {
  // https://developer.apple.com/documentation/mapkit/marker/init(_:coordinate:)-8bkf3
  public init<S: StringProtocol>(_ title: S, coordinate: CLLocationCoordinate2D) {}
}
// https://developer.apple.com/documentation/mapkit/mappolyline
public struct MapPolyline: MapContent {
  // https://developer.apple.com/documentation/mapkit/mappolyline/init(coordinates:contourstyle:)
  public init(coordinates: [CLLocationCoordinate2D]) {}
}
// https://developer.apple.com/documentation/mapkit/userannotation
public struct UserAnnotation: MapContent { public init() {} }
// https://developer.apple.com/documentation/swiftui/foreach (ForEach conforms to MapContent)
extension ForEach: MapContent where Content: MapContent {}
extension ForEach where ID == Data.Element.ID, Data.Element: Identifiable, Content: MapContent {
  // https://developer.apple.com/documentation/swiftui/foreach/init(_:content:)-1i1ez
  public init(_ data: Data, @MapContentBuilder content: @escaping (Data.Element) -> Content) {}
}
// https://developer.apple.com/documentation/mapkit/mapcameraposition
public struct MapCameraPosition: Sendable {
  // https://developer.apple.com/documentation/mapkit/mapcameraposition/region(_:)
  public static func region(_ region: MKCoordinateRegion) -> MapCameraPosition { MapCameraPosition() }
  // https://developer.apple.com/documentation/mapkit/mapcameraposition/userlocation(fallback:)
  public static func userLocation(fallback: MapCameraPosition) -> MapCameraPosition { fallback }
}
// https://developer.apple.com/documentation/mapkit/map
public struct Map: View {
  // https://developer.apple.com/documentation/mapkit/map/init(initialposition:bounds:interactionmodes:scope:content:)
  public init<C: MapContent>(initialPosition: MapCameraPosition, @MapContentBuilder content: () -> C) {}
  public var body: Never { fatalError() }
}
