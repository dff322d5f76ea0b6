import Foundation
import SwedbankPaySDK
import Testing

@testable import PaymentSandbox

/// The Redirect integration's decisions without HTTP: which page a redirect link opens on, and
/// where the bank sends the payer back to from the Redirect page and from the Seamless View.
@Suite struct RedirectEntryTests {
    typealias F = HostedViewFixtures

    /// An order without a paymentUrl, completing at `https://shop.example/done`.
    static let withoutPaymentUrl = F.order { order in
        var urls = order["urls"]?.objectValue ?? [:]
        urls["paymentUrl"] = nil
        urls["completeUrl"] = .string("https://shop.example/done")
        order["urls"] = .object(urls)
    }

    @Test func anOpenOrderShowsTheMenuOnlyAtItsOwnVersionsPath() throws {
        let v3 = try F.record()
        #expect(RedirectEntry.decide(v3, v3: true) == .menu)
        #expect(RedirectEntry.decide(v3, v3: false) == nil)
        let v2 = try F.record(F.order(v3: false))
        #expect(RedirectEntry.decide(v2, v3: false) == .menu)
        #expect(RedirectEntry.decide(v2, v3: true) == nil)
    }

    @Test func aUsedLinkSaysSoAndLeadsBackToTheShop() throws {
        var paid = F.payment(try F.record())
        _ = try paid.start(F.card("4925000000000004"), menu: F.menu(paid))
        #expect(
            RedirectEntry.decide(paid.order, v3: true)
                == .used(
                    heading: "Betalningen är genomförd",
                    text: "Betalningen på 15,00\u{00A0}kr är genomförd, så länken kan inte användas igen.",
                    link: .init(href: paid.order.order.urls.completeUrl.absoluteString, label: "Tillbaka till butiken"))
        )
        var aborted = F.payment(try F.record())
        _ = try aborted.abort()
        #expect(
            RedirectEntry.decide(aborted.order, v3: true)
                == .used(
                    heading: "Betalningen avbröts",
                    text: "Betalningen på 15,00\u{00A0}kr avbröts, så länken kan inte användas igen.",
                    link: aborted.order.order.urls.cancelUrl.map {
                        .init(href: $0.absoluteString, label: "Tillbaka till butiken")
                    }))
    }

    @Test func theRedirectPageRecordsItsIntegrationAndTheBankReturnsToIt() throws {
        let page = "http://127.0.0.1:8081/checkout/abc"
        var payment = F.payment(try F.record(Self.withoutPaymentUrl))
        #expect(payment.openedRedirect(page: page) == .idle)
        #expect(payment.order.integration == .redirect)
        // Without a paymentUrl, the Redirect page still offers the bank: it returns to itself.
        #expect(F.menu(payment).instruments.first { $0.name == "Trustly" }?.unavailableReason == nil)
        guard case .bank = try payment.start(F.instrument("Trustly"), menu: F.menu(payment)) else {
            Issue.record("no bank"); return
        }
        var cancelled = payment
        _ = try cancelled.answerBank(approved: false)
        #expect(cancelled.bankReturn == page)
        _ = try payment.answerBank(approved: true)
        #expect(payment.bankReturn == "https://shop.example/done")
    }

    @Test func theSeamlessViewsBankReturnsThroughPaymentUrl() throws {
        var payment = F.payment(try F.record())
        _ = payment.opened()
        #expect(payment.order.integration == .hostedView)
        _ = try payment.start(F.instrument("Trustly"), menu: F.menu(payment))
        _ = try payment.answerBank(approved: false)
        #expect(payment.bankReturn == "https://shop.example/pay?order=1")
        // Without a paymentUrl the Seamless View cannot offer the bank at all.
        var bare = F.payment(try F.record(Self.withoutPaymentUrl))
        _ = bare.opened()
        #expect(F.menu(bare).instruments.first { $0.name == "Trustly" }?.unavailableReason != nil)
        #expect(throws: SandboxProblem.self) { try bare.start(F.instrument("Trustly"), menu: F.menu(bare)) }
    }
}
