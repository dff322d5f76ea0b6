import Foundation

/// Connects the SDK to your backend: how consumer sessions and payment orders are created,
/// updated and aborted, and how payment URLs and menu redirects are treated.
///
/// Use `SwedbankPaySDK.MerchantBackendConfiguration` (module `SwedbankPaySDKMerchantBackend`)
/// when your backend implements the Merchant Backend API; conform your own type for any other
/// backend. The `consumer`, `paymentOrder` and `userData` arguments are the values the payment was
/// started with, and their meaning is yours.
///
/// Each callback-style operation must call its completion exactly once, unless the returned
/// ``SwedbankPaySDKRequest`` was cancelled first, in which case it must not call it at all.
/// (The SDK tolerates extra calls by ignoring them, but they are a programming error.)
/// Completions may be called on any thread. Prefer ``SwedbankPaySDKConfigurationAsync`` when you
/// write Swift concurrency code: it implements these requirements for you with that guarantee.
///
/// The SDK calls these methods on the main actor only (as the reference SDK called them on the
/// main thread), so a configuration need not be `Sendable`: a class with mutable state, as
/// written for the reference SDK 5.0.3, conforms as it is.
public protocol SwedbankPaySDKConfiguration {
    /// Starts a consumer identification session (checkin). Report
    /// ``SwedbankPayConfigurationError/notImplemented`` if your backend does not support it; that is
    /// also the default.
    func postConsumers(
        consumer: SwedbankPaySDK.Consumer?,
        userData: Any?,
        completion: @escaping @Sendable (Result<SwedbankPaySDK.ViewConsumerIdentificationInfo, any Error>) -> Void
    )

    /// Creates a payment order. `consumerProfileRef` is given when a checkin identified the payer
    /// first; `options` says whether the payment uses Digital Payments (v3) and checkin.
    func postPaymentorders(
        paymentOrder: SwedbankPaySDK.PaymentOrder?,
        userData: Any?,
        consumerProfileRef: String?,
        options: SwedbankPaySDK.VersionOptions,
        completion: @escaping @Sendable (Result<SwedbankPaySDK.ViewPaymentOrderInfo, any Error>) -> Void
    )

    /// Updates a payment order that is being paid, for example to set the instrument of an
    /// instrument-mode payment. `updateInfo` is what the app passed to
    /// `SwedbankPaySDKController.updatePaymentOrder(updateInfo:)`. On success the payment menu
    /// reloads from the returned info. The default reports success with the info unchanged.
    func updatePaymentOrder(
        paymentOrder: SwedbankPaySDK.PaymentOrder?,
        options: SwedbankPaySDK.VersionOptions,
        userData: Any?,
        viewPaymentOrderInfo: SwedbankPaySDK.ViewPaymentOrderInfo,
        updateInfo: Any,
        completion: @escaping @Sendable (Result<SwedbankPaySDK.ViewPaymentOrderInfo, any Error>) -> Void
    ) -> SwedbankPaySDKRequest?

    /// Aborts the payment order. The default reports ``SwedbankPayConfigurationError/notImplemented``.
    func abortPayment(
        paymentInfo: SwedbankPaySDK.ViewPaymentOrderInfo,
        userData: Any?,
        completion: @escaping @Sendable (Result<Void, any Error>) -> Void
    )

    /// Fetches the payment order with the given sub-resources expanded, decoded as `ResultJSON`.
    /// `endpoint` names the backend route (the Merchant Backend's is `expand`). The default
    /// reports ``SwedbankPayConfigurationError/notImplemented``.
    func expandOperation<ResultJSON: Decodable & Sendable>(
        paymentId: String,
        expand: [SwedbankPaySDK.ExpandResource],
        endpoint: String,
        completion: @escaping @Sendable (Result<ResultJSON, any Error>) -> Void
    ) -> SwedbankPaySDKRequest?

    /// Fetches the payer of a payment order after the hosted view identified them (v3 payer
    /// identification). A requirement, so that a configuration's own implementation is the one
    /// called. The default reports ``SwedbankPayConfigurationError/notImplemented``. The
    /// completion is a plain closure, as in 5.0.3 (where this was an extension method an app could
    /// call); the SDK's own implementations call it on the main actor.
    func expandPayerAfterIdentified(
        paymentInfo: SwedbankPaySDK.ViewPaymentOrderInfo,
        completion: @escaping (Result<Void, any Error>) -> Void
    ) -> SwedbankPaySDKRequest?

    /// Decides whether a page the payment menu navigates to opens in the web view or the browser.
    /// The default opens every page in the web view.
    @MainActor
    func decidePolicyForPaymentMenuRedirect(
        navigationAction: SwedbankPaySDK.NavigationAction,
        completion: @escaping @Sendable (SwedbankPaySDK.PaymentMenuRedirectPolicy) -> Void
    )

    /// Whether `url`, given to the app from outside, is the payment's `paymentUrl`. The default
    /// accepts the paymentUrl itself and the same URL with query parameters added — see
    /// ``SwedbankPaySDK/PaymentURLMatcher``. Conform to
    /// ``SwedbankPaySDKConfigurationWithCallbackScheme`` to also accept your app's custom scheme.
    func url(_ url: URL, matchesPaymentUrl paymentUrl: URL) -> Bool
}

/// A configuration whose app has a custom URL scheme for payment URLs: a paymentUrl that comes
/// back with that scheme instead of its own still matches.
public protocol SwedbankPaySDKConfigurationWithCallbackScheme: SwedbankPaySDKConfiguration {
    /// The app's custom URL scheme, without `://`.
    var callbackScheme: String { get }
}

extension SwedbankPaySDKConfiguration {
    public func postConsumers(
        consumer: SwedbankPaySDK.Consumer?,
        userData: Any?,
        completion: @escaping @Sendable (Result<SwedbankPaySDK.ViewConsumerIdentificationInfo, any Error>) -> Void
    ) {
        completion(.failure(SwedbankPayConfigurationError.notImplemented))
    }

    public func updatePaymentOrder(
        paymentOrder: SwedbankPaySDK.PaymentOrder?,
        options: SwedbankPaySDK.VersionOptions,
        userData: Any?,
        viewPaymentOrderInfo: SwedbankPaySDK.ViewPaymentOrderInfo,
        updateInfo: Any,
        completion: @escaping @Sendable (Result<SwedbankPaySDK.ViewPaymentOrderInfo, any Error>) -> Void
    ) -> SwedbankPaySDKRequest? {
        completion(.success(viewPaymentOrderInfo))
        return nil
    }

    public func abortPayment(
        paymentInfo: SwedbankPaySDK.ViewPaymentOrderInfo,
        userData: Any?,
        completion: @escaping @Sendable (Result<Void, any Error>) -> Void
    ) {
        completion(.failure(SwedbankPayConfigurationError.notImplemented))
    }

    public func expandOperation<ResultJSON: Decodable & Sendable>(
        paymentId: String,
        expand: [SwedbankPaySDK.ExpandResource],
        endpoint: String,
        completion: @escaping @Sendable (Result<ResultJSON, any Error>) -> Void
    ) -> SwedbankPaySDKRequest? {
        completion(.failure(SwedbankPayConfigurationError.notImplemented))
        return nil
    }

    /// `expandOperation` with the Merchant Backend's endpoint name, `expand`.
    public func expandOperation<ResultJSON: Decodable & Sendable>(
        paymentId: String,
        expand: [SwedbankPaySDK.ExpandResource],
        completion: @escaping @Sendable (Result<ResultJSON, any Error>) -> Void
    ) -> SwedbankPaySDKRequest? {
        expandOperation(paymentId: paymentId, expand: expand, endpoint: "expand", completion: completion)
    }

    public func expandPayerAfterIdentified(
        paymentInfo: SwedbankPaySDK.ViewPaymentOrderInfo,
        completion: @escaping (Result<Void, any Error>) -> Void
    ) -> SwedbankPaySDKRequest? {
        completion(.failure(SwedbankPayConfigurationError.notImplemented))
        return nil
    }

    @MainActor
    public func decidePolicyForPaymentMenuRedirect(
        navigationAction: SwedbankPaySDK.NavigationAction,
        completion: @escaping @Sendable (SwedbankPaySDK.PaymentMenuRedirectPolicy) -> Void
    ) {
        completion(.openInWebView)
    }

    public func url(_ url: URL, matchesPaymentUrl paymentUrl: URL) -> Bool {
        SwedbankPaySDK.PaymentURLMatcher(callbackScheme: nil).url(url, matches: paymentUrl)
    }
}

extension SwedbankPaySDKConfigurationWithCallbackScheme {
    public func url(_ url: URL, matchesPaymentUrl paymentUrl: URL) -> Bool {
        SwedbankPaySDK.PaymentURLMatcher(callbackScheme: callbackScheme).url(url, matches: paymentUrl)
    }
}
