import Foundation

/// The backend's `Content-Type` reading (`MediaType.of`): ``ServerProperties/mediaType(_:)`` on
/// any header value.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzMediaType(_ start: UnsafePointer<UInt8>, _ count: Int) -> CInt {
    let header = String(decoding: UnsafeBufferPointer(start: start, count: count), as: UTF8.self)
    if let broken = ServerProperties.mediaType(header) { fatalError(broken) }
    return 0
}
