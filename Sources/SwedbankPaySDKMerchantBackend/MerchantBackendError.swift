import Foundation
import SwedbankPaySDK

extension SwedbankPaySDK {
    /// Why a call of ``MerchantBackendConfiguration`` failed. This is the error that
    /// `paymentFailed(error:)` receives when you use the Merchant Backend configuration.
    ///
    /// The cases are those of the original SDK 5.0.3, so an exhaustive `switch` written for it
    /// compiles. Arguments the Merchant Backend API cannot express are reported as
    /// ``MerchantBackendInvalidArgument`` instead (the original stopped the app).
    public enum MerchantBackendError: Error, Sendable {
        /// The request would have gone to a host outside the configuration's domain whitelist, or
        /// over plain http to a host that is not this device; nothing was sent. Also when a
        /// redirect ended at such a URL (its answer is not used, and no credentials went there).
        case nonWhitelistedDomain(failingUrl: URL)
        /// No HTTP response: the connection failed, timed out, was cancelled, or the server's
        /// identity failed pinning. The error is a `SwedbankPaySDK.TransportError`, or the
        /// `EncodingError` of a request body that could not be encoded (nothing was sent).
        case networkError(Error)
        /// The backend answered with a problem (RFC 7807), or with content the SDK could not use
        /// (`SwedbankPaySDK.ClientProblem.unexpectedContent(status:contentType:body:)` and its
        /// server twin).
        case problem(SwedbankPaySDK.Problem)
        /// A response lacked an operation the call needs; the associated value names it.
        case missingRequiredOperation(String)
        /// An instrument update was asked for a payment that is not in instrument mode.
        case paymentNotInInstrumentMode
    }

    /// A call of ``MerchantBackendConfiguration`` was made with arguments the Merchant Backend API
    /// cannot express: a nil payment order or consumer, an `updateInfo` that is not an
    /// `Instrument`, a payment info without id. The original SDK stopped the app instead.
    public struct MerchantBackendInvalidArgument: Error, Sendable, Hashable {
        /// What was wrong with the arguments.
        public var message: String

        /// Creates the error with its explanation.
        public init(_ message: String) {
            self.message = message
        }
    }
}

extension SwedbankPaySDK.MerchantBackendError: Equatable {
    /// Cases are equal when their associated values are. Two network errors are equal when both
    /// are equal `SwedbankPaySDK.TransportError`s, or otherwise of the same type with the same
    /// `String(reflecting:)` text.
    public static func == (lhs: Self, rhs: Self) -> Bool {
        switch (lhs, rhs) {
        case (.nonWhitelistedDomain(let left), .nonWhitelistedDomain(let right)):
            return left == right
        case (.networkError(let left), .networkError(let right)):
            if let left = left as? SwedbankPaySDK.TransportError, let right = right as? SwedbankPaySDK.TransportError {
                return left == right
            }
            return type(of: left) == type(of: right) && String(reflecting: left) == String(reflecting: right)
        case (.problem(let left), .problem(let right)):
            return left == right
        case (.missingRequiredOperation(let left), .missingRequiredOperation(let right)):
            return left == right
        case (.paymentNotInInstrumentMode, .paymentNotInInstrumentMode):
            return true
        default:
            return false
        }
    }
}

extension SwedbankPaySDK.MerchantBackendError: LocalizedError {
    /// A one-line explanation naming the case and its values.
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
        }
    }
}

extension SwedbankPaySDK.MerchantBackendInvalidArgument: LocalizedError {
    /// `Invalid argument: <message>`.
    public var errorDescription: String? { "Invalid argument: \(message)" }
}
