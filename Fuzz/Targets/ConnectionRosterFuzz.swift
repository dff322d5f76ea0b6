import Foundation

/// The connection limit (`ConnectionRoster`): any script of admissions, requests beginning and
/// ending, and closes keeps at most the limit on the roster, refuses only when none can make room
/// and replaces the longest-waiting connection (`ConnectionProperties.connectionRoster`). Input:
/// the first byte chooses the limit (1–16), the rest is the script.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzConnectionRoster(_ start: UnsafePointer<UInt8>, _ count: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: start, count: count))
    guard let first = bytes.first else { return 0 }
    if let failure = ConnectionProperties.connectionRoster(Array(bytes.dropFirst()), limit: Int(first % 16) + 1) {
        fatalError(failure)
    }
    return 0
}
