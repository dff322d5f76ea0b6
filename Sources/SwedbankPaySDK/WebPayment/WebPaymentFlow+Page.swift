import Foundation

// The web payment's decisions about its page and web view: messages, loads, navigations and what
// came of opening them elsewhere, the terms page, dialogs and the stuck prompt's answers.
extension SwedbankPaySDK.WebPaymentFlow {
    /// The SDK page the web view shows (or showed last, once the payment ended).
    var shownPage: SwedbankPaySDK.WebPaymentScreen.ShownPage? {
        switch phase {
        case .idle: nil
        case .running(let running): running.screen?.page
        case .ended(let ended): ended.page
        }
    }

    /// The payment order whose URLs the navigation policy intercepts: the running one's, and an
    /// ended one's while its page stays in the web view.
    var paymentOrderInfo: SwedbankPaySDK.ViewPaymentOrderInfo? {
        switch phase {
        case .idle: nil
        case .running(let running): running.step.paymentOrderInfo
        case .ended(let ended): ended.info
        }
    }

    // MARK: Messages and loads

    mutating func posted(page number: Int, _ body: SwedbankPaySDK.JSONValue) -> [Effect] {
        guard let page = shownPage, page.number == number, page.isOwn,
            let message = SwedbankPaySDK.WebPaymentMessage(body: body, page: page.page)
        else { return [] }
        switch message {
        case .scriptLoaded, .shippingDetailsAvailable:
            return []
        case .scriptError(let url):
            return pageFailed(.init(SwedbankPaySDKController.WebContentError.ScriptLoadingFailure(scriptUrl: url)))
        case .error(let failure):
            return pageFailed(.init(SwedbankPaySDKController.WebContentError.ScriptError(failure)))
        case .consumerIdentified(let ref):
            guard case .identifyingConsumer(_, let screen) = running?.step, let options = running?.run.options else {
                return []
            }
            setStep(.creatingPaymentOrder(consumerProfileRef: ref, screen))
            return [.createPaymentOrder(consumerProfileRef: ref, options: options)]
        case .payerIdentified:
            guard case .paying(let info, _) = running?.step,
                running?.run.options.contains([.isV3, .useCheckin]) == true
            else { return [] }
            return [.expandPayer(info)]
        case .paid:
            return completed()
        case .event(let name, let arguments):
            // The page's events are told as they come, also from a page left shown after the end.
            var effects: [Effect] = []
            if case .checkout = page.page, let info = paymentOrderInfo {
                if name == "OnCheckoutLoaded" {
                    effects.append(.notify(.paymentOrderDidShow(info)))
                } else if name == "OnInstrumentSelected" {
                    effects.append(.notify(.instrumentSelected))
                }
            }
            return effects + [.notify(.javaScriptEvent(name: name, arguments: arguments))]
        }
    }

    /// v2 has no "loaded" event: the menu counts as shown when its page has loaded.
    mutating func pageLoaded(_ number: Int) -> [Effect] {
        guard let running, let page = running.screen?.page, page.number == number, case .paymentMenu = page.page,
            let info = running.step.paymentOrderInfo
        else { return [] }
        return [.notify(.paymentOrderDidShow(info))]
    }

    // MARK: Navigation

    /// A navigation of the payment's web view, decided by the navigation policy (reference §4)
    /// over the payment order shown and the redirect behaviour.
    mutating func navigate(_ navigation: SwedbankPaySDK.WebNavigation, configurationMatchesPaymentUrl: Bool) -> [Effect]
    {
        // Before a payment starts there is no web view to ask.
        guard case .idle = phase else {
            let policy = SwedbankPaySDK.NavigationPolicy(
                info: paymentOrderInfo, webRedirectBehavior: redirectBehavior,
                matchesPaymentUrl: { _, _ in configurationMatchesPaymentUrl })
            return follow(navigation, policy.decide(navigation.request))
        }
        return [.answer(navigation, .cancel)]
    }

    private mutating func follow(
        _ navigation: SwedbankPaySDK.WebNavigation, _ outcome: SwedbankPaySDK.NavigationOutcome
    ) -> [Effect] {
        let cancel = Effect.answer(navigation, .cancel)
        switch outcome {
        case .allow: return leaveOwnPage(navigation.request) + [.answer(navigation, .allow)]
        case .deny: return [cancel]
        case .complete: return completed() + [cancel]
        case .cancelPayment: return canceledByPayer() + [cancel]
        case .reloadPaymentMenu: return paymentUrlReturned() + [cancel]
        case .termsOfService(let url): return [.offerTerms(navigation, url)]
        case .launchApp(let url): return [.open(navigation, .app(url))]
        case .openInBrowser(let url): return [.open(navigation, .browser(url))]
        case .thirdPartyPage(let url, let placement): return [.open(navigation, .appLink(url, placement: placement))]
        }
    }

    /// What came of opening a navigation elsewhere: an app opened means the payment may go on
    /// there (the stuck prompt's watch starts); an app link no app claimed opens as placed.
    mutating func opened(
        _ navigation: SwedbankPaySDK.WebNavigation, _ opening: SwedbankPaySDK.WebOpening, succeeded: Bool,
        at time: TimeInterval
    ) -> [Effect] {
        let cancel = Effect.answer(navigation, .cancel)
        let allowed = promptsAllowed
        switch opening {
        case .app where succeeded, .appLink where succeeded:
            return onScreen { $0.appOpened(at: time, promptsAllowed: allowed) } + [cancel]
        case .browser where succeeded:
            return onScreen { $0.browserOpened() } + [cancel]
        case .app, .browser:
            return [cancel]
        case .appLink(let url, .browser):
            return [.open(navigation, .browser(url))]
        case .appLink(_, .webView):
            return placed(navigation, .webView)
        case .appLink(_, .askConfiguration):
            return [.askConfiguration(navigation)]
        }
    }

    /// Where a third-party page opens; when the configuration could not be asked, in the web
    /// view (5.0.3's default policy).
    mutating func placed(_ navigation: SwedbankPaySDK.WebNavigation, _ placement: SwedbankPaySDK.ConfigurationPlacement)
        -> [Effect]
    {
        switch placement {
        case .browser: return [.open(navigation, .browser(navigation.request.url))]
        case .webView, .notAsked: return leaveOwnPage(navigation.request) + [.answer(navigation, .allow)]
        }
    }

    /// The web view goes to another page: the payment moved on (it is not stuck in another app),
    /// and the SDK's page is left once the main frame leaves it — the delegate hears it of the
    /// menu (`paymentOrderDidHide`), not of the checkin page.
    private mutating func leaveOwnPage(_ request: SwedbankPaySDK.WebNavigationRequest) -> [Effect] {
        guard request.isMainFrame else { return [] }
        var effects = onScreen { $0.webViewNavigated() }
        guard !request.isNewWindow, let left = shownPage, left.isOwn else { return effects }
        switch phase {
        case .idle: break
        case .running:
            _ = onScreen { screen in
                screen.page.isOwn = false
                return []
            }
        case .ended(var ended):
            ended.page?.isOwn = false
            phase = .ended(ended)
        }
        if case .checkin = left.page { return effects }
        effects.append(.notify(.paymentOrderDidHide))
        return effects
    }

    /// The terms page stays a document to read: no app launches, no popups.
    static func termsPageDecision(_ request: SwedbankPaySDK.WebNavigationRequest)
        -> SwedbankPaySDK.WebNavigationDecision
    {
        let scheme = request.url.scheme?.lowercased()
        return !request.isNewWindow && (scheme == "https" || scheme == "http") ? .allow : .cancel
    }

    // MARK: The stuck prompt

    /// The payer answered the prompt shown: "Continue in the browser" makes later pages open
    /// there (the redirect behaviour changes, which disallows the prompt) and shows the menu
    /// again for the payer to start over from, at once.
    mutating func promptAnswered(
        _ number: Int, _ prompt: SwedbankPaySDK.WebPrompt, _ answer: SwedbankPaySDK.PromptAnswer
    ) -> [Effect] {
        var closed = false
        _ = onScreen { screen in
            closed = screen.promptClosed(number: number)
            return []
        }
        guard closed, prompt == .maybeStuck, answer == .button(1) else { return [] }
        redirectBehavior = .AlwaysUseBrowser
        guard case .paying(let info, _) = running?.step else { return [.useBrowserFromNowOn] }
        return [.useBrowserFromNowOn] + showMenu(info, delayed: false, at: { .paying(info, $0) })
    }
}
