import Foundation
import SwedbankPaySDK
import Testing

@testable import PaymentSandbox

/// Swish against the sandbox over loopback: local start with the simulated Swish app returning
/// through `SwedbankPaySDK.open(url:)`, another device, and a decline followed by a card.
@MainActor
@Suite struct SwishTests {
    static let fetchedGuest =
        "fetched CreditCard(0), newCreditCard, Swish(0), ApplePay, web:Invoice-PayExFinancingSe, web:Trustly"
    static let fetchedPayer =
        "fetched CreditCard(2), newCreditCard, Swish(0), ApplePay, web:Invoice-PayExFinancingSe, web:Trustly"
    static let swishOnce = ["GET / 200", "POST /prepare 200", "POST /methods/Swish/attempts 200", "GET / 200"]

    @Test func localStartReturnsThroughOpenURLAndCompletes() async throws {
        try await NativeSandbox.run { sandbox in
            let swish = SimulatedSwishApp(sandbox: sandbox, action: "approve")
            let flow = try await sandbox.start(launcher: swish)
            flow.session.makeNativePaymentAttempt(instrument: .swish(msisdn: nil))

            let calls = try await flow.calls(2)
            #expect(calls == [Self.fetchedGuest, "complete"])
            let launched = try #require(swish.opened.first)
            #expect(swish.opened.count == 1)
            #expect(launched.scheme == "swish")
            // Encoded once, as a query value (RFC 3986 unreserved characters stay).
            let unreserved = CharacterSet(
                charactersIn: "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-._~")
            let paymentUrl = flow.order.paymentUrl.absoluteString
            let encoded = try #require(paymentUrl.addingPercentEncoding(withAllowedCharacters: unreserved))
            #expect(launched.absoluteString.hasSuffix("&callbackurl=" + encoded))
            #expect(swish.returns.map(\.url) == [flow.order.paymentUrl])
            #expect(swish.returns.map(\.accepted) == [true])
            // The return triggers one status check at once, which finds the payment done.
            let requests = try await sandbox.sessionRequests().map(\.description)
            #expect(requests == Self.swishOnce)
            let beacons = try await sandbox.beacons(flow.order.sessionToken)
            #expect(beacons.contains { $0.contains("\"LaunchClientApp\"") })
            #expect(beacons.contains { $0.contains("\"ClientAppCallback\"") })
        }
    }

    @Test func localStartDeclinedInTheSwishAppIsASessionProblem() async throws {
        try await NativeSandbox.run { sandbox in
            let swish = SimulatedSwishApp(sandbox: sandbox, action: "decline")
            let flow = try await sandbox.start(launcher: swish)
            flow.session.makeNativePaymentAttempt(instrument: .swish(msisdn: nil))

            let calls = try await flow.calls(2)
            #expect(calls == [Self.fetchedGuest, "sessionProblem usercancelled"])
            #expect(swish.returns.map(\.accepted) == [true])
        }
    }

    /// Every problem of the portal's Swish list, ending the attempt through the control API,
    /// reaches the app as the session's problem with the list's body (type, title, status,
    /// detail), on another device and (for one) through the Swish app on this one.
    @Test func everyDocumentedSwishProblemReachesTheAppWithItsBody() async throws {
        try await NativeSandbox.run { sandbox in
            for row in SwishProblems.table.rows {
                let order = try await sandbox.createOrder()
                try await sandbox.armProblem(order, instrument: "Swish", problem: row.name)
                let flow = try await sandbox.start(created: order)
                flow.session.makeNativePaymentAttempt(instrument: .swish(msisdn: "+46739000001"))

                let calls = try await flow.calls(2)
                #expect(calls == [Self.fetchedGuest, "sessionProblem \(row.name)"])
                let problem = try #require(flow.recorder.sessionProblems.first)
                #expect(problem.type == row.type)
                #expect(problem.title == row.title)
                #expect(problem.status == Int32(row.status))
                #expect(problem.detail == row.detail)
            }
            let order = try await sandbox.createOrder()
            try await sandbox.armProblem(order, instrument: "Swish", problem: "bankiderror")
            let swish = SimulatedSwishApp(sandbox: sandbox, action: "approve")
            let flow = try await sandbox.start(created: order, launcher: swish)
            flow.session.makeNativePaymentAttempt(instrument: .swish(msisdn: nil))
            #expect(try await flow.calls(2) == [Self.fetchedGuest, "sessionProblem bankiderror"])
        }
    }

    @Test func aSwishAppThatCannotBeOpenedIsReportedToTheSessionAndTheApp() async throws {
        try await NativeSandbox.run { sandbox in
            let launcher = RecordingLauncher()
            let flow = try await sandbox.start(launcher: launcher)
            flow.session.makeNativePaymentAttempt(instrument: .swish(msisdn: nil))

            let calls = try await flow.calls(2)
            #expect(calls == [Self.fetchedGuest, "sessionProblem paymentorders/clientapplaunchfailed"])
            #expect(launcher.opened.count == 1)
        }
    }

    @Test func otherDeviceCompletesInFourRoundTripsWithTheNumberMaskedInTheLog() async throws {
        try await NativeSandbox.run { sandbox in
            let flow = try await sandbox.start()
            flow.session.makeNativePaymentAttempt(instrument: .swish(msisdn: "+46739000001"))

            let calls = try await flow.calls(2)
            #expect(calls == [Self.fetchedGuest, "complete"])
            let requests = try await sandbox.sessionRequests().map(\.description)
            #expect(requests == Self.swishOnce)
            let beacons = try await sandbox.beacons(flow.order.sessionToken)
            #expect(beacons.contains { $0.contains("+467******01") })
            #expect(!beacons.contains { $0.contains("46739000001") })
        }
    }

    @Test func anInvalidNumberIsRefusedBeforeAnyRequest() async throws {
        try await NativeSandbox.run { sandbox in
            let flow = try await sandbox.start()
            flow.session.makeNativePaymentAttempt(instrument: .swish(msisdn: "073 900 00 01"))

            let calls = try await flow.calls(2)
            #expect(calls == [Self.fetchedGuest, "sdkProblem internalInconsistencyError"])
            let requests = try await sandbox.sessionRequests().map(\.description)
            #expect(requests == ["GET / 200", "POST /prepare 200"])
        }
    }

    @Test func declinedThenPaidWithASavedCard() async throws {
        try await NativeSandbox.run { sandbox in
            // RF07 in the description makes Swish decline when the payer answers.
            let flow = try await sandbox.start(.init(description: "Swish RF07", payerReference: "payer-rf07"))
            flow.session.makeNativePaymentAttempt(instrument: .swish(msisdn: "+46739000001"))
            try await flow.recorder.waitFor(2)
            let card = try flow.recorder.card("492500******0004")
            flow.session.makeNativePaymentAttempt(instrument: .creditCard(prefill: card))

            let calls = try await flow.calls(3)
            #expect(calls == [Self.fetchedPayer, "sessionProblem swishdeclined", "complete"])
            let requests = try await sandbox.sessionRequests().map(\.description)
            #expect(requests.filter { $0.hasPrefix("POST /problems/") } == ["POST /problems/1/acknowledge 204"])
            #expect(requests.last == "POST /methods/CreditCard/attempts 200")
        }
    }

    @Test func theAsyncFormPaysWithSwishOnAnotherDevice() async throws {
        try await NativeSandbox.run { sandbox in
            let order = try await sandbox.createOrder()
            let session = SwedbankPaySDK.SwedbankPayPaymentSession(
                environment: SwedbankPaySDK.PaymentSessionEnvironment(
                    httpClient: SwedbankPaySDK.URLSessionHTTPClient(), appLauncher: RecordingLauncher(),
                    walletAuthorizer: SwedbankPaySDK.UnavailableWalletAuthorizer(), retryPolicy: TestPolicy.quick))
            let events = session.events
            let fetched = await session.fetch(sessionURL: order.sessionURL)
            guard case .paymentSessionFetched(let instruments) = fetched else {
                Issue.record("not fetched: \(fetched.name)")
                return
            }
            #expect(instruments.contains { $0.paymentMethod == "Swish" })
            let outcome = await session.attempt(instrument: .swish(msisdn: "+46739000001"))
            #expect(outcome.name == "paymentSessionComplete")
            var names: [String] = []
            for await event in events {
                names.append(event.name)
                if names.count == 2 { break }
            }
            #expect(names == ["paymentSessionFetched", "paymentSessionComplete"])
        }
    }
}
