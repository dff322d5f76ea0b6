import Foundation
import SwedbankPaySDKTesting
import Testing

@testable import SwedbankPaySDK

/// The web payment menu from a session: customize-payment until the session shows what was asked
/// for, then a ``SwedbankPaySDKController`` whose ending is the session's.
@Suite(.timeLimit(.minutes(1))) @MainActor struct WebFallbackTests {
    typealias F = SessionFixtures

    static func inInstrumentMode(_ method: String) -> SessionFixtures.JSON {
        F.model(
            methods: [F.method(method, operations: method == "CreditCard" ? [] : nil)],
            operations: [F.op("view-payment", F.viewPayment, method: "GET")], instrumentMode: method)
    }

    @Test func instrumentModeCustomizesThenHandsOutTheController() async throws {
        let harness = SessionHarness()
        await harness.fetch()
        harness.stub("POST", "/customize", Self.inInstrumentMode("Invoice-PayExFinancingSe"))
        let invoice = SwedbankPaySDK.AvailableInstrument.webBased(paymentMethod: "Invoice-PayExFinancingSe")
        harness.session?.paymentMenuStyle = ["body": ["color": "red"]]
        harness.session?.createSwedbankPaySDKController(mode: .instrumentMode(instrument: invoice))
        await harness.waitForCalls(2)
        #expect(harness.delegate.calls == ["fetched", "showController"])
        #expect(
            harness.body("/customize")
                == #"{"paymentMethod":"Invoice-PayExFinancingSe","restrictToPaymentMethods":null}"#)
        let controller = try #require(harness.delegate.controllers.first)
        #expect(controller.paymentMenuStyle?["body"] != nil)
        // The controller "creates" the order from the session: its info is the session's.
        await harness.until("the order info") { controller.currentPaymentOrder != nil }
        let info = try #require(controller.currentPaymentOrder)
        #expect(info.viewPaymentLink.absoluteString == F.viewPayment)
        #expect(info.webViewBaseURL?.absoluteString == F.hostUrl)
        #expect(info.completeUrl.absoluteString == F.completeUrl)
        // The controller's ending is the session's.
        controller.delegate?.paymentComplete()
        await harness.waitForCalls(3)
        #expect(harness.delegate.calls == ["fetched", "showController", "complete"])
    }

    @Test func aNewCardGoesToCardInstrumentModeWithStoredCardsHidden() async {
        let harness = SessionHarness()
        await harness.fetch()
        harness.stub("POST", "/customize", Self.inInstrumentMode("CreditCard"))
        harness.session?.makeNativePaymentAttempt(
            instrument: .newCreditCard(enabledPaymentDetailsConsentCheckbox: false))
        await harness.waitForCalls(2)
        #expect(harness.delegate.calls == ["fetched", "showController"])
        #expect(
            harness.body("/customize")
                == #"{"hideStoredPaymentOptions":true,"paymentMethod":"CreditCard","restrictToPaymentMethods":null,"showConsentAffirmation":false}"#
        )
        harness.delegate.controllers.first?.delegate?.paymentCanceled()
        await harness.waitForCalls(3)
        #expect(harness.delegate.calls.last == "canceled")
    }

    @Test func aRestrictedMenuAndTheWholeMenu() async {
        let harness = SessionHarness()
        await harness.fetch()
        let restricted = F.model(
            methods: [F.method("Invoice-PayExFinancingSe")],
            operations: [
                F.op("customize-payment", F.session + "/customize"), F.op("view-payment", F.viewPayment, method: "GET"),
            ])
        harness.stub("POST", "/customize", restricted)
        let webOnly = harness.delegate.instruments[0].filter {
            if case .webBased = $0 { return true }
            return false
        }
        harness.session?.createSwedbankPaySDKController(mode: .menu(restrictedToInstruments: webOnly))
        await harness.waitForCalls(2)
        #expect(
            harness.body("/customize")
                == #"{"paymentMethod":null,"restrictToPaymentMethods":["Invoice-PayExFinancingSe"]}"#)
        // The whole menu of an unrestricted session needs no customize (nor does an empty list).
        let plain = SessionHarness()
        await plain.fetch()
        plain.session?.createSwedbankPaySDKController(mode: .menu(restrictedToInstruments: []))
        await plain.waitForCalls(2)
        #expect(plain.delegate.calls == ["fetched", "showController"])
        #expect(plain.requests == ["GET ", "POST /prepare"])
    }

    @Test func aSessionThatIgnoresTheCustomizationIsReportedNotLoopedOn() async {
        let harness = SessionHarness()
        await harness.fetch()
        harness.stub("POST", "/customize", times: nil, F.choosing())
        harness.session?.createSwedbankPaySDKController(
            mode: .instrumentMode(instrument: .webBased(paymentMethod: "Invoice-PayExFinancingSe")))
        await harness.waitForCalls(2)
        #expect(harness.delegate.calls == ["fetched", "sdkProblem(internalInconsistencyError)"])
        #expect(harness.requests == ["GET ", "POST /prepare", "POST /customize"])
    }

    @Test func anInstrumentTheSessionLacksIsRefusedWithoutARequest() async {
        let harness = SessionHarness()
        await harness.fetch()
        harness.session?.createSwedbankPaySDKController(
            mode: .instrumentMode(instrument: .webBased(paymentMethod: "Trustly")))
        await harness.waitForCalls(2)
        #expect(harness.delegate.calls == ["fetched", "sdkProblem(internalInconsistencyError)"])
        #expect(harness.requests == ["GET ", "POST /prepare"])
    }
}
