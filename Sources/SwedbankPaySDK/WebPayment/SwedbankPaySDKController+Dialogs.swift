import Foundation

// The payer's dialogs: the page's JavaScript dialogs, the "payment may be stuck" prompt and the
// browser notice (decided by `PayerDialogs` and `ProcessHostWatch`), and the terms of service page.
extension SwedbankPaySDKController {
    var activeDialogPresenter: (any SwedbankPaySDK.PayerDialogPresenter)? {
        dialogPresenter ?? Self.defaultDialogPresenter ?? Self.platformDialogPresenter()
    }

    /// Answers a page's dialog through the presenter; the SDK's own prompt gives way to it.
    func answer(_ dialog: SwedbankPaySDK.WebDialog) async -> SwedbankPaySDK.WebDialogAnswer {
        guard let presenter = activeDialogPresenter else {
            return dialog.unattendedAnswer
        }
        if processWatch.prompt != nil {
            promptNumber += 1
            presenter.dismiss()
            watch(.promptClosed)
        }
        let shown = SwedbankPaySDK.PayerDialogs.dialog(for: dialog, text: SwedbankPaySDK.Strings.text)
        let response = await presenter.present(shown, over: self)
        return SwedbankPaySDK.PayerDialogs.answer(to: dialog, response: response)
    }

    /// Feeds the watch and carries out what it decides.
    func watch(_ input: SwedbankPaySDK.ProcessHostWatch.Input) {
        for effect in processWatch.reduce(input) {
            switch effect {
            case .showMaybeStuck:
                prompt(SwedbankPaySDK.PayerDialogs.maybeStuck(text: SwedbankPaySDK.Strings.text)) { [weak self] in
                    if $0.button == 1 { self?.continueInBrowser() }
                }
            case .showContinuesInBrowser:
                prompt(SwedbankPaySDK.PayerDialogs.continuesInBrowser(text: SwedbankPaySDK.Strings.text)) { _ in }
            case .dismissPrompt:
                promptNumber += 1
                activeDialogPresenter?.dismiss()
            case .scheduleCheck(let time):
                processWatchCheck?.cancel()
                let clock = clock
                processWatchCheck = Task { [weak self] in
                    do {
                        try await clock.sleep(seconds: max(0, time - clock.now))
                    } catch {
                        return
                    }
                    self?.watch(.checkDue(at: clock.now))
                }
            case .cancelCheck:
                processWatchCheck?.cancel()
                processWatchCheck = nil
            }
        }
    }

    /// The payer came back to the app (UIKit tells the controller; other platforms' hosts call
    /// it): a payment left in another app may be stuck.
    public func applicationDidBecomeActive() {
        watch(.appBecameActive(at: clock.now))
    }

    private func prompt(
        _ dialog: SwedbankPaySDK.PayerDialog, then: @escaping (SwedbankPaySDK.PayerDialogResponse) -> Void
    ) {
        guard let presenter = activeDialogPresenter else {
            watch(.promptClosed)
            return
        }
        promptNumber += 1
        let number = promptNumber
        Task { [weak self] in
            guard let self else { return }
            let response = await presenter.present(dialog, over: self)
            guard self.promptNumber == number else { return }
            self.watch(.promptClosed)
            then(response)
        }
    }

    /// The payer chose to continue in the browser: later pages open there, and the menu is shown
    /// again for them to start over from.
    private func continueInBrowser() {
        webRedirectBehavior = .AlwaysUseBrowser
        send(.paymentUrlReturned)
    }

    // MARK: Terms of service

    /// Shows the terms of service in a web view of the SDK's own, over the payment, until the
    /// payer closes it (``dismissTermsOfService()``). Without a web view host the browser shows
    /// them.
    func showTermsOfService(_ url: URL) async {
        guard let host = webViewHost, let page = try? await host.makeWebView() else {
            _ = await appLauncher.open(url)
            return
        }
        await termsOfServiceWebView?.close()
        termsOfServiceWebView = page
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
        guard let page = termsOfServiceWebView else { return }
        termsOfServiceWebView = nil
        dismissTermsOfServicePresentation(page.viewController)
        Task { await page.close() }
    }

    /// The terms of service page shown now, if any (its web view's view controller).
    public var termsOfServicePage: SwedbankPaySDK.PlatformViewController? {
        termsOfServiceWebView?.viewController
    }
}
