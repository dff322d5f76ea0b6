import Foundation
import SwedbankPaySDK
import SwedbankPaySDKMerchantBackend
import Testing

/// Parsed RFC 7807 documents arrive as the 5.0.3 cases, with exact field values, and the app's
/// 5.0.3-style handling reads them.
@Suite @MainActor struct ProblemCompatTests {
    static func parse(_ json: String, status: Int) -> SwedbankPaySDK.Problem {
        SwedbankPaySDK.Problem.parse(status: status, contentType: "application/problem+json", body: Data(json.utf8))
    }

    @Test func inputErrorIsTheClientSwedbankPayCaseWithEveryField() {
        let problem = Self.parse(
            #"""
            {"type":"https://api.payex.com/psp/errordetail/inputerror","title":"Error in input data","status":400,
             "detail":"Input validation failed","instance":"https://api.payex.com/psp/probleminstance/00-1",
             "action":"RetryNewData","problems":[{"name":"paymentorder.currency","description":"required"}]}
            """#,
            status: 400
        )
        guard
            case .client(
                .swedbankPay(
                    let type, let title, let status, let detail, let instance, let action, let problems, let raw)) =
                problem
        else {
            Issue.record("not .client(.swedbankPay): \(problem)")
            return
        }
        #expect(type == .inputError)
        #expect(title == "Error in input data")
        #expect(status == 400)
        #expect(detail == "Input validation failed")
        #expect(instance == "https://api.payex.com/psp/probleminstance/00-1")
        #expect(action == "RetryNewData")
        #expect(problems?.count == 1)
        #expect(problems?.first?.name == "paymentorder.currency")
        #expect(problems?.first?.description == "required")
        #expect(raw["status"] as? Int == 400)
        #expect(raw["title"] as? String == "Error in input data")
        #expect((raw["problems"] as? [Any])?.count == 1)
        #expect(raw.keys.sorted() == ["action", "detail", "instance", "problems", "status", "title", "type"])
        #expect(
            PaymentFailureReporter.describe(SwedbankPaySDK.MerchantBackendError.problem(problem))
                == "client swedbankPay inputError Error in input data 400 Input validation failed "
                + "https://api.payex.com/psp/probleminstance/00-1 RetryNewData [paymentorder.currency=required] "
                + "https://api.payex.com/psp/probleminstance/00-1")
        #expect(PaymentFailureReporter.advice(for: type) == "fix the input")
        #expect(!PaymentFailureReporter.isRetryable(problem))
    }

    @Test func everyMerchantBackendTypeReachesItsCase() {
        let cases: [(String, Int, String)] = [
            (
                #"{"type":"https://api.payex.com/psp/errordetail/mobilesdk/unauthorized","status":401,"detail":"bad key"}"#,
                401, "unauthorized: bad key 3"
            ),
            (
                #"{"type":"https://api.payex.com/psp/errordetail/mobilesdk/badrequest","detail":"no currency"}"#,
                400, "invalid request: no currency 2"
            ),
            (
                #"{"type":"https://api.payex.com/psp/errordetail/mobilesdk/gatewaytimeout","detail":"slow"}"#,
                504, "timeout: slow"
            ),
            (
                #"{"type":"https://api.payex.com/psp/errordetail/mobilesdk/badgateway","detail":"refused"}"#,
                502, "connection failure: refused"
            ),
            (
                #"{"type":"https://api.payex.com/psp/errordetail/mobilesdk/badgateway","status":502,"gatewayStatus":500,"body":"<html>"}"#,
                502, "invalid backend response 502 500 <html> 500"
            ),
        ]
        for (json, status, expected) in cases {
            #expect(PaymentFailureReporter.describe(Self.parse(json, status: status)) == expected)
        }
    }

    @Test func serverSwedbankPayUnknownAndUnexpectedContent() {
        let systemError = Self.parse(
            #"{"type":"https://api.payex.com/psp/errordetail/systemerror","status":500,"title":"Oops"}"#, status: 500)
        #expect(PaymentFailureReporter.describe(systemError) == "server swedbankPay systemError Oops 500 - - - -1")
        #expect(PaymentFailureReporter.isRetryable(systemError))

        let unknown = Self.parse(
            #"{"type":"https://example.com/special","status":409,"title":"Special","sessionId":"s-1"}"#, status: 409)
        #expect(
            PaymentFailureReporter.describe(unknown) == "client unknown https://example.com/special Special 409 - - s-1"
        )

        let serverUnknown = Self.parse(#"{"status":503,"detail":"down"}"#, status: 503)
        #expect(PaymentFailureReporter.describe(serverUnknown) == "server unknown about:blank 503 down")

        let html = SwedbankPaySDK.Problem.parse(status: 404, contentType: "text/html", body: Data("<h1>".utf8))
        #expect(PaymentFailureReporter.describe(html) == "client unexpected 404 text/html 4")
        let empty = SwedbankPaySDK.Problem.parse(status: 502, contentType: nil, body: nil)
        #expect(PaymentFailureReporter.describe(empty) == "server unexpected 502 - -1")
    }

    /// Apps (and their tests) build problems with the case constructors and dictionary literals.
    @Test func problemsBuiltByAppCode() {
        let built = SwedbankPaySDK.Problem.client(
            .swedbankPay(
                type: .notFound, title: "Not Found", status: 404, detail: "No such order", instance: nil,
                action: nil, problems: nil,
                raw: ["type": "https://api.payex.com/psp/errordetail/notfound", "status": 404]
            ))
        let parsed = Self.parse(
            #"{"type":"https://api.payex.com/psp/errordetail/notfound","status":404,"title":"Not Found","detail":"No such order"}"#,
            status: 404)
        #expect(built.type == parsed.type)
        #expect(built.status == 404)
        #expect(built.raw?["status"] as? Int == 404)
        #expect(PaymentFailureReporter.advice(for: .notFound) == "gone")

        let timeout = SwedbankPaySDK.ServerProblem.MobileSDKProblem.backendConnectionTimeout(message: "slow", raw: [:])
        #expect(PaymentFailureReporter.describe(.server(.mobileSDK(timeout))) == "timeout: slow")
        let invalid = SwedbankPaySDK.ServerProblem.MobileSDKProblem.invalidBackendResponse(
            status: 502, gatewayStatus: 404, body: nil, raw: ["gatewayStatus": 404])
        #expect(
            PaymentFailureReporter.describe(.server(.mobileSDK(invalid))) == "invalid backend response 502 404 - 404")
        let unauthorized = SwedbankPaySDK.ClientProblem.MobileSDKProblem.unauthorized(
            message: nil, raw: ["a": 1, "b": "x"])
        #expect(PaymentFailureReporter.describe(.client(.mobileSDK(unauthorized))) == "unauthorized: - 2")
    }

    @Test func rawReadsLikeAnAnyDictionary() {
        let problem = Self.parse(
            #"{"type":"urn:x","status":422,"score":0.5,"ok":true,"list":[1,"a",null],"nested":{"k":"v"},"none":null}"#,
            status: 422)
        guard let raw = problem.raw else {
            Issue.record("no raw")
            return
        }
        #expect(raw["status"] as? Int == 422)
        #expect(raw["score"] as? Double == 0.5)
        #expect(raw["ok"] as? Bool == true)
        #expect((raw["list"] as? [Any])?.count == 3)
        #expect((raw["nested"] as? [String: Any])?["k"] as? String == "v")
        #expect(raw["none"] is NSNull)
        #expect(raw["absent"] == nil)
        #expect(raw.count == 7)
        var names: [String] = []
        for (key, _) in raw { names.append(key) }
        #expect(names.sorted() == ["list", "nested", "none", "ok", "score", "status", "type"])
        // `raw` is 5.0.3's [String: Any]: it goes wherever the app passes one.
        let fields = PaymentErrorFormatter.fields("test", raw)
        #expect(fields["kind"] as? String == "test")
        #expect(fields["type"] as? String == "urn:x")
        #expect(problem.json?["score"] == .number(0.5))
    }
}
