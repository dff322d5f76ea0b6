// A declaration-only model of the SwiftUI API that the SDK and the example app call (see
// UIKit.swift in this directory): apps and scenes, views and view builders, the containers and
// controls the example uses, view modifiers, state, bindings and `@Bindable`, sheets and UIKit
// view-controller representables, with SwiftUI's main-actor isolation. As the iOS 18 SDK
// (Xcode 16) and the iOS 26 SDK (Xcode 26) declare it: `Binding(get:set:)` takes `@isolated(any)
// @Sendable` closures (docs/apple-platforms.md lists each change with its source).
@_exported import Foundation
import Observation
import UIKit

// Source: SwiftUI's interface (SwiftUI.swiftinterface); developer.apple.com/documentation/swiftui/view
@MainActor @preconcurrency
public protocol View {
    associatedtype Body: View
    @ViewBuilder @MainActor @preconcurrency var body: Body { get }
}

// Source: SwiftUI's interface (SwiftUI.swiftinterface); developer.apple.com/documentation/swiftui/never
extension Never: View {
    public typealias Body = Never
    public var body: Never { fatalError() }
}

// Source: SwiftUI's interface (SwiftUI.swiftinterface); developer.apple.com/documentation/swiftui/emptyview
public struct EmptyView: View {
    nonisolated public init() {}
    public var body: Never { fatalError() }
}

// Source: SwiftUI's interface (SwiftUI.swiftinterface); developer.apple.com/documentation/swiftui/tupleview
public struct TupleView<T>: View {
    public var body: Never { fatalError() }
}

// Source: SwiftUI's interface (SwiftUI.swiftinterface); developer.apple.com/documentation/swiftui/viewbuilder
@resultBuilder
public struct ViewBuilder {
    public static func buildBlock() -> EmptyView { EmptyView() }
    public static func buildBlock<Content: View>(_ content: Content) -> Content { content }
    public static func buildBlock<each Content: View>(_ content: repeat each Content) -> TupleView<
        (repeat each Content)
    > {
        fatalError()
    }
    public static func buildExpression<Content: View>(_ content: Content) -> Content { content }
    public static func buildIf<Content: View>(_ content: Content?) -> Content? { content }
}

// Source: SwiftUI's interface (SwiftUI.swiftinterface); developer.apple.com/documentation/swiftui/optional
extension Optional: View where Wrapped: View {
    public var body: Never { fatalError() }
}

// MARK: Containers and controls

// Source: SwiftUI's interface (SwiftUI.swiftinterface); developer.apple.com/documentation/swiftui/text
public struct Text: View {
    nonisolated public init<S: StringProtocol>(_ content: S) {}
    nonisolated public init(verbatim content: String) {}
    public var body: Never { fatalError() }
}

// Source: SwiftUI's interface (SwiftUI.swiftinterface); developer.apple.com/documentation/swiftui/spacer
public struct Spacer: View {
    nonisolated public init() {}
    public var body: Never { fatalError() }
}

// Source: SwiftUI's interface (SwiftUI.swiftinterface); developer.apple.com/documentation/swiftui/button
public struct Button<Label: View>: View {
    public var body: Never { fatalError() }
}

// Source: SwiftUI's interface (SwiftUI.swiftinterface); developer.apple.com/documentation/swiftui/button
extension Button where Label == Text {
    public init<S: StringProtocol>(_ title: S, action: @escaping @MainActor () -> Void) { fatalError() }
}

// Source: SwiftUI's interface (SwiftUI.swiftinterface); developer.apple.com/documentation/swiftui/textfield
public struct TextField<Label: View>: View {
    public var body: Never { fatalError() }
}

// Source: SwiftUI's interface (SwiftUI.swiftinterface); developer.apple.com/documentation/swiftui/textfield
extension TextField where Label == Text {
    public init<S: StringProtocol>(_ title: S, text: Binding<String>) { fatalError() }
}

// Source: SwiftUI's interface (SwiftUI.swiftinterface); developer.apple.com/documentation/swiftui/hstack
public struct HStack<Content: View>: View {
    public init(@ViewBuilder content: () -> Content) { fatalError() }
    public var body: Never { fatalError() }
}

// Source: SwiftUI's interface (SwiftUI.swiftinterface); developer.apple.com/documentation/swiftui/list
public struct List<Content: View>: View {
    public init(@ViewBuilder content: () -> Content) { fatalError() }
    public var body: Never { fatalError() }
}

// Source: SwiftUI's interface (SwiftUI.swiftinterface); developer.apple.com/documentation/swiftui/form
public struct Form<Content: View>: View {
    public init(@ViewBuilder content: () -> Content) { fatalError() }
    public var body: Never { fatalError() }
}

// Source: SwiftUI's interface (SwiftUI.swiftinterface); developer.apple.com/documentation/swiftui/section
public struct Section<Content: View>: View {
    public init<S: StringProtocol>(_ title: S, @ViewBuilder content: () -> Content) { fatalError() }
    public init(@ViewBuilder content: () -> Content) { fatalError() }
    public var body: Never { fatalError() }
}

// Source: SwiftUI's interface (SwiftUI.swiftinterface); developer.apple.com/documentation/swiftui/navigationstack
@available(iOS 16.0, *)
public struct NavigationStack<Root: View>: View {
    public init(@ViewBuilder root: () -> Root) { fatalError() }
    public var body: Never { fatalError() }
}

// Source: SwiftUI's interface (SwiftUI.swiftinterface); developer.apple.com/documentation/swiftui/foreach
public struct ForEach<Data: RandomAccessCollection, ID: Hashable, Content: View>: View {
    public var body: Never { fatalError() }
}

// Source: SwiftUI's interface (SwiftUI.swiftinterface); developer.apple.com/documentation/swiftui/foreach
extension ForEach where Data.Element: Identifiable, ID == Data.Element.ID {
    public init(_ data: Data, @ViewBuilder content: @escaping (Data.Element) -> Content) { fatalError() }
}

// Source: SwiftUI's interface (SwiftUI.swiftinterface); developer.apple.com/documentation/swiftui/foreach
extension ForEach {
    public init(_ data: Data, id: KeyPath<Data.Element, ID>, @ViewBuilder content: @escaping (Data.Element) -> Content)
    {
        fatalError()
    }
}

// MARK: Apps and scenes

// Source: SwiftUI's interface (SwiftUI.swiftinterface); developer.apple.com/documentation/swiftui/scene
@available(iOS 14.0, *)
@MainActor @preconcurrency
public protocol Scene {
    associatedtype Body: Scene
    @SceneBuilder @MainActor @preconcurrency var body: Body { get }
}

// Source: SwiftUI's interface (SwiftUI.swiftinterface); developer.apple.com/documentation/swiftui/never
extension Never: Scene {}

// Source: SwiftUI's interface (SwiftUI.swiftinterface); developer.apple.com/documentation/swiftui/scenebuilder
@resultBuilder
public struct SceneBuilder {
    public static func buildBlock<Content: Scene>(_ content: Content) -> Content { content }
}

// Source: SwiftUI's interface (SwiftUI.swiftinterface); developer.apple.com/documentation/swiftui/windowgroup
@available(iOS 14.0, *)
public struct WindowGroup<Content: View>: Scene {
    public init(@ViewBuilder content: () -> Content) { fatalError() }
    public var body: Never { fatalError() }
}

// Source: SwiftUI's interface (SwiftUI.swiftinterface); developer.apple.com/documentation/swiftui/app
@available(iOS 14.0, *)
@MainActor @preconcurrency
public protocol App {
    associatedtype Body: Scene
    @SceneBuilder @MainActor @preconcurrency var body: Body { get }
    @MainActor @preconcurrency init()
}

// Source: SwiftUI's interface (SwiftUI.swiftinterface); developer.apple.com/documentation/swiftui/app
@available(iOS 14.0, *)
extension App {
    @MainActor @preconcurrency public static func main() {}
}

// Source: SwiftUI's interface (SwiftUI.swiftinterface); developer.apple.com/documentation/swiftui/viewmodifier
@MainActor @preconcurrency
public protocol ViewModifier {
    associatedtype Body: View
    typealias Content = _ViewModifier_Content<Self>
    @ViewBuilder @MainActor @preconcurrency func body(content: Content) -> Body
}

// Source: SwiftUI's interface (SwiftUI.swiftinterface); developer.apple.com/documentation/swiftui/viewmodifier/content
public struct _ViewModifier_Content<Modifier: ViewModifier>: View {
    public var body: Never { fatalError() }
}

// Source: SwiftUI's interface (SwiftUI.swiftinterface); developer.apple.com/documentation/swiftui/modifiedcontent
public struct ModifiedContent<Content, Modifier> {
    public var content: Content
    public var modifier: Modifier
}

// Source: SwiftUI's interface (SwiftUI.swiftinterface); developer.apple.com/documentation/swiftui/modifiedcontent
extension ModifiedContent: View where Content: View, Modifier: ViewModifier {
    public var body: Never { fatalError() }
}

// Source: SwiftUI's interface (SwiftUI.swiftinterface); developer.apple.com/documentation/swiftui/view (each modifier's page: modifier(_:), disabled(_:), navigationTitle(_:), toolbar(content:), onAppear(perform:), onDisappear(perform:), onOpenURL(perform:), sheet(isPresented:onDismiss:content:))
extension View {
    public func modifier<T>(_ modifier: T) -> ModifiedContent<Self, T> { fatalError() }
    public func disabled(_ disabled: Bool) -> some View { EmptyView() }
    @available(iOS 14.0, *)
    public func navigationTitle<S: StringProtocol>(_ title: S) -> some View { EmptyView() }
    @available(iOS 14.0, *)
    public func toolbar<Content: View>(@ViewBuilder content: () -> Content) -> some View { EmptyView() }
    public func onAppear(perform action: (() -> Void)? = nil) -> some View { EmptyView() }
    public func onDisappear(perform action: (() -> Void)? = nil) -> some View { EmptyView() }
    @available(iOS 14.0, *)
    public func onOpenURL(perform action: @escaping (URL) -> Void) -> some View { EmptyView() }

    public func sheet<Content: View>(
        isPresented: Binding<Bool>, onDismiss: (() -> Void)? = nil, @ViewBuilder content: @escaping () -> Content
    ) -> some View { EmptyView() }
}

// Source: SwiftUI's interface (SwiftUI.swiftinterface); developer.apple.com/documentation/swiftui/binding
@propertyWrapper @dynamicMemberLookup
public struct Binding<Value> {
    @preconcurrency
    public init(
        get: @escaping @isolated(any) @Sendable () -> Value, set: @escaping @isolated(any) @Sendable (Value) -> Void
    ) {
        fatalError()
    }
    public var wrappedValue: Value {
        get { fatalError() }
        nonmutating set {}
    }
    public var projectedValue: Binding<Value> { self }
    public init(projectedValue: Binding<Value>) { self = projectedValue }
    public subscript<Subject>(dynamicMember keyPath: WritableKeyPath<Value, Subject>) -> Binding<Subject> {
        fatalError()
    }
}

// Source: SwiftUI's interface (SwiftUI.swiftinterface); developer.apple.com/documentation/swiftui/binding
extension Binding: Sendable where Value: Sendable {}

// Source: SwiftUI's interface (SwiftUI.swiftinterface); developer.apple.com/documentation/swiftui/state
@propertyWrapper
public struct State<Value> {
    public init(wrappedValue value: Value) { fatalError() }
    public init(initialValue value: Value) { fatalError() }
    public var wrappedValue: Value {
        get { fatalError() }
        nonmutating set {}
    }
    public var projectedValue: Binding<Value> { fatalError() }
}

// Source: SwiftUI's interface (SwiftUI.swiftinterface); developer.apple.com/documentation/swiftui/state
extension State: Sendable where Value: Sendable {}

// Source: SwiftUI's interface (SwiftUI.swiftinterface); developer.apple.com/documentation/swiftui/scenestorage
@available(iOS 14.0, *)
@propertyWrapper
public struct SceneStorage<Value> {
    private init(unavailable: Void) { fatalError() }
    public var wrappedValue: Value {
        get { fatalError() }
        nonmutating set {}
    }
    public var projectedValue: Binding<Value> { fatalError() }
}

// Source: SwiftUI's interface (SwiftUI.swiftinterface); developer.apple.com/documentation/swiftui/scenestorage
@available(iOS 14.0, *)
extension SceneStorage where Value: ExpressibleByNilLiteral {
    public init(_ key: String) where Value == Data? { self.init(unavailable: ()) }
}

// Source: SwiftUI's interface (SwiftUI.swiftinterface); developer.apple.com/documentation/swiftui/uiviewcontrollerrepresentable
@MainActor @preconcurrency
public protocol UIViewControllerRepresentable: View where Body == Never {
    associatedtype UIViewControllerType: UIViewController
    associatedtype Coordinator = Void
    typealias Context = UIViewControllerRepresentableContext<Self>
    @MainActor @preconcurrency func makeUIViewController(context: Context) -> UIViewControllerType
    @MainActor @preconcurrency func updateUIViewController(_ uiViewController: UIViewControllerType, context: Context)
    @MainActor @preconcurrency static func dismantleUIViewController(
        _ uiViewController: UIViewControllerType, coordinator: Coordinator)
    @MainActor @preconcurrency func makeCoordinator() -> Coordinator
}

// Source: SwiftUI's interface (SwiftUI.swiftinterface); developer.apple.com/documentation/swiftui/uiviewcontrollerrepresentable
extension UIViewControllerRepresentable {
    public static func dismantleUIViewController(_ uiViewController: UIViewControllerType, coordinator: Coordinator) {}
    public var body: Never { fatalError() }
}

// Source: SwiftUI's interface (SwiftUI.swiftinterface); developer.apple.com/documentation/swiftui/uiviewcontrollerrepresentable
extension UIViewControllerRepresentable where Coordinator == Void {
    public func makeCoordinator() -> Void {}
}

// Source: SwiftUI's interface (SwiftUI.swiftinterface); developer.apple.com/documentation/swiftui/uiviewcontrollerrepresentablecontext
@MainActor @preconcurrency
public struct UIViewControllerRepresentableContext<Representable: UIViewControllerRepresentable> {
    public let coordinator: Representable.Coordinator
}

// Source: SwiftUI's interface (SwiftUI.swiftinterface); developer.apple.com/documentation/swiftui/bindable
@available(iOS 17.0, *)
@propertyWrapper @dynamicMemberLookup
public struct Bindable<Value> {
    private let storage: Value
    private init(storage: Value) { self.storage = storage }
    public init(wrappedValue: Value) where Value: AnyObject, Value: Observable { self.init(storage: wrappedValue) }
    public var wrappedValue: Value { storage }
    public var projectedValue: Bindable<Value> { self }
    public subscript<Subject>(dynamicMember keyPath: ReferenceWritableKeyPath<Value, Subject>) -> Binding<Subject>
    where Value: AnyObject { fatalError() }
}

// Source: SwiftUI's interface (SwiftUI.swiftinterface); developer.apple.com/documentation/swiftui/bindable
@available(iOS 17.0, *)
extension Bindable where Value: AnyObject, Value: Observable {
    public init(_ wrappedValue: Value) { self.init(storage: wrappedValue) }
}
