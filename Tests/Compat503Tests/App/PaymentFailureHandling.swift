import Foundation
import SwedbankPaySDK
import SwedbankPaySDKMerchantBackend

// App code as an app written against SwedbankPaySDK 5.0.3 has it: a delegate whose
// paymentFailed(error:) switches over every problem the Merchant Backend configuration reports,
// each pattern spelled with the original's case names and associated values.

final class PaymentFailureReporter: SwedbankPaySDKDelegate {
    private(set) var reports: [String] = []

    func paymentComplete() {}
    func paymentCanceled() {}

    func paymentFailed(error: Error) {
        reports.append(PaymentFailureReporter.describe(error))
    }

    static func describe(_ error: Error) -> String {
        guard let error = error as? SwedbankPaySDK.MerchantBackendError else {
            return "other: \(error.localizedDescription)"
        }
        switch error {
        case .nonWhitelistedDomain(let failingUrl):
            return "non-whitelisted: \(failingUrl.absoluteString)"
        case .networkError(let underlying):
            return "network: \(underlying.localizedDescription)"
        case .problem(let problem):
            return describe(problem)
        case .missingRequiredOperation(let name):
            return "missing operation: \(name)"
        case .paymentNotInInstrumentMode:
            return "not in instrument mode"
        }
    }

    static func describe(_ problem: SwedbankPaySDK.Problem) -> String {
        switch problem {
        case .client(.mobileSDK(.unauthorized(let message, let raw))):
            return "unauthorized: \(message ?? "-") \(raw.count)"
        case .client(.mobileSDK(.invalidRequest(let message, let raw))):
            return "invalid request: \(message ?? "-") \(raw.count)"
        case .client(
            .swedbankPay(let type, let title, let status, let detail, let instance, let action, let problems, let raw)):
            let names = (problems ?? []).map { "\($0.name ?? "?")=\($0.description ?? "?")" }
            return "client swedbankPay \(type) \(title ?? "-") \(status) \(detail ?? "-") \(instance ?? "-") "
                + "\(action ?? "-") [\(names.joined(separator: ","))] \(raw["instance"] as? String ?? "-")"
        case .client(.unknown(let type, let title, let status, let detail, let instance, let raw)):
            return "client unknown \(type) \(title ?? "-") \(status) \(detail ?? "-") \(instance ?? "-") "
                + "\(raw["sessionId"] as? String ?? "-")"
        case .client(.unexpectedContent(let status, let contentType, let body)):
            return "client unexpected \(status) \(contentType ?? "-") \(body?.count ?? -1)"
        case .server(.mobileSDK(.backendConnectionTimeout(let message, _))):
            return "timeout: \(message ?? "-")"
        case .server(.mobileSDK(.backendConnectionFailure(let message, _))):
            return "connection failure: \(message ?? "-")"
        case .server(.mobileSDK(.invalidBackendResponse(let status, let gatewayStatus, let body, let raw))):
            return
                "invalid backend response \(status) \(gatewayStatus) \(body ?? "-") \(raw["gatewayStatus"] as? Int ?? -1)"
        case .server(
            .swedbankPay(let type, let title, let status, let detail, let instance, let action, let problems, _)):
            return "server swedbankPay \(type) \(title ?? "-") \(status) \(detail ?? "-") \(instance ?? "-") "
                + "\(action ?? "-") \(problems?.count ?? -1)"
        case .server(.unknown(let type, _, let status, let detail, _, _)):
            return "server unknown \(type) \(status) \(detail ?? "-")"
        case .server(.unexpectedContent(let status, let contentType, let body)):
            return "server unexpected \(status) \(contentType ?? "-") \(body?.count ?? -1)"
        }
    }

    /// The nested problem-type enums, switched over exhaustively as 5.0.3 code does: three client
    /// types, two server types.
    static func advice(for type: SwedbankPaySDK.ClientProblem.SwedbankPayProblem) -> String {
        switch type {
        case .inputError: return "fix the input"
        case .forbidden: return "not allowed"
        case .notFound: return "gone"
        }
    }

    static func advice(for type: SwedbankPaySDK.ServerProblem.SwedbankPayProblem) -> String {
        switch type {
        case .systemError: return "try again later"
        case .configurationError: return "contact support"
        }
    }

    /// Patterns that name one type and skip the other fields, as apps commonly write them.
    static func isRetryable(_ problem: SwedbankPaySDK.Problem) -> Bool {
        switch problem {
        case .server(.swedbankPay(type: .systemError, _, _, _, _, _, _, _)),
            .server(.mobileSDK(.backendConnectionTimeout)),
            .server(.mobileSDK(.backendConnectionFailure)):
            return true
        case .client(.swedbankPay(.inputError, _, _, _, _, _, _, _)):
            return false
        default:
            return false
        }
    }
}
