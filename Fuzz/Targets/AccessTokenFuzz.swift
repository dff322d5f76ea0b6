import Foundation

/// The JWT mode's verdict on an access token (`AccessTokenDecision`, with a toy keyed checksum in
/// place of jwt-kit's signatures): the input as a token is accepted only when it is three base64url
/// parts signed by a key its algorithm may meet, with claims that hold, and then for the user they
/// name (``AccessTokenProperties/anyToken(_:)``). Split at its first newline into a header and
/// claims, it is signed with a bound key: its verdict is the claims', and no single changed byte
/// of its signed part is accepted (``AccessTokenProperties/signed(header:claims:flip:)``).
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzAccessToken(_ start: UnsafePointer<UInt8>, _ count: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: start, count: count))
    if let broken = AccessTokenProperties.anyToken(String(decoding: bytes, as: UTF8.self)) { fatalError(broken) }
    let newline = bytes.firstIndex(of: UInt8(ascii: "\n")) ?? bytes.count
    let header = Array(bytes[..<newline])
    let claims = newline < bytes.count ? Array(bytes[(newline + 1)...]) : []
    let flip = bytes.reduce(0) { ($0 &* 31 &+ Int($1)) & 0xFFFF }
    if let broken = AccessTokenProperties.signed(header: header, claims: claims, flip: flip) { fatalError(broken) }
    return 0
}
