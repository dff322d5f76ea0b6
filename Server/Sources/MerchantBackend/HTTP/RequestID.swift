/// The id of one request to the backend: taken from the caller's `X-Request-Id` when it is a
/// plain token (1–64 letters, digits, `.`, `_`, `:` or `-`), made up otherwise. It is returned in
/// `X-Request-Id`, written on the request's log line, and sent to Swedbank Pay with every call the
/// request makes, so one id follows a payment through the load balancer, the backend and the PSP.
enum RequestID {
    static let header = "X-Request-Id"
    static let maxLength = 64

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

    /// A new id: 32 hex digits (``FastIDs``).
    static func make() -> String { FastIDs.requestID() }
}
