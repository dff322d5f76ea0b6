import Foundation
import Hummingbird
import SwedbankPaySDK
import Testing

@testable import PaymentSandbox

/// The exact JSON of every model the session API answers, over HTTP with the SDK's bodies.
@Suite struct PaymentSessionModelTests {
    typealias Model = PaymentSessionModelJSON
    static let base = PaymentSessionFixtures.base

    @Test func theFirstFetchOffersPrepare() async throws {
        let harness = SandboxHarness()
        try await harness.run { client in
            let record = PaymentSessionFixtures.order(ids: harness.sandbox.services.ids)
            let path = await PaymentSessionFixtures.insert(record, into: harness.sandbox)
            var driver = PaymentSessionDriver(client)
            let reply = try await driver.fetch(path)
            #expect(reply.status == 200)
            #expect(reply.contentType == "application/json; charset=utf-8")
            let session = "\(Self.base)/psp/paymentsessions/\(record.sessionToken)"
            #expect(
                try reply.json
                    == json(
                        Model.model(
                            methods: "",
                            operations: Model.operation("prepare-payment", "\(session)/prepare", next: true) + ", "
                                + Model.operation("event-logging", "\(session)/events"))))
            let order = try #require(await harness.sandbox.services.store.order(id: record.id))
            #expect(order.integration == .app)
            #expect(order.history.map(\.name.rawValue) == ["PaymentLoaded"])
        }
    }

    @Test func prepareListsTheMethodsWithoutAnythingToDoNext() async throws {
        let harness = SandboxHarness()
        try await harness.run { client in
            let (driver, record, session) = try await Model.prepared(client, harness)
            let methods = Model.methods(
                swish: Model.operation("start-payment-attempt", "\(session)/methods/Swish/attempts") + ", "
                    + Model.operation("fail-payment-attempt", "\(session)/methods/Swish/failures"),
                card: Model.operation("expand-method", "\(session)/methods/CreditCard/expand"),
                applePay: Model.operation("start-payment-attempt", "\(session)/methods/ApplePay/attempts") + ", "
                    + Model.operation("fail-payment-attempt", "\(session)/methods/ApplePay/failures"))
            #expect(
                try SwedbankPaySDK.JSONValue.object(driver.model)
                    == json(
                        Model.model(methods: methods, operations: Model.topLevel(session, viewToken: record.viewToken)))
            )
        }
    }

    @Test func expandingCardsOffersTheAttempt() async throws {
        let harness = SandboxHarness()
        try await harness.run { client in
            var (driver, record, session) = try await Model.prepared(client, harness)
            let reply = try await driver.call("expand-method", on: "CreditCard", body: SDKBodies.expand("CreditCard"))
            let methods = Model.methods(
                swish: Model.operation("start-payment-attempt", "\(session)/methods/Swish/attempts") + ", "
                    + Model.operation("fail-payment-attempt", "\(session)/methods/Swish/failures"),
                card: Model.operation("start-payment-attempt", "\(session)/methods/CreditCard/attempts") + ", "
                    + Model.operation("fail-payment-attempt", "\(session)/methods/CreditCard/failures"),
                applePay: Model.operation("start-payment-attempt", "\(session)/methods/ApplePay/attempts") + ", "
                    + Model.operation("fail-payment-attempt", "\(session)/methods/ApplePay/failures"))
            #expect(
                try reply.json
                    == json(
                        Model.model(methods: methods, operations: Model.topLevel(session, viewToken: record.viewToken)))
            )
        }
    }

    @Test func aLocalSwishStartCarriesTheLaunchTask() async throws {
        let harness = SandboxHarness()
        try await harness.run { client in
            var (driver, _, session) = try await Model.prepared(client, harness)
            let reply = try await driver.call("start-payment-attempt", on: "Swish", body: SDKBodies.swish(msisdn: nil))
            let poll = try driver.operation("get-payment", on: "Swish")
            let launch = try PaymentSessionDriver.task(of: poll)
            let href = try #require(launch["href"]?.stringValue)
            let token = String(href.dropFirst("swish://paymentrequest?token=".count))
            #expect(href == "swish://paymentrequest?token=\(token)" && token.count == 32)
            let swish = """
                {"rel": "get-payment", "method": "GET", "href": "\(session)", "next": true,
                 "tasks": [{"rel": "launch-client-app", "method": "GET", "href": "swish://paymentrequest?token=\(token)"}]},
                \(Model.operation("fail-payment-attempt", "\(session)/methods/Swish/failures"))
                """
            #expect(
                try reply.json
                    == json(
                        Model.model(
                            methods: Model.methods(swish: swish, card: "", applePay: ""),
                            operations: Model.operation("event-logging", "\(session)/events"))))
        }
    }

    @Test func anOtherDeviceSwishStartOnlyPolls() async throws {
        let harness = SandboxHarness()
        try await harness.run { client in
            var (driver, _, session) = try await Model.prepared(client, harness)
            let reply = try await driver.call(
                "start-payment-attempt", on: "Swish", body: SDKBodies.swish(msisdn: "+46739000001"))
            #expect(
                try reply.json
                    == json(
                        Model.model(
                            methods: Model.methods(
                                swish: Model.operation("get-payment", session, method: "GET", next: true), card: "",
                                applePay: ""),
                            operations: Model.operation("event-logging", "\(session)/events"))))
        }
    }

    @Test func aThreeDSecureCardAsksForAuthenticationThenTheChallenge() async throws {
        let harness = SandboxHarness()
        try await harness.run { client in
            var (driver, _, session) = try await Model.prepared(client, harness)
            try await driver.call("expand-method", on: "CreditCard", body: SDKBodies.expand("CreditCard"))
            let started = try await driver.call(
                "start-payment-attempt", on: "CreditCard", body: SDKBodies.card(PaymentSessionFixtures.masterCardToken))
            let create = try driver.operation("create-authentication", on: "CreditCard")
            let methodData = try PaymentSessionDriver.expectation(
                "threeDSMethodData", in: try PaymentSessionDriver.task(of: create))
            let message = try #require(ThreeDSecureMessage(encoded: methodData))
            #expect(message.threeDSMethodNotificationURL == "\(session)/sca/notification")
            let card = """
                {"rel": "create-authentication", "method": "POST", "href": "\(session)/sca/create-authentication", "next": true,
                 "expects": [{"name": "NotificationUrl", "type": "string", "value": "\(session)/sca/notification"},
                             {"name": "methodCompletionIndicator", "type": "string", "value": "N"}],
                 "tasks": [{"rel": "sca-method-request", "method": "POST", "href": "\(Self.base)/sandbox/acs/method",
                            "contentType": "application/x-www-form-urlencoded",
                            "expects": [{"name": "threeDSMethodData", "type": "string", "value": "\(methodData)"}]}]}
                """
            let operations =
                Model.operation("abort-payment", "\(session)/abort") + ", "
                + Model.operation("event-logging", "\(session)/events")
            #expect(
                try started.json
                    == json(
                        Model.model(methods: Model.methods(swish: "", card: card, applePay: ""), operations: operations)
                    ))

            let challenged = try await driver.call(
                "create-authentication", on: "CreditCard",
                body: SDKBodies.createAuthentication(indicator: "Y", notificationUrl: "\(session)/sca/notification"))
            let complete = try driver.operation("complete-authentication", on: "CreditCard")
            let creq = try PaymentSessionDriver.expectation("creq", in: try PaymentSessionDriver.task(of: complete))
            let request = try #require(ThreeDSecureMessage(encoded: creq))
            #expect(request.messageType == "CReq")
            #expect(request.threeDSServerTransID == message.threeDSServerTransID)
            let challenge = """
                {"rel": "complete-authentication", "method": "POST", "href": "\(session)/sca/complete-authentication", "next": true,
                 "tasks": [{"rel": "sca-redirect", "method": "POST", "href": "\(Self.base)/sandbox/acs/challenge",
                            "contentType": "application/x-www-form-urlencoded",
                            "expects": [{"name": "creq", "type": "string", "value": "\(creq)"}]}]}
                """
            #expect(
                try challenged.json
                    == json(
                        Model.model(
                            methods: Model.methods(swish: "", card: challenge, applePay: ""), operations: operations)))
        }
    }

    @Test func anApplePayStartHandsTheWalletTheRequest() async throws {
        let harness = SandboxHarness()
        try await harness.run { client in
            var (driver, _, session) = try await Model.prepared(client, harness)
            let reply = try await driver.call("start-payment-attempt", on: "ApplePay", body: SDKBodies.applePay)
            let applePay = """
                {"rel": "attempt-payload", "method": "POST", "href": "\(session)/methods/ApplePay/payload", "next": true,
                 "tasks": [{"rel": "wallet-sdk", "expects": [
                   {"name": "TotalAmountLabel", "type": "string", "value": "Merchant AB"},
                   {"name": "TotalAmount", "type": "string", "value": "15.00"},
                   {"name": "CurrencyCode", "type": "string", "value": "SEK"},
                   {"name": "Locale", "type": "string", "value": "sv-SE"},
                   {"name": "MerchantCapabilities", "type": "string[]", "value": ["supports3DS"]},
                   {"name": "SupportedNetworks", "type": "string[]", "value": ["visa", "masterCard", "amex"]},
                   {"name": "SupportedCountries", "type": "string[]", "value": ["SE", "NO", "DK", "FI"]},
                   {"name": "RequiredShippingContactFields", "type": "string[]", "value": []}]}]},
                \(Model.operation("fail-payment-attempt", "\(session)/methods/ApplePay/failures"))
                """
            #expect(
                try reply.json
                    == json(
                        Model.model(
                            methods: Model.methods(swish: "", card: "", applePay: applePay),
                            operations: Model.operation("abort-payment", "\(session)/abort") + ", "
                                + Model.operation("event-logging", "\(session)/events"))))
        }
    }

    @Test func aFailedAttemptShowsTheProblemWithItsAcknowledgement() async throws {
        let harness = SandboxHarness()
        try await harness.run { client in
            var (driver, record, session) = try await Model.prepared(client, harness)
            try await driver.call("start-payment-attempt", on: "ApplePay", body: SDKBodies.applePay)
            let reply = try await driver.call(
                "fail-payment-attempt", on: "ApplePay", body: SDKBodies.fail("UserCancelled"))
            let problem = """
                {"type": "https://api.payex.com/psp/errordetail/paymentorders/usercancelled", "title": "Payment attempt cancelled",
                 "status": 400, "detail": "The payer cancelled the payment attempt.", "originalDetail": "UserCancelled",
                 "operation": {"rel": "acknowledge-failed-attempt", "method": "POST", "href": "\(session)/problems/1/acknowledge"}}
                """
            let methods = Model.methods(
                swish: Model.operation("start-payment-attempt", "\(session)/methods/Swish/attempts") + ", "
                    + Model.operation("fail-payment-attempt", "\(session)/methods/Swish/failures"),
                card: Model.operation("expand-method", "\(session)/methods/CreditCard/expand"),
                applePay: Model.operation("start-payment-attempt", "\(session)/methods/ApplePay/attempts") + ", "
                    + Model.operation("fail-payment-attempt", "\(session)/methods/ApplePay/failures"))
            #expect(
                try reply.json
                    == json(
                        Model.model(
                            methods: methods, operations: Model.topLevel(session, viewToken: record.viewToken),
                            problem: problem)))
            let ack = try await driver.post("\(session)/problems/1/acknowledge")
            #expect(ack.status == 204)
            #expect(ack.body.isEmpty)
            let again = try await driver.post("\(session)/problems/1/acknowledge")
            #expect(again.status == 409)
            #expect(
                try again.json
                    == json(
                        """
                        {"type": "https://api.payex.com/psp/errordetail/paymentsessions/operationnotallowed",
                         "title": "Operation not allowed", "status": 409,
                         "detail": "Problem 1 is not waiting for an acknowledgement."}
                        """))
            #expect(again.contentType == "application/problem+json")
            let refetched = try await driver.fetch("/psp/paymentsessions/\(record.sessionToken)")
            #expect(
                try refetched.json
                    == json(
                        Model.model(methods: methods, operations: Model.topLevel(session, viewToken: record.viewToken)))
            )
        }
    }

    @Test func aPaidSessionRedirectsToCompleteAndAnAbortedOneToCancel() async throws {
        let harness = SandboxHarness()
        try await harness.run { client in
            var (driver, _, session) = try await Model.prepared(client, harness)
            try await driver.call("expand-method", on: "CreditCard", body: SDKBodies.expand("CreditCard"))
            let paid = try await driver.call(
                "start-payment-attempt", on: "CreditCard", body: SDKBodies.card(PaymentSessionFixtures.visaToken))
            let complete =
                Model.operation("redirect-payer", "https://merchant.example/complete", method: "GET", next: true) + ", "
                + Model.operation("event-logging", "\(session)/events")
            #expect(try paid.json == json(Model.model(methods: "", operations: complete)))
            let polled = try await driver.fetch(String(session.dropFirst(Self.base.count)))
            #expect(try polled.json == json(Model.model(methods: "", operations: complete)))

            var (other, _, otherSession) = try await Model.prepared(client, harness)
            let aborted = try await other.call("abort-payment")
            let cancel =
                Model.operation("redirect-payer", "https://merchant.example/cancel", method: "GET", next: true) + ", "
                + Model.operation("event-logging", "\(otherSession)/events")
            #expect(try aborted.json == json(Model.model(methods: "", operations: cancel)))
            let refused = try await other.post("\(otherSession)/abort")
            #expect(refused.status == 409)
        }
    }

    @Test(.tags(.refusal)) func anUnknownSessionIsNotFound() async throws {
        try await SandboxHarness().run { client in
            for (method, path, body) in [
                (HTTPRequest.Method.get, "/psp/paymentsessions/nope", nil),
                (.post, "/psp/paymentsessions/nope/prepare", "[not json"),
                (.post, "/psp/paymentsessions/nope/abort", nil),
                (.post, "/psp/paymentsessions/nope/events", SDKBodies.beacon),
            ] as [(HTTPRequest.Method, String, String?)] {
                let reply = try await client.send(method, path, json: body, token: nil)
                #expect(reply.status == 404)
                #expect(
                    try reply.json
                        == json(
                            """
                            {"type": "https://api.payex.com/psp/errordetail/notfound", "title": "Not Found", "status": 404,
                             "detail": "There is no payment session nope."}
                            """))
            }
        }
    }

    @Test func aBadBodyNamesTheField() async throws {
        let harness = SandboxHarness()
        try await harness.run { client in
            var (driver, _, _) = try await Model.prepared(client, harness)
            let reply = try await driver.call(
                "start-payment-attempt", on: "Swish", body: SDKBodies.swish(msisdn: "0739000001"))
            #expect(reply.status == 400)
            #expect(
                try reply.json
                    == json(
                        """
                        {"type": "https://api.payex.com/psp/errordetail/inputerror", "title": "Error in input data", "status": 400,
                         "detail": "The request body is invalid.",
                         "problems": [{"name": "msisdn", "description": "The field must be null (Swish on this device) or a number such as +46739000001: a plus sign and the country code, no spaces."}]}
                        """))
            let empty = try await driver.call("customize-payment", body: nil)
            #expect(empty.status == 400)
        }
    }

    @Test func customizeToInstrumentModeShowsOnlyThatMethod() async throws {
        let harness = SandboxHarness()
        try await harness.run { client in
            var (driver, record, session) = try await Model.prepared(client, harness)
            let reply = try await driver.call(
                "customize-payment", body: SDKBodies.customize(paymentMethod: "Invoice-PayExFinancingSe"))
            #expect(
                try reply.json
                    == json(
                        Model.model(
                            methods: #"{"paymentMethod": "Invoice-PayExFinancingSe"}"#,
                            operations: Model.topLevel(session, viewToken: record.viewToken),
                            instrumentMode: #""Invoice-PayExFinancingSe""#)))
        }
    }
}
