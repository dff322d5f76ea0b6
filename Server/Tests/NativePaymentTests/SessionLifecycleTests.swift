import Foundation
import SwedbankPaySDK
import SwedbankPaySDKTesting
import Testing

/// Abort, automatic configuration, and the web payment menu's modes against the sandbox.
@MainActor
@Suite struct SessionLifecycleTests {
    static let fetchedGuest = SwishTests.fetchedGuest

    @Test func abortIsOneRoundTrip() async throws {
        try await NativeSandbox.run { sandbox in
            let flow = try await sandbox.start()
            let before = try await sandbox.sessionRequests().count
            flow.session.abortPaymentSession()

            let calls = try await flow.calls(2)
            #expect(calls == [Self.fetchedGuest, "canceled"])
            let requests = try await sandbox.sessionRequests()
            #expect(requests.dropFirst(before).map(\.description) == ["POST /abort 200"])
            // The session is over: another call is refused without a request.
            flow.session.abortPaymentSession()
            let last = try await flow.calls(3).last
            #expect(last == "sdkProblem paymentSessionEndStateReached")
            let requestsAfterward = try await sandbox.sessionRequests()
            #expect(requestsAfterward == requests)
        }
    }

    @Test func sessionWithoutHostUrlsFailsAutomaticConfiguration() async throws {
        try await NativeSandbox.run { sandbox in
            let flow = try await sandbox.start(created: try await sandbox.insertOrder(hostUrls: []))

            let calls = try await flow.calls(1)
            #expect(calls == ["sdkProblem automaticConfigurationFailed"])
            let requests = try await sandbox.sessionRequests().map(\.description)
            #expect(requests == ["GET / 200"])
        }
    }

    @Test func restrictedMenuShowsOnlyTheInvoice() async throws {
        try await NativeSandbox.run { sandbox in
            let host = ScriptedWebViewHost()
            let flow = try await sandbox.start(webViewHost: host)
            let invoice = flow.recorder.instruments.filter { $0.paymentMethod == "Invoice-PayExFinancingSe" }
            flow.session.createSwedbankPaySDKController(mode: .menu(restrictedToInstruments: invoice))

            let calls = try await flow.calls(2)
            #expect(calls == [Self.fetchedGuest, "showSwedbankPaySDKController"])
            let summary = try await sandbox.sessionSummary(flow.order.sessionToken)
            #expect(summary["restrictToPaymentMethods"] == .array([.string("Invoice-PayExFinancingSe")]))
            #expect(summary["instrumentModePaymentMethod"] == .null)
            let requests = try await sandbox.sessionRequests().map(\.description)
            #expect(requests == ["GET / 200", "POST /prepare 200", "POST /customize 200"])
            // The menu is shown at the order's first host URL.
            #expect(host.webViews.first?.loadedHTML.first?.baseURL.absoluteString == "https://shop.example")
        }
    }

    @Test func instrumentModeShowsTheInvoiceAlone() async throws {
        try await NativeSandbox.run { sandbox in
            let flow = try await sandbox.start(webViewHost: ScriptedWebViewHost())
            flow.session.createSwedbankPaySDKController(
                mode: .instrumentMode(instrument: .webBased(paymentMethod: "Invoice-PayExFinancingSe")))

            let calls = try await flow.calls(2)
            #expect(calls == [Self.fetchedGuest, "showSwedbankPaySDKController"])
            let summary = try await sandbox.sessionSummary(flow.order.sessionToken)
            #expect(summary["instrumentModePaymentMethod"] == .string("Invoice-PayExFinancingSe"))
            #expect(summary["restrictToPaymentMethods"] == .null)
        }
    }

    @Test func anOrderInInstrumentModeOffersOnlyItsInstrument() async throws {
        try await NativeSandbox.run { sandbox in
            let flow = try await sandbox.start(
                .init(instrument: "Invoice-PayExFinancingSe"), webViewHost: ScriptedWebViewHost())
            // The session cannot leave instrument mode: asking for Swish is refused, not looped.
            flow.session.makeNativePaymentAttempt(instrument: .swish(msisdn: "+46739000001"))
            try await flow.recorder.waitFor(2)
            flow.session.createSwedbankPaySDKController(
                mode: .instrumentMode(instrument: .webBased(paymentMethod: "Invoice-PayExFinancingSe")))

            let calls = try await flow.calls(3)
            #expect(
                calls == [
                    "fetched web:Invoice-PayExFinancingSe", "sdkProblem internalInconsistencyError",
                    "showSwedbankPaySDKController",
                ])
            // Already in instrument mode for the invoice: no customize-payment.
            let requests = try await sandbox.sessionRequests().map(\.description)
            #expect(requests == ["GET / 200", "POST /prepare 200"])
        }
    }
}
