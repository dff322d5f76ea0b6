import Foundation
import SwedbankPaySDK
import SwedbankPaySDKTesting
import Testing

/// Saved cards and Apple Pay against the sandbox over loopback (no browser needed).
@MainActor
@Suite struct CardAndWalletTests {
    static let fetchedGuest = SwishTests.fetchedGuest
    static let applePayStart = ["GET / 200", "POST /prepare 200", "POST /methods/ApplePay/attempts 200"]

    @Test func aFrictionlessSavedCardPaysInFourRoundTrips() async throws {
        try await NativeSandbox.run { sandbox in
            let flow = try await sandbox.start(.init(payerReference: "payer-frictionless"))
            let card = try flow.recorder.card("492500******0004")
            #expect(card.expiryString == "12/35")
            flow.session.makeNativePaymentAttempt(instrument: .creditCard(prefill: card))

            let calls = try await flow.calls(2)
            #expect(calls == [SwishTests.fetchedPayer, "complete"])
            let requests = try await sandbox.sessionRequests().map(\.description)
            #expect(
                requests == [
                    "GET / 200", "POST /prepare 200", "POST /methods/CreditCard/expand 200",
                    "POST /methods/CreditCard/attempts 200",
                ])
            let beacons = try await sandbox.beacons(flow.order.sessionToken)
            #expect(beacons.contains { $0.contains("************0004") })
            #expect(!beacons.contains { $0.contains("492500") })
            #expect(!beacons.contains { $0.contains(card.paymentToken) })
        }
    }

    @Test func applePayPaysWithTheSimulatedWallet() async throws {
        try await NativeSandbox.run { sandbox in
            let wallet = SwedbankPaySDK.SimulatedWallet(behaviour: .authorize(data: "simulated"))
            let flow = try await sandbox.start(wallet: wallet)
            flow.session.makeNativePaymentAttempt(
                instrument: .applePay(merchantIdentifier: "merchant.com.example.shop"))

            let calls = try await flow.calls(2)
            #expect(calls == [Self.fetchedGuest, "complete"])
            let request = try #require(wallet.requests.first)
            #expect(wallet.requests.count == 1)
            #expect(request.merchantIdentifier == "merchant.com.example.shop")
            #expect(request.totalAmount == "15.00")
            #expect(request.currencyCode == "SEK")
            #expect(request.countryCode == "SE")
            #expect(request.supportedNetworks == ["visa", "masterCard", "amex"])
            #expect(wallet.submitResults == [true])
            let requests = try await sandbox.sessionRequests().map(\.description)
            #expect(requests == Self.applePayStart + ["POST /methods/ApplePay/payload 200"])
        }
    }

    @Test func aClosedApplePaySheetIsAUserCancelledProblem() async throws {
        try await NativeSandbox.run { sandbox in
            let wallet = SwedbankPaySDK.SimulatedWallet(behaviour: .cancel)
            let flow = try await sandbox.start(wallet: wallet)
            flow.session.makeNativePaymentAttempt(
                instrument: .applePay(merchantIdentifier: "merchant.com.example.shop"))

            let calls = try await flow.calls(2)
            #expect(calls == [Self.fetchedGuest, "sessionProblem paymentorders/usercancelled"])
            #expect(wallet.submitResults.isEmpty)
            // The SDK acknowledges the problem after telling its delegate.
            await sandbox.logged(pathEnding: "/acknowledge")
            let requests = try await sandbox.sessionRequests().map(\.description)
            #expect(
                requests == Self.applePayStart + [
                    "POST /methods/ApplePay/failures 200", "POST /problems/1/acknowledge 204",
                ])
        }
    }

    @Test func aDeclinedApplePayTokenIsASessionProblemAndTheSheetShowsFailure() async throws {
        try await NativeSandbox.run { sandbox in
            let wallet = SwedbankPaySDK.SimulatedWallet(behaviour: .authorize(data: "DECLINE"))
            let flow = try await sandbox.start(wallet: wallet)
            flow.session.makeNativePaymentAttempt(
                instrument: .applePay(merchantIdentifier: "merchant.com.example.shop"))

            let calls = try await flow.calls(2)
            #expect(calls == [Self.fetchedGuest, "sessionProblem creditcard/carddeclined"])
            #expect(wallet.submitResults == [false])
        }
    }
}
