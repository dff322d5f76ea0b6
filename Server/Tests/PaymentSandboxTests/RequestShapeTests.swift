import Foundation
import HTTPTypes
import ServerSupport
import SwedbankPaySDK
import Testing

@testable import PaymentSandbox

/// The request shapes real backends send beside the documented one — header names and media-type
/// parameters in any letter case, `Accept` absent or `*/*`, `charset` or not, a trailing slash on
/// collection paths — are all taken, over a real connection; and the control API's strictness
/// switch (`/sandbox/settings`).
@Suite struct RequestShapeTests {
    typealias Fixture = PaymentOrdersFixture

    static func name(_ text: String) -> HTTPField.Name { HTTPField.Name(text)! }

    /// The version the sandbox's order list gives each order, oldest first.
    static func versions(_ client: SandboxClient) async throws -> [String] {
        let list = try await client.send(.get, "/sandbox/paymentorders", token: nil)
        return try #require(try list.object["paymentOrders"]?.arrayValue).map {
            $0.objectValue?["version"]?.stringValue ?? "?"
        }
    }

    static func order(_ reference: String, v3: Bool = false) -> String {
        Fixture.body(
            Fixture.order(v3: v3) {
                $0["payeeInfo"] = .object([
                    "payeeId": .string(Fixture.payeeId), "payeeReference": .string(reference),
                ])
            })
    }

    @Test func parametersAreReadByNameInAnyLetterCaseQuotedOrNot() {
        #expect(MediaType.parameter("version", in: "application/json; Version=\"3.1\"") == "3.1")
        #expect(MediaType.parameter("version", in: "application/json;charset=utf-8;VERSION = 3.0 ") == "3.0")
        #expect(MediaType.parameter("charset", in: "application/json; version=3.1") == nil)
        #expect(MediaType.parameter("version", in: "application/json; subversion=3.1; version=2.0") == "2.0")
        #expect(MediaType.parameter("version", in: "application/json; version=1; version=2") == "1")
        #expect(MediaType.parameter("version", in: "version=3.1") == nil)
        #expect(MediaType.parameter("version", in: "a/b; version=\"") == "\"")
    }

    @Test func headerNamesInAnyLetterCaseOverARealConnection() async throws {
        try await SandboxHarness().run(live: true) { client in
            let headers: HTTPFields = [
                Self.name("AUTHORIZATION"): "Bearer \(SandboxHarness.token)",
                Self.name("content-TYPE"): "application/json",
                Self.name("Accept"): "application/json",
            ]
            let reply = try await client.send(
                .post, "/psp/paymentorders", json: Self.order("r1"), token: nil, headers: headers)
            #expect(reply.status == 200, "\(reply.text)")
            let version = try await client.send(
                .post, "/psp/paymentorders", json: Self.order("r2"), token: nil,
                headers: [
                    Self.name("authorization"): "Bearer \(SandboxHarness.token)",
                    Self.name("CONTENT-TYPE"): "application/json;VERSION=3.1",
                ])
            #expect(version.status == 200, "\(version.text)")
            #expect(try await Self.versions(client) == ["2", "3"])
        }
    }

    @Test func mediaTypeAndParametersInAnyLetterCaseWithOrWithoutCharset() async throws {
        let contentTypes = [
            "application/json", "application/json; charset=utf-8", "application/json;charset=UTF-8",
            "Application/JSON; Charset=\"utf-8\"", "application/json; version=3.1", "application/json;Version=3.1",
            "APPLICATION/JSON; charset=utf-8; VERSION=\"3.1\"",
        ]
        try await SandboxHarness().run { client in
            for (index, contentType) in contentTypes.enumerated() {
                let reply = try await client.send(
                    .post, "/psp/paymentorders", json: Self.order("ct\(index)"), headers: [.contentType: contentType])
                #expect(reply.status == 200, "\(contentType): \(reply.text)")
                #expect(reply.contentType?.hasPrefix("application/json; charset=utf-8; version=") == true)
            }
            #expect(try await Self.versions(client) == ["2", "2", "2", "2", "3", "3", "3"])
            let xml = try await client.send(
                .post, "/psp/paymentorders", json: Self.order("xml"), headers: [.contentType: "application/xml"])
            #expect(xml.status == 415)
            let lookalike = try await client.send(
                .post, "/psp/paymentorders", json: Self.order("x"), headers: [.contentType: "application/jsonp"])
            #expect(lookalike.status == 415)
        }
    }

    @Test func acceptAbsentAnyOrJSONOrAListNamingTheVersion() async throws {
        let accepts: [String?] = [
            nil, "*/*", "application/json", "application/*", "text/html, */*;q=0.8",
            "application/problem+json, application/json;version=3.1",
        ]
        try await SandboxHarness().run { client in
            for (index, accept) in accepts.enumerated() {
                let reply = try await client.send(
                    .post, "/psp/paymentorders", json: Self.order("a\(index)"),
                    headers: accept.map { [.accept: $0] } ?? [:])
                #expect(reply.status == 200, "\(accept ?? "no Accept"): \(reply.text)")
                #expect(reply.contentType == "application/json; charset=utf-8; version=\(index == 5 ? "3.1" : "2.0")")
            }
            #expect(try await Self.versions(client) == ["2", "2", "2", "2", "2", "3"])
        }
    }

    @Test func aTrailingSlashOnCollectionPathsIsTheSameRoute() async throws {
        try await SandboxHarness().run { client in
            let order = try await client.send(.post, "/psp/paymentorders/", json: Self.order("slash", v3: true))
            #expect(order.status == 200, "\(order.text)")
            let path = try #require(try order.object["paymentOrder"]?.objectValue?["id"]?.stringValue)
            let read = try await client.send(.get, path + "/")
            #expect(read.status == 200)
            #expect(try read.object["paymentOrder"]?.objectValue?["id"]?.stringValue == path)
            let consumer = try await client.send(
                .post, "/psp/consumers/",
                json:
                    #"{"operation":"initiate-consumer-session","language":"sv-SE","shippingAddressRestrictedToCountryCodes":["SE"]}"#
            )
            #expect(consumer.status == 200, "\(consumer.text)")
        }
    }

    @Test func strictnessIsSwitchedThroughTheControlAPIAndResetToTheConfiguration() async throws {
        let numeric = Fixture.body(RealServiceLeniencyTests.nodeStyleOrder)
        try await SandboxHarness().run { client in
            let initial = try await client.send(.get, "/sandbox/settings", token: nil)
            #expect(try initial.json == json(#"{"strict": false}"#))
            let strict = try await client.send(.patch, "/sandbox/settings", json: #"{"strict": true}"#, token: nil)
            #expect(strict.status == 200)
            #expect(try strict.json == json(#"{"strict": true}"#))
            let refused = try await client.send(.post, "/psp/paymentorders", json: numeric)
            #expect(refused.status == 400)
            #expect(
                try refused.object["problems"]
                    == json(
                        #"[{"name": "paymentorder.payeeInfo.payeeReference", "description": "The field must be a string."}]"#
                    ))
            let reset = try await client.send(.post, "/sandbox/reset", token: nil, headers: SandboxClient.control)
            #expect(reset.status == 204)
            #expect(try await client.send(.get, "/sandbox/settings", token: nil).json == json(#"{"strict": false}"#))
            let taken = try await client.send(.post, "/psp/paymentorders", json: numeric)
            #expect(taken.status == 200, "\(taken.text)")
        }
        try await SandboxHarness { $0.strict = true }.run { client in
            #expect(try await client.send(.get, "/sandbox/settings", token: nil).json == json(#"{"strict": true}"#))
            let lenient = try await client.send(.patch, "/sandbox/settings", json: #"{"strict": false}"#, token: nil)
            #expect(try lenient.json == json(#"{"strict": false}"#))
            #expect(try await client.send(.post, "/psp/paymentorders", json: numeric).status == 200)
        }
    }

    @Test func badSettingsChangeNothing() async throws {
        try await SandboxHarness().run { client in
            let reply = try await client.send(
                .patch, "/sandbox/settings", json: #"{"strict": "yes", "lenient": true}"#, token: nil)
            #expect(reply.status == 400)
            #expect(
                try reply.json
                    == json(
                        """
                        {"type": "https://api.payex.com/psp/errordetail/inputerror", "title": "Error in input data",
                         "status": 400, "detail": "The settings are invalid.",
                         "problems": [{"name": "lenient", "description": "Not a setting; the settings are: strict."},
                                      {"name": "strict", "description": "The field must be true or false."}]}
                        """))
            #expect(try await client.send(.get, "/sandbox/settings", token: nil).json == json(#"{"strict": false}"#))
            let form = try await client.send(
                .patch, "/sandbox/settings", json: "strict=true", token: nil,
                headers: [.contentType: "application/x-www-form-urlencoded"])
            #expect(form.status == 403)
        }
    }
}
