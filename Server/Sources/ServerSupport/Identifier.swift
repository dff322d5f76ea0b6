#if Server  // the root package's trait Server (Package@swift-6.2.swift); scripts/wrap-server-sources
/// The one rule for identifiers that cross a trust boundary, shared by both servers.
///
/// Text that names something — a payer, a token, an order, a request — is compared by its UTF-8
/// bytes, never by Swift's `String ==`: `==` treats canonically equivalent text as equal
/// (`"\u{212A}"`, KELVIN SIGN, equals `"K"`; `"e\u{301}"` equals `"é"`), so a store keyed by
/// `String` and a database comparing bytes would disagree about who is who. Nothing is
/// normalized either. Instead, every identifier an app or a merchant chooses is restricted to a
/// small ASCII set, which no Unicode normalization (NFC, NFD, NFKC, NFKD) changes: an accepted
/// identifier is its own canonical form, and every other spelling of it is refused. The set has
/// no space, no invisible character and no compatibility form, so no comparison a system might
/// make — by bytes, canonically, by compatibility, trimmed — finds two accepted identifiers equal
/// that differ in their bytes; only one that ignores letter case could, which is why the Merchant
/// Backend never sends an app's payer reference to Swedbank Pay at all.
///
/// What each kind accepts (bytes, so a `\r\n` or a combining mark counts as what it is):
///
/// | kind | characters | length |
/// |---|---|---|
/// | ``Kind/payerReference`` | `A–Z a–z 0–9 - _` | 1–50 |
/// | ``Kind/payeeReference`` | `A–Z a–z 0–9` (Swedbank Pay's documented rule) | 1–30 |
/// | ``Kind/paymentToken`` | `A–Z a–z 0–9 -` (Swedbank Pay issues GUIDs) | 1–64 |
/// | ``Kind/idempotencyKey(maxLength:)`` | printable ASCII, space to `~` | 1–maxLength |
/// | ``Kind/guid`` | hexadecimal digits in groups of 8-4-4-4-12 | 36 |
/// | ``Kind/hexToken`` | hexadecimal digits | 64 |
///
/// The last two are the forms of the ids the servers issue themselves (orders, transactions,
/// view and session tokens): a path naming anything of another form is 404 before any store or
/// database is asked (PostgreSQL refuses a NUL byte in text with an error, not a miss).
public enum Identifier {
    /// A kind of identifier and its rule.
    public enum Kind: Sendable, Equatable {
        /// The app's name for a payer (`payer.payerReference`, `/payers/{payerReference}`).
        case payerReference
        /// A merchant's reference of one operation (`payeeInfo.payeeReference`).
        case payeeReference
        /// A payer's saved-card token (`paymentToken`, `/payers/…/paymentTokens/{token}`).
        case paymentToken
        /// The `Idempotency-Key` header, as the Merchant Backend's OpenAPI contract states it.
        case idempotencyKey(maxLength: Int)
        /// A GUID as the servers issue it (`5adc265f-f87f-4313-577e-08d3dca1a26c`): an order's or a
        /// transaction's id, in either letter case.
        case guid
        /// A 64-digit hexadecimal token (a hosted view's or a payment session's).
        case hexToken

        /// The longest accepted, in bytes.
        public var maxLength: Int {
            switch self {
            case .payerReference: 50
            case .payeeReference: 30
            case .paymentToken: 64
            case .idempotencyKey(let maxLength): maxLength
            case .guid: 36
            case .hexToken: 64
            }
        }

        /// The shortest accepted, in bytes.
        var minLength: Int {
            switch self {
            case .guid, .hexToken: maxLength
            default: 1
            }
        }

        /// Whether `bytes` is an identifier of this kind: its length, its characters and (a GUID)
        /// where its hyphens are.
        func admits(_ bytes: some Collection<UInt8>) -> Bool {
            // Not a range: an idempotency key's configured maximum may be below 1.
            guard bytes.count >= minLength, bytes.count <= maxLength else { return false }
            guard self == .guid else { return bytes.allSatisfy(allows) }
            return bytes.enumerated().allSatisfy { offset, byte in
                [8, 13, 18, 23].contains(offset) ? byte == UInt8(ascii: "-") : Identifier.isHexDigit(byte)
            }
        }

        /// Whether `byte` is one of the kind's characters.
        func allows(_ byte: UInt8) -> Bool {
            switch self {
            case .payerReference:
                Identifier.isLetterOrDigit(byte) || byte == UInt8(ascii: "-") || byte == UInt8(ascii: "_")
            case .payeeReference: Identifier.isLetterOrDigit(byte)
            case .paymentToken: Identifier.isLetterOrDigit(byte) || byte == UInt8(ascii: "-")
            case .idempotencyKey: (0x20...0x7E).contains(byte)
            case .guid: Identifier.isHexDigit(byte) || byte == UInt8(ascii: "-")
            case .hexToken: Identifier.isHexDigit(byte)
            }
        }

        /// The rule in words, for problem documents.
        public var rule: String {
            switch self {
            case .payerReference: "1 to 50 characters of A-Z, a-z, 0-9, - and _"
            case .payeeReference: "1 to 30 characters of A-Z, a-z and 0-9"
            case .paymentToken: "1 to 64 characters of A-Z, a-z, 0-9 and -"
            case .idempotencyKey(let maxLength): "1 to \(maxLength) printable ASCII characters"
            case .guid: "a GUID: 32 hexadecimal digits in groups of 8-4-4-4-12"
            case .hexToken: "64 hexadecimal digits"
            }
        }
    }

    /// Whether `text` is a `kind` identifier. Scanned as bytes: any byte outside the kind's set
    /// (every byte of a non-ASCII character included) refuses it.
    public static func accepts(_ text: String, as kind: Kind) -> Bool {
        kind.admits(text.utf8)
    }

    /// The `kind` identifier a percent-encoded URL path segment carries, or nil when it carries
    /// anything else. Decoded byte by byte: a decoder that makes text first (Foundation's
    /// `removingPercentEncoding`) drops a leading byte-order mark and would let `%EF%BB%BFK…`
    /// pass for `K…`.
    public static func fromPathSegment(_ segment: Substring, as kind: Kind) -> String? {
        guard let bytes = decodedPathSegment(segment), kind.admits(bytes) else { return nil }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// The order Swedbank Pay names `/psp/paymentorders/<guid>`, as a percent-encoded URL path
    /// segment carries it (`%2Fpsp%2Fpaymentorders%2F<guid>`), or nil when the segment carries
    /// anything else.
    public static func paymentOrderPathFromPathSegment(_ segment: Substring) -> String? {
        let prefix = Array(paymentOrderPathPrefix.utf8)
        guard let bytes = decodedPathSegment(segment), bytes.starts(with: prefix),
            Kind.guid.admits(bytes.dropFirst(prefix.count))
        else { return nil }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// What Swedbank Pay's order ids start with; a GUID follows.
    public static let paymentOrderPathPrefix = "/psp/paymentorders/"

    /// The bytes a percent-encoded path segment stands for, or nil when an escape is malformed.
    private static func decodedPathSegment(_ segment: Substring) -> [UInt8]? {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(segment.utf8.count)
        var iterator = segment.utf8.makeIterator()
        while let byte = iterator.next() {
            guard byte == UInt8(ascii: "%") else {
                bytes.append(byte)
                continue
            }
            guard let high = iterator.next().flatMap(hexValue), let low = iterator.next().flatMap(hexValue) else {
                return nil
            }
            bytes.append(high << 4 | low)
        }
        return bytes
    }

    private static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
        case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
        case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
        default: nil
        }
    }

    /// Whether two identifiers are the same: the same bytes.
    public static func same(_ one: String, _ other: String) -> Bool {
        one.utf8.elementsEqual(other.utf8)
    }

    static func isHexDigit(_ byte: UInt8) -> Bool {
        hexValue(byte) != nil
    }

    static func isLetterOrDigit(_ byte: UInt8) -> Bool {
        (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) || (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte)
            || (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte)
    }

    /// Text as a dictionary key that is equal to another only byte for byte (a `String` key
    /// would merge canonically equivalent spellings).
    public struct Exact: Hashable, Sendable, CustomStringConvertible {
        public let text: String

        public init(_ text: String) { self.text = text }

        public static func == (lhs: Exact, rhs: Exact) -> Bool { Identifier.same(lhs.text, rhs.text) }

        public func hash(into hasher: inout Hasher) {
            var count = 0
            for byte in text.utf8 {
                hasher.combine(byte)
                count += 1
            }
            hasher.combine(count)
        }

        public var description: String { text }
    }
}
#endif
