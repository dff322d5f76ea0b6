import Foundation

@testable import SwedbankPaySDK

/// Problem parsing is total: any status, content type and body give a problem, never a crash, and
/// a body that is a problem document keeps its raw JSON.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzProblem(_ start: UnsafePointer<UInt8>, _ count: Int) -> CInt {
    guard count >= 2 else { return 0 }
    let bytes = UnsafeBufferPointer(start: start, count: count)
    let status = 400 + Int(bytes[0]) % 200
    let contentTypes = [
        "application/problem+json", "application/json", "text/html", "application/problem+json; charset=utf-8", "",
    ]
    let contentType = contentTypes[Int(bytes[1]) % contentTypes.count]
    let body = Data(bytes[2...])
    let problem = SwedbankPaySDK.Problem.parse(
        status: status, contentType: contentType.isEmpty ? nil : contentType, body: body)
    _ = String(describing: problem)
    return 0
}
