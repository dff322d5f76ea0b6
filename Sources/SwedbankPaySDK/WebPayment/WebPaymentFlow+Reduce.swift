import Foundation

// The web payment's decisions. The payment's phase changes only through `WebPaymentMachine`;
// everything around it — pages, messages, navigations, the stuck prompt, dialogs, restoration —
// is decided here, as actions the runner carries out.
extension SwedbankPaySDK.WebPaymentFlow {
    typealias Action = SwedbankPaySDK.WebPaymentAction

    /// Applies `input` and returns what to do, in order.
    mutating func reduce(_ input: SwedbankPaySDK.WebPaymentInput) -> [Action] {
        switch input {
        case .start(let useCheckin, let isV3, let configured):
            guard case .idle = payment else { return [] }
            guard configured else {
                let error = SwedbankPaySDK.WebPaymentError(SwedbankPaySDKController.ControllerError.missingConfiguration)
                payment = .failed(nil, error)
                return [.notify(.failed(error))]
            }
            return [.registerForPaymentURLs] + send(.start(useCheckin: useCheckin, isV3: isV3))

        case .restore(let restored):
            guard case .idle = payment else { return [] }
            return restore(restored)

        case .payment(let event):
            return send(event)

        case .delegateSet:
            return terminalNotice.map { [.notify($0)] } ?? []

        case .payerExpanded:
            guard case .paying = payment else { return [] }
            return [.notify(.shippingAddressIsKnown)]

        case .posted(let number, let body):
            guard let page, page.number == number, page.isOwn,
                let message = SwedbankPaySDK.WebPaymentMessage(body: body, page: page.page)
            else { return [] }
            return receive(message, on: page.page)

        case .pageLoaded(let number):
            // v2 has no "loaded" event: the menu counts as shown when its page has loaded.
            guard let page, page.number == number, case .paymentMenu = page.page, !payment.isTerminal,
                let info = payment.paymentOrderInfo
            else { return [] }
            return [.notify(.paymentOrderDidShow(info))]

        case .pageLoadFailed(let number, let failure):
            // A load replaced by a newer page (a reload, an update) is not a failure.
            guard page?.number == number else { return [] }
            return send(.pageFailed(Self.redirectFailure(failure)))

        case .webViewFailed(let error):
            return send(.pageFailed(error))

        case .navigation(let navigation, let outcome):
            return navigate(navigation, outcome)

        case .termsOffered(let navigation, let url, let taken):
            return taken ? [.answer(navigation, .cancel)] : [.showTerms(navigation, url)]

        case .termsShown(let navigation):
            return [.answer(navigation, .cancel)]

        case .opened(let navigation, let opening, let succeeded, let time):
            return opened(navigation, opening, succeeded: succeeded, at: time)

        case .configurationPlaced(let navigation, let inWebView):
            guard inWebView else { return [.open(navigation, .browser(navigation.request.url))] }
            return leaveOwnPage(navigation.request) + [.answer(navigation, .allow)]

        case .pageDialog:
            // The page's dialog takes the place of the SDK's own prompt.
            guard watch.prompt != nil else { return [] }
            promptNumber += 1
            return [.dismissPrompt] + watch(.promptClosed)

        case .promptAnswered(let number, let prompt, let button):
            guard number == promptNumber else { return [] }
            let closed = watch(.promptClosed)
            // "Continue in the browser": later pages open there (the redirect behaviour changes,
            // which disallows the prompt), and the menu is shown again for the payer to start
            // over from.
            guard prompt == .maybeStuck, button == 1 else { return closed }
            return closed + [.useBrowserFromNowOn] + send(.reloadRequested)

        case .promptsAllowed(let allowed):
            return watch(.promptsAllowed(allowed))

        case .appBecameActive(let time):
            return watch(.appBecameActive(at: time))

        case .checkDue(let time):
            return watch(.checkDue(at: time))
        }
    }

    // MARK: The payment

    /// Runs a payment event through the machine and turns its effects into actions.
    private mutating func send(_ event: SwedbankPaySDK.WebPaymentEvent) -> [Action] {
        let wasTerminal = payment.isTerminal
        let effects = SwedbankPaySDK.WebPaymentMachine.reduce(&payment, event)
        var actions = effects.flatMap { perform($0) }
        if !wasTerminal, payment.isTerminal { actions += [.unregisterFromPaymentURLs] + stopWatching() }
        return actions
    }

    private mutating func perform(_ effect: SwedbankPaySDK.WebPaymentEffect) -> [Action] {
        switch effect {
        case .showCheckin(let info):
            return show(.checkin(scriptURL: info.viewConsumerIdentification), baseURL: info.webViewBaseURL, delayed: false)
        case .showPaymentMenu(let info, let delayed):
            return show(.payment(info), baseURL: info.webViewBaseURL, delayed: delayed)
        case .notifyComplete: return [.notify(.complete)]
        case .notifyCanceled: return [.notify(.canceled)]
        case .notifyFailed(let error): return [.notify(.failed(error))]
        case .notifyUpdateFailed(let error): return [.notify(.updateFailed(error))]
        case .createConsumerSession, .createPaymentOrder, .startUpdate, .cancelUpdate, .abort, .cancelCreation,
            .expandPayer:
            return [.configuration(effect)]
        }
    }

    private mutating func show(_ shown: SwedbankPaySDK.WebPaymentPage, baseURL: URL?, delayed: Bool) -> [Action] {
        let number = (page?.number ?? 0) + 1
        page = ShownPage(page: shown, number: number)
        return [.showPage(shown, number: number, baseURL: baseURL, delayed: delayed)] + watch(.webViewNavigated)
    }

    /// What the delegate hears of a payment that ended, if it has.
    private var terminalNotice: SwedbankPaySDK.WebPaymentNotice? {
        switch payment {
        case .complete: .complete
        case .canceled: .canceled
        case .failed(_, let error): .failed(error)
        default: nil
        }
    }

    /// A saved payment: one that ended is told again; one this controller cannot go on with
    /// fails; any other goes on where it was (what was in flight is done again).
    private mutating func restore(_ restored: SwedbankPaySDK.RestoredPayment) -> [Action] {
        switch restored {
        case .unreadable(let error):
            payment = .failed(nil, SwedbankPaySDK.WebPaymentError(error))
        case .saved(let saved, _) where saved.isTerminal:
            payment = saved
        case .saved(let saved, let configuration):
            if let problem = Self.restorationProblem(configuration) {
                payment = .failed(saved.paymentOrderInfo, SwedbankPaySDK.WebPaymentError(problem))
            } else {
                return resume(saved)
            }
        }
        return terminalNotice.map { [.notify($0)] } ?? []
    }

    /// Why a controller cannot go on with a saved payment, or nil. A configuration given to the
    /// saved controller's initializer is not in the data: a controller not given one itself
    /// cannot know it (5.0.3's rule; 5.0.3 fails it even when the restoring controller was given
    /// one). Otherwise a controller without any configuration cannot go on.
    private static func restorationProblem(_ configuration: SwedbankPaySDK.RestoringConfiguration) -> (any Error)? {
        if configuration.wasGiven == true, !configuration.isGiven {
            return SwedbankPaySDKController.StateRestorationError.nonpersistableConfiguration
        }
        return configuration.isAvailable ? nil : SwedbankPaySDKController.ControllerError.missingConfiguration
    }

    /// A saved payment this controller goes on with, where it was.
    private mutating func resume(_ saved: SwedbankPaySDK.WebPaymentState) -> [Action] {
        switch saved {
        case .idle:
            // Nothing was started: the payment can still be.
            return []
        case .updatingPaymentOrder(let info, let options, _):
            // The app's update cannot be replayed (the saved form keeps such a payment as `paying`).
            payment = .paying(info, options: options)
            return [.registerForPaymentURLs] + perform(.showPaymentMenu(info, delayed: false))
        default:
            payment = saved
            let resumed = SwedbankPaySDK.WebPaymentMachine.resume(saved)
            return [.registerForPaymentURLs] + resumed.flatMap { perform($0) }
        }
    }

    private mutating func receive(
        _ message: SwedbankPaySDK.WebPaymentMessage, on shown: SwedbankPaySDK.WebPaymentPage
    ) -> [Action] {
        switch message {
        case .scriptLoaded, .shippingDetailsAvailable:
            return []
        case .scriptError(let url):
            return send(.pageFailed(.init(SwedbankPaySDKController.WebContentError.ScriptLoadingFailure(scriptUrl: url))))
        case .error(let failure):
            return send(.pageFailed(.init(SwedbankPaySDKController.WebContentError.ScriptError(failure))))
        case .consumerIdentified(let ref):
            return send(.consumerIdentified(consumerProfileRef: ref))
        case .payerIdentified:
            return send(.payerIdentified)
        case .paid:
            return send(.completed)
        case .event(let name, let arguments):
            var actions: [Action] = []
            if case .checkout = shown, let info = payment.paymentOrderInfo {
                if name == "OnCheckoutLoaded" {
                    actions.append(.notify(.paymentOrderDidShow(info)))
                } else if name == "OnInstrumentSelected" {
                    actions.append(.notify(.instrumentSelected))
                }
            }
            return actions + [.notify(.javaScriptEvent(name: name, arguments: arguments))]
        }
    }

    static func redirectFailure(_ failure: SwedbankPaySDK.WebViewLoadFailure) -> SwedbankPaySDK.WebPaymentError {
        SwedbankPaySDK.WebPaymentError(SwedbankPaySDKController.WebContentError.RedirectFailure(error: failure))
    }

    // MARK: Navigation

    private mutating func navigate(
        _ navigation: SwedbankPaySDK.WebNavigation, _ outcome: SwedbankPaySDK.NavigationOutcome
    ) -> [Action] {
        let cancel = Action.answer(navigation, .cancel)
        switch outcome {
        case .allow:
            return leaveOwnPage(navigation.request) + [.answer(navigation, .allow)]
        case .deny:
            return [cancel]
        case .complete:
            return send(.completed) + [cancel]
        case .cancelPayment:
            return send(.canceledByPayer) + [cancel]
        case .reloadPaymentMenu:
            return send(.paymentUrlReturned) + [cancel]
        case .termsOfService(let url):
            return [.offerTerms(navigation, url)]
        case .launchApp(let url):
            return [.open(navigation, .app(url))]
        case .openInBrowser(let url):
            return [.open(navigation, .browser(url))]
        case .thirdPartyPage(let url, let placement):
            return [.open(navigation, .appLink(url, placement: placement))]
        }
    }

    private mutating func opened(
        _ navigation: SwedbankPaySDK.WebNavigation, _ opening: SwedbankPaySDK.WebOpening, succeeded: Bool,
        at time: TimeInterval
    ) -> [Action] {
        let cancel = Action.answer(navigation, .cancel)
        switch opening {
        case .app:
            return (succeeded ? watch(.openedApp(at: time)) : []) + [cancel]
        case .browser:
            return (succeeded ? watch(.openedBrowser) : []) + [cancel]
        case .appLink where succeeded:
            return watch(.openedApp(at: time)) + [cancel]
        case .appLink(let url, .browser):
            return [.open(navigation, .browser(url))]
        case .appLink(_, .webView):
            return leaveOwnPage(navigation.request) + [.answer(navigation, .allow)]
        case .appLink(_, .askConfiguration):
            return [.askConfiguration(navigation)]
        }
    }

    /// The web view goes to another page: the payment moved on (it is not stuck in another app),
    /// and the menu is hidden once the main frame leaves it.
    private mutating func leaveOwnPage(_ request: SwedbankPaySDK.WebNavigationRequest) -> [Action] {
        var actions = request.isMainFrame ? watch(.webViewNavigated) : []
        if request.isMainFrame, !request.isNewWindow, page?.isOwn == true {
            page?.isOwn = false
            actions.append(.notify(.paymentOrderDidHide))
        }
        return actions
    }

    // MARK: The stuck prompt

    /// The payment ended: its check is cancelled and a prompt shown taken away.
    private mutating func stopWatching() -> [Action] {
        var actions: [Action] = []
        if case .externalApp = watch.host { actions.append(.cancelCheck) }
        if watch.prompt != nil {
            promptNumber += 1
            actions.append(.dismissPrompt)
        }
        watch = SwedbankPaySDK.ProcessHostWatch()
        return actions
    }

    /// Feeds the watch and numbers the prompts it shows or takes away. A payment that ended is
    /// not stuck: the watch is not fed any more.
    private mutating func watch(_ input: SwedbankPaySDK.ProcessHostWatch.Input) -> [Action] {
        guard !payment.isTerminal else { return [] }
        return watch.reduce(input).map { effect in
            switch effect {
            case .showMaybeStuck:
                promptNumber += 1
                return .presentPrompt(.maybeStuck, number: promptNumber)
            case .showContinuesInBrowser:
                promptNumber += 1
                return .presentPrompt(.continuesInBrowser, number: promptNumber)
            case .dismissPrompt:
                promptNumber += 1
                return .dismissPrompt
            case .scheduleCheck(let time):
                return .scheduleCheck(at: time)
            case .cancelCheck:
                return .cancelCheck
            }
        }
    }
}
