import Foundation
import SwedbankPaySDK
import SwedbankPaySDKMerchantBackend

// App code written for SwedbankPaySDK 5.0.x (see scripts/check-apple-only: compiled three ways).
// An app's error screen: every failure the SDK reports turned into a title, a message, whether a
// retry may help, and the fields its analytics records. The problem switches are exhaustive
// without a default (5.0.3's case sets), and `raw` is passed on as the [String: Any] it is.

struct PaymentErrorMessage {
    var title: String
    var message: String
    var canRetry: Bool
    var analyticsFields: [String: Any]
}

enum PaymentErrorFormatter {
    static func message(for error: Error) -> PaymentErrorMessage {
        if let backendError = error as? SwedbankPaySDK.MerchantBackendError {
            return message(for: backendError)
        }
        switch error {
        case SwedbankPaySDKController.WebContentError.ScriptLoadingFailure(let scriptUrl):
            return PaymentErrorMessage(
                title: "Payment unavailable", message: "Could not load \(scriptUrl?.host ?? "the payment page").",
                canRetry: true, analyticsFields: ["kind": "script"])
        case SwedbankPaySDKController.WebContentError.ScriptError(let failure):
            return PaymentErrorMessage(
                title: "Payment failed", message: failure?.details ?? "The payment page reported an error.",
                canRetry: false, analyticsFields: ["kind": "scriptError", "messageId": failure?.messageId ?? ""])
        case SwedbankPaySDKController.WebContentError.RedirectFailure(let underlying):
            return PaymentErrorMessage(
                title: "Connection problem", message: underlying.localizedDescription, canRetry: true,
                analyticsFields: ["kind": "redirect"])
        default:
            return PaymentErrorMessage(
                title: "Payment failed", message: error.localizedDescription, canRetry: false,
                analyticsFields: ["kind": "other"])
        }
    }

    static func message(for error: SwedbankPaySDK.MerchantBackendError) -> PaymentErrorMessage {
        switch error {
        case .nonWhitelistedDomain(let failingUrl):
            return PaymentErrorMessage(
                title: "Configuration error", message: "\(failingUrl.host ?? "?") is not allowed.", canRetry: false,
                analyticsFields: ["kind": "whitelist", "url": failingUrl.absoluteString])
        case .networkError(let underlying):
            return PaymentErrorMessage(
                title: "No connection", message: underlying.localizedDescription, canRetry: true,
                analyticsFields: ["kind": "network"])
        case .problem(let problem):
            return message(for: problem)
        case .missingRequiredOperation(let operation):
            return PaymentErrorMessage(
                title: "Payment failed", message: "The backend did not offer \(operation).", canRetry: false,
                analyticsFields: ["kind": "operation", "operation": operation])
        case .paymentNotInInstrumentMode:
            return PaymentErrorMessage(
                title: "Payment failed", message: "The payment method cannot be changed.", canRetry: false,
                analyticsFields: ["kind": "instrumentMode"])
        }
    }

    static func message(for problem: SwedbankPaySDK.Problem) -> PaymentErrorMessage {
        switch problem {
        case .client(let clientProblem):
            return message(for: clientProblem)
        case .server(let serverProblem):
            return message(for: serverProblem)
        }
    }

    static func message(for problem: SwedbankPaySDK.ClientProblem) -> PaymentErrorMessage {
        switch problem {
        case .mobileSDK(.unauthorized(let message, let raw)):
            return PaymentErrorMessage(
                title: "Not signed in", message: message ?? "Sign in again.", canRetry: false,
                analyticsFields: fields("unauthorized", raw))
        case .mobileSDK(.invalidRequest(let message, let raw)):
            return PaymentErrorMessage(
                title: "Invalid order", message: message ?? "The order was refused.", canRetry: false,
                analyticsFields: fields("invalidRequest", raw))
        case .swedbankPay(let type, let title, let status, let detail, _, let action, let problems, let raw):
            let fieldNames = (problems ?? []).compactMap { $0.name }
            var analytics = fields(text(for: type), raw)
            analytics["status"] = status
            analytics["fields"] = fieldNames
            return PaymentErrorMessage(
                title: title ?? text(for: type), message: detail ?? action ?? "Check the order.", canRetry: false,
                analyticsFields: analytics)
        case .unknown(let type, let title, let status, let detail, _, let raw):
            var analytics = fields("unknown", raw)
            analytics["type"] = type
            analytics["status"] = status
            return PaymentErrorMessage(
                title: title ?? "Payment failed", message: detail ?? type, canRetry: false, analyticsFields: analytics)
        case .unexpectedContent(let status, let contentType, let body):
            return PaymentErrorMessage(
                title: "Payment failed", message: "Unexpected answer (\(status)).", canRetry: false,
                analyticsFields: ["kind": "unexpected", "contentType": contentType ?? "", "bytes": body?.count ?? 0])
        }
    }

    static func message(for problem: SwedbankPaySDK.ServerProblem) -> PaymentErrorMessage {
        switch problem {
        case .mobileSDK(.backendConnectionTimeout(let message, let raw)):
            return PaymentErrorMessage(
                title: "Timed out", message: message ?? "Try again.", canRetry: true,
                analyticsFields: fields("timeout", raw))
        case .mobileSDK(.backendConnectionFailure(let message, let raw)):
            return PaymentErrorMessage(
                title: "Service unavailable", message: message ?? "Try again.", canRetry: true,
                analyticsFields: fields("connection", raw))
        case .mobileSDK(.invalidBackendResponse(let status, let gatewayStatus, let body, let raw)):
            var analytics = fields("invalidBackendResponse", raw)
            analytics["gateway"] = "\(status)/\(gatewayStatus)"
            return PaymentErrorMessage(
                title: "Service error", message: body ?? "Try again later.", canRetry: true, analyticsFields: analytics)
        case .swedbankPay(let type, let title, _, let detail, let instance, _, _, let raw):
            var analytics = fields(text(for: type), raw)
            analytics["instance"] = instance
            return PaymentErrorMessage(
                title: title ?? text(for: type), message: detail ?? "Try again later.",
                canRetry: type == .systemError, analyticsFields: analytics)
        case .unknown(let type, let title, _, let detail, _, let raw):
            var analytics = fields("unknown", raw)
            analytics["type"] = type
            return PaymentErrorMessage(
                title: title ?? "Service error", message: detail ?? type, canRetry: true, analyticsFields: analytics)
        case .unexpectedContent(let status, _, _):
            return PaymentErrorMessage(
                title: "Service error", message: "Unexpected answer (\(status)).", canRetry: true,
                analyticsFields: ["kind": "unexpected"])
        }
    }

    /// 5.0.3's client problem types: three, so the switch needs no default.
    static func text(for type: SwedbankPaySDK.ClientProblem.SwedbankPayProblem) -> String {
        switch type {
        case .inputError: return "inputError"
        case .forbidden: return "forbidden"
        case .notFound: return "notFound"
        }
    }

    /// 5.0.3's server problem types: two.
    static func text(for type: SwedbankPaySDK.ServerProblem.SwedbankPayProblem) -> String {
        switch type {
        case .systemError: return "systemError"
        case .configurationError: return "configurationError"
        }
    }

    /// The analytics fields of a problem: its kind and the whole document, as [String: Any].
    static func fields(_ kind: String, _ raw: [String: Any]) -> [String: Any] {
        var fields = raw
        fields["kind"] = kind
        return fields
    }
}
