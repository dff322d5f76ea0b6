import Foundation
import SwedbankPaySDK

extension SwedbankPaySDK {
    /// Why a call of ``MerchantBackendConfiguration`` failed. This is the error that
    /// `paymentFailed(error:)` receives when you use the Merchant Backend configuration.
    public enum MerchantBackendError: Error, Sendable, Hashable {
        /// The request would have gone to a host outside the configuration's domain whitelist, or
        /// over plain http to a host that is not this device; nothing was sent. Also when a
        /// redirect ended at such a URL (its answer is not used, and no credentials went there).
        case nonWhitelistedDomain(failingUrl: URL)
        /// No HTTP response: the connection failed, timed out, was cancelled, or the server's
        /// identity failed pinning.
        case networkError(SwedbankPaySDK.TransportError)
        /// The backend answered with a problem (RFC 7807), or with content the SDK could not use
        /// (``SwedbankPaySDK/ClientProblem/unexpectedContent(status:contentType:body:)`` and its
        /// server twin).
        case problem(SwedbankPaySDK.Problem)
        /// A response lacked an operation the call needs; the associated value names it.
        case missingRequiredOperation(String)
        /// An instrument update was asked for a payment that is not in instrument mode.
        case paymentNotInInstrumentMode
        /// The call was made with arguments the Merchant Backend API cannot express (for example a
        /// nil payment order); the associated value says which.
        case invalidArgument(String)
    }
}

extension SwedbankPaySDK.MerchantBackendError: LocalizedError {
    public var errorDescription: String? {
        switch self {
        case .nonWhitelistedDomain(let url):
            return
                "Refused to contact \(url.absoluteString): its host is not in the domain whitelist, or it is not https"
        case .networkError(let error):
            return "Network error: \(error)"
        case .problem(let problem):
            return "Merchant Backend problem: \(problem)"
        case .missingRequiredOperation(let name):
            return "The response lacks the required operation \(name)"
        case .paymentNotInInstrumentMode:
            return "The payment is not in instrument mode"
        case .invalidArgument(let message):
            return "Invalid argument: \(message)"
        }
    }
}
