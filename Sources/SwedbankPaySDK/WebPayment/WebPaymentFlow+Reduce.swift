import Foundation

// The web payment's decision table, one `reduce` over one input enum returning one effect enum,
// as the native session's `PaymentSessionDecision.reduce`. Each input goes to a named step; the
// steps of the page and the web view are in `+Page`, starting and restoring in `+Launch`.
extension SwedbankPaySDK.WebPaymentFlow {
    typealias Effect = SwedbankPaySDK.WebPaymentEffect
    typealias Input = SwedbankPaySDK.WebPaymentInput
    typealias Step = SwedbankPaySDK.RunningPayment.Step

    /// Applies `input` and returns what to do, in order. Nothing here does I/O.
    mutating func reduce(_ input: Input) -> [Effect] {
        switch input {
        case .start, .restore:
            // A controller runs one payment: once one was started or restored, neither does anything.
            guard case .idle = phase else { return [] }
            return launch(input)
        case .updateRequested(let updateInfo): return requestUpdate(updateInfo)
        case .abortRequested: return requestAbort()
        case .delegateSet:
            guard case .ended(let ended) = phase else { return [] }
            return [.notify(ended.notice)]
        case .redirectBehaviorSet(let behavior):
            redirectBehavior = behavior
            return onScreen { $0.promptsAllowedChanged(behavior == .Default) }
        case .paymentURLOpened(let url, let configurationMatches):
            return paymentURLOpened(url, configurationMatches: configurationMatches)
        case .consumerSessionCreated(let info):
            guard case .initializingConsumerSession = running?.step else { return [] }
            return show(
                .checkin(scriptURL: info.viewConsumerIdentification), baseURL: info.webViewBaseURL,
                at: { .identifyingConsumer(info, $0) })
        case .paymentOrderCreated(let info):
            guard case .creatingPaymentOrder = running?.step else { return [] }
            return showMenu(info, delayed: false, at: { .paying(info, $0) })
        case .creationFailed(let error):
            switch running?.step {
            case .initializingConsumerSession, .creatingPaymentOrder: return end(.failed(error))
            default: return []
            }
        case .updateSucceeded(let update, let info):
            guard case .updatingPaymentOrder(_, _, update, _) = running?.step else { return [] }
            return showMenu(info, delayed: false, at: { .paying(info, $0) })
        case .updateFailed(let update, let error):
            guard case .updatingPaymentOrder(let info, let screen, update, let updateInfo) = running?.step else {
                return []
            }
            setStep(.paying(info, screen))
            return [.notify(.updateFailed(error, updateInfo: updateInfo))]
        case .abortSucceeded:
            guard case .aborting = running?.step else { return [] }
            return end(.canceled)
        case .abortFailed(let error):
            guard case .aborting = running?.step else { return [] }
            return end(.failed(error))
        case .payerExpanded:
            guard case .paying = running?.step else { return [] }
            return [.notify(.shippingAddressIsKnown)]
        case .configurationPlaced(let navigation, let placement):
            return placed(navigation, placement)
        case .posted(let number, let body): return posted(page: number, body)
        case .pageLoaded(let number): return pageLoaded(number)
        case .pageLoadFailed(let number, let failure):
            // A load replaced by a newer page (a reload, an update) is not a failure.
            guard running?.screen?.page.number == number else { return [] }
            return pageFailed(Self.redirectFailure(failure))
        case .webViewFailed(let error): return pageFailed(error)
        case .navigation(let navigation, let configurationMatches):
            return navigate(navigation, configurationMatchesPaymentUrl: configurationMatches)
        case .termsNavigation(let navigation): return [.answer(navigation, Self.termsPageDecision(navigation.request))]
        case .termsOffered(let navigation, let url, let taken):
            return taken ? [.answer(navigation, .cancel)] : [.showTerms(navigation, url)]
        case .termsShown(let navigation): return [.answer(navigation, .cancel)]
        case .opened(let navigation, let opening, let succeeded, let time):
            return opened(navigation, opening, succeeded: succeeded, at: time)
        case .pageDialog(let id, let dialog, let presentable):
            guard presentable else { return [.answerDialog(id: id, dialog.unattendedAnswer)] }
            return onScreen { $0.pageDialogShown() } + [.presentDialog(id: id, dialog)]
        case .promptAnswered(let number, let prompt, let answer): return promptAnswered(number, prompt, answer)
        case .appBecameActive(let time):
            let allowed = promptsAllowed
            return onScreen { $0.appBecameActive(at: time, promptsAllowed: allowed) }
        case .checkDue(let time):
            let allowed = promptsAllowed
            return onScreen { $0.checkDue(at: time, promptsAllowed: allowed) }
        }
    }

    /// The stuck prompt is shown only under the `Default` redirect behaviour.
    var promptsAllowed: Bool { redirectBehavior == .Default }

    // MARK: The app's update and abort

    /// An update while the menu is shown (a new one replaces one in progress); ignored otherwise.
    private mutating func requestUpdate(_ updateInfo: SwedbankPaySDK.AppValue) -> [Effect] {
        switch running?.step {
        case .paying(let info, let screen):
            setStep(.updatingPaymentOrder(info, screen, update: 1, updateInfo: updateInfo))
            return [.startUpdate(update: 1, info, updateInfo: updateInfo)]
        case .updatingPaymentOrder(let info, let screen, let update, _):
            setStep(.updatingPaymentOrder(info, screen, update: update + 1, updateInfo: updateInfo))
            return [.cancelUpdate, .startUpdate(update: update + 1, info, updateInfo: updateInfo)]
        default:
            return []
        }
    }

    /// An abort asks the configuration once a payment order exists; before, the payment ends
    /// here and the configuration call in flight is cancelled.
    private mutating func requestAbort() -> [Effect] {
        switch running?.step {
        case .paying(let info, let screen):
            setStep(.aborting(info, screen))
            return [.abort(info)]
        case .updatingPaymentOrder(let info, let screen, _, _):
            setStep(.aborting(info, screen))
            return [.cancelUpdate, .abort(info)]
        case .initializingConsumerSession, .identifyingConsumer, .creatingPaymentOrder:
            return end(.canceled, cancelling: [.cancelCreation])
        case .aborting, nil:
            return []
        }
    }

    // MARK: Steps of the payment

    /// The paymentUrl came back to `open(url:)`: taken when it is this running payment's; the
    /// menu reloads after the delay when it is shown.
    private mutating func paymentURLOpened(_ url: URL, configurationMatches: Bool) -> [Effect] {
        guard let info = running?.step.paymentOrderInfo, let paymentUrl = info.paymentUrl,
            configurationMatches
                || SwedbankPaySDK.NavigationPolicy.normalized(url)
                    == SwedbankPaySDK.NavigationPolicy.normalized(paymentUrl)
        else { return [.answerPaymentURL(taken: false)] }
        return [.answerPaymentURL(taken: true)] + paymentUrlReturned()
    }

    /// The paymentUrl came back: the menu is shown again after the delay, while paying.
    mutating func paymentUrlReturned() -> [Effect] {
        guard case .paying(let info, _) = running?.step else { return [] }
        return showMenu(info, delayed: true, at: { .paying(info, $0) })
    }

    /// The completeUrl was intercepted, or the hosted view reported `onPaid`.
    mutating func completed() -> [Effect] {
        switch running?.step {
        case .paying, .aborting: return end(.complete)
        case .updatingPaymentOrder: return end(.complete, cancelling: [.cancelUpdate])
        default: return []
        }
    }

    /// The cancelUrl was intercepted.
    mutating func canceledByPayer() -> [Effect] {
        switch running?.step {
        case .paying, .aborting: return end(.canceled)
        case .updatingPaymentOrder: return end(.canceled, cancelling: [.cancelUpdate])
        default: return []
        }
    }

    /// The page failed: its script did not load, the hosted view reported an error, or a page
    /// could not be loaded. While an abort is in flight its answer decides.
    mutating func pageFailed(_ error: SwedbankPaySDK.WebPaymentError) -> [Effect] {
        switch running?.step {
        case .identifyingConsumer, .paying: return end(.failed(error))
        case .updatingPaymentOrder: return end(.failed(error), cancelling: [.cancelUpdate])
        default: return []
        }
    }

    // MARK: Building blocks

    mutating func setStep(_ step: Step) {
        guard case .running(var running) = phase else { return }
        running.step = step
        phase = .running(running)
    }

    /// Shows `shown` (numbered after the page before) and moves to the step `at` makes of the
    /// screen; the payment is back in the web view.
    mutating func show(
        _ shown: SwedbankPaySDK.WebPaymentPage, baseURL: URL?, delayed: Bool = false,
        at step: (SwedbankPaySDK.WebPaymentScreen) -> Step
    ) -> [Effect] {
        guard case .running(var running) = phase else { return [] }
        var screen = running.screen ?? SwedbankPaySDK.WebPaymentScreen(page: .init(page: shown, number: 0))
        let moved = screen.show(shown)
        running.step = step(screen)
        phase = .running(running)
        return [.showPage(shown, number: screen.page.number, baseURL: baseURL, delayed: delayed)] + moved
    }

    mutating func showMenu(
        _ info: SwedbankPaySDK.ViewPaymentOrderInfo, delayed: Bool, at step: (SwedbankPaySDK.WebPaymentScreen) -> Step
    ) -> [Effect] {
        show(.payment(info), baseURL: info.webViewBaseURL, delayed: delayed, at: step)
    }

    /// Runs a rule of the screen, when a payment runs and shows a page: the one way the screen's
    /// rules are composed into the flow.
    mutating func onScreen(_ rule: (inout SwedbankPaySDK.WebPaymentScreen) -> [Effect]) -> [Effect] {
        guard case .running(var running) = phase, var screen = running.screen else { return [] }
        let effects = rule(&screen)
        running.step = running.step.with(screen)
        phase = .running(running)
        return effects
    }

    /// Ends the running payment: what was in flight is cancelled, the delegate told, returning
    /// paymentUrls no longer taken, and the stuck prompt's check and prompt taken away.
    mutating func end(_ ending: SwedbankPaySDK.EndedPayment.Ending, cancelling: [Effect] = []) -> [Effect] {
        guard case .running(let running) = phase else { return [] }
        var screen = running.screen
        let stopped = screen?.stop() ?? []
        let ended = SwedbankPaySDK.EndedPayment(
            ending: ending, info: running.step.paymentOrderInfo, page: screen?.page, run: running.run)
        phase = .ended(ended)
        return cancelling + [.notify(ended.notice), .unregisterFromPaymentURLs] + stopped
    }

    static func redirectFailure(_ failure: SwedbankPaySDK.WebViewLoadFailure) -> SwedbankPaySDK.WebPaymentError {
        SwedbankPaySDK.WebPaymentError(SwedbankPaySDKController.WebContentError.RedirectFailure(error: failure))
    }
}
