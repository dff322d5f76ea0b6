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

/// Ids and payee references the backend hands out.
enum BackendIDs {
    /// An order id: a random UUID, lower case.
    static func orderID() -> String { UUID().uuidString.lowercased() }

    /// A payee reference: 24 upper-case hexadecimal characters, unique with overwhelming
    /// probability and within every instrument's limits (at most 30 alphanumerics).
    static func payeeReference() -> String {
        let digits = Array("0123456789ABCDEF".utf8)
        return withUnsafeBytes(of: UUID().uuid) { random in
            String(unsafeUninitializedCapacity: 24) { output in
                for (index, byte) in random.prefix(12).enumerated() {
                    output[2 * index] = digits[Int(byte >> 4)]
                    output[2 * index + 1] = digits[Int(byte & 0x0F)]
                }
                return 24
            }
        }
    }
}
