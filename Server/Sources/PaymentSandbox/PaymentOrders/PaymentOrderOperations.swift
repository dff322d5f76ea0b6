#if Server  // the root package's trait Server (Package@swift-6.2.swift); scripts/wrap-server-sources
import Foundation
import ServerSupport
import SwedbankPaySDK

/// Which operations a payment order offers, by Checkout version and status (§2.4 of the
/// reference). Pure, so the whole table is tested directly.
enum PaymentOrderOperations {
    /// The operations of `record`. `base` makes the absolute hrefs (API and front end share the
    /// sandbox host); `traceId` goes into `view-paymentsession` as `_tc_tid`.
    static func operations(for record: PaymentOrderRecord, base: PublicURL, traceId: String)
        -> [SwedbankPaySDK.Operation]
    {
        // A payout is the merchant's alone: no page to show, nothing to capture or reverse.
        if record.isPayout { return [] }
        let language = record.order.culture.rawValue
        let orderHref = base.url(record.path)
        let session = operation(
            .viewPaymentSession, contentType: "application/json",
            href: base.url("/psp/paymentsessions/\(record.sessionToken)?_tc_tid=\(traceId)"))
        let isOpen = record.status == .initialized
        // The merchant's post-purchase operations come first, as in the portal's examples.
        var operations: [SwedbankPaySDK.Operation] = postPurchase(for: record, orderHref: orderHref)
        if record.isV3 {
            // A cancelled or reversed order has nothing left for the payer to see: the portal's
            // examples of both list only what the merchant can still do.
            if record.status != .cancelled && record.status != .reversed {
                operations += [
                    operation(
                        .redirectCheckout, contentType: "text/html", href: base.url("/checkout/\(record.viewToken)")),
                    operation(
                        .viewCheckout, contentType: "application/javascript",
                        href: base.url("/checkout/client/\(record.viewToken)?culture=\(language)")),
                ]
            }
            if isOpen {
                operations.append(session)
                // No abort while the payer is in the Swish, Vipps or MobilePay app (§2.4).
                let abort: [PaymentOrderRel] = record.payersApp == nil ? [.abort] : []
                for rel in [.updateOrder] + abort + [.abortPaymentAttempt] {
                    operations.append(operation(rel, method: "PATCH", href: orderHref))
                }
                if record.isInstrumentMode {
                    operations.append(operation(.setInstrument, method: "PATCH", href: orderHref))
                }
            }
        } else {
            operations += [
                operation(
                    .redirectPaymentOrder, contentType: "text/html",
                    href: base.url("/paymentmenu/\(record.viewToken)")),
                operation(
                    .viewPaymentOrder, contentType: "application/javascript",
                    href: base.url(
                        "/paymentmenu/core/scripts/client/px.paymentmenu.client.js?token=\(record.viewToken)&culture=\(language)"
                    )),
            ]
            if isOpen {
                operations.append(session)
                let abort: [PaymentOrderRel] = record.payersApp == nil ? [.updatePaymentOrderAbort] : []
                for rel in abort + [.updatePaymentOrderUpdateOrder] {
                    operations.append(operation(rel, method: "PATCH", href: orderHref))
                }
                if record.isInstrumentMode {
                    operations.append(operation(.updatePaymentOrderSetInstrument, method: "PATCH", href: orderHref))
                }
            } else if record.status == .paid {
                operations.append(
                    operation(.paidPaymentOrder, contentType: "application/json", href: orderHref + "/paid"))
            } else if record.status == .failed {
                operations.append(
                    operation(
                        .failedPaymentOrder, contentType: "application/problem+json", href: orderHref + "/failed"))
            }
        }
        return operations
    }

    /// `cancel`, `capture` and `reversal` (v3; `create-paymentorder-…` in v2), each while the
    /// order offers it.
    static func postPurchase(for record: PaymentOrderRecord, orderHref: String) -> [SwedbankPaySDK.Operation] {
        let kinds: [(FinancialTransaction.Kind, PaymentOrderRel, PaymentOrderRel, String)] = [
            (.cancellation, .cancel, .createPaymentOrderCancel, "/cancellations"),
            (.capture, .capture, .createPaymentOrderCapture, "/captures"),
            (.reversal, .reversal, .createPaymentOrderReversal, "/reversals"),
        ]
        return kinds.filter { record.offers($0.0) }.map { _, v3, v2, path in
            operation(record.isV3 ? v3 : v2, method: "POST", href: orderHref + path)
        }
    }

    private static func operation(
        _ rel: PaymentOrderRel, method: String = "GET", contentType: String = "application/json", href: String
    ) -> SwedbankPaySDK.Operation {
        SwedbankPaySDK.Operation(rel: rel.rawValue, method: method, href: href, contentType: contentType)
    }
}
#endif
