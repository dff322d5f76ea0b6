import Foundation

/// Observes the payment of a ``SwedbankPaySDKController``. Every method is called on the main actor.
///
/// When one of `paymentComplete()`, `paymentCanceled()` or `paymentFailed(error:)` is called, the
/// payment is over: remove the controller and tell the payer. The other methods have default
/// implementations that do nothing.
///
/// `@preconcurrency`: 5.0.3's protocol had no actor isolation, so a conformance written for it in
/// Swift 5 mode with minimal checking compiles without isolation diagnostics.
@preconcurrency @MainActor
public protocol SwedbankPaySDKDelegate: AnyObject {
    /// The payer paid. Check the payment's status at your backend before delivering anything.
    func paymentComplete()

    /// The payer or the app canceled the payment.
    func paymentCanceled()

    /// The payment failed. `error` is what the configuration reported (for
    /// `MerchantBackendConfiguration`, a `MerchantBackendError`), or a
    /// ``SwedbankPaySDKController/WebContentError`` when the page failed.
    func paymentFailed(error: Error)

    /// The payment menu is shown: v2 every time its page loads, v3 when the hosted view reports
    /// `OnCheckoutLoaded`.
    func paymentOrderDidShow(info: SwedbankPaySDK.ViewPaymentOrderInfo)

    /// The web view left the payment menu for another page (a bank's 3-D Secure page, say).
    func paymentOrderDidHide()

    /// `updatePaymentOrder(updateInfo:)` failed; the payment menu stays as it was.
    func updatePaymentOrderFailed(updateInfo: Any, error: Error)

    /// The payer tapped the terms of service link. Return true to show them yourself; false (the
    /// default) lets the controller show them on a page of its own over the payment (in the
    /// browser when it has no web view host).
    func overrideTermsOfServiceTapped(url: URL) -> Bool

    /// The payer selected an instrument in a v3 payment menu.
    func instrumentSelected()

    /// The payer's shipping address is known (v3 with checkin, after the configuration's
    /// `expandPayerAfterIdentified` succeeded).
    func shippingAddressIsKnown()

    /// The hosted view reported an event (`onEventNotification`): `name` is its `sourceEvent`,
    /// `arguments` the whole notification.
    func javaScriptEvent(name: String, arguments: [String: Any])

    /// Saving the payment for state restoration failed (UIKit state restoration, or
    /// `WebPaymentPresentation.restorationData()`): the payment goes on, but it will not be
    /// restored if the app is terminated. `error` is what encoding it threw.
    func paymentRestorationSaveFailed(error: Error)
}

extension SwedbankPaySDKDelegate {
    public func paymentOrderDidShow(info: SwedbankPaySDK.ViewPaymentOrderInfo) {}
    public func paymentOrderDidHide() {}
    public func updatePaymentOrderFailed(updateInfo: Any, error: Error) {}
    public func overrideTermsOfServiceTapped(url: URL) -> Bool { false }
    public func instrumentSelected() {}
    public func shippingAddressIsKnown() {}
    public func javaScriptEvent(name: String, arguments: [String: Any]) {}
    public func paymentRestorationSaveFailed(error: Error) {}
}
