import Foundation
import Testing

@testable import SwedbankPaySDK

/// Keeps the switch in the Problems article (SwedbankPaySDK.docc/Problems.md) compiling and behaving as the guide says. The guide matches
/// `MerchantBackendError.problem(...)`; that type lives in another module, so this copy matches the
/// `Problem` directly and otherwise stays line for line the same.
@Suite struct ProblemsGuideExampleTests {
    typealias URI = SwedbankPaySDK.ProblemTypeURI

    func describe(_ problem: SwedbankPaySDK.Problem) -> String {
        switch problem {
        case .client(.mobileSDK(.unauthorized(let message, _))):
            return "Credentials invalidated: \(message ?? "no message")"

        case .client(.mobileSDK):
            return "Other client error at merchant backend"

        case .client(.swedbankPay(type: .inputError, _, _, let detail, _, let action, let problems, _)):
            let fields = (problems ?? []).compactMap(\.name).joined(separator: ", ")
            return "Payment rejected by Swedbank Pay: \(detail ?? "-"); fix: \(action ?? "-") [\(fields)]"

        case .client(.unknown(type: "https://example.com/problems/special-problem", _, _, let detail, _, _)):
            return "Special problem occurred: \(detail ?? "-")"

        case .client(.unknown(let type, _, _, _, _, let raw)):
            return "Unexpected problem: \(type), session \(raw["sessionId"] as? String ?? "-")"

        case .server(.mobileSDK(.backendConnectionTimeout(let message, _))):
            return "Swedbank Pay timeout: \(message ?? "no message")"

        case .server(.mobileSDK(.invalidBackendResponse(_, let gatewayStatus, _, _))):
            return "Swedbank Pay answered the backend with HTTP \(gatewayStatus)"

        case .server(.swedbankPay(type: .systemError, _, _, let detail, _, _, _, _)):
            return "Generic server error at Swedbank Pay: \(detail ?? "-")"

        case .client(.unexpectedContent(let status, let contentType, _)),
            .server(.unexpectedContent(let status, let contentType, _)):
            return "Not a problem document: HTTP \(status), \(contentType ?? "no content type")"

        default:
            return "Other problem: \(problem)"
        }
    }

    @Test func unauthorized() {
        let problem = ProblemFixture.parse(#"{"type":"\#(URI.mobileSDKUnauthorized)","detail":"Bad key"}"#, status: 401)
        #expect(describe(problem) == "Credentials invalidated: Bad key")
        let silent = ProblemFixture.parse(#"{"type":"\#(URI.mobileSDKUnauthorized)"}"#, status: 401)
        #expect(describe(silent) == "Credentials invalidated: no message")
    }

    @Test func otherMerchantBackendClientProblem() {
        let problem = ProblemFixture.parse(#"{"type":"\#(URI.mobileSDKBadRequest)","detail":"x"}"#, status: 400)
        #expect(describe(problem) == "Other client error at merchant backend")
    }

    @Test func inputError() {
        let problem = ProblemFixture.parse(
            #"{"type":"\#(URI.inputError)","status":400,"detail":"Invalid input","action":"Correct the fields","#
                + #""problems":[{"name":"PaymentOrder.Amount"},{"name":"PaymentOrder.Currency"}]}"#,
            status: 400
        )
        #expect(
            describe(problem)
                == "Payment rejected by Swedbank Pay: Invalid input; fix: Correct the fields "
                + "[PaymentOrder.Amount, PaymentOrder.Currency]")
    }

    @Test func otherSwedbankPayClientProblemFallsToDefault() {
        let problem = ProblemFixture.parse(#"{"type":"\#(URI.forbidden)","status":403,"detail":"No"}"#, status: 403)
        #expect(describe(problem) == "Other problem: client problem \(URI.forbidden) (status 403): No")
    }

    @Test func merchantDefinedProblem() {
        let problem = ProblemFixture.parse(
            #"{"type":"https://example.com/problems/special-problem","detail":"Out of stock"}"#, status: 409)
        #expect(describe(problem) == "Special problem occurred: Out of stock")
    }

    @Test func unknownClientProblem() {
        let problem = ProblemFixture.parse(
            #"{"type":"https://api.payex.com/psp/errordetail/swishdeclined","sessionId":"s-1"}"#, status: 403)
        #expect(
            describe(problem)
                == "Unexpected problem: https://api.payex.com/psp/errordetail/swishdeclined, session s-1")
    }

    @Test func timeout() {
        let problem = ProblemFixture.parse(
            #"{"type":"\#(URI.mobileSDKGatewayTimeout)","detail":"network timeout"}"#, status: 504)
        #expect(describe(problem) == "Swedbank Pay timeout: network timeout")
    }

    @Test func invalidBackendResponse() {
        let problem = ProblemFixture.parse(
            #"{"type":"\#(URI.mobileSDKBadGateway)","gatewayStatus":500,"body":"<html/>"}"#, status: 502)
        #expect(describe(problem) == "Swedbank Pay answered the backend with HTTP 500")
    }

    @Test func backendConnectionFailureFallsToDefault() {
        let problem = ProblemFixture.parse(
            #"{"type":"\#(URI.mobileSDKBadGateway)","status":502,"detail":"ECONNREFUSED"}"#, status: 502)
        #expect(
            describe(problem)
                == "Other problem: server problem \(URI.mobileSDKBadGateway) (status 502): ECONNREFUSED")
    }

    @Test func systemError() {
        let problem = ProblemFixture.parse(#"{"type":"\#(URI.systemError)","detail":"Try later"}"#, status: 500)
        #expect(describe(problem) == "Generic server error at Swedbank Pay: Try later")
    }

    @Test func unexpectedContent() {
        let html = SwedbankPaySDK.Problem.parse(status: 502, contentType: "text/html", body: Data("<h1>".utf8))
        #expect(describe(html) == "Not a problem document: HTTP 502, text/html")
        let empty = SwedbankPaySDK.Problem.parse(status: 404, contentType: nil, body: nil)
        #expect(describe(empty) == "Not a problem document: HTTP 404, no content type")
    }
}
