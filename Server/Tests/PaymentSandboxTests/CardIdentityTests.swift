import Foundation
import SwedbankPaySDK
import Testing

@testable import PaymentSandbox

/// `paid.details` names the card that paid: each test card its own BIN, brand, issuer and masked
/// PAN, any other number its BIN (first six digits) and its scheme from its digits. Before, every
/// card payment said `bin` 492500 and `issuingBank` "Utl. Visa", a MasterCard's too.
@Suite struct CardIdentityTests {
    /// The schemes' leading digits, each range's edges and the more specific ranges first.
    @Test(arguments: [
        ("4925000000000004", "Visa"), ("4", "Visa"), ("5100000000000008", "MasterCard"),
        ("5599999999999999", "MasterCard"), ("2221000000000009", "MasterCard"), ("2720999999999996", "MasterCard"),
        ("2220999999999999", "Card"), ("2721000000000004", "Card"), ("340000000000009", "Amex"),
        ("377601000000000", "Amex"), ("350000000000000", "Card"), ("5019994016316467", "Dankort"),
        ("5018000000000009", "Maestro"), ("6007220000000004", "Forbrugsforeningen"),
        ("6007230000000003", "Maestro"), ("6764429999947470", "Maestro"), ("5600000000000003", "Maestro"),
        ("7000000000000000", "Card"), ("", "Card"), ("522661******3406", "MasterCard"),
    ])
    func theSchemeComesFromTheLeadingDigits(digits: String, brand: String) {
        #expect(CardScheme.brand(leadingDigits: digits) == brand)
    }

    @Test func eachTestCardCarriesItsOwnIdentity() {
        #expect(
            CardIdentity(pan: "4925000000000004")
                == CardIdentity(
                    bin: "492500", cardBrand: "Visa", issuingBank: "Swedbank", maskedPan: "492500******0004"))
        #expect(
            CardIdentity(pan: "5226612199533406")
                == CardIdentity(
                    bin: "522661", cardBrand: "MasterCard", issuingBank: "Utl. MasterCard",
                    maskedPan: "522661******3406"))
        #expect(
            CardIdentity(pan: "377601000000000")
                == CardIdentity(
                    bin: "377601", cardBrand: "Amex", issuingBank: "Utl. Amex", maskedPan: "377601*****0000"))
        #expect(
            CardIdentity(pan: "5019994016316467")
                == CardIdentity(
                    bin: "501999", cardBrand: "Dankort", issuingBank: "Utl. Dankort", maskedPan: "501999******6467"))
        // A saved card is known by its masked PAN.
        #expect(CardIdentity(maskedPan: "522661******3406") == CardIdentity(pan: "5226612199533406"))
        // Every test card's brand is the one its digits give (the table and the ranges agree).
        for card in SandboxTestCard.catalogue {
            #expect(CardScheme.brand(leadingDigits: card.pan) == card.cardBrand, "\(card.pan)")
        }
    }

    @Test func anyOtherNumberGetsItsBINAndSchemeFromItsDigits() {
        #expect(
            CardIdentity(pan: "2221000000000009")
                == CardIdentity(
                    bin: "222100", cardBrand: "MasterCard", issuingBank: "Utl. MasterCard",
                    maskedPan: "222100******0009"))
        #expect(
            CardIdentity(pan: "4242424242424242")
                == CardIdentity(
                    bin: "424242", cardBrand: "Visa", issuingBank: "Utl. Visa", maskedPan: "424242******4242"))
    }

    /// Pays a new order through the control API with `card` and expects its `paid.details` to be
    /// exactly `identity` (the card's members, written out) and the attempt's own facts.
    static func expectPaid(card: String?, identity: String) async throws {
        let harness = SandboxHarness()
        try await harness.run { client in
            let (_, id) = try await PaymentOrdersFixture.create(client)
            let body =
                card.map { #"{"instrument": "CreditCard", "card": "\#($0)"}"# } ?? #"{"instrument": "CreditCard"}"#
            let paid = try await client.send(.post, "/sandbox/paymentorders/\(id)/pay", json: body, token: nil)
            #expect(paid.status == 200, "\(paid.text)")
            let resource = try await client.send(.get, "/psp/paymentorders/\(id)/paid")
            let object = try resource.object["paid"]?.objectValue
            let number = object?["number"]?.integerValue ?? -1
            let digits = String(format: "%012lld", number)
            // The attempt's own facts (from its number and time), then the card's.
            let facts = """
                "acquirerStan": "\(digits.suffix(6))", "acquirerTerminalId": "35",
                "acquirerTransactionTime": "\(PSPTimestamp.format(harness.sandbox.services.date))",
                "acquirerTransactionType": "3DSECURE", "cardType": "Credit", "expiryDate": "12/2030",
                "externalNonPaymentToken": "enpt-\(digits)", "issuerAuthorizationApprovalCode": "L\(digits.suffix(5))",
                "maskedDPan": "************\(digits.suffix(4))", "nonPaymentToken": "npt-\(digits)",
                "paymentAccountReference": "PAR\(digits)SANDBOX0000000", "transactionInitiator": "CARDHOLDER"
                """
            #expect(object?["details"] == (try json("{\(facts), \(identity)}")))
        }
    }

    @Test func theMasterCardTestCardPaysAsItself() async throws {
        try await Self.expectPaid(
            card: "5226612199533406",
            identity:
                #""bin": "522661", "cardBrand": "MasterCard", "issuingBank": "Utl. MasterCard", "maskedPan": "522661******3406""#
        )
    }

    @Test func anUnknownNumberPaysWithItsOwnBINAndScheme() async throws {
        try await Self.expectPaid(
            card: "2221000000000009",
            identity:
                #""bin": "222100", "cardBrand": "MasterCard", "issuingBank": "Utl. MasterCard", "maskedPan": "222100******0009""#
        )
    }

    /// Without a card the control API pays with the portal's Visa, issued (its paid example says)
    /// by Swedbank.
    @Test func theDefaultCardIsThePortalsVisa() async throws {
        try await Self.expectPaid(
            card: nil,
            identity:
                #""bin": "492500", "cardBrand": "Visa", "issuingBank": "Swedbank", "maskedPan": "492500******0004""#)
    }

    @Test func theControlAPIRefusesANumberThatIsNoCard() async throws {
        try await SandboxHarness().run { client in
            let (_, id) = try await PaymentOrdersFixture.create(client)
            let paid = try await client.send(
                .post, "/sandbox/paymentorders/\(id)/pay",
                json: #"{"instrument": "CreditCard", "card": "4925000000000005"}"#,
                token: nil)
            #expect(paid.status == 400)
            #expect(
                try paid.object["problems"]
                    == json(
                        #"[{"name": "card", "description": "The field must be a card number: 12 to 19 digits that pass the Luhn check."}]"#
                    ))
        }
    }

    /// The hosted menu's typed card and the payment session's saved card carry the same identity.
    @Test func theMenuAndTheSessionPayWithTheCardsIdentity() async throws {
        var payment = HostedViewFixtures.payment(try HostedViewFixtures.record())
        _ = try payment.start(HostedViewFixtures.card("2221 0000 0000 0009"), menu: HostedViewFixtures.menu(payment))
        let typed = try #require(payment.order.paid?.details)
        #expect(
            ["bin", "cardBrand", "issuingBank", "maskedPan"].map { typed[$0] ?? "-" }
                == ["222100", "MasterCard", "Utl. MasterCard", "222100******0009"])

        let harness = SandboxHarness()
        try await harness.run { client in
            await harness.sandbox.services.store.addToken(
                PaymentSessionFixtures.storedCard(
                    "AB1234", token: "network-mc", pan: "551000******1232", brand: "MasterCard", expiry: "04/35"))
            var (driver, record) = try await PaymentSessionFlowTests.prepared(client, harness)
            try await driver.call("expand-method", on: "CreditCard", body: SDKBodies.expand("CreditCard"))
            try await driver.call("start-payment-attempt", on: "CreditCard", body: SDKBodies.card("network-mc"))
            let create = try driver.operation("create-authentication", on: "CreditCard")
            let notificationUrl = try PaymentSessionDriver.expectation("NotificationUrl", in: create)
            try await driver.call(
                "create-authentication", on: "CreditCard",
                body: SDKBodies.createAuthentication(indicator: "Y", notificationUrl: notificationUrl))
            let saved = try #require(try await PaymentSessionFlowTests.order(harness, record).paid?.details)
            #expect(
                ["bin", "cardBrand", "issuingBank", "maskedPan"].map { saved[$0] ?? "-" }
                    == ["551000", "MasterCard", "Utl. MasterCard", "551000******1232"])
        }
    }
}
