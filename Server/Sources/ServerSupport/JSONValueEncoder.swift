import Foundation
import SwedbankPaySDK

/// Encodes an `Encodable` value straight into a `JSONValue`, without the text round trip of
/// `JSONEncoder` followed by parsing.
///
/// It follows `JSONEncoder`'s default strategies: `URL` becomes its absolute string, `Data`
/// Base64, a value that encodes nothing an empty object; a non-finite floating-point number is an
/// `EncodingError.invalidValue`. Serialize the result with `JSONValue.serialized()`.
public struct JSONValueEncoder: Sendable {
    public init() {}

    public func encode<T: Encodable>(_ value: T) throws -> SwedbankPaySDK.JSONValue {
        try JSONValueEncoding.box(value, codingPath: []).resolved
    }
}

/// A value under construction: containers hand out nodes their children fill in later.
private final class Node {
    enum Content {
        case empty
        case value(SwedbankPaySDK.JSONValue)
        case object([String: Node])
        case array([Node])
    }

    var content: Content = .empty

    init() {}
    init(_ value: SwedbankPaySDK.JSONValue) { content = .value(value) }

    var resolved: SwedbankPaySDK.JSONValue {
        switch content {
        case .empty: return .object([:])
        case .value(let value): return value
        case .object(let members): return .object(members.mapValues(\.resolved))
        case .array(let elements): return .array(elements.map(\.resolved))
        }
    }

    func set(_ child: Node, forKey key: String) {
        if case .object(var members) = content {
            content = .empty  // drops the enum's reference so `members` is mutated in place
            members[key] = child
            content = .object(members)
        } else {
            content = .object([key: child])
        }
    }

    func append(_ child: Node) {
        if case .array(var elements) = content {
            content = .empty  // as in `set(_:forKey:)`
            elements.append(child)
            content = .array(elements)
        } else {
            content = .array([child])
        }
    }

    var arrayCount: Int {
        if case .array(let elements) = content { return elements.count }
        return 0
    }
}

private struct JSONValueEncoding: Encoder {
    let node: Node
    let codingPath: [any CodingKey]
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    /// `value` encoded into a new node.
    static func box<T: Encodable>(_ value: T, codingPath: [any CodingKey]) throws -> Node {
        if let url = value as? URL { return Node(.string(url.absoluteString)) }
        if let data = value as? Data { return Node(.string(data.base64EncodedString())) }
        let node = Node()
        try value.encode(to: JSONValueEncoding(node: node, codingPath: codingPath))
        return node
    }

    func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
        if case .object = node.content {} else { node.content = .object([:]) }
        return KeyedEncodingContainer(KeyedContainer(node: node, codingPath: codingPath))
    }

    func unkeyedContainer() -> any UnkeyedEncodingContainer {
        if case .array = node.content {} else { node.content = .array([]) }
        return UnkeyedContainer(node: node, codingPath: codingPath)
    }

    func singleValueContainer() -> any SingleValueEncodingContainer {
        SingleValueContainer(node: node, codingPath: codingPath)
    }
}

/// The JSON value of a number or string, refusing what JSON cannot hold.
private func primitive(_ value: Double, _ codingPath: [any CodingKey]) throws -> SwedbankPaySDK.JSONValue {
    guard value.isFinite else {
        throw EncodingError.invalidValue(
            value, .init(codingPath: codingPath, debugDescription: "Unable to encode \(value) directly in JSON."))
    }
    return .number(value)
}

private func primitive<T: FixedWidthInteger>(_ value: T) -> SwedbankPaySDK.JSONValue {
    if let integer = Int64(exactly: value) { return .integer(integer) }
    return .number(Double(value))
}

private struct KeyedContainer<Key: CodingKey>: KeyedEncodingContainerProtocol {
    let node: Node
    let codingPath: [any CodingKey]

    private func put(_ value: SwedbankPaySDK.JSONValue, _ key: Key) { node.set(Node(value), forKey: key.stringValue) }

    mutating func encodeNil(forKey key: Key) { put(.null, key) }
    mutating func encode(_ value: Bool, forKey key: Key) { put(.bool(value), key) }
    mutating func encode(_ value: String, forKey key: Key) { put(.string(value), key) }
    mutating func encode(_ value: Double, forKey key: Key) throws { put(try primitive(value, codingPath + [key]), key) }
    mutating func encode(_ value: Float, forKey key: Key) throws {
        put(try primitive(Double(value), codingPath + [key]), key)
    }
    mutating func encode(_ value: Int, forKey key: Key) throws { put(primitive(value), key) }
    mutating func encode(_ value: Int8, forKey key: Key) throws { put(primitive(value), key) }
    mutating func encode(_ value: Int16, forKey key: Key) throws { put(primitive(value), key) }
    mutating func encode(_ value: Int32, forKey key: Key) throws { put(primitive(value), key) }
    mutating func encode(_ value: Int64, forKey key: Key) throws { put(primitive(value), key) }
    mutating func encode(_ value: UInt, forKey key: Key) throws { put(primitive(value), key) }
    mutating func encode(_ value: UInt8, forKey key: Key) throws { put(primitive(value), key) }
    mutating func encode(_ value: UInt16, forKey key: Key) throws { put(primitive(value), key) }
    mutating func encode(_ value: UInt32, forKey key: Key) throws { put(primitive(value), key) }
    mutating func encode(_ value: UInt64, forKey key: Key) throws { put(primitive(value), key) }

    mutating func encode<T: Encodable>(_ value: T, forKey key: Key) throws {
        node.set(try JSONValueEncoding.box(value, codingPath: codingPath + [key]), forKey: key.stringValue)
    }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type, forKey key: Key)
        -> KeyedEncodingContainer<NestedKey>
    {
        let child = Node()
        node.set(child, forKey: key.stringValue)
        return JSONValueEncoding(node: child, codingPath: codingPath + [key]).container(keyedBy: keyType)
    }

    mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
        let child = Node()
        node.set(child, forKey: key.stringValue)
        return JSONValueEncoding(node: child, codingPath: codingPath + [key]).unkeyedContainer()
    }

    mutating func superEncoder() -> any Encoder {
        let child = Node()
        node.set(child, forKey: JSONSuperKey().stringValue)
        return JSONValueEncoding(node: child, codingPath: codingPath + [JSONSuperKey()])
    }

    mutating func superEncoder(forKey key: Key) -> any Encoder {
        let child = Node()
        node.set(child, forKey: key.stringValue)
        return JSONValueEncoding(node: child, codingPath: codingPath + [key])
    }
}

private struct UnkeyedContainer: UnkeyedEncodingContainer {
    let node: Node
    let codingPath: [any CodingKey]
    var count: Int { node.arrayCount }

    private var nextPath: [any CodingKey] { codingPath + [JSONIndexKey(index: count)] }
    private func put(_ value: SwedbankPaySDK.JSONValue) { node.append(Node(value)) }

    mutating func encodeNil() { put(.null) }
    mutating func encode(_ value: Bool) { put(.bool(value)) }
    mutating func encode(_ value: String) { put(.string(value)) }
    mutating func encode(_ value: Double) throws { put(try primitive(value, nextPath)) }
    mutating func encode(_ value: Float) throws { put(try primitive(Double(value), nextPath)) }
    mutating func encode(_ value: Int) throws { put(primitive(value)) }
    mutating func encode(_ value: Int8) throws { put(primitive(value)) }
    mutating func encode(_ value: Int16) throws { put(primitive(value)) }
    mutating func encode(_ value: Int32) throws { put(primitive(value)) }
    mutating func encode(_ value: Int64) throws { put(primitive(value)) }
    mutating func encode(_ value: UInt) throws { put(primitive(value)) }
    mutating func encode(_ value: UInt8) throws { put(primitive(value)) }
    mutating func encode(_ value: UInt16) throws { put(primitive(value)) }
    mutating func encode(_ value: UInt32) throws { put(primitive(value)) }
    mutating func encode(_ value: UInt64) throws { put(primitive(value)) }

    mutating func encode<T: Encodable>(_ value: T) throws {
        node.append(try JSONValueEncoding.box(value, codingPath: nextPath))
    }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type)
        -> KeyedEncodingContainer<NestedKey>
    {
        let child = Node()
        let path = nextPath
        node.append(child)
        return JSONValueEncoding(node: child, codingPath: path).container(keyedBy: keyType)
    }

    mutating func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer {
        let child = Node()
        let path = nextPath
        node.append(child)
        return JSONValueEncoding(node: child, codingPath: path).unkeyedContainer()
    }

    mutating func superEncoder() -> any Encoder {
        let child = Node()
        let path = nextPath
        node.append(child)
        return JSONValueEncoding(node: child, codingPath: path)
    }
}

private struct SingleValueContainer: SingleValueEncodingContainer {
    let node: Node
    let codingPath: [any CodingKey]

    mutating func encodeNil() { node.content = .value(.null) }
    mutating func encode(_ value: Bool) { node.content = .value(.bool(value)) }
    mutating func encode(_ value: String) { node.content = .value(.string(value)) }
    mutating func encode(_ value: Double) throws { node.content = .value(try primitive(value, codingPath)) }
    mutating func encode(_ value: Float) throws { node.content = .value(try primitive(Double(value), codingPath)) }
    mutating func encode(_ value: Int) throws { node.content = .value(primitive(value)) }
    mutating func encode(_ value: Int8) throws { node.content = .value(primitive(value)) }
    mutating func encode(_ value: Int16) throws { node.content = .value(primitive(value)) }
    mutating func encode(_ value: Int32) throws { node.content = .value(primitive(value)) }
    mutating func encode(_ value: Int64) throws { node.content = .value(primitive(value)) }
    mutating func encode(_ value: UInt) throws { node.content = .value(primitive(value)) }
    mutating func encode(_ value: UInt8) throws { node.content = .value(primitive(value)) }
    mutating func encode(_ value: UInt16) throws { node.content = .value(primitive(value)) }
    mutating func encode(_ value: UInt32) throws { node.content = .value(primitive(value)) }
    mutating func encode(_ value: UInt64) throws { node.content = .value(primitive(value)) }

    mutating func encode<T: Encodable>(_ value: T) throws {
        node.content = try JSONValueEncoding.box(value, codingPath: codingPath).content
    }
}
