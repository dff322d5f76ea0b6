import Foundation

// The saved payment: written from the flow's phase and the runner's arguments and key, read back
// into the flow as a `.restore` input (which decides what is done again).
extension WebPaymentRunner {
    /// The payment as data; `configurationWasGiven` says whether the controller was given its
    /// configuration by an initializer (a restoring controller cannot know it).
    func restorationData(configurationWasGiven: Bool) throws -> Data {
        var snapshot = SwedbankPaySDK.WebPaymentSnapshot(
            version: SwedbankPaySDK.WebPaymentSnapshot.currentVersion,
            state: flow.payment,
            consumer: arguments.consumer,
            paymentOrder: arguments.paymentOrder,
            userData: nil,
            configurationWasGiven: configurationWasGiven,
            orderKey: orderKey
        )
        if let userData = arguments.userData {
            if let value = SwedbankPaySDK.CodableRegistry.shared.registeredValue(userData) {
                snapshot.userData = SwedbankPaySDK.TypedCodableValue(value)
            } else {
                let typeName = String(reflecting: type(of: userData))
                let error = SwedbankPaySDKController.StateRestorationError.unregisteredCodable(typeName)
                snapshot.state = .failed(nil, SwedbankPaySDK.WebPaymentError(error))
            }
        }
        return try JSONEncoder().encode(snapshot)
    }

    /// Restores a payment saved by ``restorationData(configurationWasGiven:)``, unless one was
    /// started. `configurationIsGiven` says whether this controller was given its configuration
    /// by an initializer; `setup` is nil when it has no configuration.
    func restore(from data: Data, configurationIsGiven: Bool, setup: Setup?) {
        guard case .idle = flow.payment else { return }
        let snapshot: SwedbankPaySDK.WebPaymentSnapshot
        do {
            snapshot = try JSONDecoder().decode(SwedbankPaySDK.WebPaymentSnapshot.self, from: data)
            guard snapshot.version == SwedbankPaySDK.WebPaymentSnapshot.currentVersion else {
                throw SwedbankPaySDKController.StateRestorationError.unknown
            }
        } catch {
            let restorationError =
                error as? SwedbankPaySDKController.StateRestorationError
                ?? (error as? SwedbankPaySDK.UnregisteredCodableError).map { .unregisteredCodable($0.typeName) }
                ?? .unknown
            return send(.restore(.unreadable(restorationError)))
        }
        arguments = SwedbankPaySDK.FlowArguments(
            consumer: snapshot.consumer, paymentOrder: snapshot.paymentOrder, userData: snapshot.userData?.value)
        // Data saved before keys were kept has none: its order gets a new one.
        orderKey = snapshot.orderKey ?? SwedbankPaySDK.IdempotencyKey()
        let problem: Error?
        if snapshot.configurationWasGiven == true, !configurationIsGiven {
            // A configuration given to the saved controller's initializer is not in the data: a
            // controller that was not given one itself cannot know it (5.0.3's rule).
            problem = SwedbankPaySDKController.StateRestorationError.nonpersistableConfiguration
        } else if let setup {
            problem = nil
            if !snapshot.state.isTerminal { self.setup = setup }
        } else {
            problem = SwedbankPaySDKController.ControllerError.missingConfiguration
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
