import Foundation

extension SwedbankPaySDK.JSONValue {
    /// Converts a value of the `[String: Any]` world (`paymentMenuStyle`, a problem built by app
    /// code) to JSON. Strings, booleans, numbers, arrays, dictionaries with string keys and `NSNull`
    /// convert; anything else becomes `null`.
    public init(anyObject value: Any) {
        switch value {
        case let value as SwedbankPaySDK.JSONValue: self = value
        case let value as String: self = .string(value)
        case let value as Bool: self = .bool(value)
        case let value as Int: self = .integer(Int64(value))
        case let value as Int64: self = .integer(value)
        case let value as Double: self = .number(value)
        case let value as Float: self = .number(Double(value))
        case let value as [Any]: self = .array(value.map(Self.init(anyObject:)))
        case let value as [String: Any]: self = .object(value.mapValues(Self.init(anyObject:)))
        default: self = .null
        }
    }

    /// The value in the `[String: Any]` world (`javaScriptEvent(name:arguments:)`, a problem's
    /// `raw`), typed as `JSONSerialization` users cast it: `String`, `Bool`, `Int` (an integer
    /// beyond `Int` stays `Int64`), `Double`, `[Any]`, `[String: Any]`, or `NSNull` for `null`.
    public var anyValue: Any {
        switch self {
        case .null: return NSNull()
        case .bool(let value): return value
        case .integer(let value): return Int(exactly: value) ?? value
        case .number(let value): return value
        case .string(let value): return value
        case .array(let value): return value.map(\.anyValue)
        case .object(let value): return value.mapValues(\.anyValue)
        }
    }
}
