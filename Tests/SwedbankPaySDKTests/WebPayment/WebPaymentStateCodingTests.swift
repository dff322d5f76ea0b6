import Foundation
import Testing

@testable import SwedbankPaySDK

/// The saved form of each phase (what restoration and its public compatibility promise rest on).
@Suite struct WebPaymentStateCodingTests {
    typealias State = SwedbankPaySDK.WebPaymentState

    private func roundTrip(_ state: State) throws -> State {
        try JSONDecoder().decode(State.self, from: JSONEncoder().encode(state))
    }

    @Test(
        "every state restores as itself",
        arguments: [
            State.idle,
            .initializingConsumerSession(options: .useCheckin),
            .identifyingConsumer(WebPaymentFixtures.checkinInfo, options: .useCheckin),
            .creatingPaymentOrder(consumerProfileRef: "cpr", options: [.isV3, .useCheckin]),
            .creatingPaymentOrder(consumerProfileRef: nil, options: []),
            .paying(WebPaymentFixtures.v3Info, options: .isV3),
            .aborting(WebPaymentFixtures.v2Info, options: []),
            .complete(WebPaymentFixtures.v3Info), .complete(nil), .canceled(nil),
            .failed(
                nil,
                SwedbankPaySDK.WebPaymentError(
                    SwedbankPaySDKController.WebContentError.ScriptLoadingFailure(
                        scriptUrl: URL(string: "https://psp.example/x.js")))),
            .failed(
                WebPaymentFixtures.v3Info,
                SwedbankPaySDK.WebPaymentError(
                    SwedbankPaySDKController.WebContentError.ScriptError(
                        SwedbankPaySDK.TerminalFailure(origin: "o", messageId: "m", details: "d")))),
            .failed(nil, SwedbankPaySDK.WebPaymentError(SwedbankPayConfigurationError.notImplemented)),
            // 5.0.3's RedirectFailure carries any Error; the SDK's own load failure is saved as it.
            .failed(
                WebPaymentFixtures.v3Info,
                SwedbankPaySDK.WebPaymentError(
                    SwedbankPaySDKController.WebContentError.RedirectFailure(
                        error: SwedbankPaySDK.WebViewLoadFailure(
                            url: URL(string: "https://acs.bank.example/"), description: "refused")))),
        ])
    func roundTrips(state: State) throws {
        #expect(try roundTrip(state) == state)
    }

    @Test func anUpdateInFlightIsSavedAsPaying() throws {
        let state = State.updatingPaymentOrder(WebPaymentFixtures.v3Info, options: .isV3, update: 4)
        #expect(try roundTrip(state) == .paying(WebPaymentFixtures.v3Info, options: .isV3))
    }

    @Test func registeredAppErrorsRestoreAsThemselvesOthersByName() throws {
        SwedbankPaySDK.registerCodable(TestBackendError.self, encodedTypeName: "test.TestBackendError")
        let registered = State.failed(nil, SwedbankPaySDK.WebPaymentError(TestBackendError(code: 42)))
        let restored = try roundTrip(registered)
        guard case .failed(nil, let error) = restored else { Issue.record("not failed: \(restored)"); return }
        #expect(error.error as? TestBackendError == TestBackendError(code: 42))

        struct Unregistered: Error {}
        let unregistered = try roundTrip(.failed(nil, SwedbankPaySDK.WebPaymentError(Unregistered())))
        guard case .failed(nil, let unknown) = unregistered else { Issue.record("not failed"); return }
        let name = String(reflecting: Unregistered.self)
        #expect(unknown.error as? SwedbankPaySDKController.StateRestorationError == .unregisteredCodable(name))
    }

    @Test func theSavedFormIsStable() throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        let text = String(
            decoding: try encoder.encode(
                State.creatingPaymentOrder(consumerProfileRef: "cpr", options: [.isV3, .useCheckin])),
            as: UTF8.self)
        #expect(text == #"{"consumerProfileRef":"cpr","discriminator":"creatingPaymentOrder","options":3}"#)
    }

}
