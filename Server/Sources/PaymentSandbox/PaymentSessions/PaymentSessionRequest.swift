#if Server  // the root package's trait Server (Package@swift-6.2.swift); scripts/wrap-server-sources
import Foundation
import SwedbankPaySDK

/// A request to a payment session: one per operation rel (with its parsed JSON body), plus the
/// simulators' requests (the payer answering in Swish, the ACS method page loading).
enum PaymentSessionRequest: Sendable {
    /// The initial fetch and get-payment: both GET the session URL.
    case getPayment
    case preparePayment(SwedbankPaySDK.JSONObject)
    case expandMethod(paymentMethod: String, body: SwedbankPaySDK.JSONObject)
    case startPaymentAttempt(paymentMethod: String, body: SwedbankPaySDK.JSONObject)
    case createAuthentication(SwedbankPaySDK.JSONObject)
    case completeAuthentication(SwedbankPaySDK.JSONObject)
    case attemptPayload(paymentMethod: String, body: SwedbankPaySDK.JSONObject)
    case failPaymentAttempt(paymentMethod: String, body: SwedbankPaySDK.JSONObject)
    case acknowledgeFailedAttempt(problemNumber: Int)
    case abortPayment
    case customizePayment(SwedbankPaySDK.JSONObject)
    case eventLogging
    /// The payer approved or declined a Swish payment (Swish app simulator, control API, or the
    /// other-device approval delay).
    case swishAnswer(swishToken: String, approved: Bool)
    /// The ACS method page was loaded for a transaction.
    case threeDSMethodCompleted(serverTransactionID: String)

    /// The operation rel and, for method operations, the payment method it belongs to; nil for the
    /// simulators' requests and for acknowledge (offered in the problem node, not as an operation).
    var operation: (rel: PaymentSessionRel, paymentMethod: String?)? {
        switch self {
        case .getPayment: return (.getPayment, nil)
        case .preparePayment: return (.preparePayment, nil)
        case .expandMethod(let method, _): return (.expandMethod, method)
        case .startPaymentAttempt(let method, _): return (.startPaymentAttempt, method)
        case .createAuthentication: return (.createAuthentication, SandboxInstrument.creditCard.rawValue)
        case .completeAuthentication: return (.completeAuthentication, SandboxInstrument.creditCard.rawValue)
        case .attemptPayload(let method, _): return (.attemptPayload, method)
        case .failPaymentAttempt(let method, _): return (.failPaymentAttempt, method)
        case .abortPayment: return (.abortPayment, nil)
        case .customizePayment: return (.customizePayment, nil)
        case .eventLogging: return (.eventLogging, nil)
        case .acknowledgeFailedAttempt, .swishAnswer, .threeDSMethodCompleted: return nil
        }
    }
}
#endif
