/// The id of one request to the backend: taken from the caller's `X-Request-Id` when it is a
/// plain token (1–64 letters, digits, `.`, `_`, `:` or `-`), made up otherwise. It is returned in
/// `X-Request-Id`, written on the request's log line, and sent to Swedbank Pay with every call the
/// request makes, so one id follows a payment through the load balancer, the backend and the PSP.
enum RequestID {
    static let header = "X-Request-Id"
    static let maxLength = 64

    /// The id of the request being served, for the calls it makes to Swedbank Pay.
    @TaskLocal static var current: String?

    /// The caller's id when it may be used as is: anything else could forge or break log lines.
    static func accepted(_ given: String?) -> String? {
        guard let given, (1...maxLength).contains(given.utf8.count),
            given.utf8.allSatisfy({ byte in
                switch byte {
                case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
                    UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "."), UInt8(ascii: "_"),
                    UInt8(ascii: ":"), UInt8(ascii: "-"):
                    return true
                default:
                    return false
                }
            })
        else { return nil }
        return given
    }

    /// A new id: 128 random bits as 32 hex digits.
    static func make() -> String {
        var generator = SystemRandomNumberGenerator()
        return hex(generator.next()) + hex(generator.next())
    }

    private static func hex(_ value: UInt64) -> String {
        let digits = String(value, radix: 16)
        return String(repeating: "0", count: 16 - digits.count) + digits
    }
}
