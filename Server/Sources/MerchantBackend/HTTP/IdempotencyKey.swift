/// The `Idempotency-Key` header's rule, as the OpenAPI contract states it: 1 to the configured
/// maximum of printable ASCII characters (space to `~`). Counted in bytes, so the limit bounds what
/// is stored whatever the characters (a `\r\n` is one `Character` but two bytes).
enum IdempotencyKey {
    static func isValid(_ key: String, maxLength: Int) -> Bool {
        let bytes = key.utf8
        return !bytes.isEmpty && bytes.count <= maxLength && bytes.allSatisfy { (0x20...0x7E).contains($0) }
    }
}
