import Foundation

extension SwedbankPaySDK {
    /// A JSON object: the shape of a problem document and of other loosely typed payloads.
    public typealias JSONObject = [String: JSONValue]

    /// Any JSON value, kept exactly as received.
    ///
    /// Problems keep their whole document as a `JSONObject` (`raw`), so extension members that the
    /// SDK does not model (for example `gatewayStatus`, `sessionId`, `suspension`) stay readable.
    /// Integers are kept apart from fractional numbers so that `status: 404` reads back as `404`.
    public enum JSONValue: Sendable, Hashable, Codable {
        /// The JSON literal `null`.
        case null
        /// The JSON literal `true` or `false`.
        case bool(Bool)
        /// A JSON number with a whole value, as an `Int64`.
        ///
        /// Written without a fraction or exponent (`404`, `-7`), a number in `Int64`'s range is kept
        /// exactly. A whole value written with one (`2.0`, `1e3`) is read as an integer too when it
        /// is below `9e18` in magnitude, as `JSONDecoder` reads it.
        case integer(Int64)
        /// Any other JSON number, as the nearest `Double`: one with a fractional value (`0.25`), or
        /// a whole value too large to be an ``integer(_:)`` (`1e20`).
        case number(Double)
        /// A JSON string, with its escapes decoded.
        case string(String)
        /// A JSON array, its elements in order.
        case array([JSONValue])
        /// A JSON object: its members by name. Of duplicate names, the parser keeps the last value.
        case object(JSONObject)

        public init(from decoder: any Decoder) throws {
            let container = try decoder.singleValueContainer()
            if container.decodeNil() {
                self = .null
            } else if let value = try? container.decode(Bool.self) {
                self = .bool(value)
            } else if let value = try? container.decode(Int64.self) {
                self = .integer(value)
            } else if let value = try? container.decode(Double.self) {
                self = .number(value)
            } else if let value = try? container.decode(String.self) {
                self = .string(value)
            } else if let value = try? container.decode([JSONValue].self) {
                self = .array(value)
            } else {
                self = .object(try container.decode(JSONObject.self))
            }
        }

        public func encode(to encoder: any Encoder) throws {
            var container = encoder.singleValueContainer()
            switch self {
            case .null: try container.encodeNil()
            case .bool(let value): try container.encode(value)
            case .integer(let value): try container.encode(value)
            case .number(let value): try container.encode(value)
            case .string(let value): try container.encode(value)
            case .array(let value): try container.encode(value)
            case .object(let value): try container.encode(value)
            }
        }

        /// The string, if this is a JSON string.
        public var stringValue: String? {
            if case .string(let value) = self { return value }
            return nil
        }

        /// The integer, if this is a JSON number without a fractional part.
        public var integerValue: Int64? {
            switch self {
            case .integer(let value): return value
            case .number(let value) where value.rounded() == value && abs(value) < 9.0e18: return Int64(value)
            default: return nil
            }
        }

        /// The elements, if this is a JSON array.
        public var arrayValue: [JSONValue]? {
            if case .array(let value) = self { return value }
            return nil
        }

        /// The members, if this is a JSON object.
        public var objectValue: JSONObject? {
            if case .object(let value) = self { return value }
            return nil
        }
    }
}
