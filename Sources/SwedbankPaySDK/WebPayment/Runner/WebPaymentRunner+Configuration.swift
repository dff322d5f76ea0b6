import Foundation

// The runner's configuration calls: each runs in a task of its own through the adapters of
// `ConfigurationCalls.swift`, and its result comes back to the flow as an input.
extension WebPaymentRunner {
    func call(_ effect: SwedbankPaySDK.WebPaymentEffect) {
        guard let configuration = setup?.configuration else { return }
        let arguments = arguments
        switch effect {
        case .createConsumerSession:
            creationTask = Task { [weak self] in
                do {
                    let info = try await arguments.postConsumers(configuration)
                    self?.send(.payment(.consumerSessionCreated(info)))
                } catch is CancellationError {
                } catch {
                    self?.send(.payment(.creationFailed(SwedbankPaySDK.WebPaymentError(error))))
                }
            }
        case .createPaymentOrder(let ref, let options):
            let key = orderKey
            creationTask = Task { [weak self] in
                do {
                    // The configuration reads the key as `IdempotencyKey.current`, which its
                    // callback-style bridge's task inherits.
                    let info = try await SwedbankPaySDK.IdempotencyKey.withCurrent(key) {
                        try await arguments.postPaymentorders(configuration, ref: ref, options: options)
                    }
                    self?.send(.payment(.paymentOrderCreated(info)))
                } catch is CancellationError {
                } catch {
                    self?.send(.payment(.creationFailed(SwedbankPaySDK.WebPaymentError(error))))
                }
            }
        case .startUpdate(let update, let info):
            guard let options = flow.payment.options else { return }
            updateTask = Task { [weak self] in
                do {
                    let newInfo = try await arguments.updatePaymentOrder(configuration, options: options, info: info)
                    self?.send(.payment(.updateSucceeded(update: update, newInfo)))
                } catch is CancellationError {
                } catch {
                    self?.send(.payment(.updateFailed(update: update, SwedbankPaySDK.WebPaymentError(error))))
                }
            }
        case .cancelUpdate:
            updateTask?.cancel()
            updateTask = nil
        case .abort(let info):
            Task { [weak self] in
                do {
                    try await arguments.abortPayment(configuration, info: info)
                    self?.send(.payment(.abortSucceeded))
                } catch {
                    self?.send(.payment(.abortFailed(SwedbankPaySDK.WebPaymentError(error))))
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
        case .showCheckin, .showPaymentMenu, .notifyComplete, .notifyCanceled, .notifyFailed, .notifyUpdateFailed:
            // The flow turns these into pages and notices.
            break
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
