import Foundation
import SwedbankPaySDK
import Testing

@testable import PaymentSandbox

/// What saved-card and Apple Pay attempts do to the session and its order (pure transitions).
@Suite struct PaymentSessionCardTransitionTests {
    typealias Fixture = PaymentSessionTransitionFixture
    static let errorDetail = PaymentSessionTransitionTests.errorDetail

    static func blamed(_ transition: PaymentSessionTransition) -> [String] {
        PaymentSessionTransitionTests.blamed(transition)
    }

    // MARK: Saved cards

    @Test func aTokenMustBeOneOfThePrefills() {
        var fixture = Fixture.expanded()
        #expect(Self.blamed(fixture.apply(Fixture.startCard("unknown"))) == ["paymentToken"])
        #expect(
            Self.blamed(fixture.apply(.startPaymentAttempt(paymentMethod: "CreditCard", body: [:]))) == ["paymentToken"]
        )
        var guest = Fixture.expanded(Fixture(payerReference: nil))
        #expect(Self.blamed(guest.apply(Fixture.startCard(PaymentSessionFixtures.visaToken))) == ["paymentToken"])
        #expect(guest.order.history.map(\.name) == [.paymentLoaded, .paymentInstrumentSelected])
    }

    /// The details the transition set, without the reconciliation facts every payment gets.
    static func own(_ details: [String: String], _ instrument: SandboxInstrument) -> [String: String] {
        let facts = PaidDetails.reconciliation(instrument: instrument, number: 1, now: Date())
        return details.filter { facts[$0.key] == nil }
    }

    @Test func theFrictionlessVisaIsAuthorizedAtOnce() throws {
        var fixture = Fixture.expanded()
        let start = fixture.apply(Fixture.startCard(PaymentSessionFixtures.visaToken))
        #expect(
            start.changes == [
                .attemptStarted(instrument: .creditCard, number: 1), .paid(instrument: .creditCard, number: 1),
            ])
        let paid = try #require(fixture.order.paid)
        #expect(paid.transactionType.rawValue == "Authorization")
        #expect(
            Self.own(paid.details, .creditCard) == [
                "cardBrand": "Visa", "maskedPan": "492500******0004", "expiryDate": "12/2035",
                "acquirerTransactionType": "STANDARD", "bin": "492500", "issuingBank": "Swedbank",
            ])
        #expect(paid.details["acquirerStan"] == "000001")
    }

    @Test func aMethodCardAuthenticatesWithoutAChallenge() throws {
        var fixture = Fixture.expanded()
        fixture.storedTokens = [PaymentSessionFixtures.storedCard("AB1234", token: "stored-1", pan: "411111******3211")]
        fixture.apply(Fixture.startCard("stored-1"))
        let transaction = try #require(fixture.transaction)
        #expect(Self.blamed(fixture.apply(fixture.createAuthentication("X"))) == ["methodCompletionIndicator"])
        let wrongURL = PaymentSessionRequest.createAuthentication(
            Fixture.body(SDKBodies.createAuthentication(indicator: "Y", notificationUrl: "https://elsewhere.example")))
        #expect(Self.blamed(fixture.apply(wrongURL)) == ["notificationUrl"])
        #expect(
            fixture.apply(.threeDSMethodCompleted(serverTransactionID: transaction.serverTransactionID)).isNoContent)
        #expect(fixture.transaction?.methodCompleted == true)
        let authenticated = fixture.apply(fixture.createAuthentication("Y"))
        #expect(authenticated.changes == [.paid(instrument: .creditCard, number: 1)])
        #expect(fixture.order.paid?.details["acquirerTransactionType"] == "3DSECURE")
        #expect(fixture.order.paid?.details["maskedPan"] == "411111******3211")
    }

    @Test(arguments: [true, false])
    func theChallengeEndsAsTheCardholderChose(approved: Bool) throws {
        var fixture = Fixture.expanded()
        fixture.apply(Fixture.startCard(PaymentSessionFixtures.masterCardToken))
        fixture.apply(fixture.createAuthentication("Y"))
        guard case .card(let attempt) = fixture.session.phase else { throw CancellationError() }
        #expect(attempt.step == .awaitingChallenge)
        let completed = fixture.apply(Fixture.completeAuthentication(attempt.transaction.cres(approved: approved)))
        if approved {
            #expect(completed.changes == [.paid(instrument: .creditCard, number: 1)])
        } else {
            let type = Self.errorDetail + "creditcard/3dsecuredeclined"
            #expect(completed.changes == [.attemptFailed(instrument: .creditCard, number: 1, problemType: type)])
            #expect(fixture.session.problem?.problem.status == 403)
            #expect(fixture.session.phase == .choosing)
        }
    }

    @Test func aCResMustBelongToTheTransaction() throws {
        var fixture = Fixture.expanded()
        fixture.apply(Fixture.startCard(PaymentSessionFixtures.masterCardToken))
        fixture.apply(fixture.createAuthentication())
        let other = ThreeDSecureTransaction(serverTransactionID: "other", acsTransactionID: "acs").cres(approved: true)
        #expect(Self.blamed(fixture.apply(Fixture.completeAuthentication(other))) == ["cRes"])
        #expect(Self.blamed(fixture.apply(Fixture.completeAuthentication("bm90IGpzb24"))) == ["cRes"])
        let creq = try #require(fixture.transaction?.creq)
        #expect(Self.blamed(fixture.apply(Fixture.completeAuthentication(creq))) == ["cRes"], "a CReq is not a CRes")
        #expect(fixture.order.status == .initialized)
    }

    @Test func anExpiredSavedCardFails() {
        var fixture = Fixture.expanded()
        fixture.storedTokens = [
            PaymentSessionFixtures.storedCard("AB1234", token: "old", pan: "458109******3517", expiry: "04/2025")
        ]
        fixture.apply(Fixture.startCard("old"))
        #expect(fixture.session.problem?.problem.type == Self.errorDetail + "creditcard/acquirercardexpired")
        #expect(fixture.order.failedAttempts.count == 1)
    }

    @Test func aCardRejectedInTokenizationFails() {
        var fixture = Fixture.expanded()
        fixture.storedTokens = [PaymentSessionFixtures.storedCard("AB1234", token: "t", pan: "411111******4565")]
        fixture.apply(Fixture.startCard("t"))
        #expect(fixture.session.problem?.problem.type == Self.errorDetail + "creditcard/paymenttokenerror")
    }

    @Test(arguments: [
        (Int64(900351), "acquirererror", 403), (900361, "acquirerinsufficientfunds", 403),
        (900354, "acquirercardexpired", 403), (900391, "acquirergatewayerror", 502),
        (952400, "acquirererrordonotretry", 403),
    ])
    func magicAmountsFailTheAuthorization(amount: Int64, type: String, status: Int) {
        var fixture = Fixture.expanded(Fixture(amount: amount))
        fixture.apply(Fixture.startCard(PaymentSessionFixtures.visaToken))
        #expect(fixture.session.problem?.problem.type == Self.errorDetail + "creditcard/" + type)
        #expect(fixture.session.problem?.problem.status == status)
        #expect(fixture.order.status == .initialized)
        #expect(fixture.order.failedAttempts.first?.problem["status"] == .integer(Int64(status)))
    }

    @Test func storedOptionsCanBeHidden() {
        var fixture = Fixture.expanded()
        let body =
            #"{"paymentMethod": "CreditCard", "restrictToPaymentMethods": null, "hideStoredPaymentOptions": true, "showConsentAffirmation": false}"#
        #expect(fixture.apply(Fixture.customize(body)).isModel)
        #expect(fixture.session.showConsentAffirmation == false)
        #expect(Self.blamed(fixture.apply(Fixture.startCard(PaymentSessionFixtures.visaToken))) == ["paymentToken"])
    }

    // MARK: Apple Pay

    @Test func anApplePayTokenPaysTheOrder() throws {
        var fixture = Fixture.choosing()
        fixture.apply(Fixture.startApplePay)
        #expect(fixture.apply(Fixture.payload()).changes == [.paid(instrument: .applePay, number: 1)])
        let paid = try #require(fixture.order.paid)
        #expect(
            Self.own(paid.details, .applePay)
                == [
                    "cardBrand": "Visa", "maskedPan": "492500******0004", "acquirerTransactionType": "WALLET",
                    "bin": "492500", "issuingBank": "Swedbank",
                ])
        #expect(paid.details["maskedDPan"] == "489537******0001")
    }

    @Test(arguments: [
        "not base64!", Data("[]".utf8).base64EncodedString(), SDKBodies.applePayToken(version: "RSA_v1"),
        Data(#"{"version": "EC_v1", "data": "x", "signature": "y"}"#.utf8).base64EncodedString(),
        Data(#"{"version": "EC_v1", "data": "x", "signature": "y", "header": {}}"#.utf8).base64EncodedString(),
    ])
    func aMalformedPayloadIsRefusedAndTheAttemptStaysOpen(payload: String) {
        var fixture = Fixture.choosing()
        fixture.apply(Fixture.startApplePay)
        #expect(Self.blamed(fixture.apply(Fixture.payload(payload))) == ["paymentPayload"])
        #expect(fixture.session.phase == .applePay(attemptNumber: 1))
    }

    @Test func aDeclinePayloadDeclinesTheCard() {
        var fixture = Fixture.choosing()
        fixture.apply(Fixture.startApplePay)
        let wrongMethod = PaymentSessionRequest.attemptPayload(
            paymentMethod: "ApplePay", body: ["paymentMethod": .string("GooglePay"), "paymentPayload": .string("x")])
        #expect(Self.blamed(fixture.apply(wrongMethod)) == ["paymentMethod"])
        fixture.apply(Fixture.payload(SDKBodies.applePayToken(data: "DECLINE")))
        #expect(fixture.session.problem?.problem.type == Self.errorDetail + "creditcard/carddeclined")
        #expect(fixture.order.failedAttempts.map(\.instrument) == [.applePay])
    }
}
