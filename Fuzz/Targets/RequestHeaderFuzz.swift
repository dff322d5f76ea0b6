import Foundation

/// The request headers the backend reads from the caller: ``ServerProperties/requestID(_:)``,
/// ``ServerProperties/traceParent(_:)`` and ``ServerProperties/idempotencyKey(_:maxLength:)`` on
/// any header value, and ``ServerProperties/validTraceParent(traceID:parentID:flags:)`` on ids made
/// of its first 25 bytes.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzRequestHeader(_ start: UnsafePointer<UInt8>, _ count: Int) -> CInt {
    let bytes = UnsafeBufferPointer(start: start, count: count)
    let header = String(decoding: bytes, as: UTF8.self)
    let broken =
        ServerProperties.requestID(header) ?? ServerProperties.traceParent(header)
        ?? ServerProperties.idempotencyKey(header, maxLength: 255)
    if let broken { fatalError(broken) }
    if count >= 25 {
        let hex = { (part: UnsafeBufferPointer<UInt8>.SubSequence) in
            part.map { String(format: "%02x", $0) }.joined()
        }
        let broken = ServerProperties.validTraceParent(
            traceID: hex(bytes[0..<16]), parentID: hex(bytes[16..<24]), flags: hex(bytes[24..<25]))
        if let broken { fatalError(broken) }
    }
    return 0
}
