import Foundation
import SwedbankPaySDK

/// Which operations a payment order offers, by Checkout version and status (§2.4 of the
/// reference). Pure, so the whole table is tested directly.
enum PaymentOrderOperations {
    /// The operations of `record`. `base` makes the absolute hrefs (API and front end share the
    /// sandbox host); `traceId` goes into `view-paymentsession` as `_tc_tid`.
    static func operations(for record: PaymentOrderRecord, base: PublicURL, traceId: String)
        -> [SwedbankPaySDK.Operation]
    {
        let language = record.order.language.rawValue
        let orderHref = base.url(record.path)
        let session = operation(
            "view-paymentsession", contentType: "application/json",
            href: base.url("/psp/paymentsessions/\(record.sessionToken)?_tc_tid=\(traceId)"))
        let isOpen = record.status == .initialized
        var operations: [SwedbankPaySDK.Operation]
        if record.isV3 {
            operations = [
                operation(
                    "redirect-checkout", contentType: "text/html", href: base.url("/checkout/\(record.viewToken)")),
                operation(
                    "view-checkout", contentType: "application/javascript",
                    href: base.url("/checkout/client/\(record.viewToken)?culture=\(language)")),
            ]
            if isOpen {
                operations.append(session)
                for rel in ["update-order", "abort", "abort-paymentattempt"] {
                    operations.append(operation(rel, method: "PATCH", href: orderHref))
                }
                if record.isInstrumentMode {
                    operations.append(operation("set-instrument", method: "PATCH", href: orderHref))
                }
            }
        } else {
            operations = [
                operation(
                    "redirect-paymentorder", contentType: "text/html",
                    href: base.url("/paymentmenu/\(record.viewToken)")),
                operation(
                    "view-paymentorder", contentType: "application/javascript",
                    href: base.url(
                        "/paymentmenu/core/scripts/client/px.paymentmenu.client.js?token=\(record.viewToken)&culture=\(language)"
                    )),
            ]
            if isOpen {
                operations.append(session)
                for rel in ["update-paymentorder-abort", "update-paymentorder-updateorder"] {
                    operations.append(operation(rel, method: "PATCH", href: orderHref))
                }
                if record.isInstrumentMode {
                    operations.append(operation("update-paymentorder-setinstrument", method: "PATCH", href: orderHref))
                }
            } else if record.status == .paid {
                operations.append(
                    operation("paid-paymentorder", contentType: "application/json", href: orderHref + "/paid"))
            } else if record.status == .failed {
                operations.append(
                    operation(
                        "failed-paymentorder", contentType: "application/problem+json", href: orderHref + "/failed"))
            }
        }
        return operations
    }

    private static func operation(
        _ rel: String, method: String = "GET", contentType: String = "application/json", href: String
    ) -> SwedbankPaySDK.Operation {
        SwedbankPaySDK.Operation(rel: rel, method: method, href: href, contentType: contentType)
    }
}
