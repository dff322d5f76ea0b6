import Foundation

// The imperative shell of the web payment: events go through `WebPaymentMachine`, and the effects
// it returns are executed here — configuration calls through the adapters of
// `ConfigurationCalls.swift`, pages through the web view, and delegate calls.
extension SwedbankPaySDKController {
    func send(_ event: SwedbankPaySDK.WebPaymentEvent) {
        let effects = SwedbankPaySDK.WebPaymentMachine.reduce(&state, event)
        for effect in effects {
            run(effect)
        }
        if state.isTerminal {
            SwedbankPaySDK.PaymentURLRouter.shared.unregister(self)
        }
    }

    func run(_ effect: SwedbankPaySDK.WebPaymentEffect) {
        switch effect {
        case .createConsumerSession:
            createConsumerSession()
        case .createPaymentOrder(let ref, let options):
            createPaymentOrder(consumerProfileRef: ref, options: options)
        case .showCheckin(let info):
            show(.checkin(scriptURL: info.viewConsumerIdentification), baseURL: info.webViewBaseURL, delayed: false)
        case .showPaymentMenu(let info, let delayed):
            show(.payment(info), baseURL: info.webViewBaseURL, delayed: delayed)
        case .startUpdate(let update, let info):
            startUpdate(update, info: info)
        case .cancelUpdate:
            updateTask?.cancel()
            updateTask = nil
        case .abort(let info):
            abort(info)
        case .cancelCreation:
            creationTask?.cancel()
            creationTask = nil
        case .expandPayer(let info):
            expandPayer(info)
        case .notifyComplete, .notifyCanceled, .notifyFailed:
            notifyTerminalState()
        case .notifyUpdateFailed(let error):
            delegate?.updatePaymentOrderFailed(updateInfo: updateInfo, error: error.error)
        }
    }

    /// Tells the delegate how the payment ended, if it has.
    func notifyTerminalState() {
        switch state {
        case .complete: delegate?.paymentComplete()
        case .canceled: delegate?.paymentCanceled()
        case .failed(_, let error): delegate?.paymentFailed(error: error.error)
        default: break
        }
    }

    // MARK: Configuration calls

    private func createConsumerSession() {
        guard let configuration = runningConfiguration else { return }
        let arguments = SwedbankPaySDK.FlowArguments(consumer: consumer, userData: userData)
        creationTask = Task { [weak self] in
            do {
                let info = try await arguments.postConsumers(configuration)
                self?.send(.consumerSessionCreated(info))
            } catch is CancellationError {
            } catch {
                self?.send(.creationFailed(SwedbankPaySDK.WebPaymentError(error)))
            }
        }
    }

    private func createPaymentOrder(consumerProfileRef: String?, options: SwedbankPaySDK.VersionOptions) {
        guard let configuration = runningConfiguration else { return }
        let arguments = SwedbankPaySDK.FlowArguments(paymentOrder: paymentOrder, userData: userData)
        let key = orderKey
        creationTask = Task { [weak self] in
            do {
                // The configuration reads the key as `IdempotencyKey.current`, which its
                // callback-style bridge's task inherits.
                let info = try await SwedbankPaySDK.IdempotencyKey.withCurrent(key) {
                    try await arguments.postPaymentorders(configuration, ref: consumerProfileRef, options: options)
                }
                self?.send(.paymentOrderCreated(info))
            } catch is CancellationError {
            } catch {
                self?.send(.creationFailed(SwedbankPaySDK.WebPaymentError(error)))
            }
        }
    }

    private func startUpdate(_ update: Int, info: SwedbankPaySDK.ViewPaymentOrderInfo) {
        guard let configuration = runningConfiguration, let options = state.options else { return }
        let arguments = SwedbankPaySDK.FlowArguments(
            paymentOrder: paymentOrder, userData: userData, updateInfo: updateInfo)
        updateTask = Task { [weak self] in
            do {
                let newInfo = try await arguments.updatePaymentOrder(configuration, options: options, info: info)
                self?.send(.updateSucceeded(update: update, newInfo))
            } catch is CancellationError {
            } catch {
                self?.send(.updateFailed(update: update, SwedbankPaySDK.WebPaymentError(error)))
            }
        }
    }

    private func abort(_ info: SwedbankPaySDK.ViewPaymentOrderInfo) {
        guard let configuration = runningConfiguration else { return }
        let arguments = SwedbankPaySDK.FlowArguments(userData: userData)
        Task { [weak self] in
            do {
                try await arguments.abortPayment(configuration, info: info)
                self?.send(.abortSucceeded)
            } catch {
                self?.send(.abortFailed(SwedbankPaySDK.WebPaymentError(error)))
            }
        }
    }

    private func expandPayer(_ info: SwedbankPaySDK.ViewPaymentOrderInfo) {
        guard let configuration = runningConfiguration else { return }
        Task { [weak self] in
            // A failed expansion leaves the payment as it is: the payer can still pay, the app
            // just does not learn the address.
            guard (try? await configuration.callExpandPayerAfterIdentified(paymentInfo: info)) != nil else { return }
            guard let self, case .paying = self.state else { return }
            self.delegate?.shippingAddressIsKnown()
        }
    }
}

extension SwedbankPaySDK {
    /// The app's values for one configuration call. `userData` and `updateInfo` are typed `Any`
    /// (the documented API) and so not `Sendable`; the SDK only hands them to the app's own
    /// configuration, never touching them itself, which is what makes the box sound.
    @MainActor
    struct FlowArguments: @unchecked Sendable {
        var consumer: Consumer?
        var paymentOrder: PaymentOrder?
        var userData: Any?
        var updateInfo: Any = ()

        func postConsumers(_ configuration: SwedbankPaySDKConfiguration) async throws -> ViewConsumerIdentificationInfo
        {
            try await configuration.callPostConsumers(consumer: consumer, userData: userData)
        }

        func postPaymentorders(
            _ configuration: SwedbankPaySDKConfiguration, ref: String?, options: VersionOptions
        ) async throws -> ViewPaymentOrderInfo {
            try await configuration.callPostPaymentorders(
                paymentOrder: paymentOrder, userData: userData, consumerProfileRef: ref, options: options)
        }

        func updatePaymentOrder(
            _ configuration: SwedbankPaySDKConfiguration, options: VersionOptions, info: ViewPaymentOrderInfo
        ) async throws -> ViewPaymentOrderInfo {
            try await configuration.callUpdatePaymentOrder(
                paymentOrder: paymentOrder, options: options, userData: userData, viewPaymentOrderInfo: info,
                updateInfo: updateInfo)
        }

        func abortPayment(_ configuration: SwedbankPaySDKConfiguration, info: ViewPaymentOrderInfo) async throws {
            try await configuration.callAbortPayment(paymentInfo: info, userData: userData)
        }
    }
}
