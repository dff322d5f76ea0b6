import Foundation

/// A connection's timeouts (`ConnectionPhase` and the timer rule of `ConnectionWatch`): any
/// script of bytes, heads, request ends and answer ends at any pace closes the connection exactly
/// when a deadline passes (`ConnectionProperties.connectionTimeline`). Input: the first two bytes
/// choose the header and idle timeouts (10 ms steps), the rest is the script.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzConnectionPhase(_ start: UnsafePointer<UInt8>, _ count: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: start, count: count))
    guard bytes.count >= 2 else { return 0 }
    let header = Int64(bytes[0]) * 10 + 1
    let idle = Int64(bytes[1]) * 10 + 1
    if let failure = ConnectionProperties.connectionTimeline(
        Array(bytes.dropFirst(2)), headerMilliseconds: header, idleMilliseconds: idle)
    {
        fatalError(failure)
    }
    return 0
}
