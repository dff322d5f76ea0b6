#if canImport(UIKit)
    import UIKit

    extension SwedbankPaySDK {
        /// Gives the SDK a universal link the app was opened with. Call it from
        /// `application(_:continue:restorationHandler:)`.
        ///
        /// Only web-browsing activities with a `webpageURL` are considered.
        ///
        /// - Returns: whether the link was the paymentUrl of a payment in progress.
        @preconcurrency @MainActor
        public static func `continue`(userActivity: NSUserActivity) -> Bool {
            PaymentURLRouter.shared.routeActivity(
                isBrowsingWeb: userActivity.activityType == NSUserActivityTypeBrowsingWeb,
                webpageURL: userActivity.webpageURL)
        }
    }
#endif
