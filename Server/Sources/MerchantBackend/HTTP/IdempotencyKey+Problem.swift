/// The header check as the routes use it: nothing when the key is absent or valid, else the 400
/// problem naming the header.
extension IdempotencyKey {
    static func check(_ key: String?, maxLength: Int) throws(BackendProblem) {
        guard let key, !isValid(key, maxLength: maxLength) else { return }
        throw .badRequest(
            "The Idempotency-Key header must be 1 to \(maxLength) printable ASCII characters.",
            problems: [("Idempotency-Key", "Invalid header value.")])
    }
}
