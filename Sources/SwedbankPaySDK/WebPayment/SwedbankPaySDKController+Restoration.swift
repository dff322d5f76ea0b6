import Foundation

extension SwedbankPaySDKController {
    /// The payment as data, for restoring it in a later process with ``restorePayment(from:)``:
    /// its state, consumer, payment order, the order's ``SwedbankPaySDK/IdempotencyKey`` and user
    /// data. Save it when the app may be terminated
    /// (UIKit state restoration does this for you).
    ///
    /// User data and errors of types not registered with
    /// ``SwedbankPaySDK/registerCodable(_:encodedTypeName:)`` cannot be saved: a payment holding
    /// such user data is saved as failed with ``StateRestorationError/unregisteredCodable(_:)``.
    public func paymentRestorationData() throws -> Data {
        var snapshot = SwedbankPaySDK.WebPaymentSnapshot(
            version: SwedbankPaySDK.WebPaymentSnapshot.currentVersion,
            state: flow.payment,
            consumer: runner.arguments.consumer,
            paymentOrder: runner.arguments.paymentOrder,
            userData: nil,
            configurationWasGiven: givenConfiguration != nil,
            orderKey: runner.orderKey
        )
        if let userData = runner.arguments.userData {
            if let value = SwedbankPaySDK.CodableRegistry.shared.registeredValue(userData) {
                snapshot.userData = SwedbankPaySDK.TypedCodableValue(value)
            } else {
                let typeName = String(reflecting: type(of: userData))
                snapshot.state = .failed(
                    nil, SwedbankPaySDK.WebPaymentError(StateRestorationError.unregisteredCodable(typeName)))
            }
        }
        return try JSONEncoder().encode(snapshot)
    }

    /// Restores a payment saved with ``paymentRestorationData()`` into this controller, which must
    /// not have started a payment. Work that was in flight is done again (a payment order being
    /// created is requested again, with the same idempotency key, so a backend that keeps keys
    /// answers the order it may already have made), and a payment menu that was shown is shown again. Data that
    /// cannot be read ends the payment with ``StateRestorationError``, reported to the delegate.
    public func restorePayment(from data: Data) {
        guard case .idle = flow.payment else { return }
        let snapshot: SwedbankPaySDK.WebPaymentSnapshot
        do {
            snapshot = try JSONDecoder().decode(SwedbankPaySDK.WebPaymentSnapshot.self, from: data)
            guard snapshot.version == SwedbankPaySDK.WebPaymentSnapshot.currentVersion else {
                throw StateRestorationError.unknown
            }
        } catch {
            let restorationError =
                error as? StateRestorationError ?? (error as? SwedbankPaySDK.UnregisteredCodableError)
                .map { StateRestorationError.unregisteredCodable($0.typeName) } ?? .unknown
            return send(.restore(.unreadable(restorationError)))
        }
        runner.arguments = SwedbankPaySDK.FlowArguments(
            consumer: snapshot.consumer, paymentOrder: snapshot.paymentOrder, userData: snapshot.userData?.value)
        // Data saved before keys were kept has none: its order gets a new one.
        runner.orderKey = snapshot.orderKey ?? SwedbankPaySDK.IdempotencyKey()
        let configuration = configuration
        let problem: Error?
        if snapshot.configurationWasGiven == true, givenConfiguration == nil {
            // A configuration given to the saved controller's initializer is not in the data: a
            // controller that was not given one itself cannot know it (5.0.3's rule).
            problem = StateRestorationError.nonpersistableConfiguration
        } else if configuration is MissingConfiguration {
            problem = ControllerError.missingConfiguration
        } else {
            problem = nil
            if !snapshot.state.isTerminal { run(with: configuration) }
        }
        send(.restore(.saved(snapshot.state, problem: problem.map(SwedbankPaySDK.WebPaymentError.init))))
    }
}

extension SwedbankPaySDK {
    /// The saved form of a controller's payment.
    struct WebPaymentSnapshot: Codable {
        static let currentVersion = 1

        var version: Int
        var state: WebPaymentState
        var consumer: Consumer?
        var paymentOrder: PaymentOrder?
        var userData: TypedCodableValue?
        /// Whether the saved controller was given its configuration by an initializer (absent in
        /// data saved before this was recorded).
        var configurationWasGiven: Bool?
        /// The payment order's idempotency key (absent in data saved before it was kept).
        var orderKey: IdempotencyKey?
    }
}
