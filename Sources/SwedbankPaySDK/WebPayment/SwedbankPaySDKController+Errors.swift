import Foundation

extension SwedbankPaySDKController {
    /// A failure of the pages the SDK shows, reported to ``SwedbankPaySDKDelegate/paymentFailed(error:)``.
    public enum WebContentError: Error {
        /// The hosted view's script (the backend's `view-*` link) did not load.
        case ScriptLoadingFailure(scriptUrl: URL?)
        /// The hosted view reported an error it cannot recover from (its `onError`).
        case ScriptError(SwedbankPaySDK.TerminalFailure?)
        /// A page of the payment could not be loaded in the web view. The SDK's own web views
        /// report a ``SwedbankPaySDK/WebViewLoadFailure``; the type is `Error`, as in 5.0.3.
        case RedirectFailure(error: Error)
    }

    /// Why a saved payment could not be restored as it was.
    public enum StateRestorationError: Error, Sendable, Hashable, Codable {
        /// A value in the saved payment (user data, an error) is of a type not registered with
        /// ``SwedbankPaySDK/registerCodable(_:encodedTypeName:)``; the associated value names it.
        case unregisteredCodable(String)
        /// The saved controller was given its configuration by an initializer, which the
        /// restoring controller cannot know: give the restoring controller a configuration, use
        /// ``SwedbankPaySDKController/defaultConfiguration``, or override
        /// ``SwedbankPaySDKController/configuration`` in a subclass.
        case nonpersistableConfiguration
        /// The saved data is not a payment this SDK version can read.
        case unknown
    }

    /// A controller that cannot run a payment as set up.
    public enum ControllerError: Error, Sendable, Hashable, Codable {
        /// Neither ``SwedbankPaySDKController/configuration`` nor
        /// ``SwedbankPaySDKController/defaultConfiguration`` was set when the payment started.
        case missingConfiguration
        /// There is no ``SwedbankPaySDK/WebViewHost`` to show pages with (on platforms without
        /// UIKit, set ``SwedbankPaySDKController/defaultWebViewHost`` or pass one to `init`).
        case missingWebViewHost
        /// The web view host could not make a web view; the associated value describes why.
        case webViewUnavailable(String)
    }
}

extension SwedbankPaySDKController.WebContentError: Codable {
    private enum CodingKeys: String, CodingKey {
        case kind, scriptUrl, terminalFailure, error
    }

    private enum Kind: String, Codable {
        case scriptLoadingFailure, scriptError, redirectFailure
    }

    /// Reads a saved failure; a redirect failure's error is restored through the registry of
    /// ``SwedbankPaySDK/registerCodable(_:encodedTypeName:)`` like every saved error.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        switch try container.decode(Kind.self, forKey: .kind) {
        case .scriptLoadingFailure:
            self = .ScriptLoadingFailure(scriptUrl: try container.decodeIfPresent(URL.self, forKey: .scriptUrl))
        case .scriptError:
            self = .ScriptError(
                try container.decodeIfPresent(SwedbankPaySDK.TerminalFailure.self, forKey: .terminalFailure))
        case .redirectFailure:
            self = .RedirectFailure(
                error: try container.decode(SwedbankPaySDK.WebPaymentError.self, forKey: .error).error)
        }
    }

    /// Saves the failure with the payment.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        switch self {
        case .ScriptLoadingFailure(let scriptUrl):
            try container.encode(Kind.scriptLoadingFailure, forKey: .kind)
            try container.encodeIfPresent(scriptUrl, forKey: .scriptUrl)
        case .ScriptError(let failure):
            try container.encode(Kind.scriptError, forKey: .kind)
            try container.encodeIfPresent(failure, forKey: .terminalFailure)
        case .RedirectFailure(let error):
            try container.encode(Kind.redirectFailure, forKey: .kind)
            try container.encode(SwedbankPaySDK.WebPaymentError(error), forKey: .error)
        }
    }
}

/// The configuration of a controller that was given none: recognised by the controller, which
/// fails the payment with ``SwedbankPaySDKController/ControllerError/missingConfiguration``
/// instead of calling it; if called anyway, it fails the same way.
struct MissingConfiguration: SwedbankPaySDKConfiguration {
    func postPaymentorders(
        paymentOrder: SwedbankPaySDK.PaymentOrder?, userData: Any?, consumerProfileRef: String?,
        options: SwedbankPaySDK.VersionOptions,
        completion: @escaping @Sendable (Result<SwedbankPaySDK.ViewPaymentOrderInfo, any Error>) -> Void
    ) {
        completion(.failure(SwedbankPaySDKController.ControllerError.missingConfiguration))
    }
}
