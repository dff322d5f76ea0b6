import Foundation
import Testing

@testable import SwedbankPaySDK

/// Every known type URI (plus a few near misses) in both status spaces.
@Suite struct ProblemTypeTableTests {
    typealias Problem = SwedbankPaySDK.Problem
    typealias URI = SwedbankPaySDK.ProblemTypeURI

    struct Row: Sendable, CustomTestStringConvertible {
        let type: String
        let status: Int
        let expected: Problem
        var testDescription: String { "\(type) @ \(status)" }
    }

    static let clientStatus = 422
    static let serverStatus = 503

    static func document(type: String, status: Int) -> SwedbankPaySDK.JSONObject {
        [
            "type": .string(type),
            "status": .integer(Int64(status)),
            "title": .string("Title"),
            "detail": .string("Detail"),
            "instance": .string("urn:instance"),
        ]
    }

    static func raw(type: String, status: Int) -> [String: Any] {
        ProblemFixture.raw(document(type: type, status: status))
    }

    static func unknown(_ type: String, _ status: Int) -> Problem {
        let raw = raw(type: type, status: status)
        if status < 500 {
            return .client(
                .unknown(
                    type: type, title: "Title", status: status, detail: "Detail", instance: "urn:instance", raw: raw)
            )
        }
        return .server(
            .unknown(type: type, title: "Title", status: status, detail: "Detail", instance: "urn:instance", raw: raw)
        )
    }

    /// The generic case of `type` when the space has it (as in 5.0.3, a client type is unknown
    /// with a 5xx status and a server type with a 4xx one); `uri` is the type as sent (the kind's
    /// own URI by default).
    static func swedbankPay(_ type: SwedbankPaySDK.SwedbankPayProblemType, _ status: Int, uri: String? = nil) -> Problem
    {
        let sent = uri ?? type.rawValue
        let raw = raw(type: sent, status: status)
        if status < 500 {
            guard let clientType = SwedbankPaySDK.ClientProblem.SwedbankPayProblem(type) else {
                return unknown(sent, status)
            }
            return .client(
                .swedbankPay(
                    type: clientType, title: "Title", status: status, detail: "Detail", instance: "urn:instance",
                    action: nil, problems: nil, raw: raw
                )
            )
        }
        guard let serverType = SwedbankPaySDK.ServerProblem.SwedbankPayProblem(type) else {
            return unknown(sent, status)
        }
        return .server(
            .swedbankPay(
                type: serverType, title: "Title", status: status, detail: "Detail", instance: "urn:instance",
                action: nil, problems: nil, raw: raw
            )
        )
    }

    static let rows: [Row] = {
        let c = clientStatus
        let s = serverStatus
        var rows: [Row] = [
            Row(
                type: URI.mobileSDKUnauthorized, status: c,
                expected: .client(
                    .mobileSDK(
                        .unauthorized(
                            message: "Detail", raw: raw(type: URI.mobileSDKUnauthorized, status: c))))
            ),
            Row(
                type: URI.mobileSDKUnauthorized, status: s,
                expected: unknown(URI.mobileSDKUnauthorized, s)
            ),
            Row(
                type: URI.mobileSDKBadRequest, status: c,
                expected: .client(
                    .mobileSDK(
                        .invalidRequest(
                            message: "Detail", raw: raw(type: URI.mobileSDKBadRequest, status: c))))
            ),
            Row(
                type: URI.mobileSDKBadRequest, status: s,
                expected: unknown(URI.mobileSDKBadRequest, s)
            ),
            Row(
                type: URI.mobileSDKGatewayTimeout, status: c,
                expected: unknown(URI.mobileSDKGatewayTimeout, c)
            ),
            Row(
                type: URI.mobileSDKGatewayTimeout, status: s,
                expected: .server(
                    .mobileSDK(
                        .backendConnectionTimeout(
                            message: "Detail", raw: raw(type: URI.mobileSDKGatewayTimeout, status: s))))
            ),
            Row(
                type: URI.mobileSDKBadGateway, status: c,
                expected: unknown(URI.mobileSDKBadGateway, c)
            ),
            Row(
                type: URI.mobileSDKBadGateway, status: s,
                expected: .server(
                    .mobileSDK(
                        .backendConnectionFailure(
                            message: "Detail", raw: raw(type: URI.mobileSDKBadGateway, status: s))))
            ),
        ]
        for type in SwedbankPaySDK.SwedbankPayProblemType.allCases {
            rows.append(Row(type: type.rawValue, status: c, expected: swedbankPay(type, c)))
            rows.append(Row(type: type.rawValue, status: s, expected: swedbankPay(type, s)))
        }
        // The resource-scoped forms are the same kinds (the portal's payment order input errors).
        for (type, kind) in [
            (
                "https://api.payex.com/psp/errordetail/paymentorders/inputerror",
                SwedbankPaySDK.SwedbankPayProblemType.inputError
            ),
            ("https://api.payex.com/psp/errordetail/invoice/forbidden", .forbidden),
            ("https://api.payex.com/psp/errordetail/invoice/notfound", .notFound),
            ("https://api.payex.com/psp/errordetail/trustly/systemerror", .systemError),
        ] {
            rows.append(Row(type: type, status: c, expected: swedbankPay(kind, c, uri: type)))
            rows.append(Row(type: type, status: s, expected: swedbankPay(kind, s, uri: type)))
        }
        let strangers = [
            "https://example.com/problems/special-problem",
            "https://api.payex.com/psp/errordetail/mobilesdk/inputerror",
            "https://api.payex.com/psp/errordetail/PaymentOrders/inputerror",
            "https://api.payex.com/psp/errordetail/payment-orders/inputerror",
            "https://api.payex.com/psp/errordetail/a/b/inputerror",
            "https://api.payex.com/psp/errordetail//inputerror",
            "https://api.payex.com/psp/errordetail/paymentorders/inputerror/",
            "https://api.payex.com/psp/errordetail/paymentorders/carddeclined",
            "https://api.payex.com/psp/errordetail/InputError",
            "https://api.payex.com/psp/errordetail/mobilesdk/Unauthorized",
            "https://api.payex.com/psp/errordetail/inputerror/",
            "inputerror",
            "about:blank",
        ]
        for type in strangers {
            rows.append(Row(type: type, status: c, expected: unknown(type, c)))
            rows.append(Row(type: type, status: s, expected: unknown(type, s)))
        }
        return rows
    }()

    @Test(arguments: rows)
    func typeAndSpaceSelectTheCase(row: Row) {
        let body = ProblemFixture.data(Self.document(type: row.type, status: row.status))
        let parsed = Problem.parse(status: row.status, contentType: "application/problem+json", body: body)
        #expect(parsed == row.expected)
    }

    @Test func tableCoversEveryKnownURIInBothSpaces() {
        for type in URI.allKnown {
            #expect(Self.rows.filter { $0.type == type }.map(\.status) == [Self.clientStatus, Self.serverStatus])
        }
        #expect(URI.allKnown.count == 9)
    }

    @Test func knownURIsAreExact() {
        #expect(URI.aboutBlank == "about:blank")
        #expect(URI.mobileSDKUnauthorized == "https://api.payex.com/psp/errordetail/mobilesdk/unauthorized")
        #expect(URI.mobileSDKBadRequest == "https://api.payex.com/psp/errordetail/mobilesdk/badrequest")
        #expect(URI.mobileSDKGatewayTimeout == "https://api.payex.com/psp/errordetail/mobilesdk/gatewaytimeout")
        #expect(URI.mobileSDKBadGateway == "https://api.payex.com/psp/errordetail/mobilesdk/badgateway")
        #expect(URI.inputError == "https://api.payex.com/psp/errordetail/inputerror")
        #expect(URI.forbidden == "https://api.payex.com/psp/errordetail/forbidden")
        #expect(URI.notFound == "https://api.payex.com/psp/errordetail/notfound")
        #expect(URI.systemError == "https://api.payex.com/psp/errordetail/systemerror")
        #expect(URI.configurationError == "https://api.payex.com/psp/errordetail/configurationerror")
        #expect(
            SwedbankPaySDK.SwedbankPayProblemType.allCases == [
                .inputError, .forbidden, .notFound, .systemError, .configurationError,
            ])
        #expect(Problem.mediaType == "application/problem+json")
    }

    /// The real API reports configurationerror as 403. As in 5.0.3 that is an unknown client
    /// problem (the client space has no such case); `swedbankPayType` still names it.
    @Test func configurationErrorAs403IsUnknownButNamed() {
        let parsed = ProblemFixture.parse(
            #"{"type":"https://api.payex.com/psp/errordetail/configurationerror","status":403,"#
                + #""detail":"Payee not configured","action":"Contact support"}"#,
            status: 403
        )
        let raw: [String: Any] = [
            "type": URI.configurationError, "status": 403,
            "detail": "Payee not configured", "action": "Contact support",
        ]
        #expect(
            parsed
                == .client(
                    .unknown(
                        type: URI.configurationError, title: nil, status: 403, detail: "Payee not configured",
                        instance: nil, raw: raw
                    )))
        #expect(parsed.swedbankPayType == .configurationError)
        #expect(parsed.json?["action"] == .string("Contact support"))
    }
}
