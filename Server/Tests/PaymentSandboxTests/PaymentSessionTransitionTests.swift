import Foundation
import SwedbankPaySDK
import Testing

@testable import PaymentSandbox

/// What each operation does to the session and its order (pure transitions, no HTTP).
@Suite struct PaymentSessionTransitionTests {
    typealias Fixture = PaymentSessionTransitionFixture
    static let errorDetail = "https://api.payex.com/psp/errordetail/"

    /// The names of the fields a 400 problem blames.
    static func blamed(_ transition: PaymentSessionTransition) -> [String] {
        guard case .problem(let problem) = transition.reply, problem.status == 400 else { return [] }
        return problem.problems.map(\.name)
    }

    // MARK: Fetch, prepare, expand

    @Test func theFirstFetchRecordsPaymentLoadedOnce() {
        var fixture = Fixture()
        #expect(fixture.apply(.getPayment).changes == [.loaded])
        #expect(fixture.apply(.getPayment).changes == [])
        #expect(fixture.order.integration == .app)
        #expect(fixture.order.history.map(\.name.rawValue) == ["PaymentLoaded"])
        #expect(fixture.session.phase == .fresh)
    }

    @Test func prepareNeedsAnIntegration() {
        var fixture = Fixture()
        #expect(Self.blamed(fixture.apply(.preparePayment([:]))) == ["integration"])
        #expect(Self.blamed(fixture.apply(.preparePayment(["integration": .integer(1)]))) == ["integration"])
        #expect(fixture.session.phase == .fresh)
        #expect(fixture.apply(Fixture.prepare).isModel)
        #expect(fixture.session.phase == .choosing)
    }

    @Test func expandMustNameItsOwnMethod() {
        var fixture = Fixture.choosing()
        let wrong = PaymentSessionRequest.expandMethod(
            paymentMethod: "CreditCard", body: Fixture.body(SDKBodies.expand("Swish")))
        #expect(Self.blamed(fixture.apply(wrong)) == ["paymentMethod"])
        #expect(fixture.apply(Fixture.expandCard).isModel)
        #expect(fixture.session.expandedMethods == ["CreditCard"])
    }

    // MARK: Swish

    @Test(arguments: ["+46 739000001", "0739000001", "+0739000001", "+4673", "46739000001", ""])
    func swishNeedsAnInternationalNumber(msisdn: String) {
        var fixture = Fixture.choosing()
        let transition = fixture.apply(Fixture.startSwish(msisdn))
        #expect(Self.blamed(transition) == ["msisdn"])
        #expect(fixture.session.phase == .choosing)
        #expect(fixture.order.history.count == 1)
    }

    @Test func anOtherDevicePaymentIsApprovedWhenTheDelayHasPassed() throws {
        var fixture = Fixture.choosing()
        let start = fixture.apply(Fixture.startSwish("+46739000002"))
        #expect(start.changes == [.attemptStarted(instrument: .swish, number: 1)])
        fixture.now += 2.9
        #expect(fixture.apply(.getPayment).changes == [])
        #expect(fixture.swish?.msisdn == "+46739000002")
        fixture.now += 0.1
        let approved = fixture.apply(.getPayment)
        #expect(approved.changes == [.paid(instrument: .swish, number: 1)])
        #expect(fixture.session.phase == .finished)
        #expect(fixture.order.status == .paid)
        let paid = try #require(fixture.order.paid)
        #expect(paid.transactionType.rawValue == "Sale")
        #expect(paid.details == ["msisdn": "+46739000002"])
    }

    @Test func withoutADelayOnlyTheSimulatorAnswers() {
        var fixture = Fixture.choosing()
        fixture.swishApprovalDelay = nil
        fixture.apply(Fixture.startSwish("+46739000001"))
        fixture.now += 100_000
        fixture.apply(.getPayment)
        #expect(fixture.swish != nil)
        #expect(fixture.apply(.swishAnswer(swishToken: fixture.swish!.swishToken, approved: true)).isNoContent)
        #expect(fixture.order.status == .paid)
    }

    @Test func aLocalStartIsPaidByTheSwishApp() throws {
        var fixture = Fixture.choosing()
        fixture.apply(Fixture.startSwish(nil))
        let token = try #require(fixture.swish?.swishToken)
        #expect(token.count == 32)
        fixture.now += 100_000
        fixture.apply(.getPayment)
        #expect(fixture.swish != nil, "a local start is never approved by time")
        #expect(
            fixture.apply(.swishAnswer(swishToken: token, approved: true)).changes == [
                .paid(instrument: .swish, number: 1)
            ])
        #expect(fixture.order.paid?.details == ["msisdn": "+46739000001"])
        let again = fixture.apply(.swishAnswer(swishToken: token, approved: true))
        #expect(again.problem?.type == Self.errorDetail + "conflict")
        #expect(fixture.apply(.swishAnswer(swishToken: "nope", approved: true)).problem?.status == 404)
    }

    @Test func aDeclineInTheSwishAppFailsTheAttempt() throws {
        var fixture = Fixture.choosing()
        fixture.apply(Fixture.startSwish(nil))
        let declined = fixture.apply(.swishAnswer(swishToken: fixture.swish!.swishToken, approved: false))
        #expect(
            declined.changes == [
                .attemptFailed(instrument: .swish, number: 1, problemType: Self.errorDetail + "usercancelled")
            ])
        #expect(fixture.session.phase == .choosing)
        #expect(fixture.session.problem == PendingPaymentProblem(number: 1, problem: .swishUserCancelled))
        #expect(fixture.order.failedAttempts.map(\.status.rawValue) == ["Failed"])
        #expect(fixture.order.status == .initialized)
    }

    /// Every problem of the portal's Swish list that an attempt can end with, by its trigger.
    static let swishTriggers: [(String, String, Int)] = [
        ("RF07", "swishdeclined", 403), ("TM01", "swishtimeout", 403), ("Order BANKIDCL", "bankidcancelled", 409),
        ("BANKIDONGOING", "bankidalreadyinuse", 409), ("BANKIDUNKN", "bankiderror", 502), ("RP01", "configerror", 403),
        ("VR01", "paymentagelimitnotmet", 403), ("VR02", "socialsecuritynumbermismatch", 403),
        ("RP06", "swishalreadyinuse", 403), ("FF10", "swisherror", 502), ("DS24", "swishgatewaytimeout", 504),
    ]

    @Test(arguments: swishTriggers)
    func descriptionTriggersFailTheApproval(description: String, type: String, status: Int) {
        var fixture = Fixture.choosing(Fixture(description: description))
        fixture.apply(Fixture.startSwish("+46739000001"))
        fixture.now += 3
        let settled = fixture.apply(.getPayment)
        #expect(
            settled.changes == [.attemptFailed(instrument: .swish, number: 1, problemType: Self.errorDetail + type)])
        #expect(fixture.session.problem?.problem.status == status)
        #expect(fixture.order.failedAttempts.first?.problem["type"] == .string(Self.errorDetail + type))
        #expect(fixture.session.phase == .choosing)
    }

    // MARK: fail-payment-attempt and acknowledge

    @Test func aFailedSwishLaunchFailsTheAttempt() {
        var fixture = Fixture.choosing()
        fixture.apply(Fixture.startSwish(nil))
        let failed = fixture.apply(Fixture.fail("Swish", "ClientAppLaunchFailed"))
        let type = Self.errorDetail + "paymentorders/clientapplaunchfailed"
        #expect(failed.changes == [.attemptFailed(instrument: .swish, number: 1, problemType: type)])
        #expect(fixture.session.problem?.problem.status == 400)
        #expect(fixture.session.phase == .choosing)
    }

    @Test func aCancelledApplePaySheetAbortsTheAttempt() {
        var fixture = Fixture.choosing()
        fixture.apply(Fixture.startApplePay)
        let cancelled = fixture.apply(Fixture.fail("ApplePay", "UserCancelled"))
        #expect(cancelled.changes == [.attemptAborted(instrument: .applePay, number: 1)])
        #expect(fixture.order.failedAttempts.map(\.status.rawValue) == ["Aborted"])
        #expect(fixture.session.problem?.problem.type == Self.errorDetail + "paymentorders/usercancelled")
    }

    @Test func aTechnicalErrorCarriesTheClientsErrorCode() {
        var fixture = Fixture.choosing()
        fixture.apply(Fixture.startApplePay)
        fixture.apply(Fixture.fail("ApplePay", "TechnicalError", errorCode: "Something went wrong."))
        let problem = fixture.session.problem?.problem
        #expect(problem?.type == Self.errorDetail + "paymentorders/technicalerror")
        #expect(problem?.originalDetail == "Something went wrong.")
        #expect(
            problem?.detail
                == "The payment attempt failed because of a technical error in the app. The client reported: Something went wrong."
        )
        #expect(fixture.order.failedAttempts.map(\.status.rawValue) == ["Failed"])
    }

    @Test func failWithoutAnAttemptOnlyShowsTheProblem() {
        var fixture = Fixture.choosing()
        let failed = fixture.apply(Fixture.fail("Swish", "UserCancelled"))
        #expect(failed.isModel)
        #expect(failed.changes == [])
        #expect(fixture.session.problem?.number == 1)
        #expect(Self.blamed(fixture.apply(Fixture.fail("Swish", "Oops"))) == ["problemType"])
        #expect(Self.blamed(fixture.apply(.failPaymentAttempt(paymentMethod: "Swish", body: [:]))) == ["problemType"])
    }

    @Test func anAcknowledgedProblemLeavesTheModel() {
        var fixture = Fixture.choosing()
        fixture.apply(Fixture.fail("ApplePay", "UserCancelled"))
        #expect(fixture.model.objectValue?["problem"] != nil)
        #expect(fixture.apply(.acknowledgeFailedAttempt(problemNumber: 1)).isNoContent)
        #expect(fixture.model.objectValue?["problem"] == nil)
        #expect(fixture.session.problem?.acknowledged == true)
        // The next problem gets its own number and href.
        fixture.apply(Fixture.fail("ApplePay", "UserCancelled"))
        #expect(fixture.session.problem?.number == 2)
        #expect(fixture.model.objectValue?["problem"] != nil)
    }

    // MARK: Abort and customize

    @Test func abortEndsTheAttemptInProgressAndTheOrder() {
        var fixture = Fixture.expanded()
        fixture.apply(Fixture.startCard(PaymentSessionFixtures.masterCardToken))
        let aborted = fixture.apply(.abortPayment)
        #expect(aborted.changes == [.attemptAborted(instrument: .creditCard, number: 1), .aborted])
        #expect(fixture.order.status == .aborted)
        #expect(fixture.order.abortReason == "Payment aborted by payer")
        #expect(fixture.order.history.last?.initiatedBy == .payer)
        #expect(fixture.session.phase == .finished)
    }

    @Test func customizeSetsInstrumentModeAndRestrictions() {
        var fixture = Fixture.choosing()
        fixture.apply(Fixture.customize(SDKBodies.customize(paymentMethod: "Invoice-PayExFinancingSe")))
        #expect(fixture.session.instrumentModePaymentMethod == "Invoice-PayExFinancingSe")
        #expect(
            PaymentSessionOffer(session: fixture.session, order: fixture.order, links: fixture.links).methods.map(
                \.name)
                == [.invoice])
        let restrict = #"{"paymentMethod": null, "restrictToPaymentMethods": ["Swish", "Trustly"]}"#
        fixture.apply(Fixture.customize(restrict))
        #expect(fixture.session.instrumentModePaymentMethod == nil)
        #expect(
            PaymentSessionOffer(session: fixture.session, order: fixture.order, links: fixture.links).methods.map(
                \.name)
                == [.swish, .trustly])
        fixture.apply(Fixture.customize(SDKBodies.customize(paymentMethod: nil)))
        #expect(fixture.session.restrictToPaymentMethods == nil)
    }

    @Test(arguments: [
        (#"{"paymentMethod": "", "restrictToPaymentMethods": null}"#, "paymentMethod"),
        (#"{"paymentMethod": "Vipps", "restrictToPaymentMethods": null}"#, "paymentMethod"),
        (#"{"paymentMethod": null, "restrictToPaymentMethods": []}"#, "restrictToPaymentMethods"),
        (#"{"paymentMethod": null, "restrictToPaymentMethods": ["Swish", "Vipps"]}"#, "restrictToPaymentMethods"),
        (#"{"paymentMethod": null, "restrictToPaymentMethods": "Swish"}"#, "restrictToPaymentMethods"),
        (#"{"paymentMethod": 1}"#, "paymentMethod"),
        (#"{"paymentMethod": "CreditCard", "hideStoredPaymentOptions": "yes"}"#, "hideStoredPaymentOptions"),
    ])
    func customizeRefusesWhatItCannotShow(body: String, field: String) {
        var fixture = Fixture.choosing()
        #expect(Self.blamed(fixture.apply(Fixture.customize(body))) == [field])
        #expect(fixture.session.instrumentModePaymentMethod == nil)
        #expect(fixture.session.restrictToPaymentMethods == nil)
    }
}
