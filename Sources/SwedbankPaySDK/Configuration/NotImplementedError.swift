import Foundation

/// The error the 5.0.3 SDK's default configuration methods report. This SDK's defaults report
/// ``SwedbankPayConfigurationError/notImplemented`` instead (which a configuration also reports
/// from `postConsumers` when it has no consumer identification); the type is here so that code
/// written for 5.0.3, such as `error is NotImplementedError`, compiles. Such a check is never true
/// for this SDK's defaults: test for `SwedbankPayConfigurationError.notImplemented` as well.
public struct NotImplementedError: Error, Sendable, Hashable, CustomStringConvertible {
    /// What the 5.0.3 SDK says about it: "Not implemented default functions should not be called."
    public var description: String { "Not implemented default functions should not be called." }

    /// Creates the error.
    public init() {}
}
