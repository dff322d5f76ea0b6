import Foundation

@testable import SwedbankPaySDK

/// `JSONValue`: any bytes either fail to parse with a typed error or parse to a value whose
/// serialization parses back to the same value and is JSON Foundation accepts.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzJSONValue(_ start: UnsafePointer<UInt8>, _ count: Int) -> CInt {
    let data = Data(bytes: start, count: count)
    guard let value = try? SwedbankPaySDK.JSONValue(parsing: data) else { return 0 }
    let text = value.serialized()
    guard let again = try? SwedbankPaySDK.JSONValue(parsing: text) else {
        fatalError("serialized JSON does not parse: \(String(decoding: text, as: UTF8.self))")
    }
    precondition(again == value, "parse ∘ serialize is not the identity")
    precondition(again.serialized() == text, "serialization is not stable")
    precondition(
        (try? JSONSerialization.jsonObject(with: text, options: [.fragmentsAllowed])) != nil,
        "Foundation refuses serialized JSON: \(String(decoding: text, as: UTF8.self))")
    return 0
}
