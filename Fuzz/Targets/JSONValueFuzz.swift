import Foundation

@testable import SwedbankPaySDK

/// `JSONValue`: any bytes either fail to parse with a typed error or parse to a value that keeps
/// ``SDKProperties/jsonRoundTrip(_:)``.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzJSONValue(_ start: UnsafePointer<UInt8>, _ count: Int) -> CInt {
    let data = Data(bytes: start, count: count)
    guard let value = try? SwedbankPaySDK.JSONValue(parsing: data) else { return 0 }
    if let broken = SDKProperties.jsonRoundTrip(value) { fatalError(broken) }
    return 0
}
