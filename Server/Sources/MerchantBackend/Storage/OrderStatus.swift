import ServerSupport

/// A payment order's status as Swedbank Pay last answered it: one the portal documents
/// (``PaymentOrderStatus``), or any other word kept as it came — the real service may add
/// statuses, and the backend reports what it was told.
///
/// A string literal makes one as ``init(rawValue:)`` does, so tests and fixtures write a status as
/// the wire does (`"Paid"`); the sources use ``PaymentOrderStatus`` (`scripts/check-vocabulary`).
enum OrderStatus: RawRepresentable, Sendable, Hashable, ExpressibleByStringLiteral, CustomStringConvertible {
    case documented(PaymentOrderStatus)
    case other(String)

    /// Any status word; never nil.
    init(rawValue: String) {
        self = PaymentOrderStatus(rawValue: rawValue).map(Self.documented) ?? .other(rawValue)
    }

    init(stringLiteral word: String) {
        self.init(rawValue: word)
    }

    /// The word as Swedbank Pay wrote it.
    var rawValue: String {
        switch self {
        case .documented(let status): status.rawValue
        case .other(let word): word
        }
    }

    var description: String { rawValue }

    /// Whether Swedbank Pay changes nothing more on its own: a documented status but `Initialized`.
    var isFinal: Bool {
        if case .documented(let status) = self { status.isFinal } else { false }
    }
}
