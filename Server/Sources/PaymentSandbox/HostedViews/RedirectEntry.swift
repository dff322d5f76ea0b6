#if Server  // the root package's trait Server (Package@swift-6.2.swift); scripts/wrap-server-sources
import Foundation
import ServerSupport

/// What the Redirect page (`redirect-checkout`, `redirect-paymentorder`) of an order shows when
/// it opens, decided from the order alone: the payment menu while the order can be paid, else a
/// page that says the link was used (and, for a paid or cancelled order, the way back to the
/// shop). Pure; the route only renders it.
enum RedirectEntry: Sendable, Equatable {
    /// The payment menu, in the top-level window.
    case menu
    /// The link can no longer be used.
    case used(heading: String, text: String, link: NoticePage.Link?)

    /// The page for `order` opened at the path of Checkout `v3` (`/checkout/…`) or v2
    /// (`/paymentmenu/…`); nil when the order belongs to the other path.
    static func decide(_ order: PaymentOrderRecord, v3: Bool) -> RedirectEntry? {
        guard order.isV3 == v3 else { return nil }
        let urls = order.order.urls
        let language = PayerLanguage(culture: order.order.culture.rawValue)
        let words = language.words
        let amount = ["amount": language.money(order.order.amount, currency: order.order.currency)]
        switch order.status {
        case .initialized:
            return .menu
        case .paid:
            return .used(
                heading: words.completedHeading, text: PayerWords.fill(words.completedText, amount),
                link: .init(href: urls.completeUrl.absoluteString, label: words.returnToShop))
        case .aborted:
            return .used(
                heading: words.cancelledHeading, text: PayerWords.fill(words.cancelledText, amount),
                link: urls.cancelUrl.map { .init(href: $0.absoluteString, label: words.returnToShop) })
        default:
            return .used(
                heading: words.usedHeading,
                text: PayerWords.fill(words.statusText, ["status": order.status.rawValue]), link: nil)
        }
    }
}
#endif
