import Foundation

// The payer's dialogs as the flow decides them: the page's JavaScript dialogs, the "payment may be
// stuck" prompt and the browser notice (`PayerDialogs` words them), and the terms of service page.
extension SwedbankPaySDKController {
    var activeDialogPresenter: (any SwedbankPaySDK.PayerDialogPresenter)? {
        dialogPresenter ?? Self.defaultDialogPresenter ?? Self.platformDialogPresenter()
    }

    /// Answers a page's dialog through the presenter; the SDK's own prompt gives way to it.
    func answer(_ dialog: SwedbankPaySDK.WebDialog) async -> SwedbankPaySDK.WebDialogAnswer {
        guard let presenter = activeDialogPresenter else {
            return dialog.unattendedAnswer
        }
        send(.pageDialog)
        let shown = SwedbankPaySDK.PayerDialogs.dialog(for: dialog, text: SwedbankPaySDK.Strings.text)
        let response = await presenter.present(shown, over: self)
        return SwedbankPaySDK.PayerDialogs.answer(to: dialog, response: response)
    }

    /// The payer came back to the app (UIKit tells the controller; other platforms' hosts call
    /// it): a payment left in another app may be stuck.
    public func applicationDidBecomeActive() {
        send(.appBecameActive(at: clock.now))
    }

    func scheduleCheck(at time: TimeInterval) {
        runner.checkTask?.cancel()
        let clock = clock
        runner.checkTask = Task { [weak self] in
            do {
                try await clock.sleep(seconds: max(0, time - clock.now))
            } catch {
                return
            }
            self?.send(.checkDue(at: clock.now))
        }
    }

    /// Shows a prompt; its answer goes back to the flow with its number (without a presenter it
    /// is closed at once).
    func present(_ prompt: SwedbankPaySDK.WebPrompt, number: Int) {
        guard let presenter = activeDialogPresenter else {
            return send(.promptAnswered(number: number, prompt, button: nil))
        }
        let dialog =
            switch prompt {
            case .maybeStuck: SwedbankPaySDK.PayerDialogs.maybeStuck(text: SwedbankPaySDK.Strings.text)
            case .continuesInBrowser: SwedbankPaySDK.PayerDialogs.continuesInBrowser(text: SwedbankPaySDK.Strings.text)
            }
        Task { [weak self] in
            guard let self else { return }
            let response = await presenter.present(dialog, over: self)
            self.send(.promptAnswered(number: number, prompt, button: response.button))
        }
    }

    // MARK: Terms of service

    /// Shows the terms of service in a web view of the SDK's own, over the payment, until the
    /// payer closes it (``dismissTermsOfService()``). Without a web view host the browser shows
    /// them.
    func showTermsOfService(_ url: URL) async {
        guard let host = runner.webViewHost, let page = try? await host.makeWebView() else {
            _ = await runner.appLauncher.open(url)
            return
        }
        await runner.termsWebView?.close()
        runner.termsWebView = page
        // The terms stay a document to read: no app launches, no popups, no script messages.
        page.navigationDecider = { request in
            let scheme = request.url.scheme?.lowercased()
            return !request.isNewWindow && (scheme == "https" || scheme == "http") ? .allow : .cancel
        }
        presentTermsOfService(page.viewController, title: SwedbankPaySDK.Strings.text(.termsOfServiceTitle))
        try? await page.load(url)
    }

    /// Closes the terms of service page, if shown.
    public func dismissTermsOfService() {
        guard let page = runner.termsWebView else { return }
        runner.termsWebView = nil
        dismissTermsOfServicePresentation(page.viewController)
        Task { await page.close() }
    }

    /// The terms of service page shown now, if any (its web view's view controller).
    public var termsOfServicePage: SwedbankPaySDK.PlatformViewController? {
        runner.termsWebView?.viewController
    }
}
