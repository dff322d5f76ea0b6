import Foundation
import SwedbankPaySDKTesting
import Testing

@testable import SwedbankPaySDK

/// Whole flows through the session actor with stubbed HTTP: exact delegate sequences and bodies.
@Suite(.timeLimit(.minutes(1))) @MainActor struct PaymentSessionFlowTests {
    typealias F = SessionFixtures

    @Test func fetchPreparesWithTheDeviceFactsAndListsTheInstruments() async throws {
        let harness = SessionHarness()
        await harness.fetch()
        #expect(harness.delegate.calls == ["fetched"])
        #expect(harness.requests == ["GET ", "POST /prepare"])
        #expect(harness.sessionRequests[0].body == nil)
        #expect(harness.sessionRequests[0].headers["Accept"] == "application/json")
        let prepare = try #require(harness.body("/prepare"))
        let version = SwedbankPaySDK.VersionReporter.currentVersion
        #expect(
            prepare
                == #"{"browser":{"acceptHeader":"text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8","javascriptEnabled":true,"language":"sv-SE","timeZoneOffset":"60"},"client":{"screenColorDepth":"24","screenHeight":"2532","screenWidth":"1170","userAgent":"UA/1"},"deviceAcceptedWallets":"ApplePay;ClickToPay","integration":"App","presentationSdk":{"name":"iOS","version":"\#(version)"},"service":{"name":"SwedbankPaySDK-iOS","version":"\#(version)"}}"#
        )
        #expect(
            harness.delegate.instruments.first?.map(\.paymentMethod) == [
                "Swish", "CreditCard", "ApplePay", "Invoice-PayExFinancingSe",
            ])
        // A new card is not a fifth instrument (5.0.3 has four cases): the session says it.
        #expect(harness.session?.newCreditCardAvailable == true)
    }

    @Test func swishOnAnotherDevicePollsUntilComplete() async throws {
        let harness = SessionHarness()
        await harness.fetch()
        harness.stub("POST", "/methods/Swish/attempts", F.swishAttempt(local: false))
        harness.stub("GET", "", F.swishAttempt(local: false))
        harness.stub("GET", "", F.terminal(redirect: F.completeUrl))
        harness.session?.makeNativePaymentAttempt(instrument: .swish(msisdn: "+46739000001"))
        await harness.tick(2)
        await harness.tick(2)
        await harness.waitForCalls(2)
        #expect(harness.delegate.calls == ["fetched", "complete"])
        #expect(harness.requests == ["GET ", "POST /prepare", "POST /methods/Swish/attempts", "GET ", "GET "])
        #expect(
            harness.body("/methods/Swish/attempts")
                == #"{"client":\#(SessionHarness.client),"culture":"sv-SE","msisdn":"+46739000001"}"#)
        #expect(harness.clock.sleeperCount == 0)
    }

    @Test func anInvalidMSISDNSendsNothing() async {
        let harness = SessionHarness()
        await harness.fetch()
        harness.session?.makeNativePaymentAttempt(instrument: .swish(msisdn: "0739000001"))
        await harness.waitForCalls(2)
        #expect(harness.delegate.calls == ["fetched", "sdkProblem(internalInconsistencyError)"])
        #expect(harness.requests == ["GET ", "POST /prepare"])
    }

    @Test func swishOnThisDeviceLaunchesTheAppAndChecksAtOnceWhenItReturns() async throws {
        // A paymentUrl of its own, so no other test's session takes the returning URL.
        let paymentUrl = URL(string: "https://merchant.test/payment/\(UUID().uuidString)")!
        let info = SwedbankPaySDK.ViewPaymentOrderInfo(
            isV3: true, webViewBaseURL: URL(string: F.hostUrl), viewPaymentLink: URL(string: F.viewPayment)!,
            completeUrl: URL(string: F.completeUrl)!, cancelUrl: URL(string: F.cancelUrl), paymentUrl: paymentUrl,
            termsOfServiceUrl: nil)
        let harness = SessionHarness(manualOrderInfo: info)
        await harness.fetch()
        harness.stub("POST", "/methods/Swish/attempts", F.swishAttempt(local: true))
        harness.stub("GET", "", F.terminal(redirect: F.completeUrl))
        harness.session?.makeNativePaymentAttempt(instrument: .swish(msisdn: nil))
        await harness.until("the launch") { !harness.launcher.opened.isEmpty }
        let encoded = paymentUrl.absoluteString.replacingOccurrences(of: ":", with: "%3A")
            .replacingOccurrences(of: "/", with: "%2F")
        #expect(harness.launcher.opened == [URL(string: "swish://paymentrequest?token=sw1&callbackurl=\(encoded)")!])
        #expect(
            harness.body("/methods/Swish/attempts")
                == #"{"client":\#(SessionHarness.client),"culture":"sv-SE","msisdn":null}"#)
        #expect(harness.clock.sleeperCount == 0)  // no polling while the payer is in Swish
        #expect(!SwedbankPaySDK.open(url: URL(string: "https://merchant.test/other")!))
        #expect(SwedbankPaySDK.open(url: paymentUrl))
        await harness.waitForCalls(2)
        #expect(harness.delegate.calls == ["fetched", "complete"])
        #expect(harness.requests == ["GET ", "POST /prepare", "POST /methods/Swish/attempts", "GET "])
        await harness.until("the beacons") {
            harness.beacons.contains {
                $0.objectValue?["event"]?.objectValue?["action"] == .string("ClientAppCallback")
            }
        }
    }

    @Test func aFailedLaunchIsReportedToTheSessionWhichAnswersWithTheProblem() async {
        let harness = SessionHarness()
        harness.launcher.result = false
        await harness.fetch()
        harness.stub("POST", "/methods/Swish/attempts", F.swishAttempt(local: true))
        let launchFailed = "https://api.payex.com/psp/errordetail/paymentorders/clientapplaunchfailed"
        harness.stub("POST", "/methods/Swish/failures", F.choosing(problem: F.problem(1, type: launchFailed)))
        harness.http.on(
            "POST", F.session + "/problems/1/acknowledge", reply: .response(status: 204, headers: [:], body: Data()))
        harness.session?.makeNativePaymentAttempt(instrument: .swish(msisdn: nil))
        await harness.waitForCalls(2)
        await harness.until("the acknowledgement") { harness.requests.count == 5 }
        #expect(harness.delegate.calls == ["fetched", "sessionProblem(clientapplaunchfailed)"])
        #expect(harness.delegate.sessionProblems.first?.type == launchFailed)
        #expect(harness.body("/methods/Swish/failures") == #"{"errorCode":null,"problemType":"ClientAppLaunchFailed"}"#)
        #expect(
            harness.requests.suffix(3) == [
                "POST /methods/Swish/attempts", "POST /methods/Swish/failures", "POST /problems/1/acknowledge",
            ])
    }

    @Test func aSavedCardWithoutThreeDSecure() async {
        let harness = SessionHarness()
        await harness.fetch()
        harness.stub("POST", "/methods/CreditCard/expand", F.choosing(cardExpanded: true))
        harness.stub("POST", "/methods/CreditCard/attempts", F.terminal(redirect: F.completeUrl))
        harness.session?.makeNativePaymentAttempt(instrument: .creditCard(prefill: F.visa))
        await harness.waitForCalls(2)
        #expect(harness.delegate.calls == ["fetched", "complete"])
        #expect(
            harness.requests == [
                "GET ", "POST /prepare", "POST /methods/CreditCard/expand", "POST /methods/CreditCard/attempts",
            ])
        #expect(harness.body("/methods/CreditCard/expand") == #"{"paymentMethod":"CreditCard"}"#)
        #expect(
            harness.body("/methods/CreditCard/attempts")
                == #"{"client":\#(SessionHarness.client),"culture":"sv-SE","paymentToken":"\#(F.cardToken)"}"#)
        #expect(harness.sessionRequests.last?.timeout == 30)
    }

    @Test func applePayPaysWithTheWalletsToken() async throws {
        let harness = SessionHarness()
        await harness.fetch()
        harness.stub("POST", "/methods/ApplePay/attempts", F.applePayAttempt)
        harness.stub("POST", "/methods/ApplePay/payload", F.terminal(redirect: F.completeUrl))
        harness.session?.makeNativePaymentAttempt(instrument: .applePay(merchantIdentifier: "merchant.test"))
        await harness.waitForCalls(2)
        #expect(harness.delegate.calls == ["fetched", "complete"])
        #expect(
            harness.body("/methods/ApplePay/attempts") == #"{"client":\#(SessionHarness.client),"culture":"sv-SE"}"#)
        let payload = SwedbankPaySDK.SimulatedWallet.paymentData(data: "simulated").base64EncodedString()
        #expect(
            harness.body("/methods/ApplePay/payload") == #"{"paymentMethod":"ApplePay","paymentPayload":"\#(payload)"}"#
        )
        await harness.until("the sheet's result") { !harness.wallet.submitResults.isEmpty }
        #expect(harness.wallet.submitResults == [true])
        #expect(harness.wallet.requests.first?.merchantIdentifier == "merchant.test")
        #expect(harness.wallet.requests.first?.totalAmount == "15.00")
    }

    @Test func applePayCancelledFailsTheAttemptAsUserCancelled() async {
        let harness = SessionHarness()
        harness.wallet.behaviour = .cancel
        await harness.fetch()
        harness.stub("POST", "/methods/ApplePay/attempts", F.applePayAttempt)
        let cancelled = "https://api.payex.com/psp/errordetail/paymentorders/usercancelled"
        harness.stub("POST", "/methods/ApplePay/failures", F.choosing(problem: F.problem(1, type: cancelled)))
        harness.http.on(
            "POST", F.session + "/problems/1/acknowledge", reply: .response(status: 204, headers: [:], body: Data()))
        harness.session?.makeNativePaymentAttempt(instrument: .applePay(merchantIdentifier: "merchant.test"))
        await harness.waitForCalls(2)
        await harness.until("the acknowledgement") { harness.requests.last == "POST /problems/1/acknowledge" }
        #expect(harness.delegate.calls == ["fetched", "sessionProblem(usercancelled)"])
        #expect(harness.body("/methods/ApplePay/failures") == #"{"errorCode":null,"problemType":"UserCancelled"}"#)
        #expect(!harness.requests.contains("POST /methods/ApplePay/payload"))
    }

    @Test func abortCancels() async {
        let harness = SessionHarness()
        await harness.fetch()
        harness.stub("POST", "/abort", F.terminal(redirect: F.cancelUrl))
        harness.session?.abortPaymentSession()
        await harness.waitForCalls(2)
        #expect(harness.delegate.calls == ["fetched", "canceled"])
        #expect(harness.requests == ["GET ", "POST /prepare", "POST /abort"])
        #expect(harness.sessionRequests.last?.body == nil)
    }

    @Test func abortStopsPolling() async {
        let harness = SessionHarness()
        await harness.fetch()
        let polling = F.attempt("Swish", [F.op("get-payment", F.session, method: "GET", next: true)], abort: true)
        harness.stub("POST", "/methods/Swish/attempts", polling)
        harness.stub("POST", "/abort", F.terminal(redirect: F.cancelUrl))
        harness.session?.makeNativePaymentAttempt(instrument: .swish(msisdn: "+46739000001"))
        await harness.clock.waitForSleepers(1)
        harness.session?.abortPaymentSession()
        await harness.waitForCalls(2)
        #expect(harness.clock.sleeperCount == 0)
        harness.clock.advance(by: 10)
        #expect(harness.delegate.calls == ["fetched", "canceled"])
        #expect(harness.requests == ["GET ", "POST /prepare", "POST /methods/Swish/attempts", "POST /abort"])
    }

    @Test func abortWhileSwishWaitsIsNotAllowed() async {
        let harness = SessionHarness()
        await harness.fetch()
        harness.stub("POST", "/methods/Swish/attempts", F.swishAttempt(local: false))
        harness.session?.makeNativePaymentAttempt(instrument: .swish(msisdn: "+46739000001"))
        await harness.clock.waitForSleepers(1)
        harness.session?.abortPaymentSession()
        await harness.waitForCalls(2)
        #expect(harness.delegate.calls == ["fetched", "sdkProblem(abortPaymentNotAllowed)"])
        #expect(harness.clock.sleeperCount == 1)  // still polling
    }

    @Test func a409IsRecoveredByOneRefetch() async {
        let harness = SessionHarness()
        await harness.fetch()
        let conflict: SessionFixtures.JSON = .object([
            "type": .string(SwedbankPaySDK.ProblemTypeURI.operationNotAllowed), "status": .integer(409),
            "title": .string("No"),
        ])
        harness.http.on("POST", F.session + "/methods/Swish/attempts", reply: .problem(conflict.jsonText, status: 409))
        harness.stub("GET", "", F.choosing())
        harness.session?.makeNativePaymentAttempt(instrument: .swish(msisdn: "+46739000001"))
        await harness.waitForCalls(2)
        #expect(harness.delegate.calls == ["fetched", "fetched"])
        #expect(harness.requests == ["GET ", "POST /prepare", "POST /methods/Swish/attempts", "GET "])
    }

    @Test func releasingTheSessionStopsPolling() async {
        let harness = SessionHarness()
        await harness.fetch()
        harness.stub("POST", "/methods/Swish/attempts", F.swishAttempt(local: false))
        harness.session?.makeNativePaymentAttempt(instrument: .swish(msisdn: "+46739000001"))
        await harness.clock.waitForSleepers(1)
        harness.session = nil
        await harness.until("the poll to be cancelled") { harness.clock.sleeperCount == 0 }
        harness.clock.advance(by: 10)
        #expect(harness.requests == ["GET ", "POST /prepare", "POST /methods/Swish/attempts"])
    }

    @Test func aRefetchStopsThePreviousSessionsPolling() async {
        let harness = SessionHarness()
        await harness.fetch()
        harness.stub("POST", "/methods/Swish/attempts", F.swishAttempt(local: false))
        harness.session?.makeNativePaymentAttempt(instrument: .swish(msisdn: "+46739000001"))
        await harness.clock.waitForSleepers(1)
        harness.stub("GET", "", F.fresh)
        harness.stub("POST", "/prepare", F.choosing())
        harness.session?.fetchPaymentSession(sessionURL: F.sessionURL)
        await harness.waitForCalls(2)
        #expect(harness.clock.sleeperCount == 0)
        #expect(harness.delegate.calls == ["fetched", "fetched"])
    }

    @Test func beaconsMaskTheMSISDNTokenAndCardNumber() async {
        let harness = SessionHarness()
        await harness.fetch()
        harness.stub("POST", "/methods/Swish/attempts", F.swishAttempt(local: false))
        harness.session?.makeNativePaymentAttempt(instrument: .swish(msisdn: "+46739000001"))
        harness.stub("POST", "/methods/CreditCard/expand", F.choosing(cardExpanded: true))
        harness.session?.makeNativePaymentAttempt(instrument: .creditCard(prefill: F.visa))
        await harness.until("the attempt beacons") {
            harness.beacons.filter { $0.objectValue?["method"]?.objectValue?["name"] == .string("makePaymentAttempt") }
                .count == 2
        }
        let text = harness.beacons.map(\.jsonText).joined(separator: "\n")
        #expect(!text.contains("46739000001"))
        #expect(!text.contains(F.cardToken))
        #expect(!text.contains("492500"))
        #expect(text.contains(#""msisdn":"+467******01""#))
        #expect(text.contains(#""cardNumber":"************0004""#))
        #expect(text.contains(#""paymentToken":"****0004""#))
    }

    @Test func beaconsAreStampedWithTheEnvironmentsWallTime() async {
        // 2025-06-15T15:06:40Z, in the zone the beacon's timestamp is written in.
        let instant = Date(timeIntervalSince1970: 1_750_000_000)
        let harness = SessionHarness { $0.wallTime = { instant } }
        await harness.fetch()
        await harness.until("a beacon") { !harness.beacons.isEmpty }
        let created = harness.beacons.first?.objectValue?["event"]?.objectValue?["created"]?.stringValue
        #expect(created == EventLog.timestamp(instant))
    }

    @Test func withTheEventLogOffNoBeaconIsSentAndThePaymentWorksTheSame() async {
        let lines = LockedLines()
        let harness = SessionHarness {
            $0.sendsEventLog = false
            $0.debugLogger = { lines.append($0) }
        }
        await harness.fetch()
        harness.stub("POST", "/methods/Swish/attempts", F.swishAttempt(local: false))
        harness.session?.makeNativePaymentAttempt(instrument: .swish(msisdn: "+46739000001"))
        await harness.until("the attempt") { harness.requests.contains("POST /methods/Swish/attempts") }
        #expect(harness.beacons.isEmpty)
        #expect(harness.delegate.calls == ["fetched"])
        // The debug log names steps and beacons, never the payer's number.
        let steps = lines.all.filter { !$0.hasPrefix("beacon ") }
        #expect(
            Array(steps.prefix(4)) == [
                "fetch → fetching, 2 effect(s)", "response → active, 1 effect(s)", "response → active, 1 effect(s)",
                "attempt → active, 1 effect(s)",
            ])
        #expect(lines.all.contains("beacon SDKMethodInvoked startPaymentSession"))
        #expect(lines.all.contains("beacon HttpRequest"))
        #expect(!lines.all.joined().contains("46739000001"))
    }

    @Test func theAsyncFormReturnsTheOutcomeAndTheStreamCarriesTheSameEvents() async {
        let harness = SessionHarness()
        guard let session = harness.session else { return }
        let events = session.events
        harness.stub("GET", "", F.fresh)
        harness.stub("POST", "/prepare", F.choosing())
        guard case .paymentSessionFetched(let instruments) = await session.fetch(sessionURL: F.sessionURL) else {
            Issue.record("not fetched")
            return
        }
        #expect(instruments.count == 4)
        #expect(session.newCreditCardAvailable)
        harness.stub("POST", "/abort", F.terminal(redirect: F.cancelUrl))
        let outcome = await session.abort()
        #expect(outcome.name == "paymentSessionCanceled")
        var names: [String] = []
        for await event in events {
            names.append(event.name)
            if names.count == 2 { break }
        }
        #expect(names == ["paymentSessionFetched", "paymentSessionCanceled"])
        #expect(harness.delegate.calls == ["fetched", "canceled"])
    }
}

/// Lines a logger was given, from any thread.
final class LockedLines: @unchecked Sendable {
    private let lock = NSLock()
    private var lines: [String] = []

    func append(_ line: String) { lock.withLock { lines.append(line) } }
    var all: [String] { lock.withLock { lines } }
}
