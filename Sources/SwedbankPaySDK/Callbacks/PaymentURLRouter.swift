import Foundation

extension SwedbankPaySDK {
    /// Something in the SDK that is waiting for its payment's `paymentUrl` to come back from
    /// outside the app: a payment menu or a native payment session.
    @MainActor
    protocol PaymentURLReceiver: AnyObject {
        /// Handles `url` if it is this receiver's paymentUrl; returns whether it was.
        func receivePaymentURL(_ url: URL) -> Bool
    }

    /// The live receivers of returning payment URLs.
    ///
    /// Receivers are held weakly: a controller or session that goes away leaves the registry by
    /// itself. Every receiver is asked (a URL could belong to more than one live payment, and each
    /// must learn it returned), and the URL counts as handled if any receiver took it.
    @MainActor
    final class PaymentURLRouter {
        static let shared = PaymentURLRouter()

        private struct WeakReceiver {
            weak var receiver: (any PaymentURLReceiver)?
        }

        private var receivers: [WeakReceiver] = []

        /// Adds a receiver; adding one already present does nothing.
        func register(_ receiver: any PaymentURLReceiver) {
            compact()
            guard !receivers.contains(where: { $0.receiver === receiver }) else { return }
            receivers.append(WeakReceiver(receiver: receiver))
        }

        func unregister(_ receiver: any PaymentURLReceiver) {
            receivers.removeAll { $0.receiver == nil || $0.receiver === receiver }
        }

        /// Offers `url` to every live receiver.
        func route(_ url: URL) -> Bool {
            compact()
            var handled = false
            for receiver in receivers.compactMap(\.receiver) where receiver.receivePaymentURL(url) {
                handled = true
            }
            return handled
        }

        /// Offers the page URL of an activity the app was continued with
        /// (`continue(userActivity:)`): only a web-browsing activity's (a universal link), and only
        /// when it has one.
        func routeActivity(isBrowsingWeb: Bool, webpageURL: URL?) -> Bool {
            guard isBrowsingWeb, let url = webpageURL else { return false }
            return route(url)
        }

        /// The number of live receivers.
        var count: Int {
            compact()
            return receivers.count
        }

        private func compact() {
            receivers.removeAll { $0.receiver == nil }
        }
    }

    /// Gives the SDK a URL the app was opened with. Call it from
    /// `application(_:open:options:)` (custom-scheme paymentUrls) — and on platforms without
    /// `NSUserActivity`, for every returning URL.
    ///
    /// - Returns: whether the URL was the paymentUrl of a payment in progress, which then
    ///   continues (the payment menu reloads, or the payment session checks its status).
    @preconcurrency @MainActor
    @discardableResult
    public static func open(url: URL) -> Bool {
        PaymentURLRouter.shared.route(url)
    }
}
