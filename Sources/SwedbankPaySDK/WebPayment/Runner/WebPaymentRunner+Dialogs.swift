import Foundation

// The payer's dialogs as the flow decides them: the page's JavaScript dialogs, the "payment may be
// stuck" prompt and the browser notice (`PayerDialogs` words them), the checks of the stuck-prompt
// watch, and the terms of service page.
extension WebPaymentRunner {
    /// A page's dialog: the flow decides whether it is shown (the SDK's own prompt gives way to
    /// it) or answered as an engine without a UI answers.
    func answer(_ dialog: SwedbankPaySDK.WebDialog) async -> SwedbankPaySDK.WebDialogAnswer {
        let presentable = port?.activeDialogPresenter != nil
        return await ask(\.dialogs) { .pageDialog(id: $0, dialog, presentable: presentable) }
    }

    func present(_ dialog: SwedbankPaySDK.WebDialog, id: Int) {
        // The flow decided on the presenter reported with the dialog, in this same turn.
        guard let port, let presenter = port.activeDialogPresenter else { return dialogs.answer(id, .dismissed) }
        let shown = SwedbankPaySDK.PayerDialogs.dialog(for: dialog, text: SwedbankPaySDK.Strings.text)
        let over = port.viewControllerForDialogs
        Task { [weak self] in
            let response = await presenter.present(shown, over: over)
            self?.dialogs.answer(id, SwedbankPaySDK.PayerDialogs.answer(to: dialog, response: response))
        }
    }

    func scheduleCheck(at time: TimeInterval) {
        checkTask?.cancel()
        let clock = clock
        checkTask = Task { [weak self] in
            do {
                try await clock.sleep(seconds: max(0, time - clock.now))
            } catch {
                return
            }
            self?.send(.checkDue(at: clock.now))
        }
    }

    /// Shows a prompt; its answer goes back to the flow with its number (without a presenter, that
    /// it could not be shown).
    func present(_ prompt: SwedbankPaySDK.WebPrompt, number: Int) {
        guard let port, let presenter = port.activeDialogPresenter else {
            return send(.promptAnswered(number: number, prompt, .unshown))
        }
        let dialog =
            switch prompt {
            case .maybeStuck: SwedbankPaySDK.PayerDialogs.maybeStuck(text: SwedbankPaySDK.Strings.text)
            case .continuesInBrowser: SwedbankPaySDK.PayerDialogs.continuesInBrowser(text: SwedbankPaySDK.Strings.text)
            }
        let over = port.viewControllerForDialogs
        Task { [weak self] in
            let response = await presenter.present(dialog, over: over)
            self?.send(.promptAnswered(number: number, prompt, response.button.map { .button($0) } ?? .dismissed))
        }
    }

    // MARK: Terms of service

    /// Shows the terms of service in a web view of the SDK's own, over the payment, until the
    /// payer closes it (``dismissTermsOfService()``). Without a web view host the browser shows
    /// them.
    func showTermsOfService(_ url: URL) async {
        guard let host = setup?.webViewHost, let page = try? await host.makeWebView() else {
            _ = await (setup?.appLauncher ?? SwedbankPaySDK.NoAppLauncher()).open(url)
            return
        }
        await termsWebView?.close()
        termsWebView = page
        // The flow decides each of its navigations (the terms stay a document to read).
        page.navigationDecider = { [weak self] request in
            guard let self else { return .cancel }
            return await self.ask(\.navigations) {
                .termsNavigation(SwedbankPaySDK.WebNavigation(id: $0, request: request))
            }
        }
        port?.presentTermsOfService(page.viewController, title: SwedbankPaySDK.Strings.text(.termsOfServiceTitle))
        try? await page.load(url)
    }

    /// Closes the terms of service page, if shown.
    func dismissTermsOfService() {
        guard let page = termsWebView else { return }
        termsWebView = nil
        port?.dismissTermsOfServicePresentation(page.viewController)
        Task { await page.close() }
    }
}
