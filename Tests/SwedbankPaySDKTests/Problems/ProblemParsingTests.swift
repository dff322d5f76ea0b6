import Foundation
import Testing

@testable import SwedbankPaySDK

@Suite struct ProblemParsingTests {
    typealias Problem = SwedbankPaySDK.Problem
    typealias URI = SwedbankPaySDK.ProblemTypeURI

    // MARK: Status

    @Test func bodyStatusChoosesTheSpaceOverHTTPStatus() {
        let notFound = ProblemFixture.parse(
            #"{"type":"https://api.payex.com/psp/errordetail/notfound","status":404}"#,
            status: 502)
        #expect(
            notFound
                == .client(
                    .swedbankPay(

                        type: .notFound, title: nil, status: 404, detail: nil, instance: nil, action: nil,
                        problems: nil,
                        raw: ProblemFixture.raw(["type": .string(URI.notFound), "status": .integer(404)])
                    )))

        let systemError = ProblemFixture.parse(
            #"{"type":"https://api.payex.com/psp/errordetail/systemerror","status":500}"#, status: 400)
        #expect(
            systemError
                == .server(
                    .swedbankPay(

                        type: .systemError, title: nil, status: 500, detail: nil, instance: nil, action: nil,
                        problems: nil,
                        raw: ProblemFixture.raw(["type": .string(URI.systemError), "status": .integer(500)])
                    )))
    }

    @Test func bodyStatusInRangeMakesAProblemEvenUnderA2xx() {
        let parsed = ProblemFixture.parse(#"{"type":"urn:x","status":409}"#, status: 200)
        #expect(
            parsed
                == .client(
                    .unknown(

                        type: "urn:x", title: nil, status: 409, detail: nil, instance: nil,
                        raw: ProblemFixture.raw(["type": .string("urn:x"), "status": .integer(409)])
                    )))
    }

    @Test func missingStatusFallsBackToHTTPStatus() {
        let parsed = ProblemFixture.parse(#"{"type":"https://api.payex.com/psp/errordetail/forbidden"}"#, status: 403)
        #expect(
            parsed
                == .client(
                    .swedbankPay(

                        type: .forbidden, title: nil, status: 403, detail: nil, instance: nil, action: nil,
                        problems: nil,
                        raw: ProblemFixture.raw(["type": .string(URI.forbidden)])
                    )))
    }

    @Test func nonIntegerStatusFallsBackToHTTPStatus() {
        let asString = ProblemFixture.parse(#"{"type":"urn:x","status":"404"}"#, status: 500)
        #expect(
            asString
                == .server(
                    .unknown(

                        type: "urn:x", title: nil, status: 500, detail: nil, instance: nil,
                        raw: ProblemFixture.raw(["type": .string("urn:x"), "status": .string("404")])
                    )))

        let fractional = ProblemFixture.parse(#"{"type":"urn:x","status":404.5}"#, status: 503)
        #expect(fractional.status == 503)
        guard case .server(.unknown) = fractional else {
            Issue.record("expected server unknown, got \(fractional)")
            return
        }

        let huge = ProblemFixture.parse(#"{"type":"urn:x","status":1e300}"#, status: 418)
        #expect(huge.status == 418)
        #expect(huge.json?["status"] == .number(1e300))
    }

    @Test func integralNumberStatusCounts() {
        let parsed = ProblemFixture.parse(#"{"type":"urn:x","status":404.0}"#, status: 500)
        #expect(parsed.status == 404)
        guard case .client(.unknown) = parsed else {
            Issue.record("expected client unknown, got \(parsed)")
            return
        }
    }

    @Test(arguments: [
        (#"{"type":"urn:x","status":200}"#, 404, true),
        (#"{"type":"urn:x","status":399}"#, 400, true),
        (#"{"type":"urn:x","status":600}"#, 500, false),
        (#"{"type":"urn:x","status":-1}"#, 503, false),
        (#"{"type":"urn:x","status":9223372036854775807}"#, 499, true),
        (#"{"type":"urn:x"}"#, 200, false),
        (#"{"type":"urn:x"}"#, 302, false),
        (#"{"type":"urn:x"}"#, 399, false),
        (#"{"type":"urn:x"}"#, 600, false),
        (#"{"type":"urn:x"}"#, -1, false),
    ])
    func statusOutside400To599IsUnexpectedContent(json: String, httpStatus: Int, clientSpace: Bool) {
        let body = ProblemFixture.data(json)
        let parsed = Problem.parse(status: httpStatus, contentType: "application/problem+json", body: body)
        if clientSpace {
            #expect(
                parsed
                    == .client(
                        .unexpectedContent(
                            status: httpStatus, contentType: "application/problem+json", body: body)))
        } else {
            #expect(
                parsed
                    == .server(
                        .unexpectedContent(
                            status: httpStatus, contentType: "application/problem+json", body: body)))
        }
    }

    // MARK: Type

    @Test func missingTypeIsAboutBlankAndUnknown() {
        let parsed = ProblemFixture.parse(#"{"status":500}"#, status: 500)
        #expect(
            parsed
                == .server(
                    .unknown(

                        type: "about:blank", title: nil, status: 500, detail: nil, instance: nil,
                        raw: ProblemFixture.raw(["status": .integer(500)])
                    )))
        #expect(parsed.type == "about:blank")

        let empty = ProblemFixture.parse("{}", status: 400)
        #expect(
            empty
                == .client(
                    .unknown(

                        type: "about:blank", title: nil, status: 400, detail: nil, instance: nil,
                        raw: ProblemFixture.raw([:])
                    )))
    }

    @Test func nonStringTypeIsAboutBlank() {
        let parsed = ProblemFixture.parse(#"{"type":42,"title":"Teapot"}"#, status: 418)
        #expect(
            parsed
                == .client(
                    .unknown(

                        type: "about:blank", title: "Teapot", status: 418, detail: nil, instance: nil,
                        raw: ProblemFixture.raw(["type": .integer(42), "title": .string("Teapot")])
                    )))
    }

    // MARK: Media type and body

    @Test(arguments: [
        ("application/json", 400, true),
        ("text/html", 502, false),
        ("text/html; charset=utf-8", 404, true),
        ("application/problem+jsonx", 400, true),
        ("application/problem", 500, false),
        ("problem+json", 400, true),
        ("", 500, false),
    ])
    func otherMediaTypesAreUnexpectedContent(contentType: String, httpStatus: Int, clientSpace: Bool) {
        let body = ProblemFixture.data(#"{"type":"https://api.payex.com/psp/errordetail/inputerror","status":400}"#)
        let parsed = Problem.parse(status: httpStatus, contentType: contentType, body: body)
        if clientSpace {
            #expect(parsed == .client(.unexpectedContent(status: httpStatus, contentType: contentType, body: body)))
        } else {
            #expect(parsed == .server(.unexpectedContent(status: httpStatus, contentType: contentType, body: body)))
        }
    }

    @Test func missingContentTypeIsUnexpectedContent() {
        let body = ProblemFixture.data(#"{"type":"urn:x","status":404}"#)
        #expect(
            Problem.parse(status: 404, contentType: nil, body: body)
                == .client(.unexpectedContent(status: 404, contentType: nil, body: body)))
        #expect(
            Problem.parse(status: 500, contentType: nil, body: nil)
                == .server(.unexpectedContent(status: 500, contentType: nil, body: nil)))
    }

    @Test(arguments: [
        "application/problem+json; charset=utf-8",
        "application/problem+json;charset=UTF-8",
        "Application/Problem+JSON",
        "  application/problem+json ; q=1",
    ])
    func problemMediaTypeWithParametersOrOtherCaseIsAccepted(contentType: String) {
        let parsed = ProblemFixture.parse(
            #"{"type":"https://api.payex.com/psp/errordetail/mobilesdk/unauthorized","status":401,"detail":"No"}"#,
            status: 401, contentType: contentType
        )
        #expect(
            parsed
                == .client(
                    .mobileSDK(
                        .unauthorized(
                            message: "No",
                            raw: ProblemFixture.raw([
                                "type": .string(URI.mobileSDKUnauthorized), "status": .integer(401),
                                "detail": .string("No"),
                            ])
                        ))))
    }

    @Test(arguments: [
        (#"[{"type":"urn:x"}]"#, 400),
        (#""https://api.payex.com/psp/errordetail/inputerror""#, 400),
        ("42", 500),
        ("null", 503),
        ("true", 404),
        (#"{"type":"urn:x","#, 400),
        ("not json at all", 500),
        ("", 404),
        ("   ", 502),
        (#"{"type":"urn:x"} trailing"#, 400),
    ])
    func bodiesThatAreNotJSONObjectsAreUnexpectedContent(json: String, httpStatus: Int) {
        let body = ProblemFixture.data(json)
        let parsed = Problem.parse(status: httpStatus, contentType: "application/problem+json", body: body)
        if (400...499).contains(httpStatus) {
            #expect(
                parsed
                    == .client(
                        .unexpectedContent(
                            status: httpStatus, contentType: "application/problem+json", body: body)))
        } else {
            #expect(
                parsed
                    == .server(
                        .unexpectedContent(
                            status: httpStatus, contentType: "application/problem+json", body: body)))
        }
    }

    @Test func nilBodyAndHostileBytesAreUnexpectedContent() {
        #expect(
            Problem.parse(status: 401, contentType: "application/problem+json", body: nil)
                == .client(.unexpectedContent(status: 401, contentType: "application/problem+json", body: nil)))

        let invalidUTF8 = Data([0x7B, 0xFF, 0xFE, 0x7D])
        #expect(
            Problem.parse(status: 500, contentType: "application/problem+json", body: invalidUTF8)
                == .server(.unexpectedContent(status: 500, contentType: "application/problem+json", body: invalidUTF8)))

        let deep = Data((String(repeating: "[", count: 100_000) + String(repeating: "]", count: 100_000)).utf8)
        #expect(
            Problem.parse(status: 400, contentType: "application/problem+json", body: deep)
                == .client(.unexpectedContent(status: 400, contentType: "application/problem+json", body: deep)))
    }

    @Test func unexpectedContentKeepsTheContentTypeAsGiven() {
        let body = ProblemFixture.data("<html>Bad gateway</html>")
        #expect(
            Problem.parse(status: 502, contentType: "Text/HTML; charset=UTF-8", body: body)
                == .server(.unexpectedContent(status: 502, contentType: "Text/HTML; charset=UTF-8", body: body)))
    }

    // MARK: Members

    @Test func nonStringCommonMembersAreNil() {
        let parsed = ProblemFixture.parse(
            #"{"type":"https://api.payex.com/psp/errordetail/inputerror","status":400,"title":1,"#
                + #""detail":{"a":1},"instance":null,"action":["retry"],"problems":{"name":"x"}}"#,
            status: 400
        )
        #expect(
            parsed
                == .client(
                    .swedbankPay(

                        type: .inputError, title: nil, status: 400, detail: nil, instance: nil, action: nil,
                        problems: nil,
                        raw: ProblemFixture.raw([
                            "type": .string(URI.inputError), "status": .integer(400), "title": .integer(1),
                            "detail": .object(["a": .integer(1)]), "instance": .null,
                            "action": .array([.string("retry")]),
                            "problems": .object(["name": .string("x")]),
                        ])
                    )))

        let mobile = ProblemFixture.parse(
            #"{"type":"https://api.payex.com/psp/errordetail/mobilesdk/badrequest","detail":false}"#, status: 400)
        #expect(
            mobile
                == .client(
                    .mobileSDK(
                        .invalidRequest(
                            message: nil,
                            raw: ProblemFixture.raw(["type": .string(URI.mobileSDKBadRequest), "detail": .bool(false)])
                        ))))
    }

    @Test func swedbankPayMembersAreRead() {
        let parsed = ProblemFixture.parse(
            #"""
            {"type":"https://api.payex.com/psp/errordetail/inputerror","title":"Error in input data",
             "status":400,"detail":"Input validation failed, error description in problems node!",
             "instance":"https://api.payex.com/psp/probleminstance/00-abc-def-01","action":"Fix the input",
             "problems":[
               {"name":"CreditCardParameters.Issuer","description":"minimum one issuer must be enabled"},
               "not an object", 7, null, ["nested"],
               {"name":5,"description":"name is not a string"},
               {"name":"OnlyName"},
               {}
             ]}
            """#,
            status: 400
        )
        guard
            case .client(
                .swedbankPay(
                    let type, let title, let status, let detail, let instance, let action, let problems, let raw)
            ) = parsed
        else {
            Issue.record("expected client swedbankPay, got \(parsed)")
            return
        }
        #expect(type == .inputError)
        #expect(title == "Error in input data")
        #expect(status == 400)
        #expect(detail == "Input validation failed, error description in problems node!")
        #expect(instance == "https://api.payex.com/psp/probleminstance/00-abc-def-01")
        #expect(action == "Fix the input")
        #expect(
            problems == [
                SwedbankPaySDK.SwedbankPaySubProblem(
                    name: "CreditCardParameters.Issuer", description: "minimum one issuer must be enabled"),
                SwedbankPaySDK.SwedbankPaySubProblem(name: nil, description: "name is not a string"),
                SwedbankPaySDK.SwedbankPaySubProblem(name: "OnlyName", description: nil),
                SwedbankPaySDK.SwedbankPaySubProblem(name: nil, description: nil),
            ])
        #expect((raw["problems"] as? [Any])?.count == 8)
    }

    @Test func rawKeepsExtensionMembers() {
        let parsed = ProblemFixture.parse(
            #"""
            {"type":"https://api.payex.com/psp/errordetail/usercancelled","status":403,"title":"Cancelled",
             "sessionId":"b7c3","suspension":{"attempts":3,"remaining":0,"state":"Suspended"},"score":0.5}
            """#,
            status: 403
        )
        let raw: SwedbankPaySDK.JSONObject = [
            "type": .string("https://api.payex.com/psp/errordetail/usercancelled"),
            "status": .integer(403),
            "title": .string("Cancelled"),
            "sessionId": .string("b7c3"),
            "suspension": .object(["attempts": .integer(3), "remaining": .integer(0), "state": .string("Suspended")]),
            "score": .number(0.5),
        ]
        #expect(
            parsed
                == .client(
                    .unknown(

                        type: "https://api.payex.com/psp/errordetail/usercancelled", title: "Cancelled",
                        status: 403,
                        detail: nil, instance: nil, raw: ProblemFixture.raw(raw)
                    )))
        #expect(parsed.raw?["sessionId"] as? String == "b7c3")
    }

    // MARK: Bad gateway

    static let badGateway = "https://api.payex.com/psp/errordetail/mobilesdk/badgateway"

    @Test func badGatewayWithIntegerGatewayStatusAndTextBody() {
        let parsed = ProblemFixture.parse(
            #"{"type":"\#(Self.badGateway)","status":502,"title":"Bad Gateway","gatewayStatus":500,"#
                + #""body":"<html>oops</html>"}"#,
            status: 502
        )
        #expect(
            parsed
                == .server(
                    .mobileSDK(
                        .invalidBackendResponse(
                            status: 502, gatewayStatus: 500,
                            body: "<html>oops</html>",
                            raw: ProblemFixture.raw([
                                "type": .string(Self.badGateway), "status": .integer(502),
                                "title": .string("Bad Gateway"),
                                "gatewayStatus": .integer(500), "body": .string("<html>oops</html>"),
                            ])
                        ))))
    }

    @Test func badGatewayWithJSONBodyGivesCompactJSONText() {
        let object = ProblemFixture.parse(
            #"{"type":"\#(Self.badGateway)","gatewayStatus":200,"body":{"b":[1, 2.5, null],"a":"x/y"}}"#,
            status: 502
        )
        #expect(
            object
                == .server(
                    .mobileSDK(
                        .invalidBackendResponse(
                            status: 502, gatewayStatus: 200,
                            body: #"{"a":"x/y","b":[1,2.5,null]}"#,
                            raw: ProblemFixture.raw([
                                "type": .string(Self.badGateway), "gatewayStatus": .integer(200),
                                "body": .object(["b": .array([.integer(1), .number(2.5), .null]), "a": .string("x/y")]),
                            ])
                        ))))

        let array = ProblemFixture.parse(
            #"{"type":"\#(Self.badGateway)","gatewayStatus":201,"body":[ true , "two" ]}"#, status: 502)
        guard case .server(.mobileSDK(.invalidBackendResponse(502, 201, let body, _))) = array else {
            Issue.record("expected invalidBackendResponse, got \(array)")
            return
        }
        #expect(body == #"[true,"two"]"#)
    }

    @Test func badGatewayWithoutUsableBodyHasNilBody() {
        for json in [
            #"{"type":"\#(Self.badGateway)","gatewayStatus":503}"#,
            #"{"type":"\#(Self.badGateway)","gatewayStatus":503,"body":null}"#,
            #"{"type":"\#(Self.badGateway)","gatewayStatus":503,"body":12}"#,
        ] {
            let parsed = ProblemFixture.parse(json, status: 502)
            guard case .server(.mobileSDK(.invalidBackendResponse(502, 503, let body, let raw))) = parsed else {
                Issue.record("expected invalidBackendResponse, got \(parsed)")
                continue
            }
            #expect(body == nil)
            #expect(raw["gatewayStatus"] as? Int == 503)
        }
    }

    @Test func badGatewayWithoutIntegerGatewayStatusIsConnectionFailure() {
        let absent = ProblemFixture.parse(
            #"{"type":"\#(Self.badGateway)","status":502,"detail":"connect ECONNREFUSED","fetchError":"system"}"#,
            status: 502
        )
        #expect(
            absent
                == .server(
                    .mobileSDK(
                        .backendConnectionFailure(
                            message: "connect ECONNREFUSED",
                            raw: ProblemFixture.raw([
                                "type": .string(Self.badGateway), "status": .integer(502),
                                "detail": .string("connect ECONNREFUSED"), "fetchError": .string("system"),
                            ])
                        ))))

        let asString = ProblemFixture.parse(
            #"{"type":"\#(Self.badGateway)","gatewayStatus":"500","body":"text"}"#, status: 502)
        #expect(
            asString
                == .server(
                    .mobileSDK(
                        .backendConnectionFailure(
                            message: nil,
                            raw: ProblemFixture.raw([
                                "type": .string(Self.badGateway), "gatewayStatus": .string("500"),
                                "body": .string("text"),
                            ])
                        ))))

        let fractional = ProblemFixture.parse(#"{"type":"\#(Self.badGateway)","gatewayStatus":500.5}"#, status: 502)
        guard case .server(.mobileSDK(.backendConnectionFailure(nil, _))) = fractional else {
            Issue.record("expected backendConnectionFailure, got \(fractional)")
            return
        }
    }

    // MARK: HTTPResponse

    @Test func responseInitialiserReadsTheContentTypeField() throws {
        let url = try #require(URL(string: "https://backend.example/paymentorders"))
        let json = ProblemFixture.data(#"{"type":"https://api.payex.com/psp/errordetail/mobilesdk/gatewaytimeout"}"#)
        let timeout = Problem(
            response: SwedbankPaySDK.HTTPResponse(
                status: 504, headers: ["content-type": "Application/Problem+JSON; charset=utf-8"], body: json, url: url
            ))
        #expect(
            timeout
                == .server(
                    .mobileSDK(
                        .backendConnectionTimeout(
                            message: nil, raw: ProblemFixture.raw(["type": .string(URI.mobileSDKGatewayTimeout)])
                        ))))

        let html = ProblemFixture.data("<html/>")
        let unexpected = Problem(
            response: SwedbankPaySDK.HTTPResponse(
                status: 404, headers: ["Content-Type": "Text/HTML; charset=UTF-8"], body: html, url: url
            ))
        #expect(unexpected == .client(.unexpectedContent(status: 404, contentType: "text/html", body: html)))

        let bare = Problem(response: SwedbankPaySDK.HTTPResponse(status: 500, url: url))
        #expect(bare == .server(.unexpectedContent(status: 500, contentType: nil, body: Data())))
    }
}
