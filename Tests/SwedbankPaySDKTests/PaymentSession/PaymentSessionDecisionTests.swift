import Foundation
import Testing

@testable import SwedbankPaySDK

/// The decision table, branch by branch (reference §3.2 numbering), without I/O.
@Suite struct PaymentSessionDecisionTests {
    typealias F = SessionFixtures

    static func post(_ path: String, _ body: SessionRequestBody = .none, isLong: Bool = false) -> SessionRequest {
        SessionRequest(rel: rel(path), method: "POST", href: F.session + path, body: body, isLong: isLong)
    }

    static func rel(_ path: String) -> SessionRel {
        if path.hasSuffix("/prepare") { return "prepare-payment" }
        if path.hasSuffix("/expand") { return "expand-method" }
        if path.hasSuffix("/attempts") { return "start-payment-attempt" }
        if path.hasSuffix("/failures") { return "fail-payment-attempt" }
        if path.hasSuffix("/payload") { return "attempt-payload" }
        if path.hasSuffix("/customize") { return "customize-payment" }
        if path.hasSuffix("/abort") { return "abort-payment" }
        if path.hasSuffix("create-authentication") { return "create-authentication" }
        if path.hasSuffix("complete-authentication") { return "complete-authentication" }
        return "acknowledge-failed-attempt"
    }

    static let getPayment = SessionRequest(rel: "get-payment", method: "GET", href: F.session)

    /// A session fetched and prepared: the app has the instruments.
    static func prepared(
        _ model: SessionFixtures.JSON = F.choosing(), manual: SwedbankPaySDK.ViewPaymentOrderInfo? = nil
    )
        -> PaymentSessionState
    {
        var memory = PaymentSessionState(manualOrderInfo: manual)
        _ = PaymentSessionDecision.reduce(&memory, .fetch(F.sessionURL)).effects
        _ = PaymentSessionDecision.reduce(&memory, .response(F.parsed(F.fresh), to: .getSession(F.sessionURL))).effects
        let effects = PaymentSessionDecision.reduce(&memory, .response(F.parsed(model), to: post("/prepare", .prepare)))
            .effects
        #expect(effects.count == 1)
        return memory
    }

    static func respond(
        _ memory: inout PaymentSessionState, _ json: SessionFixtures.JSON, to request: SessionRequest = post("/x")
    )
        -> [PaymentSessionEffect]
    {
        respondStep(&memory, json, to: request).effects
    }

    static func respondStep(
        _ memory: inout PaymentSessionState, _ json: SessionFixtures.JSON, to request: SessionRequest = post("/x")
    ) -> PaymentSessionStep {
        PaymentSessionDecision.reduce(&memory, .response(F.parsed(json), to: request))
    }

    static let instruments: [SwedbankPaySDK.AvailableInstrument] = [
        .swish(prefills: [.init(rank: 1, msisdn: "+46739000001")]), .creditCard(prefills: [F.visa]),
        .applePay(canMakePayments: true, canMakePaymentsUsingNetworksAndCapabilities: true),
        .webBased(paymentMethod: "Invoice-PayExFinancingSe"),
    ]

    // MARK: Fetching (branches 1, 19, 20)

    @Test func fetchForgetsEverythingAndGetsTheSessionURL() {
        var memory = Self.prepared()
        let effects = PaymentSessionDecision.reduce(&memory, .fetch(F.sessionURL)).effects
        #expect(effects == [.cancelAll, .send(.getSession(F.sessionURL))])
        // A new session: nothing of the prepared one (its model, instruments, problems) is left.
        var fresh = PaymentSessionState(manualOrderInfo: nil)
        fresh.phase = .fetching(url: F.sessionURL)
        #expect(memory == fresh)
    }

    @Test func branch1PreparesAFreshSession() {
        var memory = PaymentSessionState(manualOrderInfo: nil)
        _ = PaymentSessionDecision.reduce(&memory, .fetch(F.sessionURL)).effects
        let effects = Self.respond(&memory, F.fresh, to: .getSession(F.sessionURL))
        #expect(effects == [.send(Self.post("/prepare", .prepare))])
        #expect(memory.orderInfo?.completeUrl.absoluteString == F.completeUrl)
        #expect(memory.orderInfo?.webViewBaseURL?.absoluteString == F.hostUrl)
    }

    @Test func branch19GivesTheInstrumentsOnceAndBranch20ReportsTheEndAfter() {
        var memory = PaymentSessionState(manualOrderInfo: nil)
        _ = PaymentSessionDecision.reduce(&memory, .fetch(F.sessionURL)).effects
        _ = Self.respond(&memory, F.fresh, to: .getSession(F.sessionURL))
        #expect(
            Self.respond(&memory, F.choosing(), to: Self.post("/prepare")) == [
                .notify(.fetched(Self.instruments, newCreditCard: true))
            ])
        #expect(Self.respond(&memory, F.choosing(), to: Self.post("/prepare")) == [.notify(.endStateReached)])
    }

    @Test func automaticConfigurationNeedsTheCompleteAndHostURLs() {
        var memory = PaymentSessionState(manualOrderInfo: nil)
        _ = PaymentSessionDecision.reduce(&memory, .fetch(F.sessionURL)).effects
        let effects = Self.respond(&memory, F.model(operations: [], withURLs: false), to: .getSession(F.sessionURL))
        #expect(effects == [.cancelPolling, .notify(.automaticConfigurationFailed)])
        #expect(memory.phase == .fetching(url: F.sessionURL))
    }

    /// A new card needs a card method and a session that can be put in card instrument mode.
    @Test(arguments: [
        ([F.op("customize-payment", F.session + "/customize")], nil as String?, ["CreditCard"], true),
        ([], "CreditCard", ["CreditCard"], true),
        ([], nil, ["CreditCard"], false),
        ([F.op("customize-payment", F.session + "/customize")], nil, ["Swish"], false),
    ])
    func aNewCardIsOfferedOnlyWhenTheSessionCanTakeOne(
        operations: [SessionFixtures.JSON], instrumentMode: String?, methods: [String], offered: Bool
    ) {
        var memory = PaymentSessionState(manualOrderInfo: nil)
        _ = PaymentSessionDecision.reduce(&memory, .fetch(F.sessionURL))
        let model = F.model(
            methods: methods.map { F.method($0) }, operations: operations, instrumentMode: instrumentMode)
        let effects = Self.respond(&memory, model, to: .getSession(F.sessionURL))
        guard case .notify(.fetched(let instruments, let newCreditCard))? = effects.first else {
            Issue.record("no instruments: \(effects)")
            return
        }
        #expect(instruments.map(\.paymentMethod) == methods)
        #expect(newCreditCard == offered)
    }

    @Test func manualOrderInfoIsNeverReplaced() {
        let manual = SwedbankPaySDK.ViewPaymentOrderInfo(
            isV3: true, webViewBaseURL: nil, viewPaymentLink: URL(string: "https://app.test/view")!,
            completeUrl: URL(string: "https://app.test/done")!, cancelUrl: nil, paymentUrl: nil, termsOfServiceUrl: nil)
        var memory = PaymentSessionState(manualOrderInfo: manual)
        _ = PaymentSessionDecision.reduce(&memory, .fetch(F.sessionURL)).effects
        let effects = Self.respond(&memory, F.model(operations: [], withURLs: false), to: .getSession(F.sessionURL))
        #expect(effects == [.notify(.fetched([], newCreditCard: false))])
        #expect(memory.orderInfo == manual)
        // redirect-payer compares with the manual URLs, so the session's completeUrl is an unknown end.
        #expect(
            Self.respond(&memory, F.terminal(redirect: F.completeUrl)) == [.cancelPolling, .notify(.endStateReached)])
    }

    // MARK: Problems (step 1)

    @Test func aProblemIsShownAndAcknowledgedOnceAndEvaluationGoesOn() {
        var memory = Self.prepared()
        var acknowledge = SessionRequest(
            rel: "acknowledge-failed-attempt", method: "POST", href: F.session + "/problems/1/acknowledge")
        acknowledge.purpose = .acknowledge
        let first = Self.respond(&memory, F.choosing(problem: F.problem(1)))
        #expect(
            first == [
                .notify(.sessionProblem(F.parsed(F.choosing(problem: F.problem(1))).problem!)), .send(acknowledge),
            ])
        #expect(SessionModel(json: F.problem(1)) == nil)  // a bare problem document is not a model
        // The same problem again: not shown, and nothing else to do.
        #expect(Self.respond(&memory, F.choosing(problem: F.problem(1))) == [.notify(.endStateReached)])
        // A new problem with a poll still offered: shown, acknowledged, and the poll goes on.
        var polling = F.parsed(F.swishAttempt(local: false))
        polling.problem = F.parsed(F.choosing(problem: F.problem(2))).problem
        let effects = PaymentSessionDecision.reduce(&memory, .response(polling, to: Self.getPayment)).effects
        #expect(effects.count == 3)
        #expect(effects.last == .schedulePoll(Self.getPayment))
    }

    // MARK: Swish (branches 10, 11, 17, 18)

    @Test func branch10StartsSwishWithTheSessionsCulture() {
        var memory = Self.prepared()
        let effects = PaymentSessionDecision.reduce(&memory, .attempt(.swish(msisdn: "+46739000001"))).effects
        #expect(
            effects == [
                .send(Self.post("/methods/Swish/attempts", .startSwish(culture: "sv-SE", msisdn: "+46739000001")))
            ])
        #expect(memory.session?.request.instrument == nil)
    }

    @Test(arguments: [
        "0739000001", "+46 739000001", "46739000001", "+4673900000123456", "+0739000001", "+4673a000001", "+4612",
    ])
    func anInvalidMSISDNIsRefusedBeforeAnyRequest(msisdn: String) {
        var memory = Self.prepared()
        let effects = PaymentSessionDecision.reduce(&memory, .attempt(.swish(msisdn: msisdn))).effects
        #expect(effects == [.notify(.internalInconsistency(.invalidMSISDN))])
        #expect(memory.session?.request.instrument == nil)
    }

    @Test(arguments: ["+46739000001", "+4915123456789", "+12025550123"])
    func validMSISDNs(msisdn: String) {
        #expect(SwishWire.isValidMSISDN(msisdn))
    }

    @Test func branch18PollsAnOtherDeviceSwishPayment() {
        var memory = Self.prepared()
        #expect(Self.respond(&memory, F.swishAttempt(local: false)) == [.schedulePoll(Self.getPayment)])
    }

    @Test func branch11LaunchesSwishOnceWithTheCallbackAppended() {
        var memory = Self.prepared()
        let effects = Self.respond(&memory, F.swishAttempt(local: true))
        let url = URL(string: "swish://paymentrequest?token=sw1&callbackurl=https%3A%2F%2Fmerchant.test%2Fpayment")!
        let fail = F.parsed(F.swishAttempt(local: true)).method("Swish")?.operation("fail-payment-attempt")
        #expect(effects == [.launchApp(url, failure: fail)])
        // The same task again (the answer to the return's get-payment): no second launch, a poll.
        #expect(
            Self.respond(&memory, F.swishAttempt(local: true), to: Self.getPayment) == [.schedulePoll(Self.getPayment)])
    }

    @Test func aFailedLaunchIsReportedToTheSessionOrAsTheSameProblem() {
        var memory = Self.prepared()
        let fail = SessionOperation(
            rel: "fail-payment-attempt", href: F.session + "/methods/Swish/failures", method: "POST")
        #expect(
            PaymentSessionDecision.reduce(&memory, .appLaunched(succeeded: false, failure: fail)).effects == [
                .send(
                    Self.post(
                        "/methods/Swish/failures", .failAttempt(problemType: .clientAppLaunchFailed, errorCode: nil)))
            ])
        #expect(PaymentSessionDecision.reduce(&memory, .appLaunched(succeeded: true, failure: fail)).effects == [])
        let local = PaymentSessionDecision.reduce(&memory, .appLaunched(succeeded: false, failure: nil)).effects
        guard case .notify(.sessionProblem(let problem)) = local.first else {
            Issue.record("no problem: \(local)")
            return
        }
        #expect(problem.type == "https://api.payex.com/psp/errordetail/paymentorders/clientapplaunchfailed")
    }

    @Test(arguments: [
        (
            "swish://paymentrequest?token=a", "https://m.test/p?x=1&y=%20",
            "swish://paymentrequest?token=a&callbackurl=https%3A%2F%2Fm.test%2Fp%3Fx%3D1%26y%3D%2520"
        ),
        ("swish://paymentrequest", "https://m.test/p", "swish://paymentrequest?callbackurl=https%3A%2F%2Fm.test%2Fp"),
        (
            "swish://paymentrequest?token=a&callbackurl=x", "https://m.test/p",
            "swish://paymentrequest?token=a&callbackurl=x"
        ),
        ("bankid:///?autostarttoken=a", "https://m.test/p", "bankid:///?autostarttoken=a"),
    ])
    func swishLaunchURLs(href: String, paymentUrl: String, expected: String) {
        #expect(
            SwishWire.launchURL(href: href, paymentUrl: URL(string: paymentUrl))?.absoluteString
                == expected)
    }

    @Test func theReturnChecksTheStatusAtOnce() {
        var memory = Self.prepared()
        _ = Self.respond(&memory, F.swishAttempt(local: true))
        #expect(
            PaymentSessionDecision.reduce(&memory, .paymentURLReturned).effects == [
                .cancelPolling, .send(Self.getPayment),
            ])
        if case .active(let session) = memory.phase { memory.phase = .webMenu(session.fetched) }
        #expect(PaymentSessionDecision.reduce(&memory, .paymentURLReturned).effects == [])
    }

    @Test func anAttemptTheSessionCannotTakeNowIsReportedAndPollingGoesOn() {
        var memory = Self.prepared()
        _ = Self.respond(&memory, F.swishAttempt(local: false))
        let effects = PaymentSessionDecision.reduce(&memory, .attempt(.applePay(merchantIdentifier: "m"))).effects
        #expect(
            effects == [
                .notify(.internalInconsistency(.instrumentNotOffered(paymentMethod: "ApplePay"))),
                .schedulePoll(Self.getPayment),
            ])
    }

    @Test func callsBeforeAFetchAreRefused() {
        var memory = PaymentSessionState(manualOrderInfo: nil)
        for input in [
            PaymentSessionInput.attempt(.swish(msisdn: nil)), .abort,
            .createController(.menu(restrictedToInstruments: nil)),
        ] {
            #expect(
                PaymentSessionDecision.reduce(&memory, input).effects == [
                    .notify(.internalInconsistency(.sessionNotFetched))
                ])
        }
    }

    // MARK: Saved cards and 3-D Secure (branches 12–15, 17)

    @Test func branch17ExpandsTheCardThenBranch10StartsIt() {
        var memory = Self.prepared()
        let expand = PaymentSessionDecision.reduce(&memory, .attempt(.creditCard(prefill: F.visa))).effects
        #expect(expand == [.send(Self.post("/methods/CreditCard/expand", .expand(paymentMethod: "CreditCard")))])
        #expect(memory.session?.request.instrument == .creditCard(prefill: F.visa))
        let start = Self.respond(&memory, F.choosing(cardExpanded: true))
        #expect(
            start == [
                .send(
                    Self.post(
                        "/methods/CreditCard/attempts", .startCard(culture: "sv-SE", paymentToken: F.cardToken),
                        isLong: true))
            ])
    }

    @Test func anExpandThatChangesNothingIsNotSentAgain() {
        var memory = Self.prepared()
        _ = PaymentSessionDecision.reduce(&memory, .attempt(.creditCard(prefill: F.visa))).effects
        #expect(
            Self.respond(&memory, F.choosing()) == [
                .notify(.internalInconsistency(.instrumentNotOffered(paymentMethod: "CreditCard")))
            ])
    }

    @Test func threeDSecureMethodThenCreateAuthentication() {
        var memory = Self.prepared()
        let method = Self.respond(&memory, F.createAuthentication)
        let task = F.parsed(F.createAuthentication).method("CreditCard")!.operations[0].task("sca-method-request")!
        #expect(method == [.runMethodRequest(key: "bWV0aG9k", FormPost(task)!)])
        #expect(FormPost(task)?.fields == [.init(name: "threeDSMethodData", value: "bWV0aG9k")])
        // The same model while the method page runs: wait.
        #expect(Self.respond(&memory, F.createAuthentication) == [])
        let create = PaymentSessionDecision.reduce(&memory, .methodRequestFinished(key: "bWV0aG9k", succeeded: true))
            .effects
        let body = SessionRequestBody.createAuthentication(
            methodCompletionIndicator: "Y", notificationUrl: F.notificationUrl)
        #expect(create == [.send(Self.post("/sca/create-authentication", body, isLong: true))])
        #expect(memory.session?.threeDSecure.notificationUrl == F.notificationUrl)
    }

    @Test func aFailedMethodPageSendsN() {
        var memory = Self.prepared()
        _ = Self.respond(&memory, F.createAuthentication)
        let create = PaymentSessionDecision.reduce(&memory, .methodRequestFinished(key: "bWV0aG9k", succeeded: false))
            .effects
        let body = SessionRequestBody.createAuthentication(
            methodCompletionIndicator: "N", notificationUrl: F.notificationUrl)
        #expect(create == [.send(Self.post("/sca/create-authentication", body, isLong: true))])
    }

    @Test func withoutAMethodTaskTheIndicatorIsTheServersOrU() {
        var memory = Self.prepared()
        let server = F.attempt(
            "CreditCard",
            [
                F.op(
                    "create-authentication", F.session + "/sca/create-authentication", next: true,
                    expects: [
                        F.expect("NotificationUrl", F.notificationUrl), F.expect("methodCompletionIndicator", "N"),
                    ])
            ])
        #expect(
            Self.respond(&memory, server) == [
                .send(
                    Self.post(
                        "/sca/create-authentication",
                        .createAuthentication(methodCompletionIndicator: "N", notificationUrl: F.notificationUrl),
                        isLong: true))
            ])
        let unknown = F.attempt(
            "CreditCard",
            [
                F.op(
                    "create-authentication", F.session + "/sca/create-authentication", next: true,
                    expects: [F.expect("NotificationUrl", F.notificationUrl)])
            ])
        #expect(
            Self.respond(&memory, unknown) == [
                .send(
                    Self.post(
                        "/sca/create-authentication",
                        .createAuthentication(methodCompletionIndicator: "U", notificationUrl: F.notificationUrl),
                        isLong: true))
            ])
    }

    @Test func theChallengeIsShownOnceThenCompletedWithItsCres() {
        var memory = Self.prepared()
        _ = Self.respond(&memory, F.createAuthentication)
        _ = PaymentSessionDecision.reduce(&memory, .methodRequestFinished(key: "bWV0aG9k", succeeded: true)).effects
        let show = Self.respond(&memory, F.completeAuthentication)
        let task = F.parsed(F.completeAuthentication).method("CreditCard")!.operations[0].task("sca-redirect")!
        #expect(show == [.showChallenge(creq: "Y3JlcQ", FormPost(task)!, notificationUrl: F.notificationUrl)])
        #expect(Self.respond(&memory, F.completeAuthentication) == [])
        let complete = PaymentSessionDecision.reduce(&memory, .challengeCompleted(creq: "Y3JlcQ", cRes: "Y3Jlcw"))
            .effects
        #expect(
            complete == [
                .notify(.dismiss3DSecure),
                .send(Self.post("/sca/complete-authentication", .completeAuthentication(cRes: "Y3Jlcw"), isLong: true)),
            ])
        #expect(
            PaymentSessionDecision.reduce(&memory, .challengeCompleted(creq: "Y3JlcQ", cRes: "other")).effects == [])
    }

    // MARK: Apple Pay (branch 2)

    @Test func branch2ShowsTheWalletOncePerAttempt() {
        var memory = Self.prepared()
        let start = PaymentSessionDecision.reduce(&memory, .attempt(.applePay(merchantIdentifier: "merchant.test")))
            .effects
        #expect(start == [.send(Self.post("/methods/ApplePay/attempts", .startApplePay(culture: "sv-SE")))])
        let model = F.parsed(F.applePayAttempt)
        let payload = model.method("ApplePay")!.operation("attempt-payload")!
        let request = SwedbankPaySDK.WalletPaymentRequest(
            merchantIdentifier: "merchant.test", totalAmountLabel: "Sandbox Merchant", totalAmount: "15.00",
            currencyCode: "SEK", locale: "sv-SE", merchantCapabilities: ["supports3DS"],
            supportedNetworks: ["visa", "masterCard", "amex"], supportedCountries: ["SE", "NO", "DK", "FI"],
            requiredShippingContactFields: [])
        #expect(Self.respond(&memory, F.applePayAttempt) == [.presentWallet(request, payload: payload)])
        #expect(request.countryCode == "SE")
        #expect(Self.respond(&memory, F.applePayAttempt) == [])
    }

    @Test(arguments: [
        (SwedbankPaySDK.WalletAuthorizationOutcome.cancelled, AttemptProblemType.userCancelled, String?.none),
        (.failed("sheet broke"), .technicalError, "sheet broke"),
    ])
    func aClosedOrFailedSheetFailsTheAttempt(
        outcome: SwedbankPaySDK.WalletAuthorizationOutcome, type: AttemptProblemType, code: String?
    ) {
        var memory = Self.prepared()
        _ = PaymentSessionDecision.reduce(&memory, .attempt(.applePay(merchantIdentifier: "m"))).effects
        _ = Self.respond(&memory, F.applePayAttempt)
        #expect(
            PaymentSessionDecision.reduce(&memory, .walletFinished(outcome)).effects == [
                .send(Self.post("/methods/ApplePay/failures", .failAttempt(problemType: type, errorCode: code)))
            ])
        #expect(PaymentSessionDecision.reduce(&memory, .walletFinished(.submitted)).effects == [])
    }

    @Test func aFailedPayloadFailsTheAttemptInsteadOfReporting() {
        var memory = Self.prepared()
        _ = PaymentSessionDecision.reduce(&memory, .attempt(.applePay(merchantIdentifier: "m"))).effects
        _ = Self.respond(&memory, F.applePayAttempt)
        var payload = Self.post("/methods/ApplePay/payload", .attemptPayload(paymentPayload: "x"))
        payload.purpose = .walletPayload
        let error = SwedbankPaySDK.PaymentSessionAPIError.clientError(status: 400, problem: nil)
        #expect(
            PaymentSessionDecision.reduce(&memory, .failure(error, of: payload)).effects == [
                .send(
                    Self.post(
                        "/methods/ApplePay/failures", .failAttempt(problemType: .technicalError, errorCode: "HTTP 400")
                    ))
            ])
    }

    // MARK: The end (branch 16) and abort

    @Test(arguments: [
        (F.completeUrl, PaymentSessionNotice.complete), (F.cancelUrl, .canceled),
        ("https://elsewhere.test/", .endStateReached),
    ])
    func branch16EndsTheSession(redirect: String, notice: PaymentSessionNotice) {
        var memory = Self.prepared()
        #expect(Self.respond(&memory, F.terminal(redirect: redirect)) == [.cancelPolling, .notify(notice)])
        #expect(memory.phase.kind == .finished && memory.session == nil)
        #expect(
            PaymentSessionDecision.reduce(&memory, .attempt(.swish(msisdn: nil))).effects == [.notify(.endStateReached)]
        )
    }

    @Test func abortSendsTheOperationOrSaysItIsNotAllowed() {
        var memory = Self.prepared()
        #expect(PaymentSessionDecision.reduce(&memory, .abort).effects == [.cancelPolling, .send(Self.post("/abort"))])
        var withoutAbort = Self.prepared(F.choosing(abort: false))
        #expect(PaymentSessionDecision.reduce(&withoutAbort, .abort).effects == [.notify(.abortNotAllowed)])
    }

    // MARK: Failures and 409 recovery

    @Test func a409IsRecoveredByOneRefetchThatGivesTheInstrumentsAgain() {
        var memory = Self.prepared()
        let start = Self.post("/methods/Swish/attempts", .startSwish(culture: "sv-SE", msisdn: nil))
        let conflict = SwedbankPaySDK.PaymentSessionAPIError.clientError(status: 409, problem: nil)
        let recovery = SessionRequest.getSession(F.sessionURL, recovering: start)
        #expect(PaymentSessionDecision.reduce(&memory, .failure(conflict, of: start)).effects == [.send(recovery)])
        #expect(recovery.autoRetry == false)
        #expect(
            Self.respond(&memory, F.choosing(), to: recovery) == [
                .notify(.fetched(Self.instruments, newCreditCard: true))
            ])
        // A failed re-fetch reports, and retries, the original request.
        #expect(
            PaymentSessionDecision.reduce(&memory, .failure(conflict, of: recovery)).effects == [
                .notify(.requestFailed(conflict, retry: start))
            ])
    }

    @Test func a409OnGetPaymentIsReported() {
        var memory = Self.prepared()
        let conflict = SwedbankPaySDK.PaymentSessionAPIError.clientError(status: 409, problem: nil)
        #expect(
            PaymentSessionDecision.reduce(&memory, .failure(conflict, of: Self.getPayment)).effects == [
                .notify(.requestFailed(conflict, retry: Self.getPayment))
            ])
    }

    @Test func anAbortRefusedWithOperationNotAllowedIsAbortNotAllowedAndPollingResumes() {
        var memory = Self.prepared()
        _ = Self.respond(&memory, F.swishAttempt(local: false))
        let problem = SwedbankPaySDK.ProblemDetails(
            type: SwedbankPaySDK.ProblemTypeURI.operationNotAllowed, status: 409)
        let effects = PaymentSessionDecision.reduce(
            &memory, .failure(.clientError(status: 409, problem: problem), of: Self.post("/abort"))
        ).effects
        #expect(effects == [.notify(.abortNotAllowed), .schedulePoll(Self.getPayment)])
    }

    @Test func otherFailuresAreReportedWithTheRequestToRetry() {
        var memory = Self.prepared()
        let start = Self.post("/methods/Swish/attempts", .startSwish(culture: "sv-SE", msisdn: nil))
        for error in [
            SwedbankPaySDK.PaymentSessionAPIError.serverError(status: 503, problem: nil),
            .clientError(status: 400, problem: nil),
            .transport(.timedOut(F.sessionURL)), .invalidResponse(status: 200, reason: "empty body"),
        ] {
            #expect(
                PaymentSessionDecision.reduce(&memory, .failure(error, of: start)).effects == [
                    .notify(.requestFailed(error, retry: start))
                ])
        }
    }
}

/// Apple Pay's flags: what the payer's wallet can pay with, against the session's networks and
/// capabilities (reference §2.5: brands in any letter case, unknown ones dropped).
@Suite struct WalletDeviceTests {
    typealias F = SessionFixtures
    typealias Device = SwedbankPaySDK.WalletDevice

    @Test func aMethodCanBePaidWithACardOfItsNetworksThatSupportsWhatItAsks() {
        let wallet = Device(canMakePayments: true, networks: ["visa"], capabilities: ["supports3DS", "supportsDebit"])
        #expect(wallet.canPay(networks: ["VISA", "Dankort"], capabilities: ["supports3DS"]))
        #expect(!wallet.canPay(networks: ["MasterCard", "Dankort"], capabilities: []))
        #expect(!wallet.canPay(networks: ["Visa"], capabilities: ["supportsCredit"]))
        #expect(!wallet.canPay(networks: [], capabilities: []))
        #expect(
            !Device(canMakePayments: false, networks: ["visa"], capabilities: []).canPay(
                networks: ["visa"], capabilities: []))
        #expect(Device.everything.canPay(networks: ["Amex"], capabilities: Device.knownCapabilities))
        #expect(!Device.none.canPay(networks: ["Amex"], capabilities: []))
    }

    @Test(arguments: [
        (Device.everything, true, true), (Device.none, false, false),
        (
            Device(canMakePayments: true, networks: ["discover"], capabilities: Set(Device.knownCapabilities)), true,
            false
        ),
        (Device(canMakePayments: true, networks: ["amex"], capabilities: ["supports3DS"]), true, false),
    ])
    func theFetchedApplePayInstrumentSaysWhatTheWalletCanDo(device: Device, canPay: Bool, withNetworks: Bool) {
        var state = PaymentSessionState(manualOrderInfo: nil, walletDevice: device)
        _ = PaymentSessionDecision.reduce(&state, .fetch(F.sessionURL))
        _ = PaymentSessionDecisionTests.respond(&state, F.fresh, to: .getSession(F.sessionURL))
        let effects = PaymentSessionDecisionTests.respond(
            &state, F.choosing(), to: PaymentSessionDecisionTests.post("/prepare"))
        guard case .notify(.fetched(let instruments, _))? = effects.first else {
            Issue.record("no instruments: \(effects)")
            return
        }
        #expect(
            instruments.contains(
                .applePay(canMakePayments: canPay, canMakePaymentsUsingNetworksAndCapabilities: withNetworks)))
    }

    @Test @MainActor func platformsWithoutAWalletHaveNoDevice() {
        #expect(SwedbankPaySDK.UnavailableWalletAuthorizer().device == .none)
        #expect(SwedbankPaySDK.SimulatedWallet().device == .everything)
    }
}
