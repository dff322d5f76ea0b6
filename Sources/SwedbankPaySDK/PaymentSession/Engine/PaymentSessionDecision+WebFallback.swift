import Foundation

/// Branches 3–9 of the decision procedure: switching the session to what the web payment menu
/// needs (instrument mode, a restricted menu, the whole menu) with customize-payment, then making
/// the menu.
///
/// The reference could loop here: an instrument the session does not have, or `menu([])`, made it
/// send customize-payment for ever. Here a mode naming instruments the session lacks is refused
/// up front, an empty list means the whole menu, a list naming every instrument means the whole
/// menu too, and the same customize body is never sent twice for one request of the app: if the
/// session did not change after it, the app is told.
extension PaymentSessionDecision {
    /// Branches 3–9, nil when none applies.
    static func webMenu(_ situation: Situation) -> Outcome? {
        let model = situation.model
        let session = situation.session
        let mode = model.instrumentModePaymentMethod
        if let instrument = session.request.instrument {
            // 3. The session shows something else than the instrument: back to the plain menu.
            let hidden = model.method(instrument.paymentMethod) == nil
            if (mode != nil && mode != instrument.paymentMethod) || hidden,
                model.topLevel(SessionRel.customizePayment) != nil
            {
                return customize(situation, .init(paymentMethod: nil, restrictToPaymentMethods: nil))
            }
            if case .newCreditCard(let consent) = instrument {
                // 5. In card instrument mode: the web view takes the card.
                if mode == PaymentMethodName.creditCard { return makeController(situation) }
                // 4. Into card instrument mode, stored cards hidden.
                let body = SessionRequestBody.CustomizeBody(
                    paymentMethod: PaymentMethodName.creditCard, restrictToPaymentMethods: nil,
                    showConsentAffirmation: consent)
                return customize(situation, body)
            }
        }
        guard case .controller(let controllerMode, _) = session.request else { return nil }
        switch controllerMode {
        case .instrumentMode(let instrument):
            // 7 / 6.
            if mode == instrument.paymentMethod { return makeController(situation) }
            return customize(situation, .init(paymentMethod: instrument.paymentMethod, restrictToPaymentMethods: nil))
        case .menu(let instruments):
            // 9 / 8.
            let wanted = restriction(instruments, model)
            if mode == nil, model.restrictedToInstruments?.sorted() == wanted?.sorted() {
                return makeController(situation)
            }
            return customize(situation, .init(paymentMethod: nil, restrictToPaymentMethods: wanted))
        }
    }

    /// The method names a mode needs, nil when the session does not have them all.
    static func offeredNames(
        _ mode: SwedbankPaySDK.SwedbankPayPaymentSessionSDKControllerMode, in model: SessionModel
    ) -> [String]? {
        let known = Set(model.enabledPaymentMethods ?? []).union(model.methods.map(\.paymentMethod))
        let names = modeInstruments(mode).map(\.paymentMethod)
        return names.allSatisfy(known.contains) ? names : nil
    }

    static func modeNames(_ mode: SwedbankPaySDK.SwedbankPayPaymentSessionSDKControllerMode) -> String {
        modeInstruments(mode).map(\.paymentMethod).joined(separator: ";")
    }

    private static func modeInstruments(
        _ mode: SwedbankPaySDK.SwedbankPayPaymentSessionSDKControllerMode
    ) -> [SwedbankPaySDK.AvailableInstrument] {
        switch mode {
        case .menu(let instruments): return instruments ?? []
        case .instrumentMode(let instrument): return [instrument]
        }
    }

    /// The names to restrict the menu to; nil for the whole menu (no list, an empty list, or every
    /// instrument of the order).
    private static func restriction(_ instruments: [SwedbankPaySDK.AvailableInstrument]?, _ model: SessionModel)
        -> [String]?
    {
        var names: [String] = []
        for name in (instruments ?? []).map(\.paymentMethod) where !names.contains(name) {
            names.append(name)
        }
        if names.isEmpty || names.sorted() == (model.enabledPaymentMethods ?? []).sorted() { return nil }
        return names
    }

    /// customize-payment with `body`, unless the session cannot be customized or `body` was sent
    /// for this request already (the session did not change after it): then the app is told.
    private static func customize(_ situation: Situation, _ body: SessionRequestBody.CustomizeBody) -> Outcome {
        var session = situation.session
        guard let operation = situation.model.topLevel(SessionRel.customizePayment),
            session.request.customizeSent != body
        else {
            session.request = .none
            return situation.refuse(.internalInconsistency(.customizationNotPossible), session: session)
        }
        session.request = session.request.sending(body)
        return situation.answer([.send(SessionRequest(operation, body: .customize(body)))], session: session)
    }

    /// The web payment menu for the session's `view-payment` script and the order's URLs; the
    /// app's request is done, and the session moves to the web menu phase.
    private static func makeController(_ situation: Situation) -> Outcome {
        var session = situation.session
        session.request = .none
        guard let script = situation.model.topLevel(SessionRel.viewPayment)?.href.flatMap(URL.init(string:)) else {
            return situation.refuse(
                .internalInconsistency(.missingSessionData(SessionRel.viewPayment.rawValue)), session: session)
        }
        guard var info = situation.turn.orderInfo(session) else {
            return situation.refuse(.internalInconsistency(.missingSessionData("order info")), session: session)
        }
        info.viewPaymentLink = script
        var outcome = situation.answer([.cancelPolling, .makeWebController(info)], session: session)
        outcome.turn.next = .webMenu
        return outcome
    }
}
