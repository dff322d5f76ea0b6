import Foundation

/// Errors that a configuration reports about itself rather than about a payment.
public enum SwedbankPayConfigurationError: Error, Sendable, Hashable, Codable {
    /// The configuration does not implement this operation. Report it from `postConsumers` when
    /// your backend does not support consumer identification; the defaults of optional
    /// operations report it too.
    case notImplemented
}
