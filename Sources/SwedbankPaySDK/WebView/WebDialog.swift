import Foundation

extension SwedbankPaySDK {
    /// A JavaScript dialog a page opened — `alert`, `confirm` or `prompt`. The page is blocked
    /// until it is answered.
    public enum WebDialog: Sendable, Hashable {
        /// `alert(message)`.
        case alert(message: String)
        /// `confirm(message)`.
        case confirm(message: String)
        /// `prompt(message, defaultText)`.
        case prompt(message: String, defaultText: String?)

        /// The page's message.
        public var message: String {
            switch self {
            case .alert(let message), .confirm(let message), .prompt(let message, _): message
            }
        }

        /// What the page hears when nobody can be asked — what WebKit does without a UI delegate:
        /// an alert closes (``WebDialogAnswer/accepted``), a confirm or prompt is dismissed.
        public var unattendedAnswer: WebDialogAnswer {
            if case .alert = self { return .accepted }
            return .dismissed
        }
    }

    /// The answer to a ``WebDialog``, as the page sees it.
    public enum WebDialogAnswer: Sendable, Hashable {
        /// OK: an alert closed, a confirm answered `true`.
        case accepted
        /// OK on a prompt, with the text entered.
        case text(String)
        /// Cancel (a confirm answered `false`, a prompt `null`), or closed without an answer.
        case dismissed
    }

    /// Answers a page's dialog; the page waits until it returns.
    public typealias WebDialogHandler = @MainActor (WebDialog) async -> WebDialogAnswer
}

// What a web view's adapter hands back to its engine (WebKit's UI delegate on Apple platforms).
extension SwedbankPaySDK.WebDialog {
    /// `handler`'s answer, or without one the ``unattendedAnswer``.
    @MainActor
    func answer(by handler: SwedbankPaySDK.WebDialogHandler?) async -> SwedbankPaySDK.WebDialogAnswer {
        guard let handler else { return unattendedAnswer }
        return await handler(self)
    }
}

extension SwedbankPaySDK.WebDialogAnswer {
    /// What `confirm` returns to the page: true only when accepted.
    var confirmResult: Bool { self == .accepted }

    /// What `prompt` returns to the page: the text entered, or nil (`null`) when dismissed.
    var promptResult: String? {
        guard case .text(let text) = self else { return nil }
        return text
    }
}

extension SwedbankPaySDK.WebView {
    /// A web view that does not show dialogs: by default ``WebView/dialogHandler`` holds nothing
    /// and setting it does nothing, so such a web view answers dialogs as its engine does without
    /// a UI (alerts close, confirms and prompts are dismissed).
    public var dialogHandler: SwedbankPaySDK.WebDialogHandler? {
        get { nil }
        set {}
    }
}
