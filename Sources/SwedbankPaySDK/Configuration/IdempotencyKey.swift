import Foundation

extension SwedbankPaySDK {
    /// The key that makes creating one payment order safe to repeat: a backend that sees the same
    /// key twice answers the first result instead of creating a second order.
    ///
    /// ``SwedbankPaySDKController`` gives each payment it starts one key, keeps it in
    /// ``SwedbankPaySDKController/paymentRestorationData()`` (so a restored payment that creates
    /// its order again sends the same key), and makes it ``current`` while it calls the
    /// configuration's `postPaymentorders`. A configuration sends it as the ``headerName`` header;
    /// `SwedbankPaySDK.MerchantBackendConfiguration` does, and a custom configuration reads it the
    /// same way:
    ///
    /// ```swift
    /// let key = SwedbankPaySDK.IdempotencyKey.current ?? SwedbankPaySDK.IdempotencyKey()
    /// request.setValue(key.value, forHTTPHeaderField: SwedbankPaySDK.IdempotencyKey.headerName)
    /// ```
    ///
    /// Read ``current`` when the call starts, in the method itself (or in a `Task` started
    /// there, which inherits it); a completion handler called later by another API does not see it.
    public struct IdempotencyKey: Sendable, Hashable, Codable, CustomStringConvertible {
        /// The header a backend reads the key from.
        public static let headerName = "Idempotency-Key"

        /// The longest key ``init(_:)`` accepts.
        public static let maxLength = 64

        /// The key as sent.
        public let value: String

        /// A new random key: a version 4 UUID in lower case (36 characters).
        public init() {
            value = UUID().uuidString.lowercased()
        }

        /// A key the app chose, for example one it saved: 1–64 ASCII letters, digits, `-`, `_`,
        /// `.` or `:`, which every backend rule for such keys accepts. Nil for anything else.
        public init?(_ value: String) {
            guard Self.isValid(value) else { return nil }
            self.value = value
        }

        /// Whether `value` is 1–64 ASCII letters, digits, `-`, `_`, `.` or `:`.
        static func isValid(_ value: String) -> Bool {
            let bytes = Array(value.utf8)
            guard (1...maxLength).contains(bytes.count) else { return false }
            return bytes.allSatisfy { byte in
                switch byte {
                case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
                    UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "_"), UInt8(ascii: "."),
                    UInt8(ascii: ":"):
                    return true
                default:
                    return false
                }
            }
        }

        /// The key as sent.
        public var description: String { value }

        /// Decodes a key from its string; a string ``init(_:)`` refuses is a decoding error.
        public init(from decoder: any Decoder) throws {
            let container = try decoder.singleValueContainer()
            let text = try container.decode(String.self)
            guard let key = Self(text) else {
                throw DecodingError.dataCorruptedError(
                    in: container, debugDescription: "not an idempotency key: \(text.debugDescription)")
            }
            self = key
        }

        /// Encodes the key as its string.
        public func encode(to encoder: any Encoder) throws {
            var container = encoder.singleValueContainer()
            try container.encode(value)
        }

        @TaskLocal static var assigned: IdempotencyKey?

        /// The key of the payment order being created by the call that is running, or nil when
        /// whoever called `postPaymentorders` assigned none (then each call is its own order: make
        /// a new key, and use it for every retry of that call).
        public static var current: IdempotencyKey? { assigned }

        /// Runs `operation` with `key` as ``current``: for an app that calls a configuration's
        /// `postPaymentorders` itself and wants a key of its own (say, one it saved to repeat
        /// the creation after a restart).
        public static func withCurrent<Value>(
            _ key: IdempotencyKey,
            isolation: isolated (any Actor)? = #isolation,
            operation: () async throws -> Value
        ) async rethrows -> Value {
            try await $assigned.withValue(key, operation: operation, isolation: isolation)
        }
    }
}
