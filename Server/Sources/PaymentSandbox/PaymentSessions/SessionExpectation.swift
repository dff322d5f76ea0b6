#if Server  // the root package's trait Server (Package@swift-6.2.swift); scripts/wrap-server-sources
import Foundation
import SwedbankPaySDK

/// A parameter an operation or task hands the SDK (`expects`): `{name, type, value}` with type
/// `string` or `string[]`.
struct SessionExpectation: Sendable, Equatable {
    let name: String
    let value: SwedbankPaySDK.JSONValue

    static func string(_ name: String, _ value: String) -> SessionExpectation {
        SessionExpectation(name: name, value: .string(value))
    }

    static func strings(_ name: String, _ values: [String]) -> SessionExpectation {
        SessionExpectation(name: name, value: .array(values.map { .string($0) }))
    }

    var json: SwedbankPaySDK.JSONValue {
        let type = value.stringValue == nil ? "string[]" : "string"
        return .object(["name": .string(name), "type": .string(type), "value": value])
    }
}
#endif
