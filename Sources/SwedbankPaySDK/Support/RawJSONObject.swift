import Foundation

extension SwedbankPaySDK {
    /// A problem document's whole JSON object (the `raw` of every problem case), readable the way
    /// the `[String: Any]` of the original SDK was read.
    ///
    /// The original SDK stored `raw` as `[String: Any]`, which is not `Sendable`; a problem travels
    /// inside an `Error` between tasks and actors, so here the document is kept as ``JSONObject``
    /// (exact, `Sendable`, `Hashable`) and this type gives it the dictionary's reading surface:
    /// `raw["gatewayStatus"] as? Int`, `for (key, value) in raw`, `raw.keys`, `raw.count`, a
    /// dictionary literal, `print(raw)`. Values read through the subscript are `String`, `Bool`,
    /// `Int`, `Double`, `[Any]`, `[String: Any]` or `NSNull`, as `JSONSerialization` produces them.
    /// Use ``json`` to read members exactly, and ``dictionary`` where a real `[String: Any]` is
    /// needed.
    public struct RawJSONObject: Sendable, Hashable {
        /// The members, exactly as received.
        public var json: JSONObject

        /// Wraps a parsed JSON object.
        public init(_ json: JSONObject) {
            self.json = json
        }

        /// Converts a `[String: Any]` (for example from `JSONSerialization`). Values that are not
        /// JSON (anything but strings, booleans, numbers, arrays, string-keyed dictionaries and
        /// `NSNull`) become `null`.
        public init(_ dictionary: [String: Any]) {
            self.json = dictionary.mapValues(JSONValue.init(anyObject:))
        }

        /// The member's value as `JSONSerialization` would give it, or nil when there is no such
        /// member.
        public subscript(key: String) -> Any? {
            json[key]?.anyValue
        }

        /// The member names.
        public var keys: Dictionary<String, JSONValue>.Keys { json.keys }

        /// The document as a `[String: Any]`, values typed as the subscript gives them.
        public var dictionary: [String: Any] { json.mapValues(\.anyValue) }
    }
}

extension SwedbankPaySDK.RawJSONObject: Collection {
    /// A position of a member.
    public typealias Index = Dictionary<String, SwedbankPaySDK.JSONValue>.Index
    /// A member, its value typed as the subscript gives it.
    public typealias Element = (key: String, value: Any)

    /// The position of the first member.
    public var startIndex: Index { json.startIndex }
    /// The position after the last member.
    public var endIndex: Index { json.endIndex }

    /// The position after `index`.
    public func index(after index: Index) -> Index { json.index(after: index) }

    /// The member at `position`.
    public subscript(position: Index) -> Element {
        let member = json[position]
        return (key: member.key, value: member.value.anyValue)
    }
}

extension SwedbankPaySDK.RawJSONObject: ExpressibleByDictionaryLiteral {
    /// Builds a document from a literal; values convert as from a `[String: Any]`.
    public init(dictionaryLiteral elements: (String, Any)...) {
        var json: SwedbankPaySDK.JSONObject = [:]
        for (key, value) in elements {
            json[key] = SwedbankPaySDK.JSONValue(anyObject: value)
        }
        self.init(json)
    }
}

extension SwedbankPaySDK.RawJSONObject: CustomStringConvertible {
    /// The `[String: Any]` text of ``dictionary``, members sorted by name so that logs are stable.
    public var description: String {
        let members = json.sorted { $0.key < $1.key }.map { key, value in
            "\(String(reflecting: key)): \(String(reflecting: value.anyValue))"
        }
        return members.isEmpty ? "[:]" : "[\(members.joined(separator: ", "))]"
    }
}
