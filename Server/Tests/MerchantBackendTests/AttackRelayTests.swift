import AsyncHTTPClient
import Foundation
import SwedbankPaySDK
import Testing

@testable import MerchantBackend

/// Attacks through the relay routes (`PATCH /patch`, `POST /expand`): changing the price of one's
/// own order, and reaching another order (or another resource) with the merchant token by path
/// tricks. Each is refused with its exact problem, and neither Swedbank Pay nor the backend's
/// record of any order changes.
@Suite struct AttackRelayTests {
    typealias URI = SwedbankPaySDK.ProblemTypeURI

    /// `{"href": …, "paymentorder": …}` as text.
    static func patch(_ href: String, _ paymentorder: String) -> String {
        let quoted = String(decoding: try! JSONEncoder().encode(href), as: UTF8.self)
        return #"{"href":\#(quoted),"paymentorder":\#(paymentorder)}"#
    }

    @Test(arguments: [
        (#"{"operation":"UpdateOrder","amount":100,"vatAmount":0}"#, ["paymentorder.operation"]),
        (#"{"operation":"SetInstrument","instrument":"CreditCard","amount":100}"#, ["paymentorder.amount"]),
        (
            #"{"operation":"Abort","abortReason":"CancelledByConsumer","amount":100,"vatAmount":0}"#,
            ["paymentorder.amount", "paymentorder.vatAmount"]
        ),
        (
            #"{"operation":"SetInstrument","instrument":"CreditCard","urls":{"callbackUrl":"https://evil.example"}}"#,
            ["paymentorder.urls"]
        ),
        (#"{"operation":"Capture","transaction":{"amount":1}}"#, ["paymentorder.operation"]),
    ])
    func theRelayNeverChangesThePrice(paymentorder: String, named: [String]) async throws {
        try await BackendHarness.run { harness in
            let created = try await harness.createOrder()
            let pspID = try #require(created.paymentOrderID)
            var refused: Answer?
            let sent = try await harness.sandboxRequests {
                refused = try await harness.send(
                    .PATCH, "/patch", json: Self.patch(harness.sandboxURL + pspID, paymentorder))
            }
            #expect(refused?.status == 400)
            #expect(refused?.problemType == URI.mobileSDKBadRequest)
            #expect(refused?.problemNames == named)
            #expect(sent == [])
            let atSwedbankPay = try await harness.sandboxOrder(pspID)
            #expect(atSwedbankPay?.amount == 1500)
            #expect(atSwedbankPay?.status == "Initialized")
            let stored = try await harness.backend.services.store.find(pspID: pspID)
            #expect(stored?.amount == 1500)
        }
    }

    @Test func theRelayPassesAbortAsTheBackendBuildsIt() async throws {
        try await BackendHarness.run { harness in
            let created = try await harness.createOrder()
            let pspID = try #require(created.paymentOrderID)
            var answer: Answer?
            let sent = try await harness.sandboxRequests {
                answer = try await harness.send(
                    .PATCH, "/patch",
                    json: Self.patch(
                        harness.sandboxURL + pspID, #"{"operation":"Abort","abortReason":"CancelledByConsumer"}"#))
            }
            #expect(answer?.status == 200)
            // The one PATCH; a read of the order may follow, the sandbox's callback being verified.
            #expect(sent.filter { $0 != "GET \(pspID)" } == ["PATCH \(pspID)"])
            #expect(try await harness.sandboxOrder(pspID)?.status == "Aborted")
            #expect(try await harness.backend.services.store.find(pspID: pspID)?.status == "Aborted")
        }
    }

    /// Every spelling of an href that is not exactly an own order's URL, where `own` and `other`
    /// are order ids (`/psp/paymentorders/<guid>`) and `origin` the sandbox's.
    static func trickHrefs(origin: String, own: String, other: String) -> [String] {
        let otherGUID = other.split(separator: "/").last.map(String.init) ?? ""
        let port = origin.split(separator: ":").last.map(String.init) ?? ""
        return [
            origin + own + "/../" + otherGUID,
            origin + own + "/%2e%2e/" + otherGUID,
            origin + own + "/%2E%2E/" + otherGUID,
            origin + own + "/..%2f" + otherGUID,
            origin + own + "/./",
            origin + own + "/",
            origin + own + "/paid",
            origin + own + "?$expand=payer",
            origin + own + "#fragment",
            origin + "/" + own,
            origin + own.replacingOccurrences(of: "paymentorders", with: "paymentOrders"),
            origin + own.replacingOccurrences(of: "/psp/", with: "/psp/%70aymentorders/../"),
            origin + "/psp/paymentorders/payerownedpaymenttokens/x",
            "http://localhost:\(port)" + own,
            "http://127.0.0.1:\(port)@127.0.0.1:\(port)" + own,
            origin.uppercased() + own,
            origin + own + "%00",
            own,
        ]
    }

    /// One order of the attacker's and one of the victim's, as Swedbank Pay ids.
    static func ordersOfAttackerAndVictim(_ harness: BackendHarness) async throws -> (own: String, other: String) {
        let victims = try await harness.createOrder(user: BackendHarness.victim)
        let mine = try await harness.createOrder(user: BackendHarness.attacker)
        return (try #require(mine.paymentOrderID), try #require(victims.paymentOrderID))
    }

    @Test func hrefsThatAreNotExactlyAnOwnOrdersURLAreRefused() async throws {
        try await BackendHarness.run { harness in
            let (own, other) = try await Self.ordersOfAttackerAndVictim(harness)
            let attacker = BackendHarness.headers(of: BackendHarness.attacker)
            let abort = #"{"operation":"Abort","abortReason":"CancelledByConsumer"}"#
            let hrefs = Self.trickHrefs(origin: harness.sandboxURL, own: own, other: other)
            var answers: [(String, Answer)] = []
            let sent = try await harness.sandboxRequests {
                for href in hrefs {
                    answers.append(
                        (
                            href,
                            try await harness.send(.PATCH, "/patch", json: Self.patch(href, abort), headers: attacker)
                        ))
                }
            }
            for (href, answer) in answers {
                #expect(answer.status == 403, "\(href)")
                #expect(answer.problemType == URI.forbidden, "\(href)")
            }
            #expect(sent == [])
            // The other user's order, by its exact URL, is not the attacker's: 404, nothing sent.
            var foreign: Answer?
            let sentForForeign = try await harness.sandboxRequests {
                foreign = try await harness.send(
                    .PATCH, "/patch", json: Self.patch(harness.sandboxURL + other, abort), headers: attacker)
            }
            #expect(foreign?.status == 404)
            #expect(foreign?.problemType == URI.notFound)
            #expect(sentForForeign == [])
            #expect(try await harness.sandboxOrder(other)?.status == "Initialized")
            #expect(try await harness.sandboxOrder(own)?.status == "Initialized")
        }
    }

    @Test func expandTakesOnlyAnOwnOrdersExactPath() async throws {
        try await BackendHarness.run { harness in
            let (own, other) = try await Self.ordersOfAttackerAndVictim(harness)
            let attacker = BackendHarness.headers(of: BackendHarness.attacker)
            let otherGUID = other.split(separator: "/").last.map(String.init) ?? ""
            var answers: [Answer] = []
            let sent = try await harness.sandboxRequests {
                for resource in [
                    own + "/../" + otherGUID, own + "/%2e%2e/" + otherGUID, own + "?x=1", harness.sandboxURL + own,
                ] {
                    answers.append(
                        try await harness.send(
                            .POST, "/expand", json: #"{"resource":"\#(resource)","expand":["payer"]}"#,
                            headers: attacker))
                }
                answers.append(
                    try await harness.send(
                        .POST, "/expand", json: #"{"resource":"\#(other)","expand":[]}"#, headers: attacker))
            }
            #expect(answers.map(\.status) == [400, 400, 400, 400, 404])
            #expect(
                answers.map(\.problemType) == [
                    URI.mobileSDKBadRequest, URI.mobileSDKBadRequest, URI.mobileSDKBadRequest, URI.mobileSDKBadRequest,
                    URI.notFound,
                ])
            #expect(sent == [])
        }
    }

    @Test func theClientRefusesDotSegmentsWhereverAnHrefComesFrom() async throws {
        try await BackendHarness.run { harness in
            let client = harness.backend.services.swedbankPay
            #expect(client.isOnOrigin(harness.sandboxURL + "/psp/paymentorders/abc"))
            for href in ["/psp/paymentorders/abc/../x", "/psp/%2e%2e/x", "/psp/./paymentorders", "/psp/%2E/x"] {
                #expect(!client.isOnOrigin(harness.sandboxURL + href), "\(href)")
            }
        }
    }
}
