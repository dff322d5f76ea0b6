import Foundation
import SwedbankPaySDK
import Testing

@testable import PaymentSandbox

/// The instruments an order's market offers, and Vipps and MobilePay paid (and declined) through
/// their simulator pages' answers, without HTTP.
@Suite struct MarketInstrumentTests {
    typealias F = HostedViewFixtures

    static func record(currency: String, restrictedTo: [String]? = nil) throws -> PaymentOrderRecord {
        try F.record(
            F.order {
                $0["currency"] = .string(currency)
                if let restrictedTo { $0["restrictedToInstruments"] = .array(restrictedTo.map { .string($0) }) }
            })
    }

    @Test func eachCurrencyOffersItsMarketsInstruments() throws {
        let offered = try ["SEK", "NOK", "DKK", "EUR", "USD"].map { try Self.record(currency: $0).availableInstruments }
        #expect(
            offered.map { $0.map(\.rawValue) } == [
                ["CreditCard", "Swish", "ApplePay", "Invoice-PayExFinancingSe", "Trustly"],
                ["CreditCard", "Vipps", "ApplePay", "Invoice-PayExFinancingNo"],
                ["CreditCard", "MobilePay", "ApplePay"],
                ["CreditCard", "MobilePay", "ApplePay", "Invoice-PayExFinancingFi", "Trustly"],
                ["CreditCard", "ApplePay"],
            ])
    }

    @Test func aRestrictionNarrowsTheMarketAndInvoiceMeansTheMarketsInvoice() throws {
        #expect(
            try Self.record(currency: "NOK", restrictedTo: ["Invoice", "Vipps"]).availableInstruments == [
                .vipps, .invoiceNo,
            ])
        #expect(try Self.record(currency: "DKK", restrictedTo: ["Swish"]).availableInstruments == [])
    }

    @Test func vippsWaitsForItsAppAndPaysWithThePortalsDetails() throws {
        var payment = F.payment(try Self.record(currency: "NOK"))
        #expect(throws: SandboxProblem.self) {
            _ = try payment.start(F.instrument("Vipps", msisdn: "4790000000"), menu: F.menu(payment))
        }
        let started = try payment.start(F.instrument("Vipps", msisdn: "+47 900 00 000"), menu: F.menu(payment))
        guard case .walletApp(let number, .vipps) = started else { Issue.record("not waiting: \(started)"); return }
        #expect(payment.state.pending == .walletApp(number: number, instrument: .vipps, msisdn: "+4790000000"))
        #expect(payment.poll() == started)
        #expect(try payment.answerWalletApp(approved: true) == .paid(attempt: number))
        let paid = try #require(payment.order.paid)
        #expect(paid.instrument == .vipps)
        #expect(paid.transactionType.rawValue == "Authorization")
        #expect(
            Set(paid.details.keys) == [
                "cardBrand", "acquirerTransactionType", "transactionInitiator", "nonPaymentToken",
                "externalNonPaymentToken", "maskedDPan", "acquirerTerminalId", "acquirerTransactionTime", "bin",
            ])
        #expect(paid.details["acquirerTransactionType"] == "WALLET")
        #expect(payment.statusChanged)
        #expect(throws: SandboxProblem.self) { _ = try payment.answerWalletApp(approved: true) }
    }

    @Test func aDeclinedVippsPaymentFailsWithVippsDeclinedAndMayBeRetried() throws {
        var payment = F.payment(try Self.record(currency: "NOK"))
        guard
            case .walletApp(let number, _) = try payment.start(
                F.instrument("Vipps", msisdn: "+4790000000"), menu: F.menu(payment))
        else { Issue.record("not waiting"); return }
        let declined = try payment.answerWalletApp(approved: false)
        let problem = try #require(WalletApp.declined(.vipps))
        #expect(declined == .failed(attempt: number, problem))
        #expect(problem.type == "https://api.payex.com/psp/errordetail/vipps/vippsdeclined")
        #expect(problem.status == 403)
        #expect(payment.order.failedAttempts.map(\.status.rawValue) == ["Failed"])
        #expect(payment.order.failedAttempts.first?.instrument == .vipps)
        #expect(payment.order.status == .initialized)
    }

    @Test func mobilePayPaysAsTheMobilePayExampleAndADeclineAbandonsTheAttempt() throws {
        var payment = F.payment(try Self.record(currency: "DKK"))
        guard
            case .walletApp(let first, .mobilePay) = try payment.start(
                F.instrument("MobilePay", msisdn: "+4520000000"), menu: F.menu(payment))
        else { Issue.record("not waiting"); return }
        #expect(try payment.answerWalletApp(approved: false) == .attemptAborted(attempt: first))
        #expect(payment.order.failedAttempts.map(\.status.rawValue) == ["Aborted"])
        guard
            case .walletApp(let second, _) = try payment.start(
                F.instrument("MobilePay", msisdn: "+4520000000"), menu: F.menu(payment))
        else { Issue.record("not waiting"); return }
        #expect(try payment.answerWalletApp(approved: true) == .paid(attempt: second))
        let paid = try #require(payment.order.paid)
        #expect(paid.instrument == .mobilePay)
        #expect(paid.transactionType.rawValue == "Authorization")
        #expect(paid.details["acquirerTransactionType"] == "MOBILEPAY")
        #expect(paid.details["maskedPan"] == "489537******1424")
        #expect(paid.details["expiryDate"] == "12/2030")
    }

    @Test func theMarketsInvoiceIsPaidOnTheInvoicePage() throws {
        var payment = F.payment(try Self.record(currency: "NOK"))
        guard
            case .invoice(let number) = try payment.start(
                F.instrument("Invoice-PayExFinancingNo"), menu: F.menu(payment))
        else { Issue.record("no invoice"); return }
        #expect(try payment.answerInvoice(approved: true) == .paid(attempt: number))
        #expect(payment.order.paid?.instrument == .invoiceNo)
        #expect(throws: SandboxProblem.self) {
            var swedish = F.payment(try Self.record(currency: "NOK"))
            _ = try swedish.start(F.instrument("Invoice-PayExFinancingSe"), menu: F.menu(swedish))
        }
    }
}
