import Foundation

// The runner's configuration calls: each runs in a task of its own through the adapters of
// `ConfigurationCalls.swift`, and its result comes back to the flow as an input.
extension WebPaymentRunner {
    func call(_ effect: SwedbankPaySDK.WebPaymentEffect) {
        if case .askConfiguration(let navigation) = effect {
            return askConfiguration(navigation, setup?.configuration)
        }
        guard let run else { return }
        let configuration = run.setup.configuration
        let arguments = run.arguments
        switch effect {
        case .createConsumerSession:
            creationTask = answer(
                { try await arguments.postConsumers(configuration) }, with: { .consumerSessionCreated($0) },
                failure: { .creationFailed($0) })
        case .createPaymentOrder(let ref, let options):
            // The configuration reads the key as `IdempotencyKey.current`, which its callback-style
            // bridge's task inherits.
            let key = run.orderKey
            creationTask = answer(
                {
                    try await SwedbankPaySDK.IdempotencyKey.withCurrent(key) {
                        try await arguments.postPaymentorders(configuration, ref: ref, options: options)
                    }
                }, with: { .paymentOrderCreated($0) }, failure: { .creationFailed($0) })
        case .startUpdate(let update, let info, let updateInfo):
            let options = run.options
            updateTask = answer(
                {
                    try await arguments.updatePaymentOrder(
                        configuration, options: options, info: info, updateInfo: updateInfo.value)
                }, with: { .updateSucceeded(update: update, $0) }, failure: { .updateFailed(update: update, $0) })
        case .cancelUpdate:
            updateTask?.cancel()
            updateTask = nil
        case .abort(let info):
            // Never cancelled: its answer, whatever it is, ends the payment.
            Task { [weak self] in
                do {
                    try await arguments.abortPayment(configuration, info: info)
                    self?.send(.abortSucceeded)
                } catch {
                    self?.send(.abortFailed(SwedbankPaySDK.WebPaymentError(error)))
                }
            }
        case .cancelCreation:
            creationTask?.cancel()
            creationTask = nil
        case .expandPayer(let info):
            Task { [weak self] in
                // A failed expansion leaves the payment as it is: the payer can still pay, the app
                // just does not learn the address.
                guard (try? await configuration.callExpandPayerAfterIdentified(paymentInfo: info)) != nil else {
                    return
                }
                self?.send(.payerExpanded)
            }
        default:
            break
        }
    }

    /// Runs a configuration call in a task of its own: its answer or its error comes back to the
    /// flow as an input; a call cancelled (replaced, or its payment ended) answers nothing.
    private func answer<Value>(
        _ call: @escaping @MainActor () async throws -> Value,
        with answer: @escaping @MainActor (Value) -> SwedbankPaySDK.WebPaymentInput,
        failure: @escaping @MainActor (SwedbankPaySDK.WebPaymentError) -> SwedbankPaySDK.WebPaymentInput
    ) -> Task<Void, Never> {
        Task { [weak self] in
            do {
                let value = try await call()
                self?.send(answer(value))
            } catch is CancellationError {
            } catch {
                self?.send(failure(SwedbankPaySDK.WebPaymentError(error)))
            }
        }
    }

    private func askConfiguration(
        _ navigation: SwedbankPaySDK.WebNavigation, _ configuration: SwedbankPaySDKConfiguration?
    ) {
        guard let configuration, let webView, let action = Self.navigationAction(for: navigation.request, in: webView)
        else {
            return send(.configurationPlaced(navigation, .notAsked))
        }
        Task { [weak self] in
            let policy = await configuration.callDecidePolicyForPaymentMenuRedirect(navigationAction: action)
            self?.send(.configurationPlaced(navigation, policy == .openInWebView ? .webView : .browser))
        }
    }
}

extension SwedbankPaySDK {
    /// The app's values for the configuration's calls. `userData` is typed `Any` (the documented
    /// API) and so not `Sendable`; the SDK only hands it to the app's own configuration, never
    /// touching it itself, which is what makes the box sound.
    struct FlowArguments: @unchecked Sendable {
        var consumer: Consumer?
        var paymentOrder: PaymentOrder?
        var userData: Any?

        @MainActor
        func postConsumers(_ configuration: SwedbankPaySDKConfiguration) async throws -> ViewConsumerIdentificationInfo
        {
            try await configuration.callPostConsumers(consumer: consumer, userData: userData)
        }

        @MainActor
        func postPaymentorders(
            _ configuration: SwedbankPaySDKConfiguration, ref: String?, options: VersionOptions
        ) async throws -> ViewPaymentOrderInfo {
            try await configuration.callPostPaymentorders(
                paymentOrder: paymentOrder, userData: userData, consumerProfileRef: ref, options: options)
        }

        @MainActor
        func updatePaymentOrder(
            _ configuration: SwedbankPaySDKConfiguration, options: VersionOptions, info: ViewPaymentOrderInfo,
            updateInfo: Any
        ) async throws -> ViewPaymentOrderInfo {
            try await configuration.callUpdatePaymentOrder(
                paymentOrder: paymentOrder, options: options, userData: userData, viewPaymentOrderInfo: info,
                updateInfo: updateInfo)
        }

        @MainActor
        func abortPayment(_ configuration: SwedbankPaySDKConfiguration, info: ViewPaymentOrderInfo) async throws {
            try await configuration.callAbortPayment(paymentInfo: info, userData: userData)
        }
    }
}
