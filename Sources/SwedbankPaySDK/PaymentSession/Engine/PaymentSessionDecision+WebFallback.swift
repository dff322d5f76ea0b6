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
    static func webFallback(_ session: inout ActiveSession, _ turn: inout Turn, _ model: SessionModel)
        -> [PaymentSessionEffect]?
    {
        let mode = model.instrumentModePaymentMethod
        if let instrument = session.request.instrument {
            // 3. The session shows something else than the instrument: back to the plain menu.
            let hidden = model.method(instrument.paymentMethod) == nil
            if (mode != nil && mode != instrument.paymentMethod) || hidden,
                model.topLevel(SessionRel.customizePayment) != nil
            {
                return customize(&session, &turn, model, .init(paymentMethod: nil, restrictToPaymentMethods: nil))
            }
            if case .newCreditCard(let consent) = instrument {
                // 5. In card instrument mode: the web view takes the card.
                if mode == PaymentMethodName.creditCard {
                    session.request = .none
                    return makeController(&session, &turn, model)
                }
                // 4. Into card instrument mode, stored cards hidden.
                let body = SessionRequestBody.CustomizeBody(
                    paymentMethod: PaymentMethodName.creditCard, restrictToPaymentMethods: nil,
                    showConsentAffirmation: consent)
                return customize(&session, &turn, model, body)
            }
        }
        guard case .controller(let controllerMode, _) = session.request else { return nil }
        switch controllerMode {
        case .instrumentMode(let instrument):
            // 7 / 6.
            if mode == instrument.paymentMethod {
                session.request = .none
                return makeController(&session, &turn, model)
            }
            return customize(
                &session, &turn, model, .init(paymentMethod: instrument.paymentMethod, restrictToPaymentMethods: nil))
        case .menu(let instruments):
            // 9 / 8.
            let wanted = restriction(instruments, model)
            if mode == nil, model.restrictedToInstruments?.sorted() == wanted?.sorted() {
                session.request = .none
                return makeController(&session, &turn, model)
            }
            return customize(&session, &turn, model, .init(paymentMethod: nil, restrictToPaymentMethods: wanted))
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

    private static func customize(
        _ session: inout ActiveSession, _ turn: inout Turn, _ model: SessionModel,
        _ body: SessionRequestBody.CustomizeBody
    ) -> [PaymentSessionEffect] {
        guard let operation = model.topLevel(SessionRel.customizePayment), session.request.customizeSent != body else {
            session.request = .none
            return [turn.refuse(.internalInconsistency(.customizationNotPossible))]
        }
        session.request = session.request.sending(body)
        return [.send(SessionRequest(operation, body: .customize(body)))]
    }

    /// The web payment menu for the session's `view-payment` script and the order's URLs; the
    /// session moves to the web menu phase.
    private static func makeController(_ session: inout ActiveSession, _ turn: inout Turn, _ model: SessionModel)
        -> [PaymentSessionEffect]
    {
        guard let script = model.topLevel(SessionRel.viewPayment)?.href.flatMap(URL.init(string:)) else {
            return [turn.refuse(.internalInconsistency(.missingSessionData(SessionRel.viewPayment.rawValue)))]
        }
        guard var info = turn.orderInfo(session) else {
            return [turn.refuse(.internalInconsistency(.missingSessionData("order info")))]
        }
        info.viewPaymentLink = script
        turn.next = .webMenu
        return [.cancelPolling, .makeWebController(info)]
    }
}
