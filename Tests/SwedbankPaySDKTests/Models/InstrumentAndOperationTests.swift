import Foundation
import Testing

@testable import SwedbankPaySDK

/// Reaches the deprecated alias through a protocol witness, which does not trigger the
/// deprecation warning that a direct use would (warnings fail the build).
private protocol LegacyInstrumentNames {
    static var invoice: Self { get }
}

extension SwedbankPaySDK.Instrument: LegacyInstrumentNames {}

extension ModelsTests {
    @Suite struct InstrumentAndOperationTests {
        @Test func instrumentRawValues() {
            let expected: [(SwedbankPaySDK.Instrument, String)] = [
                (.creditCard, "CreditCard"), (.swish, "Swish"), (.vipps, "Vipps"),
                (.invoiceSE, "Invoice-PayExFinancingSe"), (.invoiceNO, "Invoice-PayExFinancingNo"),
                (.monthlyInvoiceSE, "Invoice-PayExMonthlyInvoiceSe"), (.carPay, "CarPay"),
                (.creditAccount, "CreditAccount"), (.applePay, "ApplePay"), (.googlePay, "GooglePay"),
                (.trustly, "Trustly"), (.mobilePay, "MobilePay"), (.clickToPay, "ClickToPay"),
            ]
            for (instrument, raw) in expected {
                #expect(instrument.rawValue == raw)
            }
            func legacyInvoice<T: LegacyInstrumentNames>(_: T.Type) -> T { T.invoice }
            #expect(legacyInvoice(SwedbankPaySDK.Instrument.self) == .invoiceSE)
        }

        @Test func instrumentCodesAsPlainStringAndKeepsUnknownValues() throws {
            #expect(try ModelJSON.encode(SwedbankPaySDK.Instrument.swish) == .string("Swish"))
            let unknown: SwedbankPaySDK.Instrument = "FuturePay"
            #expect(unknown == SwedbankPaySDK.Instrument(rawValue: "FuturePay"))
            #expect(try ModelJSON.encode(unknown) == .string("FuturePay"))
            #expect(try ModelJSON.roundTrip([unknown, .creditCard]) == [unknown, .creditCard])
            #expect(try ModelJSON.decode(SwedbankPaySDK.Instrument.self, #""Vipps""#) == .vipps)
        }

        @Test func operationDecodingAndURL() throws {
            let operations = try ModelJSON.decode(
                [SwedbankPaySDK.Operation].self,
                """
                [{"rel": "update-order", "method": "PATCH", "href": "https://api.example/po/1", "extra": 0},
                 {"rel": "view-checkout", "method": "GET", "href": "https://js.example/menu.js",
                  "contentType": "application/javascript"},
                 {"rel": "view-checkout", "href": "https://js.example/second.js"}]
                """)
            #expect(operations.count == 3)
            let view = try #require(operations.findOperation(rel: .viewPaymentLink))
            #expect(view.href == "https://js.example/menu.js")
            #expect(view.contentType == "application/javascript")
            #expect(view.url == URL(string: "https://js.example/menu.js"))
            #expect(operations.findOperation(rel: .updateOrder)?.method == "PATCH")
            #expect(operations.findOperation(rel: .abort) == nil)
            #expect(SwedbankPaySDK.Operation(rel: "x").url == nil)
            let partial = SwedbankPaySDK.Operation(rel: "abort", href: "https://a.example/")
            let partialJSON = #"{"rel": "abort", "href": "https://a.example/"}"#
            #expect(try ModelJSON.encode(partial) == ModelJSON.parse(partialJSON))
            #expect(try ModelJSON.roundTrip(operations) == operations)
        }

        @Test func operationRelationRawValues() {
            let expected: [(SwedbankPaySDK.OperationRelation, String)] = [
                (.viewConsumerIdentification, "view-consumer-identification"), (.viewPaymentOrder, "view-paymentorder"),
                (.viewPaymentLink, "view-checkout"), (.setInstrumentLink, "set-instrument"), (.abort, "abort"),
                (.updateOrder, "update-order"), (.viewPaymentSession, "view-paymentsession"),
            ]
            for (relation, raw) in expected {
                #expect(relation.rawValue == raw)
            }
            let custom: SwedbankPaySDK.OperationRelation = "redirect-checkout"
            #expect(custom.rawValue == "redirect-checkout")
        }

        @Test func expandResourceCodesAsPlainString() throws {
            let all: [SwedbankPaySDK.ExpandResource] = [
                .orderItems, .urls, .payeeInfo, .payer, .history, .failed, .aborted, .paid, .cancelled,
                .financialTransactions, .failedAttempts, .metadata,
            ]
            #expect(
                all.map(\.rawValue) == [
                    "orderItems", "urls", "payeeInfo", "payer", "history", "failed", "aborted", "paid", "cancelled",
                    "financialTransactions", "failedAttempts", "metadata",
                ])
            #expect(try ModelJSON.encode(all) == .array(all.map { .string($0.rawValue) }))
            #expect(try ModelJSON.roundTrip(all) == all)
        }

        @Test func versionOptionsCodeAsInteger() throws {
            #expect(SwedbankPaySDK.VersionOptions.isV3.rawValue == 1)
            #expect(SwedbankPaySDK.VersionOptions.useCheckin.rawValue == 2)
            let both: SwedbankPaySDK.VersionOptions = [.isV3, .useCheckin]
            #expect(try ModelJSON.encode(both) == .integer(3))
            #expect(try ModelJSON.encode(SwedbankPaySDK.VersionOptions()) == .integer(0))
            #expect(try ModelJSON.decode(SwedbankPaySDK.VersionOptions.self, "2") == .useCheckin)
            #expect(try ModelJSON.roundTrip(both) == both)
        }

        @Test func terminalFailureRoundTripAndIsError() throws {
            let failure = SwedbankPaySDK.TerminalFailure(origin: "menu", messageId: "m1", details: "broken")
            #expect(
                try ModelJSON.encode(failure)
                    == ModelJSON.parse(
                        #"{"origin": "menu", "messageId": "m1", "details": "broken"}"#
                    ))
            #expect(try ModelJSON.roundTrip(failure) == failure)
            #expect(try ModelJSON.decode(SwedbankPaySDK.TerminalFailure.self, "{}") == SwedbankPaySDK.TerminalFailure())
            let error: any Error = failure
            #expect(error as? SwedbankPaySDK.TerminalFailure == failure)
        }
    }
}
