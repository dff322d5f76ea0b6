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
        let configuration = SwedbankPaySDK.RestoringConfiguration(
            wasGiven: snapshot.configurationWasGiven, isGiven: configurationIsGiven, isAvailable: setup != nil)
        send(.restore(.saved(snapshot.state, configuration))) {
            // The setup serves a payment that goes on; one the flow ended (or found ended) keeps
            // none.
            if !flow.payment.isTerminal { self.setup = setup }
        }
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
