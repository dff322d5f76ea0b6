import Foundation

// Starting, restoring and saving a web payment.
extension SwedbankPaySDK.WebPaymentFlow {
    /// A payment started or restored into this idle flow.
    mutating func launch(_ input: Input) -> [Effect] {
        switch input {
        case .start(let useCheckin, let isV3, let launch): start(useCheckin: useCheckin, isV3: isV3, launch)
        case .restore(let restored, let launch): restore(restored, launch)
        default: []
        }
    }

    /// A payment starts with its configuration; without one it fails at once.
    mutating func start(useCheckin: Bool, isV3: Bool, _ launch: SwedbankPaySDK.WebPaymentLaunch) -> [Effect] {
        var options: SwedbankPaySDK.VersionOptions = []
        if useCheckin { options.insert(.useCheckin) }
        if isV3 { options.insert(.isV3) }
        guard let setup = launch.setup else {
            return fail(SwedbankPaySDKController.ControllerError.missingConfiguration, info: nil)
        }
        let run = SwedbankPaySDK.PaymentRun(
            options: options, orderKey: launch.newOrderKey, arguments: launch.arguments, setup: setup)
        if useCheckin && !isV3 {
            phase = .running(.init(step: .initializingConsumerSession, run: run))
            return [.registerForPaymentURLs, .createConsumerSession]
        }
        phase = .running(.init(step: .creatingPaymentOrder(consumerProfileRef: nil, nil), run: run))
        return [.registerForPaymentURLs, .createPaymentOrder(consumerProfileRef: nil, options: options)]
    }

    /// A saved payment: one that ended is told again; one this controller cannot go on with
    /// fails; any other goes on where it was (what was in flight is done again, a page shown is
    /// shown again). Nothing started: the payment can still be.
    mutating func restore(_ restored: SwedbankPaySDK.RestoredPayment, _ launch: SwedbankPaySDK.WebPaymentLaunch)
        -> [Effect]
    {
        guard case .saved(let saved, let savedKey, let configuration) = restored else {
            guard case .unreadable(let error) = restored else { return [] }
            return fail(error, info: nil)
        }
        if let ending = Self.ending(of: saved) {
            let ended = SwedbankPaySDK.EndedPayment(ending: ending, info: saved.paymentOrderInfo)
            phase = .ended(ended)
            return [.notify(ended.notice)]
        }
        if let problem = Self.restorationProblem(configuration, hasSetup: launch.setup != nil) {
            return fail(problem, info: saved.paymentOrderInfo)
        }
        guard let options = saved.options, let setup = launch.setup else { return [] }
        let run = SwedbankPaySDK.PaymentRun(
            options: options, orderKey: savedKey ?? launch.newOrderKey, arguments: launch.arguments, setup: setup)
        return [.registerForPaymentURLs] + resume(saved, run)
    }

    private mutating func resume(_ saved: SwedbankPaySDK.WebPaymentState, _ run: SwedbankPaySDK.PaymentRun) -> [Effect]
    {
        // A page shown again is shown as it was first: from the step before it, with no page yet.
        func go(_ step: Step) { phase = .running(.init(step: step, run: run)) }
        switch saved {
        case .initializingConsumerSession:
            go(.initializingConsumerSession)
            return [.createConsumerSession]
        case .identifyingConsumer(let info, _):
            go(.initializingConsumerSession)
            return show(
                .checkin(scriptURL: info.viewConsumerIdentification), baseURL: info.webViewBaseURL,
                at: { .identifyingConsumer(info, $0) })
        case .creatingPaymentOrder(let ref, let options):
            go(.creatingPaymentOrder(consumerProfileRef: ref, nil))
            return [.createPaymentOrder(consumerProfileRef: ref, options: options)]
        case .paying(let info, _), .updatingPaymentOrder(let info, _, _):
            // The app's update cannot be replayed (the saved form keeps such a payment as `paying`).
            go(.creatingPaymentOrder(consumerProfileRef: nil, nil))
            return showMenu(info, delayed: false, at: { .paying(info, $0) })
        case .aborting(let info, _):
            go(.aborting(info, nil))
            return [.abort(info)]
        case .idle, .complete, .canceled, .failed:
            return []
        }
    }

    /// Why a controller cannot go on with a saved payment, or nil. A configuration given to the
    /// saved controller's initializer is not in the data: a controller not given one itself
    /// cannot know it (5.0.3's rule; 5.0.3 fails it even when the restoring controller was given
    /// one). Otherwise a controller without any configuration cannot go on.
    private static func restorationProblem(
        _ configuration: SwedbankPaySDK.RestoringConfiguration, hasSetup: Bool
    ) -> (any Error)? {
        if configuration.wasGiven == true, !configuration.isGiven {
            return SwedbankPaySDKController.StateRestorationError.nonpersistableConfiguration
        }
        return hasSetup ? nil : SwedbankPaySDKController.ControllerError.missingConfiguration
    }

    private static func ending(of state: SwedbankPaySDK.WebPaymentState) -> SwedbankPaySDK.EndedPayment.Ending? {
        switch state {
        case .complete: .complete
        case .canceled: .canceled
        case .failed(_, let error): .failed(error)
        default: nil
        }
    }

    /// A payment that never ran ends failed at once (no paymentUrl was taken, no page shown).
    private mutating func fail(_ error: any Error, info: SwedbankPaySDK.ViewPaymentOrderInfo?) -> [Effect] {
        let ended = SwedbankPaySDK.EndedPayment(ending: .failed(.init(error)), info: info)
        phase = .ended(ended)
        return [.notify(ended.notice)]
    }

    /// The phase as saved. User data of a type not registered for coding cannot be saved: such a
    /// payment is saved as failed with `unregisteredCodable`, naming the type, so that restoring
    /// it tells the app why.
    func saved(unregisteredUserDataType typeName: String?) -> SwedbankPaySDK.WebPaymentState {
        guard let typeName else { return payment }
        let error = SwedbankPaySDKController.StateRestorationError.unregisteredCodable(typeName)
        return .failed(nil, SwedbankPaySDK.WebPaymentError(error))
    }
}
