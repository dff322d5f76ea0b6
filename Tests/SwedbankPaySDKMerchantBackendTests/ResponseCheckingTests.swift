import Foundation
import SwedbankPaySDK
import SwedbankPaySDKTesting
import Testing

@testable import SwedbankPaySDKMerchantBackend

@Suite struct ResponseCheckingTests {
    private func failure(for reply: StubHTTPClient.Reply) async -> SwedbankPaySDK.MerchantBackendError? {
        let harness = MerchantBackendHarness()
        harness.http.on("POST", MerchantBackendHarness.paymentordersURL, reply: reply)
        // One try, so a transport failure is reported as it happened (retries: OrderCreationRetryTests).
        var configuration = harness.configuration
        configuration.orderCreationRetry = .never
        return await merchantBackendError {
            _ = try await configuration.postPaymentorders(
                paymentOrder: harness.order, userData: nil, consumerProfileRef: nil, options: .isV3)
        }
    }

    @Test func everyMerchantBackendProblemTypeReachesTheApp() async throws {
        let unauthorized =
            #"{"type":"https://api.payex.com/psp/errordetail/mobilesdk/unauthorized","title":"Unauthorized","status":401,"detail":"access token too short"}"#
        #expect(
            await failure(for: .problem(unauthorized, status: 401))
                == .problem(
                    .client(
                        .mobileSDK(
                            .unauthorized(
                                message: "access token too short",
                                raw: try json(unauthorized).objectValue!.mapValues(\.anyValue))))
                ))

        let badRequest =
            #"{"type":"https://api.payex.com/psp/errordetail/mobilesdk/badrequest","status":400,"detail":"\"currency\" is required"}"#
        #expect(
            await failure(for: .problem(badRequest, status: 400))
                == .problem(
                    .client(
                        .mobileSDK(
                            .invalidRequest(
                                message: "\"currency\" is required",
                                raw: try json(badRequest).objectValue!.mapValues(\.anyValue))
                        ))))

        let timeout =
            #"{"type":"https://api.payex.com/psp/errordetail/mobilesdk/gatewaytimeout","status":504,"detail":"request-timeout"}"#
        #expect(
            await failure(for: .problem(timeout, status: 504))
                == .problem(
                    .server(
                        .mobileSDK(
                            .backendConnectionTimeout(
                                message: "request-timeout", raw: try json(timeout).objectValue!.mapValues(\.anyValue))))
                ))

        let failureDoc =
            #"{"type":"https://api.payex.com/psp/errordetail/mobilesdk/badgateway","status":502,"detail":"ECONNREFUSED"}"#
        #expect(
            await failure(for: .problem(failureDoc, status: 502))
                == .problem(
                    .server(
                        .mobileSDK(
                            .backendConnectionFailure(
                                message: "ECONNREFUSED", raw: try json(failureDoc).objectValue!.mapValues(\.anyValue))))
                ))

        let invalid =
            #"{"type":"https://api.payex.com/psp/errordetail/mobilesdk/badgateway","status":502,"gatewayStatus":200,"body":"<html>"}"#
        #expect(
            await failure(for: .problem(invalid, status: 502))
                == .problem(
                    .server(
                        .mobileSDK(
                            .invalidBackendResponse(
                                status: 502, gatewayStatus: 200, body: "<html>",
                                raw: try json(invalid).objectValue!.mapValues(\.anyValue))))))
    }

    @Test func swedbankPayProblemsPassThroughTyped() async throws {
        let input = #"""
            {"type":"https://api.payex.com/psp/errordetail/inputerror","title":"Error in input data","status":400,
             "instance":"https://api.payex.com/psp/probleminstance/00-1","detail":"Input validation failed",
             "action":"Fix the input","problems":[{"name":"paymentorder.currency","description":"The field is required."}]}
            """#
        guard
            case .problem(.client(.swedbankPay(let type, _, let status, _, _, let action, let problems, _))) =
                await failure(for: .problem(input, status: 400))
        else {
            Issue.record("not a client Swedbank Pay problem")
            return
        }
        #expect(type == .inputError)
        #expect(status == 400)
        #expect(action == "Fix the input")
        #expect(
            problems == [
                SwedbankPaySDK.SwedbankPaySubProblem(
                    name: "paymentorder.currency", description: "The field is required.")
            ])
    }

    @Test func wrongContentTypesAreUnexpectedContent() async {
        #expect(
            await failure(for: .text("<html>ok</html>", status: 200, contentType: "text/html"))
                == .problem(
                    .server(
                        .unexpectedContent(status: 200, contentType: "text/html", body: Data("<html>ok</html>".utf8)))))
        #expect(
            await failure(for: .text(#"{"error": "x"}"#, status: 401, contentType: "application/json"))
                == .problem(
                    .client(
                        .unexpectedContent(
                            status: 401, contentType: "application/json", body: Data(#"{"error": "x"}"#.utf8)))))
        #expect(
            await failure(for: .text("Bad Gateway", status: 502))
                == .problem(
                    .server(.unexpectedContent(status: 502, contentType: "text/plain", body: Data("Bad Gateway".utf8))))
        )
        #expect(
            await failure(for: .response(status: 200, headers: [:], body: Data()))
                == .problem(.server(.unexpectedContent(status: 200, contentType: nil, body: Data()))))
        #expect(
            await failure(for: .text("not json", status: 200, contentType: "application/json; charset=utf-8"))
                == .problem(
                    .server(
                        .unexpectedContent(status: 200, contentType: "application/json", body: Data("not json".utf8)))))
    }

    @Test func transportFailuresAreNetworkErrors() async {
        let url = URL(string: MerchantBackendHarness.paymentordersURL)!
        #expect(
            await failure(for: .failure(.timedOut(url))) == .networkError(SwedbankPaySDK.TransportError.timedOut(url)))
        #expect(
            await failure(for: .failure(.connectionFailed(url, description: "reset")))
                == .networkError(SwedbankPaySDK.TransportError.connectionFailed(url, description: "reset")))
    }

    @Test func cancellingTheCallCancelsTheRequest() async throws {
        let harness = MerchantBackendHarness()
        harness.http.on("POST", MerchantBackendHarness.paymentordersURL, reply: .hang)
        let task = Task {
            try await harness.configuration.postPaymentorders(
                paymentOrder: harness.order, userData: nil, consumerProfileRef: nil, options: .isV3)
        }
        #expect(await harness.http.waitForRequests(2))
        task.cancel()
        let error = await merchantBackendError { _ = try await task.value }
        #expect(
            error
                == .networkError(
                    SwedbankPaySDK.TransportError.cancelled(URL(string: MerchantBackendHarness.paymentordersURL)!)))
    }
}
