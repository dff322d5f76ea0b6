import ServerSupport

/// The `Idempotency-Key` header's rule, as the OpenAPI contract states it: 1 to the configured
/// maximum of printable ASCII characters (space to `~`) — ``Identifier``'s rule for the kind.
/// Counted in bytes, so the limit bounds what is stored whatever the characters (a `\r\n` is one
/// `Character` but two bytes). A key is the user's own (stored with the user id) and compared by
/// its bytes: `"a "` and `"a"` are two keys.
enum IdempotencyKey {
    static func isValid(_ key: String, maxLength: Int) -> Bool {
        Identifier.accepts(key, as: .idempotencyKey(maxLength: maxLength))
    }
}
