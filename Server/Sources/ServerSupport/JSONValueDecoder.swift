import Foundation
import SwedbankPaySDK

/// Decodes a `Decodable` value straight from an already parsed `JSONValue`, without writing it
/// out as text for `JSONDecoder` to parse again.
///
/// It follows `JSONDecoder`'s default strategies and errors, so code mapping `DecodingError`s
/// keeps working: a missing key is `keyNotFound`, `null` for a non-optional is `valueNotFound`,
/// a value of another JSON type is `typeMismatch`, a number out of range or a string that is no
/// URL is `dataCorrupted`, each with the coding path. `URL` is read from a string and `Data` from
/// Base64, as `JSONDecoder` does; integers also accept a number without a fractional part.
public struct JSONValueDecoder: Sendable {
    public init() {}

    public func decode<T: Decodable>(_ type: T.Type, from value: SwedbankPaySDK.JSONValue) throws -> T {
        try JSONValueDecoding(value: value, codingPath: []).unbox(value, as: type)
    }
}

/// One position in the value being decoded.
private struct JSONValueDecoding: Decoder {
    let value: SwedbankPaySDK.JSONValue
    let codingPath: [any CodingKey]
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
        guard case .object(let members) = value else {
            if case .null = value {
                throw DecodingError.valueNotFound(
                    KeyedDecodingContainer<Key>.self,
                    .init(
                        codingPath: codingPath,
                        debugDescription: "Cannot get keyed decoding container -- found null value instead"))
            }
            throw mismatch([String: Any].self, value, codingPath)
        }
        return KeyedDecodingContainer(KeyedContainer(members: members, codingPath: codingPath))
    }

    func unkeyedContainer() throws -> any UnkeyedDecodingContainer {
        guard case .array(let elements) = value else {
            if case .null = value {
                throw DecodingError.valueNotFound(
                    (any UnkeyedDecodingContainer).self,
                    .init(
                        codingPath: codingPath,
                        debugDescription: "Cannot get unkeyed decoding container -- found null value instead"))
            }
            throw mismatch([Any].self, value, codingPath)
        }
        return UnkeyedContainer(elements: elements, codingPath: codingPath)
    }

    func singleValueContainer() throws -> any SingleValueDecodingContainer {
        SingleValueContainer(decoder: self)
    }

    /// `value` (found at `codingPath`) as a `T`.
    func unbox<T: Decodable>(_ value: SwedbankPaySDK.JSONValue, as type: T.Type) throws -> T {
        if type == URL.self {
            let text = try unboxString(value)
            guard let url = URL(string: text) else {
                throw DecodingError.dataCorrupted(
                    .init(codingPath: codingPath, debugDescription: "Invalid URL string."))
            }
            return url as! T
        }
        if type == Data.self {
            guard let data = Data(base64Encoded: try unboxString(value)) else {
                throw DecodingError.dataCorrupted(
                    .init(codingPath: codingPath, debugDescription: "Encountered Data is not valid Base64."))
            }
            return data as! T
        }
        return try T(from: JSONValueDecoding(value: value, codingPath: codingPath))
    }

    func unboxString(_ value: SwedbankPaySDK.JSONValue) throws -> String {
        switch value {
        case .string(let text): return text
        case .null: throw notFound(String.self, codingPath)
        default: throw mismatch(String.self, value, codingPath)
        }
    }

    func unboxBool(_ value: SwedbankPaySDK.JSONValue) throws -> Bool {
        switch value {
        case .bool(let flag): return flag
        case .null: throw notFound(Bool.self, codingPath)
        default: throw mismatch(Bool.self, value, codingPath)
        }
    }

    func unboxInteger<T: FixedWidthInteger>(_ value: SwedbankPaySDK.JSONValue, as type: T.Type) throws -> T {
        let integer: T?
        switch value {
        case .integer(let number): integer = T(exactly: number)
        case .number(let number): integer = T(exactly: number)
        case .null: throw notFound(type, codingPath)
        default: throw mismatch(type, value, codingPath)
        }
        guard let integer else {
            throw DecodingError.dataCorrupted(
                .init(codingPath: codingPath, debugDescription: "Parsed JSON number does not fit in \(type)."))
        }
        return integer
    }

    func unboxFloatingPoint<T: BinaryFloatingPoint>(_ value: SwedbankPaySDK.JSONValue, as type: T.Type) throws -> T {
        switch value {
        case .integer(let number): return T(number)
        case .number(let number): return T(number)
        case .null: throw notFound(type, codingPath)
        default: throw mismatch(type, value, codingPath)
        }
    }
}

private func mismatch(_ type: Any.Type, _ value: SwedbankPaySDK.JSONValue, _ path: [any CodingKey]) -> DecodingError {
    let found: String
    switch value {
    case .null: found = "null"
    case .bool: found = "a boolean"
    case .integer, .number: found = "a number"
    case .string: found = "a string"
    case .array: found = "an array"
    case .object: found = "a dictionary"
    }
    return .typeMismatch(
        type, .init(codingPath: path, debugDescription: "Expected to decode \(type) but found \(found) instead."))
}

private func notFound(_ type: Any.Type, _ path: [any CodingKey]) -> DecodingError {
    .valueNotFound(type, .init(codingPath: path, debugDescription: "Expected \(type) value but found null instead."))
}

/// A key of an array position in a coding path, as `JSONDecoder` writes it.
struct JSONIndexKey: CodingKey {
    let intValue: Int?
    var stringValue: String { "Index \(intValue ?? 0)" }
    init(index: Int) { intValue = index }
    init?(stringValue: String) { nil }
    init?(intValue: Int) { self.intValue = intValue }
}

private struct KeyedContainer<Key: CodingKey>: KeyedDecodingContainerProtocol {
    let members: SwedbankPaySDK.JSONObject
    let codingPath: [any CodingKey]

    var allKeys: [Key] { members.keys.compactMap { Key(stringValue: $0) } }

    func contains(_ key: Key) -> Bool { members[key.stringValue] != nil }

    private func member(_ key: Key) throws -> (value: SwedbankPaySDK.JSONValue, decoder: JSONValueDecoding) {
        guard let value = members[key.stringValue] else {
            throw DecodingError.keyNotFound(
                key,
                .init(codingPath: codingPath, debugDescription: "No value associated with key \(key.stringValue)."))
        }
        return (value, JSONValueDecoding(value: value, codingPath: codingPath + [key]))
    }

    func decodeNil(forKey key: Key) throws -> Bool {
        if case .null = try member(key).value { return true }
        return false
    }

    func decode(_ type: Bool.Type, forKey key: Key) throws -> Bool {
        let (value, decoder) = try member(key)
        return try decoder.unboxBool(value)
    }

    func decode(_ type: String.Type, forKey key: Key) throws -> String {
        let (value, decoder) = try member(key)
        return try decoder.unboxString(value)
    }

    func decode(_ type: Double.Type, forKey key: Key) throws -> Double {
        let (value, decoder) = try member(key)
        return try decoder.unboxFloatingPoint(value, as: type)
    }

    func decode(_ type: Float.Type, forKey key: Key) throws -> Float {
        let (value, decoder) = try member(key)
        return try decoder.unboxFloatingPoint(value, as: type)
    }

    func decode(_ type: Int.Type, forKey key: Key) throws -> Int { try integer(key) }
    func decode(_ type: Int8.Type, forKey key: Key) throws -> Int8 { try integer(key) }
    func decode(_ type: Int16.Type, forKey key: Key) throws -> Int16 { try integer(key) }
    func decode(_ type: Int32.Type, forKey key: Key) throws -> Int32 { try integer(key) }
    func decode(_ type: Int64.Type, forKey key: Key) throws -> Int64 { try integer(key) }
    func decode(_ type: UInt.Type, forKey key: Key) throws -> UInt { try integer(key) }
    func decode(_ type: UInt8.Type, forKey key: Key) throws -> UInt8 { try integer(key) }
    func decode(_ type: UInt16.Type, forKey key: Key) throws -> UInt16 { try integer(key) }
    func decode(_ type: UInt32.Type, forKey key: Key) throws -> UInt32 { try integer(key) }
    func decode(_ type: UInt64.Type, forKey key: Key) throws -> UInt64 { try integer(key) }

    private func integer<T: FixedWidthInteger>(_ key: Key) throws -> T {
        let (value, decoder) = try member(key)
        return try decoder.unboxInteger(value, as: T.self)
    }

    func decode<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T {
        let (value, decoder) = try member(key)
        return try decoder.unbox(value, as: type)
    }

    func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type, forKey key: Key) throws
        -> KeyedDecodingContainer<NestedKey>
    {
        try member(key).decoder.container(keyedBy: type)
    }

    func nestedUnkeyedContainer(forKey key: Key) throws -> any UnkeyedDecodingContainer {
        try member(key).decoder.unkeyedContainer()
    }

    func superDecoder() throws -> any Decoder {
        let key = JSONSuperKey()
        return JSONValueDecoding(value: members[key.stringValue] ?? .null, codingPath: codingPath + [key])
    }

    func superDecoder(forKey key: Key) throws -> any Decoder {
        JSONValueDecoding(value: members[key.stringValue] ?? .null, codingPath: codingPath + [key])
    }
}

/// The key `super`, for `superDecoder()` and `superEncoder()`.
struct JSONSuperKey: CodingKey {
    var stringValue: String { "super" }
    var intValue: Int? { nil }
    init() {}
    init?(stringValue: String) { guard stringValue == "super" else { return nil } }
    init?(intValue: Int) { nil }
}

private struct UnkeyedContainer: UnkeyedDecodingContainer {
    let elements: [SwedbankPaySDK.JSONValue]
    let codingPath: [any CodingKey]
    private(set) var currentIndex = 0

    init(elements: [SwedbankPaySDK.JSONValue], codingPath: [any CodingKey]) {
        self.elements = elements
        self.codingPath = codingPath
    }

    var count: Int? { elements.count }
    var isAtEnd: Bool { currentIndex >= elements.count }

    /// Reads the next element with `read`; moves past it only when that succeeds.
    private mutating func next<T>(
        _ type: Any.Type, _ read: (SwedbankPaySDK.JSONValue, JSONValueDecoding) throws -> T
    ) throws -> T {
        guard !isAtEnd else {
            throw DecodingError.valueNotFound(
                type,
                .init(
                    codingPath: codingPath + [JSONIndexKey(index: currentIndex)],
                    debugDescription: "Unkeyed container is at end."))
        }
        let value = elements[currentIndex]
        let result = try read(
            value, JSONValueDecoding(value: value, codingPath: codingPath + [JSONIndexKey(index: currentIndex)]))
        currentIndex += 1
        return result
    }

    mutating func decodeNil() throws -> Bool {
        guard !isAtEnd else { return try next(Any?.self) { _, _ in false } }
        if case .null = elements[currentIndex] {
            currentIndex += 1
            return true
        }
        return false
    }

    mutating func decode(_ type: Bool.Type) throws -> Bool { try next(type) { try $1.unboxBool($0) } }
    mutating func decode(_ type: String.Type) throws -> String { try next(type) { try $1.unboxString($0) } }
    mutating func decode(_ type: Double.Type) throws -> Double {
        try next(type) { try $1.unboxFloatingPoint($0, as: type) }
    }
    mutating func decode(_ type: Float.Type) throws -> Float {
        try next(type) { try $1.unboxFloatingPoint($0, as: type) }
    }
    mutating func decode(_ type: Int.Type) throws -> Int { try next(type) { try $1.unboxInteger($0, as: type) } }
    mutating func decode(_ type: Int8.Type) throws -> Int8 { try next(type) { try $1.unboxInteger($0, as: type) } }
    mutating func decode(_ type: Int16.Type) throws -> Int16 { try next(type) { try $1.unboxInteger($0, as: type) } }
    mutating func decode(_ type: Int32.Type) throws -> Int32 { try next(type) { try $1.unboxInteger($0, as: type) } }
    mutating func decode(_ type: Int64.Type) throws -> Int64 { try next(type) { try $1.unboxInteger($0, as: type) } }
    mutating func decode(_ type: UInt.Type) throws -> UInt { try next(type) { try $1.unboxInteger($0, as: type) } }
    mutating func decode(_ type: UInt8.Type) throws -> UInt8 { try next(type) { try $1.unboxInteger($0, as: type) } }
    mutating func decode(_ type: UInt16.Type) throws -> UInt16 {
        try next(type) { try $1.unboxInteger($0, as: type) }
    }
    mutating func decode(_ type: UInt32.Type) throws -> UInt32 {
        try next(type) { try $1.unboxInteger($0, as: type) }
    }
    mutating func decode(_ type: UInt64.Type) throws -> UInt64 {
        try next(type) { try $1.unboxInteger($0, as: type) }
    }
    mutating func decode<T: Decodable>(_ type: T.Type) throws -> T { try next(type) { try $1.unbox($0, as: type) } }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type) throws
        -> KeyedDecodingContainer<NestedKey>
    {
        try next(type) { try $1.container(keyedBy: type) }
    }

    mutating func nestedUnkeyedContainer() throws -> any UnkeyedDecodingContainer {
        try next([Any].self) { try $1.unkeyedContainer() }
    }

    mutating func superDecoder() throws -> any Decoder {
        try next(Any.self) { $1 }
    }
}

private struct SingleValueContainer: SingleValueDecodingContainer {
    let decoder: JSONValueDecoding
    var codingPath: [any CodingKey] { decoder.codingPath }
    private var value: SwedbankPaySDK.JSONValue { decoder.value }

    init(decoder: JSONValueDecoding) { self.decoder = decoder }

    func decodeNil() -> Bool {
        if case .null = value { return true }
        return false
    }

    func decode(_ type: Bool.Type) throws -> Bool { try decoder.unboxBool(value) }
    func decode(_ type: String.Type) throws -> String { try decoder.unboxString(value) }
    func decode(_ type: Double.Type) throws -> Double { try decoder.unboxFloatingPoint(value, as: type) }
    func decode(_ type: Float.Type) throws -> Float { try decoder.unboxFloatingPoint(value, as: type) }
    func decode(_ type: Int.Type) throws -> Int { try decoder.unboxInteger(value, as: type) }
    func decode(_ type: Int8.Type) throws -> Int8 { try decoder.unboxInteger(value, as: type) }
    func decode(_ type: Int16.Type) throws -> Int16 { try decoder.unboxInteger(value, as: type) }
    func decode(_ type: Int32.Type) throws -> Int32 { try decoder.unboxInteger(value, as: type) }
    func decode(_ type: Int64.Type) throws -> Int64 { try decoder.unboxInteger(value, as: type) }
    func decode(_ type: UInt.Type) throws -> UInt { try decoder.unboxInteger(value, as: type) }
    func decode(_ type: UInt8.Type) throws -> UInt8 { try decoder.unboxInteger(value, as: type) }
    func decode(_ type: UInt16.Type) throws -> UInt16 { try decoder.unboxInteger(value, as: type) }
    func decode(_ type: UInt32.Type) throws -> UInt32 { try decoder.unboxInteger(value, as: type) }
    func decode(_ type: UInt64.Type) throws -> UInt64 { try decoder.unboxInteger(value, as: type) }
    func decode<T: Decodable>(_ type: T.Type) throws -> T { try decoder.unbox(value, as: type) }
}
