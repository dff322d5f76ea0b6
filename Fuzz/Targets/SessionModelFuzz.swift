import Foundation

@testable import SwedbankPaySDK

/// The native payment session's model: any response body decodes to a model or to nothing, never
/// a crash.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzSessionModel(_ start: UnsafePointer<UInt8>, _ count: Int) -> CInt {
    let data = Data(bytes: start, count: count)
    if let model = SessionModel(body: data) { _ = String(describing: model) }
    return 0
}
