import Foundation
import SwedbankPaySDK
import Testing

@testable import PaymentSandbox

/// The hosted menu's decisions (``HostedViewPayment``) without HTTP: cards by the test-card
/// matrix, 3-D Secure, Swish, invoice, bank, abort, and what a re-opened view reports.
@Suite struct HostedViewPaymentTests {
    typealias F = HostedViewFixtures

    @Test func aFrictionlessCardPaysTheOrderWithItsDetails() throws {
        var payment = F.payment(try F.record())
        let outcome = try payment.start(F.card("4925 0000 0000 0004"), menu: F.menu(payment))
        guard case .paid(let number?) = outcome else { Issue.record("not paid: \(outcome)"); return }
        #expect(payment.order.status == .paid)
        #expect(payment.statusChanged)
        #expect(payment.order.paid?.number == number)
        #expect(payment.order.paid?.details["maskedPan"] == "492500******0004")
        #expect(payment.order.paid?.details["cardBrand"] == "Visa")
        #expect(payment.order.paid?.details["acquirerTransactionType"] == "STANDARD")
        #expect(payment.order.history.map(\.name.rawValue).suffix(2) == ["PaymentAttemptStarted", "PaymentPaid"])
        #expect(payment.state.pending == nil)
    }

    @Test func aRejectedCardFailsAndTheNextCardPays() throws {
        var payment = F.payment(try F.record())
        let failed = try payment.start(F.card("4111112000004565"), menu: F.menu(payment))
        guard case .failed(_, let problem) = failed else { Issue.record("not failed: \(failed)"); return }
        #expect(problem == .paymentTokenRejected)
        #expect(payment.order.status == .initialized)
        #expect(payment.order.failedAttempts.count == 1)
        #expect(!payment.statusChanged)
        let paid = try payment.start(F.card("4925000000000004"), menu: F.menu(payment))
        guard case .paid = paid else { Issue.record("not paid: \(paid)"); return }
    }

    @Test func aMagicAmountFailsTheAuthorization() throws {
        var payment = F.payment(
            try F.record(
                F.order {
                    $0["amount"] = .integer(900361); $0["vatAmount"] = .integer(0)
                }))
        let outcome = try payment.start(F.card("4925000000000004"), menu: F.menu(payment))
        #expect(
            outcome
                == .failed(attempt: payment.order.failedAttempts[0].number, CardMagicAmount.problem(amount: 900361)!))
    }

    @Test func typedCardsAreCheckedBeforeAnAttemptStarts() throws {
        var payment = F.payment(try F.record())
        let before = payment.order.history.count
        #expect {
            _ = try payment.start(F.card("4925000000000005", expiry: "01/20", cvc: "12"), menu: F.menu(payment))
        } throws: { error in
            let problem = error as? SandboxProblem
            return problem?.status == 400
                && problem?.problems.map(\.name) == ["card.number", "card.expiry", "card.cvc"]
        }
        #expect(payment.order.history.count == before)
    }

    @Test func aChallengeCardWaitsForTheACSAndItsAnswerDecides() throws {
        for (status, paid) in [("Y", true), ("N", false)] {
            var payment = F.payment(try F.record())
            let outcome = try payment.start(F.card("5226612199533406"), menu: F.menu(payment))
            guard case .challenge(let number, let creq) = outcome,
                case .challenge(_, let challenge)? = payment.state.pending
            else { Issue.record("no challenge: \(outcome)"); return }
            #expect(creq == challenge.transaction.creq)
            let other = ThreeDSecureTransaction(serverTransactionID: "x", acsTransactionID: "y")
            #expect(throws: SandboxProblem.self) { _ = try payment.completeChallenge(cres: other.cres(approved: true)) }
            let approved = status == "Y"
            let result = try payment.completeChallenge(cres: challenge.transaction.cres(approved: approved))
            if paid {
                #expect(result == .paid(attempt: number))
                #expect(payment.order.paid?.details["acquirerTransactionType"] == "3DSECURE")
            } else {
                #expect(result == .failed(attempt: number, .threeDSecureDeclined))
            }
            #expect(payment.state.pending == nil)
        }
    }

    @Test func savedCardsOfAPayerAwareOrderPayAndAreUnknownToGuests() throws {
        var payment = F.payment(try F.record())
        let visa = SavedCardPrefill.sandboxCards[0].paymentToken
        let saved = HostedViewAttemptRequest(
            instrument: "CreditCard", card: .saved(paymentToken: visa), msisdn: nil, consent: false)
        #expect(try payment.start(saved, menu: F.menu(payment)) == .paid(attempt: payment.order.paid?.number))
        var guest = F.payment(try F.record(F.order { $0["payer"] = nil }))
        #expect(F.menu(guest).savedCards.isEmpty)
        #expect(throws: SandboxProblem.self) { _ = try guest.start(saved, menu: F.menu(guest)) }
    }

    @Test func consentIssuesAPaymentTokenForAPayerAwareOrder() throws {
        let order = F.order {
            $0["disableStoredPaymentDetails"] = .bool(true)
            $0["enablePaymentDetailsConsentCheckbox"] = .bool(true)
        }
        var payment = F.payment(try F.record(order))
        #expect(F.menu(payment).showsConsent)
        #expect(F.menu(payment).savedCards.isEmpty)
        _ = try payment.start(F.card("4925000000000004", consent: true), menu: F.menu(payment))
        #expect(payment.order.paid?.tokens.map { $0["type"] } == [.string("payment")])
        var without = F.payment(try F.record(order))
        _ = try without.start(F.card("4925000000000004", consent: false), menu: F.menu(without))
        #expect(without.order.paid?.tokens.isEmpty == true)
    }

    @Test func swishWaitsForTheAppAndTriggersFail() throws {
        var payment = F.payment(try F.record())
        #expect(throws: SandboxProblem.self) {
            _ = try payment.start(F.instrument("Swish", msisdn: "0739"), menu: F.menu(payment))
        }
        let outcome = try payment.start(F.instrument("Swish", msisdn: "+46 739 000 001"), menu: F.menu(payment))
        guard case .swishPending(let number) = outcome else { Issue.record("\(outcome)"); return }
        #expect(payment.state.pending == .swish(number: number, msisdn: "+46739000001", startedAt: 1_000))
        #expect(try payment.answerSwish(approved: true) == .paid(attempt: number))
        #expect(payment.order.paid?.details == ["msisdn": "+46739000001"])

        var declined = F.payment(try F.record(F.order { $0["description"] = .string("Order RF07") }))
        _ = try declined.start(F.instrument("Swish", msisdn: "+46739000001"), menu: F.menu(declined))
        guard case .failed(_, let problem) = try declined.answerSwish(approved: true) else {
            Issue.record("paid"); return
        }
        #expect(problem == SwishTrigger.declined.problem)
    }

    @Test(arguments: PaymentSessionTransitionTests.swishTriggers)
    func everySwishTriggerFailsTheMenusAttemptWithItsProblem(description: String, type: String, status: Int) throws {
        var payment = F.payment(try F.record(F.order { $0["description"] = .string(description) }))
        _ = try payment.start(F.instrument("Swish", msisdn: "+46739000001"), menu: F.menu(payment))
        guard case .failed(_, let problem) = try payment.answerSwish(approved: true) else {
            Issue.record("paid"); return
        }
        #expect(problem.type == "https://api.payex.com/psp/errordetail/" + type)
        #expect(problem.status == status)
        #expect(payment.order.status == .initialized)
        #expect(payment.order.failedAttempts.first?.problem["type"] == .string(problem.type))
    }

    @Test func anOtherDeviceSwishPaymentApprovesItselfAfterTheDelay() throws {
        var payment = F.payment(try F.record(), now: 1_000, swishDelay: 3)
        _ = try payment.start(F.instrument("Swish", msisdn: "+46739000001"), menu: F.menu(payment))
        var early = F.payment(payment.order, state: payment.state, now: 1_002, swishDelay: 3)
        #expect(early.poll() == .swishPending(attempt: payment.state.pending!.number))
        var late = F.payment(payment.order, state: payment.state, now: 1_003, swishDelay: 3)
        #expect(late.poll() == .paid(attempt: payment.state.pending!.number))
        var never = F.payment(payment.order, state: payment.state, now: 9_999, swishDelay: nil)
        #expect(never.poll() == .swishPending(attempt: payment.state.pending!.number))
    }

    @Test func invoiceAndBankWaitForTheirPagesAndMayBeAbandoned() throws {
        var invoice = F.payment(try F.record())
        guard
            case .invoice(let number) = try invoice.start(
                F.instrument("Invoice-PayExFinancingSe"), menu: F.menu(invoice))
        else {
            Issue.record("no invoice"); return
        }
        #expect(try invoice.answerInvoice(approved: false) == .attemptAborted(attempt: number))
        #expect(invoice.order.failedAttempts.last?.status.rawValue == "Aborted")
        #expect(throws: SandboxProblem.self) { _ = try invoice.answerInvoice(approved: true) }

        var bank = F.payment(try F.record())
        guard case .bank(let bankNumber) = try bank.start(F.instrument("Trustly"), menu: F.menu(bank)) else {
            Issue.record("no bank"); return
        }
        #expect(try bank.answerBank(approved: true) == .paid(attempt: bankNumber))
        #expect(bank.order.paid?.transactionType.rawValue == "Sale")

        var noPaymentUrl = F.payment(
            try F.record(
                F.order {
                    var urls = $0["urls"]!.objectValue!
                    urls["paymentUrl"] = nil
                    $0["urls"] = .object(urls)
                }))
        #expect(F.menu(noPaymentUrl).instruments.first { $0.name == "Trustly" }?.unavailableReason != nil)
        #expect(throws: SandboxProblem.self) {
            _ = try noPaymentUrl.start(F.instrument("Trustly"), menu: F.menu(noPaymentUrl))
        }
    }

    /// A problem the control API armed ends the menu's next invoice, bank or Swish attempt when its
    /// page answers, once.
    @Test(arguments: [
        ("Invoice-PayExFinancingSe", "creditnotapproved"), ("Trustly", "systemerror"), ("Swish", "systemerror"),
    ])
    func anArmedProblemEndsTheMenusNextAttempt(instrument: String, problem: String) throws {
        var payment = F.payment(try F.record())
        let chosen = try #require(SandboxInstrument(rawValue: instrument))
        let row = try ProblemCatalogue.problem(named: problem, for: chosen, field: "problem")
        payment.order.armedProblems[chosen] = row.attemptProblem(originalDetail: "armed")
        let started = try payment.start(F.instrument(instrument, msisdn: "+46739000001"), menu: F.menu(payment))
        let answered =
            switch chosen {
            case .invoice: try payment.answerInvoice(approved: true)
            case .trustly: try payment.answerBank(approved: true)
            default: try payment.answerSwish(approved: true)
            }
        #expect(started != answered)
        let number = try #require(payment.order.failedAttempts.last?.number)
        #expect(answered == .failed(attempt: number, row.attemptProblem(originalDetail: "armed")))
        #expect(payment.order.armedProblems.isEmpty)
        #expect(payment.order.failedAttempts.last?.problem["type"] == .string(row.type))
    }

    @Test func aNewAttemptAbandonsTheOneWaitingElsewhere() throws {
        var payment = F.payment(try F.record())
        guard case .bank(let first) = try payment.start(F.instrument("Trustly"), menu: F.menu(payment)) else { return }
        _ = try payment.start(F.card("4925000000000004"), menu: F.menu(payment))
        #expect(payment.order.failedAttempts.map(\.number) == [first])
        #expect(payment.order.failedAttempts.map(\.status.rawValue) == ["Aborted"])
        #expect(payment.order.status == .paid)
    }

    @Test func abortEndsThePendingAttemptAndTheOrder() throws {
        var payment = F.payment(try F.record())
        // An invoice waiting on its page; an attempt in the payer's app stops the abort
        // (PayerInAppAbortTests).
        _ = try payment.start(F.instrument("Invoice-PayExFinancingSe"), menu: F.menu(payment))
        #expect(try payment.abort() == .aborted)
        #expect(payment.order.status == .aborted)
        #expect(payment.order.abortReason == HostedViewPayment.abortReason)
        #expect(payment.order.failedAttempts.map(\.status.rawValue) == ["Aborted"])
        #expect(payment.statusChanged)
        #expect(throws: SandboxProblem.self) { _ = try payment.abort() }
        #expect(throws: SandboxProblem.self) {
            _ = try payment.start(F.card("4925000000000004"), menu: F.menu(payment))
        }
    }

    @Test func theMenuOffersTheOrdersInstrumentsAndHidesAppOnlyOnes() throws {
        let all = F.menu(F.payment(try F.record()))
        #expect(all.instruments.map(\.name) == SandboxMarket.sweden.instruments.map(\.rawValue))
        #expect(all.instruments.first { $0.name == "ApplePay" }?.presentation == .appOnly)
        var payment = F.payment(try F.record())
        #expect(throws: SandboxProblem.self) { _ = try payment.start(F.instrument("ApplePay"), menu: F.menu(payment)) }
        let restricted = F.menu(
            F.payment(try F.record(F.order { $0["restrictedToInstruments"] = .array([.string("Swish")]) })))
        #expect(restricted.instruments.map(\.name) == ["Swish"])
        #expect(!restricted.isInstrumentMode)
        let mode = F.menu(F.payment(try F.record(F.order { $0["instrument"] = .string("CreditCard") })))
        #expect(mode.instruments.map(\.name) == ["CreditCard"])
        #expect(mode.isInstrumentMode)
        #expect(all.hostOrigins == ["https://shop.example"])
        #expect(all.termsOfServiceUrl == "https://shop.example/terms")
    }

    @Test func reopeningReportsTheLastFailureOnceAndPaidOrdersAsPaid() throws {
        var payment = F.payment(try F.record())
        #expect(payment.opened() == .idle)
        #expect(payment.order.integration == .hostedView)
        _ = try payment.start(F.card("4111112000004565"), menu: F.menu(payment))
        guard case .failed = payment.opened() else { Issue.record("failure not reported"); return }
        #expect(payment.opened() == .idle)
        _ = try payment.start(F.card("4925000000000004"), menu: F.menu(payment))
        #expect(payment.opened() == .paid(attempt: payment.order.paid?.number))
    }

    @Test func aPayerIdentifiesWhenTheOrderAsksForConsumerInfo() throws {
        let order = F.order {
            var payer = $0["payer"]!.objectValue!
            payer["requireConsumerInfo"] = .bool(true)
            $0["payer"] = .object(payer)
        }
        var payment = F.payment(try F.record(order))
        #expect(F.menu(payment).needsPayerIdentification)
        #expect(throws: SandboxProblem.self) { try payment.identifyPayer(email: "nope", msisdn: nil) }
        try payment.identifyPayer(email: "ada@example.com", msisdn: "+46 739 000 001")
        #expect(!F.menu(payment).needsPayerIdentification)
        let v2 = F.order(v3: false) {
            var payer = $0["payer"]!.objectValue!
            payer["requireConsumerInfo"] = .bool(true)
            $0["payer"] = .object(payer)
        }
        #expect(!F.menu(F.payment(try F.record(v2))).needsPayerIdentification)
    }
}
