#if Server  // the root package's trait Server (Package@swift-6.2.swift); scripts/wrap-server-sources
import Foundation
import SwedbankPaySDK

extension PaymentOrderRecord {
    /// What the order costs in the orders' byte account (``StoredBytes``): a fixed part for the
    /// record, the model's bounded fields and the indexes over it (view token, session token,
    /// payee reference), and the parts that grow with what was sent or happened — order lines,
    /// URLs, the request members kept as sent, history, attempts, transactions.
    var storedBytes: Int {
        var bytes = Self.fixedBytes
        bytes += order.orderItems?.reduce(0) { $0 + Self.bytes(of: $1) } ?? 0
        bytes += order.urls.hostUrls.reduce(0) { $0 + StoredBytes.of($1) }
        bytes += order.restrictedToInstruments?.reduce(0) { $0 + StoredBytes.of($1) } ?? 0
        bytes += StoredBytes.of(order.description) + StoredBytes.of(order.userAgent)
        bytes += requestMembers.values.reduce(0) { $0 + StoredBytes.of($1) }
        bytes += orderItemsAsSent?.reduce(0) { $0 + StoredBytes.of($1) } ?? 0
        bytes += history.count * Self.historyEntryBytes
        bytes += failedAttempts.reduce(0) { $0 + Self.eventBytes + StoredBytes.of($1.problem) }
        bytes += failedProblem.map(StoredBytes.of) ?? 0
        bytes += StoredBytes.of(abortReason)
        if let paid {
            bytes += Self.eventBytes + paid.tokens.reduce(0) { $0 + StoredBytes.of($1) }
            bytes += paid.details.reduce(0) { $0 + StoredBytes.of($1.key) + StoredBytes.of($1.value) }
        }
        bytes += transactions.reduce(0) {
            $0 + Self.eventBytes + StoredBytes.of($1.description)
                + ($1.orderItems?.reduce(0) { $0 + StoredBytes.of($1) } ?? 0)
        }
        bytes += postPurchaseFailures.reduce(0) { $0 + Self.eventBytes + StoredBytes.of($1.problem) }
        return bytes
    }

    /// Whether the order is done with, so that it makes room before any open one
    /// (``BoundedStore``): aborted, failed, cancelled or reversed, or paid with nothing left to
    /// capture or cancel. An order a payer may still pay, or a merchant still capture, is open.
    var isFinishedForStorage: Bool {
        switch status {
        case .initialized: false
        case .paid: amounts.remainingCapture == 0
        case .failed, .cancelled, .reversed, .aborted: true
        }
    }

    private static func bytes(of item: SwedbankPaySDK.OrderItem) -> Int {
        orderItemBytes + StoredBytes.of(item.reference) + StoredBytes.of(item.name) + StoredBytes.of(item.class)
            + StoredBytes.of(item.itemUrl) + StoredBytes.of(item.imageUrl) + StoredBytes.of(item.description)
            + StoredBytes.of(item.discountDescription) + StoredBytes.of(item.quantityUnit)
    }

    /// The record, the model's fields of bounded size (payee, payer, risk indicator, URLs other
    /// than the hosts), the box and three index entries.
    static let fixedBytes = 6_144
    /// An order line's numbers and enum beside its strings.
    static let orderItemBytes = 160
    /// A history entry.
    static let historyEntryBytes = 96
    /// An attempt, payment or transaction beside its texts.
    static let eventBytes = 160
}
#endif
