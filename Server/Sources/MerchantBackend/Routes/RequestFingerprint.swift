import Foundation
import SwedbankPaySDK

/// Identifies a request body (128-bit FNV-1a of its canonical JSON), so that an idempotency key
/// reused with another body is noticed. Not a security measure: the key belongs to the same user.
enum RequestFingerprint {
    static func of(_ value: SwedbankPaySDK.JSONValue) -> String {
        var first: UInt64 = 0xcbf2_9ce4_8422_2325
        var second: UInt64 = 0x6c62_272e_07bb_0142
        for byte in value.serialized() {
            first = (first ^ UInt64(byte)) &* 0x0000_0100_0000_01b3
            second = (second ^ UInt64(byte)) &* 0x0000_0100_0000_01b3
            second = second &+ (first >> 7)
        }
        return String(first, radix: 16) + "-" + String(second, radix: 16)
    }
}

/// Ids and payee references the backend hands out. Both begin with the time of creation, so
/// new rows go at the end of their unique indexes: a batch of new orders then changes a few index
/// pages instead of one page per order at random places, which keeps database writes small.
enum BackendIDs {
    /// An order id: a UUID of version 7 (RFC 9562: 48 bits of Unix milliseconds, then random
    /// bits), lower case.
    static func orderID(now: Date) -> String {
        var bytes = UUID().uuid
        let milliseconds = UInt64(max(0, now.timeIntervalSince1970 * 1_000))
        withUnsafeMutableBytes(of: &bytes) { raw in
            for index in 0..<6 { raw[index] = UInt8(truncatingIfNeeded: milliseconds >> (40 - 8 * UInt64(index))) }
            raw[6] = 0x70 | (raw[6] & 0x0F)  // version 7
            raw[8] = 0x80 | (raw[8] & 0x3F)  // RFC 9562 variant
        }
        return UUID(uuid: bytes).uuidString.lowercased()
    }

    /// A payee reference: 24 upper-case hexadecimal characters — 12 of Unix milliseconds, 12
    /// random — unique with overwhelming probability and within every instrument's limits (at
    /// most 30 alphanumerics).
    static func payeeReference(now: Date) -> String {
        let milliseconds = UInt64(max(0, now.timeIntervalSince1970 * 1_000))
        let digits = Array("0123456789ABCDEF".utf8)
        return withUnsafeBytes(of: UUID().uuid) { random in
            String(unsafeUninitializedCapacity: 24) { output in
                for index in 0..<12 {
                    output[index] = digits[Int((milliseconds >> (44 - 4 * UInt64(index))) & 0x0F)]
                }
                // Bytes 0–5 of a random UUID are all random (its version and variant are later).
                for (index, byte) in random.prefix(6).enumerated() {
                    output[12 + 2 * index] = digits[Int(byte >> 4)]
                    output[12 + 2 * index + 1] = digits[Int(byte & 0x0F)]
                }
                return 24
            }
        }
    }
}
