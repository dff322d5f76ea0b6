import Foundation

extension SwedbankPaySDK {
    /// Something that happened to a web payment: the app called the controller, a configuration
    /// call finished, the page posted a message, or the web view navigated.
    enum WebPaymentEvent: Sendable, Hashable {
        case start(useCheckin: Bool, isV3: Bool)
        case consumerSessionCreated(ViewConsumerIdentificationInfo)
        case consumerIdentified(consumerProfileRef: String)
        case paymentOrderCreated(ViewPaymentOrderInfo)
        /// `postConsumers` or `postPaymentorders` failed.
        case creationFailed(WebPaymentError)
        case updateRequested
        case updateSucceeded(update: Int, ViewPaymentOrderInfo)
        case updateFailed(update: Int, WebPaymentError)
        case abortRequested
        case abortSucceeded
        case abortFailed(WebPaymentError)
        /// The paymentUrl came back (intercepted in the web view or given to `open(url:)`).
        case paymentUrlReturned
        /// The payer chose to continue in the browser from the stuck prompt: the menu is shown
        /// again at once (5.0.3 reloads it without the paymentUrl's delay; nothing returned).
        case reloadRequested
        /// The completeUrl was intercepted, or the hosted view reported `onPaid`.
        case completed
        /// The cancelUrl was intercepted.
        case canceledByPayer
        /// The page failed: its script did not load, the hosted view reported an error, or a page
        /// could not be loaded.
        case pageFailed(WebPaymentError)
        /// The hosted view identified the payer (v3 with checkin).
        case payerIdentified
    }

    /// What the shell must do after a transition. Effects are values: tests compare them exactly.
    enum WebPaymentEffect: Sendable, Hashable {
        case createConsumerSession
        case createPaymentOrder(consumerProfileRef: String?, options: VersionOptions)
        case showCheckin(ViewConsumerIdentificationInfo)
        /// Loads the payment menu page; `delayed` waits 500 ms before opening the hosted view, so a
        /// payment order changed by the page that returned has settled.
        case showPaymentMenu(ViewPaymentOrderInfo, delayed: Bool)
        case startUpdate(update: Int, ViewPaymentOrderInfo)
        case cancelUpdate
        case abort(ViewPaymentOrderInfo)
        /// Cancels an in-flight `postConsumers` / `postPaymentorders`.
        case cancelCreation
        case expandPayer(ViewPaymentOrderInfo)
        case notifyComplete
        case notifyCanceled
        case notifyFailed(WebPaymentError)
        case notifyUpdateFailed(WebPaymentError)
    }

    /// The web payment's decisions: a pure function of state and event (reference §2), tested
    /// without I/O. The controller executes the effects it returns.
    enum WebPaymentMachine {
        /// Applies `event` to `state` and returns what to do. Events that do not apply to the state
        /// leave it unchanged and return no effects; terminal states never change.
        static func reduce(_ state: inout WebPaymentState, _ event: WebPaymentEvent) -> [WebPaymentEffect] {
            guard !state.isTerminal else { return [] }
            switch (state, event) {
            case (.idle, .start(let useCheckin, let isV3)):
                var options: VersionOptions = []
                if useCheckin { options.insert(.useCheckin) }
                if isV3 { options.insert(.isV3) }
                if useCheckin && !isV3 {
                    state = .initializingConsumerSession(options: options)
                    return [.createConsumerSession]
                }
                state = .creatingPaymentOrder(consumerProfileRef: nil, options: options)
                return [.createPaymentOrder(consumerProfileRef: nil, options: options)]

            case (.initializingConsumerSession(let options), .consumerSessionCreated(let info)):
                state = .identifyingConsumer(info, options: options)
                return [.showCheckin(info)]

            case (.identifyingConsumer(_, let options), .consumerIdentified(let ref)):
                state = .creatingPaymentOrder(consumerProfileRef: ref, options: options)
                return [.createPaymentOrder(consumerProfileRef: ref, options: options)]

            case (.creatingPaymentOrder(_, let options), .paymentOrderCreated(let info)):
                state = .paying(info, options: options)
                return [.showPaymentMenu(info, delayed: false)]

            case (.initializingConsumerSession, .creationFailed(let error)),
                (.creatingPaymentOrder, .creationFailed(let error)):
                state = .failed(nil, error)
                return [.notifyFailed(error)]

            case (.paying(let info, let options), .updateRequested):
                state = .updatingPaymentOrder(info, options: options, update: 1)
                return [.startUpdate(update: 1, info)]

            case (.updatingPaymentOrder(let info, let options, let update), .updateRequested):
                state = .updatingPaymentOrder(info, options: options, update: update + 1)
                return [.cancelUpdate, .startUpdate(update: update + 1, info)]

            case (.updatingPaymentOrder(_, let options, let current), .updateSucceeded(let update, let newInfo))
            where update == current:
                state = .paying(newInfo, options: options)
                return [.showPaymentMenu(newInfo, delayed: false)]

            case (.updatingPaymentOrder(let info, let options, let current), .updateFailed(let update, let error))
            where update == current:
                state = .paying(info, options: options)
                return [.notifyUpdateFailed(error)]

            case (.paying(let info, let options), .abortRequested):
                state = .aborting(info, options: options)
                return [.abort(info)]

            case (.updatingPaymentOrder(let info, let options, _), .abortRequested):
                state = .aborting(info, options: options)
                return [.cancelUpdate, .abort(info)]

            // Before a payment order exists there is nothing to abort at the backend: the
            // payment ends here, and the configuration call in flight is cancelled.
            case (.initializingConsumerSession, .abortRequested), (.identifyingConsumer, .abortRequested),
                (.creatingPaymentOrder, .abortRequested):
                state = .canceled(nil)
                return [.cancelCreation, .notifyCanceled]

            case (.aborting(let info, _), .abortSucceeded):
                state = .canceled(info)
                return [.notifyCanceled]

            case (.aborting(let info, _), .abortFailed(let error)):
                state = .failed(info, error)
                return [.notifyFailed(error)]

            case (.paying(let info, _), .paymentUrlReturned):
                return [.showPaymentMenu(info, delayed: true)]

            case (.paying(let info, _), .reloadRequested):
                return [.showPaymentMenu(info, delayed: false)]

            case (.paying(let info, _), .completed), (.aborting(let info, _), .completed):
                state = .complete(info)
                return [.notifyComplete]

            case (.updatingPaymentOrder(let info, _, _), .completed):
                state = .complete(info)
                return [.cancelUpdate, .notifyComplete]

            case (.paying(let info, _), .canceledByPayer), (.aborting(let info, _), .canceledByPayer):
                state = .canceled(info)
                return [.notifyCanceled]

            case (.updatingPaymentOrder(let info, _, _), .canceledByPayer):
                state = .canceled(info)
                return [.cancelUpdate, .notifyCanceled]

            case (.identifyingConsumer, .pageFailed(let error)):
                state = .failed(nil, error)
                return [.notifyFailed(error)]

            case (.paying(let info, _), .pageFailed(let error)):
                state = .failed(info, error)
                return [.notifyFailed(error)]

            case (.updatingPaymentOrder(let info, _, _), .pageFailed(let error)):
                state = .failed(info, error)
                return [.cancelUpdate, .notifyFailed(error)]

            case (.paying(let info, let options), .payerIdentified) where options.contains([.isV3, .useCheckin]):
                return [.expandPayer(info)]

            default:
                return []
            }
        }

        /// What to do again for a state restored from saved data: work that was in flight when the
        /// state was saved is started again, and a shown page is shown again.
        static func resume(_ state: WebPaymentState) -> [WebPaymentEffect] {
            switch state {
            case .idle, .complete, .canceled, .failed:
                return []
            case .initializingConsumerSession:
                return [.createConsumerSession]
            case .identifyingConsumer(let info, _):
                return [.showCheckin(info)]
            case .creatingPaymentOrder(let ref, let options):
                return [.createPaymentOrder(consumerProfileRef: ref, options: options)]
            case .paying(let info, _), .updatingPaymentOrder(let info, _, _):
                return [.showPaymentMenu(info, delayed: false)]
            case .aborting(let info, _):
                return [.abort(info)]
            }
        }
    }
}
