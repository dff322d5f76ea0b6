import Foundation
import Testing

@testable import SwedbankPaySDK

@Suite struct JSONValueTests {
    private func decode(_ text: String) throws -> SwedbankPaySDK.JSONValue {
        try JSONDecoder().decode(SwedbankPaySDK.JSONValue.self, from: Data(text.utf8))
    }

    @Test func keepsEveryKindOfValueApart() throws {
        let value = try decode(
            #"{"i": 404, "d": 1.5, "b": true, "s": "x", "n": null, "a": [1, "2"], "o": {"k": false}}"#)
        #expect(
            value
                == .object([
                    "i": .integer(404), "d": .number(1.5), "b": .bool(true), "s": .string("x"), "n": .null,
                    "a": .array([.integer(1), .string("2")]), "o": .object(["k": .bool(false)]),
                ]))
        #expect(value.objectValue?["i"]?.integerValue == 404)
        #expect(value.objectValue?["d"]?.integerValue == nil)
        #expect(value.objectValue?["s"]?.stringValue == "x")
        #expect(value.objectValue?["a"]?.arrayValue?.count == 2)
    }

    @Test func roundTripsThroughJSON() throws {
        let value = try decode(#"{"status": 400, "problems": [{"name": "a", "description": null}], "ratio": 0.25}"#)
        let again = try JSONDecoder().decode(SwedbankPaySDK.JSONValue.self, from: JSONEncoder().encode(value))
        #expect(again == value)
    }

    @Test func integralDoublesReadAsIntegers() {
        #expect(SwedbankPaySDK.JSONValue.number(3).integerValue == 3)
        #expect(SwedbankPaySDK.JSONValue.number(1e300).integerValue == nil)
        #expect(SwedbankPaySDK.JSONValue.string("3").integerValue == nil)
    }
}
