import Foundation
import Testing

@testable import MerchantBackend

/// The merchant's view of an order (`GET /paymentorders/{id}`), exactly: its times from the stored
/// milliseconds, without a floating-point step.
@Suite struct OrderViewTests {
    @Test func theViewIsTheStoredOrderWithUTCTimes() {
        let order = StoredOrder(
            id: "o-1", payeeReference: "P1", userID: "alice", idempotencyKey: nil, requestHash: "h",
            operation: "Purchase", currency: "SEK", amount: 1_500, vatAmount: 375, payerReference: "payer-1",
            creation: .created, status: "Paid", pspID: "/psp/paymentorders/g-1", responseStatus: 201,
            responseBody: "{}",
            // 1764227521.123 is not exact as a Double; the view still says .123.
            createdAt: 1_764_227_521_123, updatedAt: 1_764_227_522_009)
        #expect(
            String(decoding: PaymentOrderRoutes.document(order, checkedNow: true).serialized(), as: UTF8.self)
                == #"{"amount":1500,"created":"2025-11-27T07:12:01.123Z","creation":"created","currency":"SEK","id":"o-1","operation":"Purchase","payeeReference":"P1","payerReference":"payer-1","paymentOrder":"/psp/paymentorders/g-1","status":"Paid","statusCheckedWithSwedbankPay":true,"updated":"2025-11-27T07:12:02.009Z","vatAmount":375}"#
        )
    }

    @Test func anOrderNotYetCreatedHasNullStatusAndPaymentOrder() {
        let order = StoredOrder(
            id: "o-2", payeeReference: "P2", userID: "alice", idempotencyKey: "k", requestHash: "h",
            operation: "Purchase", currency: "NOK", amount: 100, vatAmount: 0, payerReference: nil,
            creation: .pending, status: nil, pspID: nil, responseStatus: nil, responseBody: nil, createdAt: 0,
            updatedAt: 999)
        #expect(
            String(decoding: PaymentOrderRoutes.document(order, checkedNow: false).serialized(), as: UTF8.self)
                == #"{"amount":100,"created":"1970-01-01T00:00:00.000Z","creation":"pending","currency":"NOK","id":"o-2","operation":"Purchase","payeeReference":"P2","paymentOrder":null,"status":null,"statusCheckedWithSwedbankPay":false,"updated":"1970-01-01T00:00:00.999Z","vatAmount":0}"#
        )
    }
}
