import Foundation

extension SwedbankPaySDK {
    /// A question the payment puts to the payer: a page's JavaScript dialog, or the SDK's own
    /// (the payment may be stuck; the payment continues in the browser). The controller decides
    /// what is asked and what the answer means; a ``PayerDialogPresenter`` only shows it.
    public struct PayerDialog: Sendable, Hashable {
        /// Why the dialog is shown.
        public enum Kind: Sendable, Hashable {
            /// The page called `alert`, `confirm` or `prompt`.
            case page
            /// The payer came back from another app and the payment has not moved on.
            case paymentMaybeStuck
            /// A page was opened in the browser; the payment continues there.
            case continuesInBrowser
        }

        /// One button.
        public struct Button: Sendable, Hashable {
            /// Its text, localized.
            public var title: String
            /// Whether it is the declining button (shown with the cancel style).
            public var isCancel: Bool

            /// Creates a button.
            public init(title: String, isCancel: Bool) {
                self.title = title
                self.isCancel = isCancel
            }
        }

        /// Why it is shown.
        public var kind: Kind
        /// A title, or nil (page dialogs have none).
        public var title: String?
        /// The text.
        public var message: String
        /// When not nil, a text field starting with this text (a page's `prompt`).
        public var textField: String?
        /// The buttons, in order; at least one.
        public var buttons: [Button]

        /// Creates a dialog.
        public init(kind: Kind, title: String?, message: String, textField: String?, buttons: [Button]) {
            self.kind = kind
            self.title = title
            self.message = message
            self.textField = textField
            self.buttons = buttons
        }
    }

    /// What the payer did with a ``PayerDialog``.
    public struct PayerDialogResponse: Sendable, Hashable {
        /// The index of the button tapped; nil when the dialog went away without one.
        public var button: Int?
        /// The text field's text when a button was tapped.
        public var text: String?

        /// Creates a response.
        public init(button: Int?, text: String? = nil) {
            self.button = button
            self.text = text
        }
    }

    /// Shows the payer a ``PayerDialog`` and returns what they did. On UIKit the SDK brings one
    /// (`UIAlertController`); elsewhere set ``SwedbankPaySDKController/dialogPresenter`` or
    /// ``SwedbankPaySDKController/defaultDialogPresenter`` — without one, page dialogs are answered
    /// as an engine without a UI answers them and the SDK's own prompts are not shown.
    @MainActor
    public protocol PayerDialogPresenter: AnyObject {
        /// Shows `dialog` over `viewController` and returns when the payer answered, or when
        /// ``dismiss()`` took it away (with a nil button).
        func present(_ dialog: PayerDialog, over viewController: PlatformViewController) async -> PayerDialogResponse
        /// Takes the dialog shown now away (the page moved on).
        func dismiss()
    }

    /// The pure rules of the payer's dialogs: what is shown for a page's dialog and what the
    /// payer's choice answers the page.
    enum PayerDialogs {
        /// The dialog for a page's `alert`, `confirm` or `prompt`: its message, OK (and Cancel
        /// for a confirm or prompt), a text field for a prompt.
        @MainActor
        static func dialog(for webDialog: WebDialog, text: (Strings.Key) -> String) -> PayerDialog {
            let ok = PayerDialog.Button(title: text(.ok), isCancel: false)
            let cancel = PayerDialog.Button(title: text(.cancel), isCancel: true)
            switch webDialog {
            case .alert(let message):
                return PayerDialog(kind: .page, title: nil, message: message, textField: nil, buttons: [ok])
            case .confirm(let message):
                return PayerDialog(kind: .page, title: nil, message: message, textField: nil, buttons: [ok, cancel])
            case .prompt(let message, let defaultText):
                return PayerDialog(
                    kind: .page, title: nil, message: message, textField: defaultText ?? "", buttons: [ok, cancel])
            }
        }

        /// What the page hears: OK accepts (a prompt with its text, empty if none), anything
        /// else dismisses — except an alert, which only closes.
        static func answer(to webDialog: WebDialog, response: PayerDialogResponse) -> WebDialogAnswer {
            switch webDialog {
            case .alert: return .accepted
            case .confirm: return response.button == 0 ? .accepted : .dismissed
            case .prompt: return response.button == 0 ? .text(response.text ?? "") : .dismissed
            }
        }

        /// The "payment may be stuck" prompt: wait (0) or continue in the browser (1).
        @MainActor
        static func maybeStuck(text: (Strings.Key) -> String) -> PayerDialog {
            PayerDialog(
                kind: .paymentMaybeStuck, title: text(.maybeStuckTitle), message: text(.maybeStuckBody),
                textField: nil,
                buttons: [
                    PayerDialog.Button(title: text(.maybeStuckWait), isCancel: true),
                    PayerDialog.Button(title: text(.maybeStuckRetry), isCancel: false),
                ])
        }

        /// The notice that the payment continues in the browser.
        @MainActor
        static func continuesInBrowser(text: (Strings.Key) -> String) -> PayerDialog {
            PayerDialog(
                kind: .continuesInBrowser, title: text(.browserTitle), message: text(.browserBody), textField: nil,
                buttons: [PayerDialog.Button(title: text(.ok), isCancel: false)])
        }

        /// Where a dialog is presented over `start`: the last of the controllers presented on top
        /// of it (`presented` gives the one presented over a controller).
        static func topmost<Controller>(from start: Controller, presented: (Controller) -> Controller?) -> Controller {
            var top = start
            while let next = presented(top) { top = next }
            return top
        }
    }
}
