import Foundation
import ServerSupport
import SwedbankPaySDK
import Testing

@testable import PaymentSandbox

/// The small pure parts of the hosted views: card checks, the bank's host, payer contacts,
/// escaping, the attempt request and the attempt listing.
@Suite struct HostedViewPartsTests {
    typealias F = HostedViewFixtures

    @Test func cardsAreCheckedLikeTheMenuChecksThem() throws {
        let card = try CardEntry.parse(number: "4925 0000 0000 0004", expiry: "05/25", cvc: "123", date: F.date)
        #expect(card.number == "4925000000000004")
        #expect(card.maskedPan == "492500******0004")
        #expect(card.expiryText == "05/2025")
        #expect(card.brand == "Visa")
        #expect(card.behaviour == .frictionless)
        #expect(
            try CardEntry.parse(number: "5226612199533406", expiry: "12/2030", cvc: "000", date: F.date).behaviour
                == .challenge)
        #expect(
            try CardEntry.parse(number: "4111112000004565", expiry: "12/30", cvc: "000", date: F.date).behaviour
                == .rejected)
        #expect(
            try CardEntry.parse(number: "371449635398431", expiry: "12/30", cvc: "1234", date: F.date).brand == "Amex")
        #expect(CardEntry.luhnValid("4925000000000004"))
        #expect(!CardEntry.luhnValid("4925000000000005"))

        func problems(_ number: String, _ expiry: String, _ cvc: String) -> [String] {
            do {
                _ = try CardEntry.parse(number: number, expiry: expiry, cvc: cvc, date: F.date)
                return []
            } catch {
                return error.fields.map(\.name)
            }
        }
        #expect(problems("", "", "") == ["card.number", "card.expiry", "card.cvc"])
        #expect(problems("4925-0000-0000-0004", "04/25", "123") == ["card.expiry"])
        #expect(problems("4925abcd", "13/30", "12345") == ["card.number", "card.expiry", "card.cvc"])
        #expect(problems("371449635398431", "12/30", "123") == ["card.cvc"])
    }

    @Test func theBankLivesOnTheOtherLoopbackName() {
        #expect(BankHost.base(forSandboxBase: "http://127.0.0.1:8081") == "http://localhost:8081")
        #expect(BankHost.base(forSandboxBase: "http://localhost:43210") == "http://127.0.0.1:43210")
        #expect(BankHost.base(forSandboxBase: "https://sandbox.example") == "https://sandbox.example")
    }

    @Test func payerContactsNeedAnEmailAndAValidNumber() throws {
        #expect(
            try PayerContact.parse(email: " ada@example.com ", msisdn: "+46 739-000 001")
                == PayerContact(email: "ada@example.com", msisdn: "+46739000001"))
        #expect(try PayerContact.parse(email: "ada@example.com", msisdn: "").msisdn == nil)
        #expect {
            _ = try PayerContact.parse(email: "ada", msisdn: "0739", requireMsisdn: true)
        } throws: { ($0 as? SandboxProblem)?.problems.map(\.name) == ["email", "msisdn"] }
        #expect {
            _ = try PayerContact.parse(email: "ada@example.com", msisdn: nil, requireMsisdn: true)
        } throws: { ($0 as? SandboxProblem)?.problems.map(\.name) == ["msisdn"] }
    }

    @Test func escapingKeepsValuesInsideTheirElementAndScript() {
        #expect(
            HTMLText.escape(#"<a href="x" onclick='y'>&"#) == "&lt;a href=&quot;x&quot; onclick=&#39;y&#39;&gt;&amp;")
        let script = HTMLText.scriptJSON(.string("</script><!-- \u{2028} & done"))
        #expect(!script.contains("<") && !script.contains(">") && !script.contains("&"))
        #expect(script == #""\u003c/script\u003e\u003c!-- \u2028 \u0026 done""#)
    }

    @Test func attemptRequestsNameTheirBadFields() throws {
        let good = try HostedViewAttemptRequest.parse(
            try #require(
                try json(
                    #"{"instrument": "CreditCard", "card": {"number": "4925", "expiry": "12/30", "cvc": "1"}, "consent": true}"#
                ).objectValue))
        #expect(
            good
                == HostedViewAttemptRequest(
                    instrument: "CreditCard", card: .typed(number: "4925", expiry: "12/30", cvc: "1"), msisdn: nil,
                    consent: true))
        let saved = try HostedViewAttemptRequest.parse([
            "instrument": .string("CreditCard"), "paymentToken": .string("t"),
        ])
        #expect(saved.card == .saved(paymentToken: "t"))
        #expect {
            _ = try HostedViewAttemptRequest.parse([
                "card": .integer(1), "msisdn": .integer(2), "consent": .string("yes"),
            ])
        } throws: { ($0 as? SandboxProblem)?.problems.map(\.name) == ["instrument", "card", "msisdn", "consent"] }
    }

    @Test func attemptsAreListedFromTheOrdersHistory() throws {
        var payment = F.payment(try F.record())
        _ = try payment.start(F.card("4111112000004565"), menu: F.menu(payment))
        _ = try payment.start(F.card("4925000000000004"), menu: F.menu(payment))
        let rows = AttemptListing.attempts(of: [payment.order]).compactMap(\.objectValue)
        #expect(rows.map { $0["result"] } == [.string("failed"), .string("paid")])
        #expect(rows.map { $0["instrument"] } == [.string("CreditCard"), .string("CreditCard")])
        #expect(rows[0]["problem"]?.objectValue?["title"] == .string("Payment token error"))
        #expect(rows[1]["problem"] == .null)
        #expect(rows[0]["paymentOrder"] == .string(payment.order.path))
    }

    @Test func outcomesBecomeTheMenusJSON() {
        let links = HostedViewOutcome.Links(
            completeUrl: "https://shop.example/complete", cancelUrl: nil, acsUrl: "http://s/acs",
            invoiceUrl: "http://s/invoice",
            bankUrl: "http://localhost:1/sandbox/bank/t", walletAppUrl: "http://s/app")
        #expect(
            HostedViewOutcome.paid(attempt: 7).json(links: links)
                == .object([
                    "outcome": .string("paid"), "attempt": .integer(7),
                    "redirectUrl": .string("https://shop.example/complete"),
                ]))
        #expect(
            HostedViewOutcome.aborted.json(links: links)
                == .object(["outcome": .string("aborted"), "redirectUrl": .null]))
        #expect(
            HostedViewOutcome.bank(attempt: 1).json(links: links).objectValue?["redirectUrl"]
                == .string("http://localhost:1/sandbox/bank/t"))
        #expect(
            HostedViewOutcome.challenge(attempt: 2, creq: "c").json(links: links).objectValue?["acsUrl"]
                == .string("http://s/acs"))
        #expect(
            HostedViewOutcome.walletApp(attempt: 3, instrument: .vipps).json(links: links)
                == .object([
                    "outcome": .string("walletApp"), "attempt": .integer(3), "instrument": .string("Vipps"),
                    "url": .string("http://s/app"),
                ]))
    }
}
