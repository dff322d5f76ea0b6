#if Server  // the root package's trait Server (Package@swift-6.2.swift); scripts/wrap-server-sources
import Foundation

/// The three hosted views: the v3 checkout, the v2 payment menu and the v2 checkin
/// (consumer identification). They share one client script and differ in factory name, event
/// names and payload shapes.
enum HostedViewKind: String, Sendable, CaseIterable {
    /// `payex.hostedView.checkout` (v3 `view-checkout`).
    case checkout
    /// `payex.hostedView.paymentMenu` (v2 `view-paymentorder`).
    case paymentMenu
    /// `payex.hostedView.consumer` (v2 `view-consumer-identification`).
    case consumer

    /// `origin` of an `onError` payload.
    var errorOrigin: String {
        switch self {
        case .checkout: return "checkout"
        case .paymentMenu: return "paymentmenu"
        case .consumer: return "consumer"
        }
    }

    /// The iframe's `title`, read out by screen readers.
    var frameTitle: String {
        switch self {
        case .checkout, .paymentMenu: return "Swedbank Pay payment menu (sandbox)"
        case .consumer: return "Swedbank Pay checkin (sandbox)"
        }
    }
}
#endif
