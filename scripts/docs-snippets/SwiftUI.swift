// The smallest stand-in for the SwiftUI names the documentation's listings use, so that scripts/docs-snippets.sh can
// type-check them on Linux, where SwiftUI does not exist. It is compiled into the check's scratch folder only and
// never shipped. Signatures follow SwiftUI's as the listings call them; nothing here draws anything, and nothing
// here proves that SwiftUI accepts a listing (see the article "Putting a ViewModel on screen").
public import Observation

@MainActor public protocol View {
    associatedtype Body: View
    @ViewBuilder var body: Body { get }
}

extension Never: View {
    public var body: Never { fatalError() }
}

@MainActor @resultBuilder public enum ViewBuilder {
    public static func buildBlock() -> EmptyView { EmptyView() }
    public static func buildBlock<Content: View>(_ content: Content) -> Content { content }
    public static func buildBlock<each Content: View>(_ content: repeat each Content) -> TupleView<(repeat each Content)> {
        TupleView()
    }
    public static func buildOptional<Content: View>(_ content: Content?) -> Content? { content }
    public static func buildEither<First: View, Second: View>(first: First) -> Either<First, Second> { Either() }
    public static func buildEither<First: View, Second: View>(second: Second) -> Either<First, Second> { Either() }
}

extension Optional: View where Wrapped: View {
    public var body: Never { fatalError() }
}

public struct EmptyView: View {
    public init() {}
    public var body: Never { fatalError() }
}

public struct TupleView<T>: View {
    public var body: Never { fatalError() }
}

public struct Either<First, Second>: View {
    public var body: Never { fatalError() }
}

public struct ModifiedView<Content>: View {
    public var body: Never { fatalError() }
}

@propertyWrapper @dynamicMemberLookup public struct Binding<Value> {
    public init(get: @escaping () -> Value, set: @escaping (Value) -> Void) {}
    public var wrappedValue: Value { fatalError() }
    public var projectedValue: Binding<Value> { self }
    public subscript<Subject>(dynamicMember keyPath: WritableKeyPath<Value, Subject>) -> Binding<Subject> {
        fatalError()
    }
}

@MainActor @propertyWrapper public struct State<Value> {
    public init(wrappedValue: Value) {}
    public var wrappedValue: Value {
        get { fatalError() }
        nonmutating set {}
    }
    public var projectedValue: Binding<Value> { fatalError() }
}

@MainActor @propertyWrapper @dynamicMemberLookup public struct Bindable<Value: AnyObject & Observable> {
    public init(wrappedValue: Value) {}
    public var wrappedValue: Value { fatalError() }
    public var projectedValue: Bindable<Value> { self }
    public subscript<Subject>(dynamicMember keyPath: ReferenceWritableKeyPath<Value, Subject>) -> Binding<Subject> {
        fatalError()
    }
}

public struct Color: Sendable {
    public static let gray = Color(), green = Color(), red = Color(), primary = Color(), secondary = Color()
}

public struct ButtonRole: Sendable {
    public static let cancel = ButtonRole(), destructive = ButtonRole()
}

public struct Text: View {
    public init(_ text: String) {}
    public var body: Never { fatalError() }
}

public struct TextField: View {
    public init(_ title: String, text: Binding<String>) {}
    public var body: Never { fatalError() }
}

public struct Button<Label>: View {
    public init(_ title: String, action: @escaping () -> Void) where Label == Text {}
    public init(_ title: String, role: ButtonRole?, action: @escaping () -> Void) where Label == Text {}
    public var body: Never { fatalError() }
}

public struct Form<Content: View>: View {
    public init(@ViewBuilder content: () -> Content) {}
    public var body: Never { fatalError() }
}

public struct NavigationStack<Content: View>: View {
    public init(@ViewBuilder root: () -> Content) {}
    public var body: Never { fatalError() }
}

public struct ForEach<Data: RandomAccessCollection, ID: Hashable, Content: View>: View {
    public init(_ data: Data, id: KeyPath<Data.Element, ID>, @ViewBuilder content: @escaping (Data.Element) -> Content) {}
    public var body: Never { fatalError() }
}

public struct List<RowContent: View>: View {
    public init<Data: RandomAccessCollection>(
        _ data: Data, @ViewBuilder rowContent: @escaping (Data.Element) -> RowContent
    ) where Data.Element: Identifiable {}
    public var body: Never { fatalError() }
}

extension View {
    public func onChange<Value: Equatable>(of value: Value, _ action: @escaping () -> Void) -> ModifiedView<Self> {
        ModifiedView()
    }
    public func border(_ color: Color) -> ModifiedView<Self> { ModifiedView() }
    public func foregroundStyle(_ color: Color) -> ModifiedView<Self> { ModifiedView() }
    public func disabled(_ disabled: Bool) -> ModifiedView<Self> { ModifiedView() }
    public func onTapGesture(perform action: @escaping () -> Void) -> ModifiedView<Self> { ModifiedView() }
    public func alert<T, Actions: View, Message: View>(
        _ title: String, isPresented: Binding<Bool>, presenting data: T?,
        @ViewBuilder actions: @escaping (T) -> Actions, @ViewBuilder message: @escaping (T) -> Message
    ) -> ModifiedView<Self> {
        ModifiedView()
    }
    public func navigationDestination<D: Hashable, C: View>(
        item: Binding<D?>, @ViewBuilder destination: @escaping (D) -> C
    ) -> ModifiedView<Self> {
        ModifiedView()
    }
}
