import AsyncHTTPClient
import Foundation
import Testing

@testable import MerchantBackend

/// The app-facing API over a real socket, answers compared exactly.
@Suite(.timeLimit(.minutes(2))) struct BackendAPITests {
    @Test func discoveryListsBothLinksAndMayBeCached() async throws {
        try await BackendHarness.run { harness in
            let answer = try await harness.send(.GET, "/")
            #expect(answer.status == 200)
            #expect(answer.body == #"{"consumers":"/consumers","paymentorders":"/paymentorders"}"#)
            #expect(answer.contentType == "application/json; charset=utf-8")
            #expect(answer.headers.first(name: "Cache-Control") == "max-age=3600")
        }
    }

    @Test func everyAuthenticationFailureIsAnUnauthorizedProblem() async throws {
        try await BackendHarness.run { harness in
            let cases: [([String: String], String)] = [
                ([:], "The x-payex-sample-apikey header is missing."),
                (
                    ["x-payex-sample-apikey": "wrong-key-000", "x-payex-sample-access-token": "user-12345"],
                    "The API key is not valid."
                ),
                (
                    ["x-payex-sample-apikey": BackendHarness.apiKey],
                    "The x-payex-sample-access-token header is missing."
                ),
                (
                    ["x-payex-sample-apikey": BackendHarness.apiKey, "x-payex-sample-access-token": "abcd"],
                    "access token too short"
                ),
            ]
            for (headers, detail) in cases {
                let answer = try await harness.send(.GET, "/", headers: headers)
                #expect(answer.status == 401)
                #expect(answer.contentType == "application/problem+json")
                #expect(
                    answer.body
                        == #"{"detail":"\#(detail)","status":401,"title":"Unauthorized","type":"https://api.payex.com/psp/errordetail/mobilesdk/unauthorized"}"#
                )
            }
        }
    }

    @Test func aMethodAPathDoesNotAnswerIsA405ProblemNamingTheAllowedOnes() async throws {
        try await BackendHarness.run { harness in
            let cases: [(String, String, String)] = [
                ("QUERY", "/paymentorders", "POST"),
                ("DELETE", "/", "GET, HEAD"),
                ("PUT", "/payers/alice/paymentTokens/token-1", "PATCH"),
                ("POST", "/paymentorders/abc", "GET, HEAD"),
            ]
            for (method, path, allow) in cases {
                let answer = try await harness.send(.init(rawValue: method), path)
                #expect(answer.status == 405)
                #expect(answer.headers.first(name: "Allow") == allow)
                #expect(
                    answer.body
                        == #"{"detail":"\#(method) is not allowed on \#(path); allowed: \#(allow).","status":405,"title":"Method Not Allowed","type":"https://api.payex.com/psp/errordetail/mobilesdk/badrequest"}"#
                )
            }
            let unknown = try await harness.send(.init(rawValue: "QUERY"), "/no/such/thing")
            #expect(unknown.status == 404)
        }
    }

    @Test func aPaymentTokenIsRefusedAsForbiddenUnlessTheBackendAcceptsThem() async throws {
        try await BackendHarness.run { harness in
            let json = BackendHarness.orderJSON().replacingOccurrences(
                of: #""language":"sv-SE","#, with: #""language":"sv-SE","paymentToken":"someone-elses-token","#)
            let answer = try await harness.send(.POST, "/paymentorders", json: json)
            #expect(answer.status == 403)
            #expect(answer.contentType == "application/problem+json")
            #expect(
                answer.body
                    == #"{"detail":"Payment tokens are not accepted by this backend.","problems":[{"description":"Not accepted by this backend.","name":"paymentorder.paymentToken"}],"status":403,"title":"Forbidden","type":"https://api.payex.com/psp/errordetail/forbidden"}"#
            )
        }
    }

    @Test func settingTheInstrumentOfAnOrderNotInInstrumentModeIsAConflict() async throws {
        try await BackendHarness.run { harness in
            let created = try await harness.createOrder()
            let location = try #require(created.headers.first(name: "Location"))
            let answer = try await harness.send(
                .PATCH, location + "/setInstrument",
                json: #"{"paymentorder":{"operation":"SetInstrument","instrument":"Swish"}}"#)
            #expect(answer.status == 409)
            #expect(
                answer.body
                    == #"{"detail":"The payment order is not in instrument mode.","status":409,"title":"Conflict","type":"https://api.payex.com/psp/errordetail/conflict"}"#
            )
            // A state that trying again does not change: no Retry-After.
            #expect(answer.headers.first(name: "Retry-After") == nil)
        }
    }

    @Test func helperRoutesAndHealthNeedNoAuthentication() async throws {
        try await BackendHarness.run { harness in
            let health = try await harness.send(.GET, "/healthz", headers: [:])
            #expect(health.status == 200)
            #expect(health.body == #"{"status":"ok"}"#)
            let association = try await harness.send(.GET, "/.well-known/apple-app-site-association", headers: [:])
            #expect(association.status == 200)
            #expect(association.contentType == "application/json")
            #expect(
                association.body
                    == #"{"applinks":{"apps":[],"details":[{"appID":"ABCDE12345.com.example.app","appIDs":["ABCDE12345.com.example.app"],"components":[{"/":"/sdk-callback/*","comment":"Swedbank Pay payment URLs return to the app"}],"paths":["/sdk-callback/*"]}]}}"#
            )
        }
    }

    @Test func theIOSHelperRedirectsToTheTrampolineThenToTheAppScheme() async throws {
        try await BackendHarness.run { harness in
            let path =
                "/sdk-callback/ios-universal-link?scheme=yourecomapp&language=en-US&id=abcdef&app=Your%20eCom%20App"
            let first = try await harness.send(.GET, path, headers: [:])
            #expect(first.status == 301)
            #expect(first.body == "")
            let target =
                "http%3A%2F%2F127.0.0.1%3A\(harness.backendPort)%2Fsdk-callback%2Fios-universal-link%3Fscheme%3Dyourecomapp%26language%3Den-US%26id%3Dabcdef%26app%3DYour%2520eCom%2520App%26fallback%3Dtrue"
            #expect(
                first.headers.first(name: "Location")
                    == "https://ecom.stage.payex.com/externalresourcehost/trampoline?target=\(target)&language=en-US&app=Your%20eCom%20App"
            )
            let second = try await harness.send(.GET, path + "&fallback=true", headers: [:])
            #expect(second.status == 301)
            #expect(
                second.headers.first(name: "Location")
                    == "yourecomapp://127.0.0.1:\(harness.backendPort)\(path)&fallback=true")
            let bad = try await harness.send(
                .GET, "/sdk-callback/ios-universal-link?scheme=javascript&language=en-US", headers: [:])
            #expect(bad.status == 400)
            #expect(bad.json["type"] as? String == "https://api.payex.com/psp/errordetail/mobilesdk/badrequest")
        }
    }

    @Test func theAndroidHelperServesTheIntentPage() async throws {
        try await BackendHarness.run { harness in
            let answer = try await harness.send(
                .GET, "/sdk-callback/android-intent?package=your.ecom.app&id=abcdef", headers: [:])
            #expect(answer.status == 200)
            #expect(answer.contentType == "text/html; charset=utf-8")
            let intent =
                "intent://127.0.0.1:\(harness.backendPort)/sdk-callback/android-intent?package=your.ecom.app&amp;id=abcdef#Intent;scheme=http;action=com.swedbankpay.mobilesdk.VIEW_PAYMENTORDER;package=your.ecom.app;end;"
            #expect(answer.body.contains(#"<meta http-equiv="refresh" content="0;url=\#(intent)">"#))
            #expect(answer.body.contains(#"<a href="\#(intent)""#))
            let missing = try await harness.send(.GET, "/sdk-callback/android-intent?id=1", headers: [:])
            #expect(missing.status == 400)
        }
    }

    @Test func unknownRoutesWrongMethodsAndBadBodiesAreProblems() async throws {
        try await BackendHarness.run(configure: { $0.maxRequestBodyBytes = 2_048 }) { harness in
            let unknown = try await harness.send(.GET, "/nothing/here")
            #expect(unknown.status == 404)
            #expect(
                unknown.body
                    == #"{"detail":"No resource at /nothing/here.","status":404,"title":"Not Found","type":"https://api.payex.com/psp/errordetail/notfound"}"#
            )
            let tooLarge = try await harness.send(
                .POST, "/paymentorders", json: "{\"x\":\"" + String(repeating: "a", count: 3_000) + "\"}")
            #expect(tooLarge.status == 413)
            #expect(
                tooLarge.body
                    == #"{"detail":"The request body is larger than 2048 bytes.","status":413,"title":"Payload Too Large","type":"https://api.payex.com/psp/errordetail/mobilesdk/badrequest"}"#
            )
            let deep = try await harness.send(
                .POST, "/paymentorders", json: String(repeating: "[", count: 40) + String(repeating: "]", count: 40))
            #expect(deep.status == 400)
            let notJSON = try await harness.send(.POST, "/paymentorders", json: "{nope")
            #expect(notJSON.status == 400)
            #expect(notJSON.contentType == "application/problem+json")
            let array = try await harness.send(.POST, "/paymentorders", json: "[]")
            #expect(array.json["detail"] as? String == "The request body must be a JSON object.")
        }
    }

    @Test func anInvalidOrderNamesEveryBadField() async throws {
        try await BackendHarness.run { harness in
            let json = BackendHarness.orderJSON()
                .replacingOccurrences(of: "\"currency\":\"SEK\"", with: "\"currency\":\"kronor\"")
                .replacingOccurrences(of: "\"vatAmount\":375", with: "\"vatAmount\":99999")
                .replacingOccurrences(
                    of: "\"completeUrl\":\"https://example.com/complete\"", with: "\"completeUrl\":\"ftp://x/\"")
            let answer = try await harness.send(.POST, "/paymentorders", json: json)
            #expect(answer.status == 400)
            #expect(
                answer.body
                    == #"{"detail":"The payment order is invalid.","problems":[{"description":"Must be an ISO 4217 code such as SEK.","name":"paymentorder.currency"},{"description":"Must be between 0 and amount.","name":"paymentorder.vatAmount"},{"description":"Must be an absolute http(s) URL.","name":"paymentorder.urls.completeUrl"}],"status":400,"title":"Bad Request","type":"https://api.payex.com/psp/errordetail/mobilesdk/badrequest"}"#
            )
            let wrongKey = try await harness.send(.POST, "/paymentorders", json: #"{"paymentOrder":{}}"#)
            #expect(
                wrongKey.json["detail"] as? String
                    == "The body must be {\"paymentorder\": {…}} (the key is lower-case: paymentorder).")
            let missing = try await harness.send(.POST, "/paymentorders", json: #"{"paymentorder":{"currency":"SEK"}}"#)
            #expect((missing.json["problems"] as? [[String: String]])?.first?["name"] == "paymentorder.amount")
            let orders = try await harness.backend.services.store.all()
            #expect(orders.isEmpty)
        }
    }
}
