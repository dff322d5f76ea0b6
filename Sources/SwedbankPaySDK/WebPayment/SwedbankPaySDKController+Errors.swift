import Foundation

extension SwedbankPaySDKController {
    /// A failure of the pages the SDK shows, reported to ``SwedbankPaySDKDelegate/paymentFailed(error:)``.
    public enum WebContentError: Error, Sendable, Hashable, Codable {
        /// The hosted view's script (the backend's `view-*` link) did not load.
        case ScriptLoadingFailure(scriptUrl: URL?)
        /// The hosted view reported an error it cannot recover from (its `onError`).
        case ScriptError(SwedbankPaySDK.TerminalFailure?)
        /// A page of the payment could not be loaded in the web view.
        case RedirectFailure(error: SwedbankPaySDK.WebViewLoadFailure)
    }

    /// Why a saved payment could not be restored as it was.
    public enum StateRestorationError: Error, Sendable, Hashable, Codable {
        /// A value in the saved payment (user data, an error) is of a type not registered with
        /// ``SwedbankPaySDK/registerCodable(_:encodedTypeName:)``; the associated value names it.
        case unregisteredCodable(String)
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
