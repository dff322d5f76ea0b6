import Foundation
import Testing

@testable import SwedbankPaySDK

/// The uniform read-only properties and the one-line description.
@Suite struct ProblemAccessorTests {
    typealias Problem = SwedbankPaySDK.Problem
    typealias URI = SwedbankPaySDK.ProblemTypeURI

    struct Expectation: Sendable, CustomTestStringConvertible {
        let json: String
        let httpStatus: Int
        let status: Int
        let type: String
        let title: String?
        let detail: String?
        let description: String
        var testDescription: String { description }
    }

    static let expectations: [Expectation] = [
        Expectation(
            json: #"{"type":"\#(URI.mobileSDKUnauthorized)","title":"Unauthorized","detail":"Token expired"}"#,
            httpStatus: 401, status: 401, type: URI.mobileSDKUnauthorized, title: "Unauthorized",
            detail: "Token expired",
            description: "client problem \(URI.mobileSDKUnauthorized) (status 401): Token expired"
        ),
        Expectation(
            json: #"{"type":"\#(URI.mobileSDKBadRequest)","detail":"\"amount\" is required"}"#,
            httpStatus: 400, status: 400, type: URI.mobileSDKBadRequest, title: nil,
            detail: "\"amount\" is required",
            description: "client problem \(URI.mobileSDKBadRequest) (status 400): \"amount\" is required"
        ),
        Expectation(
            json: #"{"type":"\#(URI.mobileSDKBadRequest)","status":422}"#,
            httpStatus: 400, status: 422, type: URI.mobileSDKBadRequest, title: nil, detail: nil,
            description: "client problem \(URI.mobileSDKBadRequest) (status 422)"
        ),
        Expectation(
            json: #"{"type":"\#(URI.mobileSDKGatewayTimeout)","title":"Gateway Timeout","detail":"timeout"}"#,
            httpStatus: 504, status: 504, type: URI.mobileSDKGatewayTimeout, title: "Gateway Timeout",
            detail: "timeout",
            description: "server problem \(URI.mobileSDKGatewayTimeout) (status 504): timeout"
        ),
        Expectation(
            json: #"{"type":"\#(URI.mobileSDKBadGateway)","detail":"ECONNRESET"}"#,
            httpStatus: 502, status: 502, type: URI.mobileSDKBadGateway, title: nil, detail: "ECONNRESET",
            description: "server problem \(URI.mobileSDKBadGateway) (status 502): ECONNRESET"
        ),
        Expectation(
            json: #"{"type":"\#(URI.mobileSDKBadGateway)","status":502,"title":"Bad Gateway","#
                + #""detail":"PSP sent HTML","gatewayStatus":500,"body":"<html/>"}"#,
            httpStatus: 502, status: 502, type: URI.mobileSDKBadGateway, title: "Bad Gateway",
            detail: "PSP sent HTML",
            description: "server problem \(URI.mobileSDKBadGateway) (status 502): PSP sent HTML"
        ),
        Expectation(
            json: #"{"type":"\#(URI.notFound)","status":404,"title":"Not Found","detail":"No such token"}"#,
            httpStatus: 404, status: 404, type: URI.notFound, title: "Not Found", detail: "No such token",
            description: "client problem \(URI.notFound) (status 404): No such token"
        ),
        Expectation(
            json: #"{"type":"\#(URI.systemError)","status":500,"title":"System error"}"#,
            httpStatus: 500, status: 500, type: URI.systemError, title: "System error", detail: nil,
            description: "server problem \(URI.systemError) (status 500)"
        ),
        Expectation(
            json: #"{"title":"Internal","status":500,"detail":"boom"}"#,
            httpStatus: 500, status: 500, type: "about:blank", title: "Internal", detail: "boom",
            description: "server problem about:blank (status 500): boom"
        ),
    ]

    @Test(arguments: expectations)
    func propertiesReadThroughEveryCase(expectation: Expectation) {
        let parsed = ProblemFixture.parse(expectation.json, status: expectation.httpStatus)
        #expect(parsed.status == expectation.status)
        #expect(parsed.type == expectation.type)
        #expect(parsed.title == expectation.title)
        #expect(parsed.detail == expectation.detail)
        #expect(parsed.description == expectation.description)
        #expect(parsed.errorDescription == expectation.description)
        #expect(parsed.localizedDescription == expectation.description)
        #expect(parsed.json == ProblemFixture.rawObject(expectation.json))
    }

    @Test func unexpectedContentProperties() {
        let body = ProblemFixture.data("<html>gone</html>")
        let client = Problem.parse(status: 410, contentType: "text/html", body: body)
        #expect(client.raw == nil && client.json == nil)
        #expect(client.status == 410)
        #expect(client.type == "about:blank")
        #expect(client.title == nil)
        #expect(client.detail == nil)
        #expect(
            client.description
                == "client problem: unexpected content (status 410, content type text/html, 17 bytes)")

        let server = Problem.parse(status: 200, contentType: nil, body: nil)
        #expect(server.status == 200)
        #expect(server.description == "server problem: unexpected content (status 200, no content type, no body)")
    }

    @Test func problemIsAnErrorWithItsDescription() {
        let error: any Error = ProblemFixture.parse(
            #"{"type":"\#(URI.forbidden)","status":403,"detail":"Nope"}"#, status: 403)
        #expect(error.localizedDescription == "client problem \(URI.forbidden) (status 403): Nope")
        #expect(String(describing: error) == "client problem \(URI.forbidden) (status 403): Nope")
    }
}
