/// A value taken apart with `Mirror`, so two values can be compared field by field.
indirect enum ValueDump: Equatable {
    /// A value shown whole: a number, a string, a case without payload, `nil`.
    case leaf(String)
    /// A struct, class or tuple: its type name and labelled children.
    case record(type: String, fields: [Field])
    /// An enum case with a payload.
    case enumCase(type: String, name: String, payload: ValueDump)
    /// An array, set or dictionary: its elements in order (sets and dictionaries sorted by their text).
    case collection(type: String, elements: [Field])

    struct Field: Equatable {
        let label: String
        let value: ValueDump
    }

    init(_ value: Any) {
        let mirror = Mirror(reflecting: value)
        let type = Self.typeName(of: value)
        switch mirror.displayStyle {
        case .optional:
            if let wrapped = mirror.children.first?.value {
                self.init(wrapped)
            } else {
                self = .leaf("nil")
            }
        case .enum:
            guard let payload = mirror.children.first else {
                self = .leaf(".\(value)")
                return
            }
            self = .enumCase(type: type, name: payload.label ?? "\(value)", payload: ValueDump(payload.value))
        case .struct, .class, .tuple:
            guard !mirror.children.isEmpty, !(value is any StringProtocol) else {
                self = .leaf(String(reflecting: value))
                return
            }
            let fields = mirror.children.enumerated().map { offset, child in
                Field(label: child.label ?? ".\(offset)", value: ValueDump(child.value))
            }
            self = .record(type: mirror.displayStyle == .tuple ? "" : type, fields: fields)
        case .collection:
            self = .collection(
                type: type,
                elements: mirror.children.enumerated().map {
                    Field(label: "[\($0.offset)]", value: ValueDump($0.element.value))
                }
            )
        case .set, .dictionary:
            let elements = mirror.children.map { ValueDump($0.value) }.sorted { $0.singleLine < $1.singleLine }
            self = .collection(
                type: type,
                elements: elements.enumerated().map { Field(label: "[\($0.offset)]", value: $0.element) }
            )
        default:
            self = .leaf(String(reflecting: value))
        }
    }

    /// The value on one line, as in `.invalid(["Too short."])` or `LoginOutputs(isLoading: true, …)`.
    var singleLine: String {
        switch self {
        case .leaf(let text):
            return text
        case .record(let type, let fields):
            return "\(type)(" + fields.map { "\($0.label): \($0.value.singleLine)" }.joined(separator: ", ") + ")"
        case .enumCase(_, let name, let payload):
            if case .record("", _) = payload { return ".\(name)\(payload.singleLine)" }
            return ".\(name)(\(payload.singleLine))"
        case .collection(let type, let elements):
            let body = elements.map(\.value.singleLine).joined(separator: ", ")
            return type.hasPrefix("Dictionary") || type.hasPrefix("Set") ? "\(type)([\(body)])" : "[\(body)]"
        }
    }

    private static func typeName(of value: Any) -> String {
        String(describing: type(of: value))
    }
}
