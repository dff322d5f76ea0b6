import Foundation

/// ``SwedbankPaySDKConfiguration`` written with Swift concurrency.
///
/// Implement the async requirements; the callback-style requirements are provided, and they keep
/// the completion contract: each completion is called exactly once, on the main actor, and never
/// after the returned request was cancelled. Cancelling a request cancels the task running your
/// async method. Unlike the callback protocol it is `Sendable`: the provided callback
/// requirements run your async methods in tasks of their own.
public protocol SwedbankPaySDKConfigurationAsync: SwedbankPaySDKConfiguration, Sendable {
    /// Starts a consumer identification session (checkin).
    func postConsumers(
        consumer: SwedbankPaySDK.Consumer?,
        userData: Any?
    ) async throws -> SwedbankPaySDK.ViewConsumerIdentificationInfo

    /// Creates a payment order.
    func postPaymentorders(
        paymentOrder: SwedbankPaySDK.PaymentOrder?,
        userData: Any?,
        consumerProfileRef: String?,
        options: SwedbankPaySDK.VersionOptions
    ) async throws -> SwedbankPaySDK.ViewPaymentOrderInfo

    /// Updates a payment order being paid. The default returns the info unchanged.
    func updatePaymentOrder(
        paymentOrder: SwedbankPaySDK.PaymentOrder?,
        options: SwedbankPaySDK.VersionOptions,
        userData: Any?,
        viewPaymentOrderInfo: SwedbankPaySDK.ViewPaymentOrderInfo,
        updateInfo: Any
    ) async throws -> SwedbankPaySDK.ViewPaymentOrderInfo

    /// Aborts the payment order. The default throws ``SwedbankPayConfigurationError/notImplemented``.
    func abortPayment(paymentInfo: SwedbankPaySDK.ViewPaymentOrderInfo, userData: Any?) async throws

    /// Fetches the payment order with sub-resources expanded. The default throws
    /// ``SwedbankPayConfigurationError/notImplemented``.
    func expandOperation<ResultJSON: Decodable & Sendable>(
        paymentId: String,
        expand: [SwedbankPaySDK.ExpandResource],
        endpoint: String
    ) async throws -> ResultJSON

    /// Fetches the payer after the hosted view identified them. The default throws
    /// ``SwedbankPayConfigurationError/notImplemented``.
    func expandPayerAfterIdentified(paymentInfo: SwedbankPaySDK.ViewPaymentOrderInfo) async throws

    /// Decides where a payment-menu redirect opens. The default opens it in the web view.
    @MainActor
    func decidePolicyForPaymentMenuRedirect(
        navigationAction: SwedbankPaySDK.NavigationAction
    ) async -> SwedbankPaySDK.PaymentMenuRedirectPolicy
}

extension SwedbankPaySDKConfigurationAsync {
    public func updatePaymentOrder(
        paymentOrder: SwedbankPaySDK.PaymentOrder?,
        options: SwedbankPaySDK.VersionOptions,
        userData: Any?,
        viewPaymentOrderInfo: SwedbankPaySDK.ViewPaymentOrderInfo,
        updateInfo: Any
    ) async throws -> SwedbankPaySDK.ViewPaymentOrderInfo {
        viewPaymentOrderInfo
    }

    public func abortPayment(paymentInfo: SwedbankPaySDK.ViewPaymentOrderInfo, userData: Any?) async throws {
        throw SwedbankPayConfigurationError.notImplemented
    }

    public func expandOperation<ResultJSON: Decodable & Sendable>(
        paymentId: String,
        expand: [SwedbankPaySDK.ExpandResource],
        endpoint: String
    ) async throws -> ResultJSON {
        throw SwedbankPayConfigurationError.notImplemented
    }

    public func expandPayerAfterIdentified(paymentInfo: SwedbankPaySDK.ViewPaymentOrderInfo) async throws {
        throw SwedbankPayConfigurationError.notImplemented
    }

    // Answers directly instead of going through the callback form, so the two defaults can never
    // call each other in a loop.
    @MainActor
    public func decidePolicyForPaymentMenuRedirect(
        navigationAction: SwedbankPaySDK.NavigationAction
    ) async -> SwedbankPaySDK.PaymentMenuRedirectPolicy {
        .openInWebView
    }
}

// The callback-style requirements, implemented once on top of the async ones.
extension SwedbankPaySDKConfigurationAsync {
    public func postConsumers(
        consumer: SwedbankPaySDK.Consumer?,
        userData: Any?,
        completion: @escaping @Sendable (Result<SwedbankPaySDK.ViewConsumerIdentificationInfo, any Error>) -> Void
    ) {
        let userData = UncheckedSendableBox(value: userData)
        BridgedRequest.start(
            { try await postConsumers(consumer: consumer, userData: userData.value) }, completion: completion)
    }

    public func postPaymentorders(
        paymentOrder: SwedbankPaySDK.PaymentOrder?,
        userData: Any?,
        consumerProfileRef: String?,
        options: SwedbankPaySDK.VersionOptions,
        completion: @escaping @Sendable (Result<SwedbankPaySDK.ViewPaymentOrderInfo, any Error>) -> Void
    ) {
        let userData = UncheckedSendableBox(value: userData)
        BridgedRequest.start(
            {
                try await postPaymentorders(
                    paymentOrder: paymentOrder,
                    userData: userData.value,
                    consumerProfileRef: consumerProfileRef,
                    options: options
                )
            },
            completion: completion
        )
    }

    public func updatePaymentOrder(
        paymentOrder: SwedbankPaySDK.PaymentOrder?,
        options: SwedbankPaySDK.VersionOptions,
        userData: Any?,
        viewPaymentOrderInfo: SwedbankPaySDK.ViewPaymentOrderInfo,
        updateInfo: Any,
        completion: @escaping @Sendable (Result<SwedbankPaySDK.ViewPaymentOrderInfo, any Error>) -> Void
    ) -> SwedbankPaySDKRequest? {
        let arguments = UncheckedSendableBox(value: (userData, updateInfo))
        return BridgedRequest.start(
            {
                try await updatePaymentOrder(
                    paymentOrder: paymentOrder,
                    options: options,
                    userData: arguments.value.0,
                    viewPaymentOrderInfo: viewPaymentOrderInfo,
                    updateInfo: arguments.value.1
                )
            },
            completion: completion
        )
    }

    public func abortPayment(
        paymentInfo: SwedbankPaySDK.ViewPaymentOrderInfo,
        userData: Any?,
        completion: @escaping @Sendable (Result<Void, any Error>) -> Void
    ) {
        let userData = UncheckedSendableBox(value: userData)
        BridgedRequest.start(
            { try await abortPayment(paymentInfo: paymentInfo, userData: userData.value) }, completion: completion)
    }

    public func expandOperation<ResultJSON: Decodable & Sendable>(
        paymentId: String,
        expand: [SwedbankPaySDK.ExpandResource],
        endpoint: String,
        completion: @escaping @Sendable (Result<ResultJSON, any Error>) -> Void
    ) -> SwedbankPaySDKRequest? {
        BridgedRequest.start(
            { () async throws -> ResultJSON in
                try await expandOperation(paymentId: paymentId, expand: expand, endpoint: endpoint)
            },
            completion: completion
        )
    }

    public func expandPayerAfterIdentified(
        paymentInfo: SwedbankPaySDK.ViewPaymentOrderInfo,
        completion: @escaping (Result<Void, any Error>) -> Void
    ) -> SwedbankPaySDKRequest? {
        SwedbankPaySDK.bridgeToMainThread(
            { try await expandPayerAfterIdentified(paymentInfo: paymentInfo) }, completion: completion)
    }

    @MainActor
    public func decidePolicyForPaymentMenuRedirect(
        navigationAction: SwedbankPaySDK.NavigationAction,
        completion: @escaping @Sendable (SwedbankPaySDK.PaymentMenuRedirectPolicy) -> Void
    ) {
        let action = UncheckedSendableBox(value: navigationAction)
        Task { @MainActor in
            completion(await decidePolicyForPaymentMenuRedirect(navigationAction: action.value))
        }
    }
}
