import Foundation

extension SwedbankPaySDK {
    /// What the SwiftUI payment modifier keeps between view updates: the presentation its sheet
    /// shows. Here, not in the Apple-only file, so its rules are tested on every platform:
    ///
    /// - While the sheet is up, the same presentation is shown, however often SwiftUI asks (a
    ///   new one would create a second payment order).
    /// - When the sheet goes away before the payment ended, the payer closed it: the payment is
    ///   aborted, and the presentation is kept alive until the abort ends it.
    /// - The next time the sheet is shown, a new payment starts — unless the app kept a running
    ///   payment's ``restorationData()`` (in `SceneStorage`) and was terminated: then the first
    ///   presentation restores that payment.
    @MainActor
    final class WebPaymentPresenter {
        private(set) var current: WebPaymentPresentation?
        /// Presentations closed by the payer whose abort has not ended yet.
        private(set) var ending: [WebPaymentPresentation] = []

        /// The presentation to show: the current one, or a new one, started, whose ending goes to
        /// `onCompletion` — made by `restore` from `saved` when the app kept a payment's
        /// restoration data, else by `make`.
        func presentation(
            make: () -> WebPaymentPresentation, restore: (Data) -> WebPaymentPresentation, saved: Data?,
            onCompletion: @escaping (PaymentResult) -> Void
        ) -> WebPaymentPresentation {
            if let current { return current }
            let presentation = saved.map(restore) ?? make()
            presentation.onCompletion = { [weak self, weak presentation] result in
                self?.ending.removeAll { $0 === presentation }
                onCompletion(result)
            }
            presentation.start()
            current = presentation
            return presentation
        }

        /// The presentation to show: the current one, or a new one from `make`, started.
        func presentation(
            make: () -> WebPaymentPresentation, onCompletion: @escaping (PaymentResult) -> Void
        ) -> WebPaymentPresentation {
            presentation(make: make, restore: { _ in make() }, saved: nil, onCompletion: onCompletion)
        }

        /// What to keep for restoring the payment shown, when the app goes to the background: the
        /// current presentation's ``WebPaymentPresentation/restorationData()``; nil when no
        /// payment runs (so what the app kept is cleared).
        func restorationData() -> Data? {
            current?.restorationData()
        }

        /// The sheet went away, by the payer or because the payment ended.
        func sheetDismissed() {
            guard let current else { return }
            self.current = nil
            guard !current.isEnded else { return }
            ending.append(current)
            current.dismissedByPayer()
        }
    }
}
