import Foundation

// The saved payment: written from the flow's saved phase and run, read back into the flow as a
// `.restore` input (which decides what is done again).
extension WebPaymentRunner {
    /// The payment as data; `configurationWasGiven` says whether the controller was given its
    /// configuration by an initializer (a restoring controller cannot know it).
    func restorationData(configurationWasGiven: Bool) throws -> Data {
        let arguments = run?.arguments
        var userData: SwedbankPaySDK.TypedCodableValue?
        var unregisteredType: String?
        if let value = arguments?.userData {
            if let registered = SwedbankPaySDK.CodableRegistry.shared.registeredValue(value) {
                userData = SwedbankPaySDK.TypedCodableValue(registered)
            } else {
                unregisteredType = String(reflecting: type(of: value))
            }
        }
        let snapshot = SwedbankPaySDK.WebPaymentSnapshot(
            version: SwedbankPaySDK.WebPaymentSnapshot.currentVersion,
            state: flow.saved(unregisteredUserDataType: unregisteredType),
            consumer: arguments?.consumer,
            paymentOrder: arguments?.paymentOrder,
            userData: userData,
            configurationWasGiven: configurationWasGiven,
            orderKey: run?.orderKey
        )
        return try JSONEncoder().encode(snapshot)
    }

    /// Restores a payment saved by ``restorationData(configurationWasGiven:)``; the flow ignores
    /// it once a payment was started. `configurationIsGiven` says whether this controller was
    /// given its configuration by an initializer; `setup` is nil when it has no configuration.
    func restore(from data: Data, configurationIsGiven: Bool, setup: Setup?) {
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
            let launch = SwedbankPaySDK.WebPaymentLaunch(arguments: .init(), setup: setup, newOrderKey: .init())
            return send(.restore(.unreadable(restorationError), launch))
        }
        let arguments = SwedbankPaySDK.FlowArguments(
            consumer: snapshot.consumer, paymentOrder: snapshot.paymentOrder, userData: snapshot.userData?.value)
        let launch = SwedbankPaySDK.WebPaymentLaunch(arguments: arguments, setup: setup, newOrderKey: .init())
        let configuration = SwedbankPaySDK.RestoringConfiguration(
            wasGiven: snapshot.configurationWasGiven, isGiven: configurationIsGiven)
        send(.restore(.saved(snapshot.state, orderKey: snapshot.orderKey, configuration), launch))
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
