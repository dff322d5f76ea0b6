import Foundation
import Testing

@testable import SwedbankPaySDK

/// JSON helpers for the model tests. Comparing `JSONValue`s makes key order and escaping irrelevant
/// while still catching any extra, missing or differently typed member.
enum ModelJSON {
    static func parse(_ json: String) throws -> SwedbankPaySDK.JSONValue {
        try JSONDecoder().decode(SwedbankPaySDK.JSONValue.self, from: Data(json.utf8))
    }

    static func encode<T: Encodable>(_ value: T) throws -> SwedbankPaySDK.JSONValue {
        let data = try JSONEncoder().encode(value)
        return try JSONDecoder().decode(SwedbankPaySDK.JSONValue.self, from: data)
    }

    static func decode<T: Decodable>(_ type: T.Type, _ json: String) throws -> T {
        try JSONDecoder().decode(type, from: Data(json.utf8))
    }

    static func roundTrip<T: Codable>(_ value: T) throws -> T {
        try JSONDecoder().decode(T.self, from: JSONEncoder().encode(value))
    }

    /// Records an issue unless decoding fails with `keyNotFound` for exactly `key`.
    static func expectMissingKey<T: Decodable>(
        _ type: T.Type,
        _ json: String,
        key: String,
        sourceLocation: SourceLocation = #_sourceLocation
    ) {
        do {
            _ = try decode(type, json)
            Issue.record("decoding succeeded without \(key)", sourceLocation: sourceLocation)
        } catch DecodingError.keyNotFound(let missing, _) {
            #expect(missing.stringValue == key, sourceLocation: sourceLocation)
        } catch {
            Issue.record("unexpected error \(error)", sourceLocation: sourceLocation)
        }
    }
}

/// Groups the model suites so that `swift test --filter Models` selects exactly them.
@Suite enum ModelsTests {}
