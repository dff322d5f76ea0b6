import Foundation
import SwedbankPaySDK
import Testing

@testable import PaymentSandbox

/// Every operation in every phase: allowed exactly when the phase's model offers it, otherwise
/// 409 `operationnotallowed` with nothing changed.
@Suite struct PaymentSessionOperationMatrixTests {
    typealias Fixture = PaymentSessionTransitionFixture

    static let operationNotAllowed = "https://api.payex.com/psp/errordetail/paymentsessions/operationnotallowed"

    static let phases = [
        "fresh", "choosing", "expanded", "swishLocalStart", "swishOtherDevice", "cardAuthentication",
        "cardChallenge", "applePay", "paid", "aborted",
    ]

    static func fixture(_ phase: String) -> Fixture {
        switch phase {
        case "fresh": return Fixture()
        case "choosing": return Fixture.choosing()
        case "expanded": return Fixture.expanded()
        case "swishLocalStart": return apply(Fixture.startSwish(nil), to: Fixture.choosing())
        case "swishOtherDevice": return apply(Fixture.startSwish("+46739000001"), to: Fixture.choosing())
        case "cardAuthentication":
            return apply(Fixture.startCard(PaymentSessionFixtures.masterCardToken), to: Fixture.expanded())
        case "cardChallenge":
            var fixture = fixture("cardAuthentication")
            fixture.apply(fixture.createAuthentication())
            return fixture
        case "applePay": return apply(Fixture.startApplePay, to: Fixture.choosing())
        case "paid": return apply(Fixture.startCard(PaymentSessionFixtures.visaToken), to: Fixture.expanded())
        case "aborted": return apply(.abortPayment, to: Fixture.choosing())
        default: fatalError("unknown phase \(phase)")
        }
    }

    static func apply(_ request: PaymentSessionRequest, to fixture: Fixture) -> Fixture {
        var fixture = fixture
        fixture.apply(request)
        return fixture
    }

    /// The requests tried in each phase, with the SDK's bodies.
    static func requests(_ fixture: Fixture) -> [(String, PaymentSessionRequest)] {
        [
            ("prepare", Fixture.prepare),
            ("expand CreditCard", Fixture.expandCard),
            ("expand Swish", .expandMethod(paymentMethod: "Swish", body: Fixture.body(SDKBodies.expand("Swish")))),
            ("start Swish", Fixture.startSwish("+46739000001")),
            ("start CreditCard", Fixture.startCard(PaymentSessionFixtures.visaToken)),
            ("start ApplePay", Fixture.startApplePay),
            ("start Invoice", .startPaymentAttempt(paymentMethod: "Invoice-PayExFinancingSe", body: [:])),
            ("create-authentication", fixture.createAuthentication()),
            ("complete-authentication", Fixture.completeAuthentication("x")),
            ("attempt-payload", Fixture.payload()),
            ("fail Swish", Fixture.fail("Swish", "ClientAppLaunchFailed")),
            ("fail CreditCard", Fixture.fail("CreditCard", "TechnicalError")),
            ("fail ApplePay", Fixture.fail("ApplePay", "UserCancelled")),
            ("abort", .abortPayment),
            ("customize", Fixture.customize(SDKBodies.customize(paymentMethod: nil))),
            ("acknowledge", .acknowledgeFailedAttempt(problemNumber: 1)),
            ("get-payment", .getPayment),
            ("event-logging", .eventLogging),
        ]
    }

    static let allowed: [String: Set<String>] = [
        "fresh": ["prepare"],
        "choosing": [
            "expand CreditCard", "start Swish", "start ApplePay", "fail Swish", "fail ApplePay", "abort", "customize",
        ],
        "expanded": [
            "start Swish", "start CreditCard", "start ApplePay", "fail Swish", "fail CreditCard", "fail ApplePay",
            "abort", "customize",
        ],
        "swishLocalStart": ["fail Swish"],
        "swishOtherDevice": [],
        "cardAuthentication": ["create-authentication", "abort"],
        "cardChallenge": ["complete-authentication", "abort"],
        "applePay": ["attempt-payload", "fail ApplePay", "abort"],
        "paid": [],
        "aborted": [],
    ]

    @Test(arguments: phases)
    func allowsExactlyTheOfferedOperations(phase: String) {
        let start = Self.fixture(phase)
        // get-payment (the session URL) and event-logging are always there.
        let allowed = Self.allowed[phase, default: []].union(["get-payment", "event-logging"])
        for (label, request) in Self.requests(start) {
            var fixture = start
            let transition = fixture.apply(request)
            if allowed.contains(label) {
                #expect(transition.problem?.type != Self.operationNotAllowed, "\(phase): \(label) must be allowed")
            } else {
                #expect(transition.problem?.type == Self.operationNotAllowed, "\(phase): \(label) must be refused")
                #expect(transition.problem?.status == 409)
                #expect(fixture.session == start.session, "\(phase): \(label) changed the session")
                #expect(fixture.order.history.count == start.order.history.count)
                #expect(fixture.order.status == start.order.status)
                #expect(transition.changes.isEmpty)
            }
        }
    }

    @Test(arguments: phases)
    func theModelOffersWhatIsAllowed(phase: String) throws {
        // The rendered operations and the allowed requests come from one place; check they agree
        // with the table above from the model's side too.
        let fixture = Self.fixture(phase)
        let offer = PaymentSessionOffer(session: fixture.session, order: fixture.order, links: fixture.links)
        let rendered = Set(
            offer.operations.map(\.rel.rawValue)
                + offer.methods.flatMap { method in
                    (method.operations ?? []).map { "\($0.rel.rawValue) \(method.name.rawValue)" }
                })
        let expected: [String: Set<String>] = [
            "fresh": ["prepare-payment", "event-logging"],
            "choosing": [
                "start-payment-attempt Swish", "fail-payment-attempt Swish", "expand-method CreditCard",
                "start-payment-attempt ApplePay", "fail-payment-attempt ApplePay", "abort-payment", "customize-payment",
                "view-payment", "event-logging",
            ],
            "expanded": [
                "start-payment-attempt Swish", "fail-payment-attempt Swish", "start-payment-attempt CreditCard",
                "fail-payment-attempt CreditCard", "start-payment-attempt ApplePay", "fail-payment-attempt ApplePay",
                "abort-payment", "customize-payment", "view-payment", "event-logging",
            ],
            "swishLocalStart": ["get-payment Swish", "fail-payment-attempt Swish", "event-logging"],
            "swishOtherDevice": ["get-payment Swish", "event-logging"],
            "cardAuthentication": ["create-authentication CreditCard", "abort-payment", "event-logging"],
            "cardChallenge": ["complete-authentication CreditCard", "abort-payment", "event-logging"],
            "applePay": [
                "attempt-payload ApplePay", "fail-payment-attempt ApplePay", "abort-payment", "event-logging",
            ],
            "paid": ["redirect-payer", "event-logging"],
            "aborted": ["redirect-payer", "event-logging"],
        ]
        #expect(rendered == expected[phase])
    }

    @Test func acknowledgingIsRefusedWithoutAWaitingProblem() {
        var fixture = Fixture.choosing()
        #expect(fixture.apply(.acknowledgeFailedAttempt(problemNumber: 1)).problem?.status == 409)
        fixture.apply(Fixture.startSwish(nil))
        let token = fixture.swish!.swishToken
        fixture.apply(.swishAnswer(swishToken: token, approved: false))
        #expect(fixture.apply(.acknowledgeFailedAttempt(problemNumber: 2)).problem?.status == 409)
        #expect(fixture.apply(.acknowledgeFailedAttempt(problemNumber: 1)).isNoContent)
        #expect(fixture.apply(.acknowledgeFailedAttempt(problemNumber: 1)).problem?.type == Self.operationNotAllowed)
    }

    @Test func abortIsNotOfferedWithoutACancelUrl() {
        var fixture = Fixture.choosing(Fixture(cancelUrl: false))
        #expect(fixture.apply(.abortPayment).problem?.status == 409)
        #expect(fixture.order.status == .initialized)
    }

    @Test func customizeIsNotOfferedWhenTheOrderIsInInstrumentMode() {
        var fixture = Fixture.choosing(Fixture(instrument: "Swish"))
        #expect(fixture.apply(Fixture.customize(SDKBodies.customize(paymentMethod: nil))).problem?.status == 409)
        // Only Swish is there, so a card attempt is refused as well.
        #expect(fixture.apply(Fixture.expandCard).problem?.status == 409)
    }

    @Test func anOrderEndedByTheMerchantEndsTheSession() throws {
        var fixture = Fixture.choosing()
        fixture.apply(Fixture.startSwish(nil))
        let swishToken = try #require(fixture.swish?.swishToken)
        // Not while the payer is in the Swish app (the reference's operations table): the
        // merchant aborts once the attempt has ended.
        #expect(throws: PaymentOrderRecord.LifecycleError.payerInApp(.swish)) {
            try fixture.order.abort(
                reason: "CancelledByConsumer", now: PaymentOrdersFixture.testDate)
        }
        fixture.apply(Fixture.fail("Swish", "TechnicalError"))
        try fixture.order.abort(
            reason: "CancelledByConsumer", now: PaymentOrdersFixture.testDate)
        #expect(fixture.apply(Fixture.fail("Swish", "ClientAppLaunchFailed")).problem?.status == 409)
        #expect(fixture.apply(.swishAnswer(swishToken: swishToken, approved: true)).problem?.status == 409)
        #expect(fixture.apply(.getPayment).isModel)
        let operations = fixture.model.objectValue?["operations"]
        #expect(
            try operations
                == json(
                    """
                    [{"rel": "redirect-payer", "method": "GET", "href": "https://merchant.example/cancel", "next": true},
                     {"rel": "event-logging", "method": "POST", "href": "\(fixture.links.events)"}]
                    """))
    }
}
