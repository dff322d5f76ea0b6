import Foundation

extension SwedbankPaySDK {
    /// Where a web payment is (reference §2), as restoration saves it and the controller reports
    /// it: `WebPaymentFlow.payment`, the flow's phase without what only a running payment has (its
    /// page, its watch, its setup). Every state is `Codable`, so a payment survives the process
    /// being killed: the flow's `.restore` input says what to do again after restoring.
    ///
    /// The states before `paying` have no payment order yet; `complete`, `canceled` and `failed`
    /// are terminal: no event leaves them.
    enum WebPaymentState: Sendable, Hashable {
        /// Nothing started.
        case idle
        /// Waiting for the configuration's `postConsumers` (v2 checkin).
        case initializingConsumerSession(options: VersionOptions)
        /// The checkin page is shown; waiting for the payer to identify.
        case identifyingConsumer(ViewConsumerIdentificationInfo, options: VersionOptions)
        /// Waiting for the configuration's `postPaymentorders`.
        case creatingPaymentOrder(consumerProfileRef: String?, options: VersionOptions)
        /// The payment menu is shown.
        case paying(ViewPaymentOrderInfo, options: VersionOptions)
        /// The menu stays shown while the configuration updates the order. `update` numbers the
        /// update, so the result of one that was replaced or cancelled is recognised and ignored.
        case updatingPaymentOrder(ViewPaymentOrderInfo, options: VersionOptions, update: Int)
        /// Waiting for the configuration's `abortPayment`.
        case aborting(ViewPaymentOrderInfo, options: VersionOptions)
        /// The payer paid.
        case complete(ViewPaymentOrderInfo?)
        /// The payer or the app canceled.
        case canceled(ViewPaymentOrderInfo?)
        /// The payment failed; the error is what the app's delegate receives.
        case failed(ViewPaymentOrderInfo?, WebPaymentError)

        /// Whether no event can leave this state.
        var isTerminal: Bool {
            switch self {
            case .complete, .canceled, .failed: return true
            default: return false
            }
        }

        /// The payment order being paid, once there is one.
        var paymentOrderInfo: ViewPaymentOrderInfo? {
            switch self {
            case .paying(let info, _), .updatingPaymentOrder(let info, _, _), .aborting(let info, _):
                return info
            case .complete(let info), .canceled(let info), .failed(let info, _):
                return info
            case .idle, .initializingConsumerSession, .identifyingConsumer, .creatingPaymentOrder:
                return nil
            }
        }

        /// The options the payment was started with; nil when idle or finished.
        var options: VersionOptions? {
            switch self {
            case .initializingConsumerSession(let options), .identifyingConsumer(_, let options),
                .creatingPaymentOrder(_, let options), .paying(_, let options),
                .updatingPaymentOrder(_, let options, _), .aborting(_, let options):
                return options
            case .idle, .complete, .canceled, .failed:
                return nil
            }
        }
    }

    /// An error that ends a web payment, kept in the state. Two are equal when they describe the
    /// same error (errors are not `Equatable`), which is what tests and restoration need.
    ///
    /// It is coded with the ``CodableRegistry``: SDK errors and app errors of registered `Codable`
    /// types restore as themselves; any other error restores as
    /// `SwedbankPaySDKController.StateRestorationError.unregisteredCodable` naming its type.
    struct WebPaymentError: Error, Sendable, Hashable, Codable {
        let error: any Error

        init(_ error: any Error) {
            self.error = (error as? WebPaymentError)?.error ?? error
        }

        static func == (lhs: WebPaymentError, rhs: WebPaymentError) -> Bool {
            String(reflecting: lhs.error) == String(reflecting: rhs.error)
        }

        func hash(into hasher: inout Hasher) {
            hasher.combine(String(reflecting: error))
        }

        init(from decoder: any Decoder) throws {
            WebPaymentCoding.registerSDKTypes()
            let value = try TypedCodableValue(from: decoder).value
            error = (value as? any Error) ?? SwedbankPaySDKController.StateRestorationError.unknown
        }

        func encode(to encoder: any Encoder) throws {
            WebPaymentCoding.registerSDKTypes()
            if CodableRegistry.shared.registration(for: error) != nil {
                try TypedCodableValue(error).encode(to: encoder)
            } else {
                let typeName = String(reflecting: type(of: error))
                let stand = SwedbankPaySDKController.StateRestorationError.unregisteredCodable(typeName)
                try TypedCodableValue(stand).encode(to: encoder)
            }
        }
    }
}
