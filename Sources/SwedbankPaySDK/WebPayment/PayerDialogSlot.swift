import Foundation

extension SwedbankPaySDK {
    /// The rules of a ``PayerDialogPresenter`` that shows one dialog at a time (the SDK's
    /// `UIAlertController` presenter on UIKit), without the view system, so that every platform
    /// tests them: a new dialog takes the one shown away first, a dialog taken away answers with
    /// no button, and each dialog answers exactly once.
    ///
    /// `Shown` is what the presenter shows (an alert controller); `hide` takes it away.
    @MainActor
    final class PayerDialogSlot<Shown> {
        /// The dialog shown now: what shows it, and how it answers.
        private var shown: (number: Int, view: Shown, finish: (PayerDialogResponse) -> Void)?
        /// Numbers the dialogs, so that a dialog answers for itself only.
        private var count = 0
        private let hide: (Shown) -> Void

        init(hide: @escaping (Shown) -> Void) {
            self.hide = hide
        }

        /// Takes the dialog shown away, then makes one with `make` — which is given the function
        /// its buttons answer with — shows it with `display`, and returns the first answer it
        /// gets.
        func present(
            make: (_ answer: @escaping (PayerDialogResponse) -> Void) -> Shown, display: (Shown) -> Void
        ) async -> PayerDialogResponse {
            dismiss()
            count += 1
            let number = count
            return await withCheckedContinuation { continuation in
                var answered = false
                let finish: (PayerDialogResponse) -> Void = { response in
                    guard !answered else { return }
                    answered = true
                    continuation.resume(returning: response)
                }
                let view = make { [weak self] response in
                    if self?.shown?.number == number { self?.shown = nil }
                    finish(response)
                }
                shown = (number, view, finish)
                display(view)
            }
        }

        /// Takes the dialog shown now away; it answers with no button.
        func dismiss() {
            guard let shown else { return }
            self.shown = nil
            hide(shown.view)
            shown.finish(PayerDialogResponse(button: nil))
        }
    }
}
