import Foundation
import SwedbankPaySDK
import Testing

@testable import PaymentSandbox

@Suite struct ConsumerTests {
    @Test func startsACheckinSessionWithTheDocumentedOperations() async throws {
        try await SandboxHarness().run { client in
            let reply = try await client.send(
                .post, "/psp/consumers",
                json:
                    #"{"operation":"initiate-consumer-session","language":"sv-SE","shippingAddressRestrictedToCountryCodes":["NO","SE","DK"]}"#
            )
            #expect(reply.status == 200)
            #expect(reply.contentType == "application/json; charset=utf-8")
            let token = try #require(try reply.object["token"]?.stringValue)
            #expect(token.count == 64)
            #expect(
                try reply.json
                    == json(
                        """
                        {"token": "\(token)", "operations": [
                          {"method": "GET", "rel": "redirect-consumer-identification", "contentType": "text/html",
                           "href": "http://sandbox.test/consumers/sessions/\(token)"},
                          {"method": "GET", "rel": "view-consumer-identification", "contentType": "application/javascript",
                           "href": "http://sandbox.test/consumers/core/scripts/client/px.consumer.client.js?token=\(token)"}]}
                        """))
        }
    }

    @Test func namesEveryBadField() async throws {
        try await SandboxHarness().run { client in
            let reply = try await client.send(
                .post, "/psp/consumers/",
                json: #"{"operation":"x","language":"xx-XX","shippingAddressRestrictedToCountryCodes":["SWE"]}"#)
            #expect(reply.status == 400)
            #expect(reply.contentType == "application/problem+json")
            #expect(
                try reply.json
                    == json(
                        #"""
                        {"type": "https://api.payex.com/psp/errordetail/inputerror", "title": "Error in input data", "status": 400,
                         "detail": "The consumer session request is invalid.",
                         "problems": [
                           {"name": "operation", "description": "The field must be \"initiate-consumer-session\"."},
                           {"name": "language", "description": "The field must be one of the supported cultures, such as \"sv-SE\"."},
                           {"name": "shippingAddressRestrictedToCountryCodes", "description": "Every element must be an ISO 3166-1 alpha-2 code."}]}
                        """#))
        }
    }

    @Test func theCountriesMayBeLeftOutWhenNoShippingAddressIsNeeded() async throws {
        try await SandboxHarness().run { client in
            let reply = try await client.send(
                .post, "/psp/consumers",
                json: #"{"operation":"initiate-consumer-session","language":"en-US","requireShippingAddress":false}"#)
            #expect(reply.status == 200)
        }
    }

    @Test func merchantCallsNeedTheBearerToken() async throws {
        try await SandboxHarness().run { client in
            let body =
                #"{"operation":"initiate-consumer-session","language":"sv-SE","shippingAddressRestrictedToCountryCodes":["SE"]}"#
            let missing = try await client.send(.post, "/psp/consumers", json: body, token: nil)
            #expect(missing.status == 401)
            #expect(try missing.object["type"]?.stringValue == "https://api.payex.com/psp/errordetail/unauthorized")
            let wrong = try await client.send(.post, "/psp/consumers", json: body, token: "nope")
            #expect(wrong.status == 401)
            #expect(try wrong.object["detail"]?.stringValue == "The bearer token is not valid.")
        }
    }

    @Test func badBodiesAreProblemsNeverServerErrors() async throws {
        try await SandboxHarness { $0.maxRequestBodyBytes = 64 }.run { client in
            let tooLarge = try await client.send(
                .post, "/psp/consumers", json: String(repeating: " ", count: 65) + "{}")
            #expect(tooLarge.status == 413)
            #expect(try tooLarge.object["type"]?.stringValue == "https://api.payex.com/psp/errordetail/payloadtoolarge")
            let notJSON = try await client.send(.post, "/psp/consumers", json: "{oops")
            #expect(notJSON.status == 400)
            let array = try await client.send(.post, "/psp/consumers", json: "[]")
            #expect(array.status == 400)
            #expect(try array.object["detail"]?.stringValue == "The request body must be a JSON object.")
            let text = try await client.send(.post, "/psp/consumers", json: "{}", headers: [.contentType: "text/plain"])
            #expect(text.status == 415)
            let unknown = try await client.send(.get, "/psp/nothing-here")
            #expect(unknown.status == 404)
            #expect(unknown.contentType == "application/problem+json")
        }
    }
}
