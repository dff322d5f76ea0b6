import Foundation
import Testing

@testable import SwedbankPaySDK

/// The cells of the web payment's table that matter most, each expected value written from the
/// documented behaviour — not from the reducer's output — with the source named per group:
/// the SDK's documentation (DocC on the controller and the delegate, the `WebPayments` article)
/// and 5.0.3's behaviour as the reference notes describe it (§2 the state machine, §2.6
/// restoration, §4.3 the stuck prompt, §4.6 the paymentUrl's return). Where neither says, the
/// comment says the cell was decided here.
@Suite struct WebPaymentFlowDocumentedTests {
    typealias F = WebPaymentFixtures
    typealias Table = WebPaymentFlowTableTests
    typealias Phase = WebPaymentFlowTableTests.Phase
    typealias State = SwedbankPaySDK.WebPaymentState
    typealias Action = SwedbankPaySDK.WebPaymentEffect
    typealias Flow = SwedbankPaySDK.WebPaymentFlow

    /// The states `Table.flow` reaches: the checkin payment (v2) before the order, the v3
    /// payment with checkin after it.
    static let both: SwedbankPaySDK.VersionOptions = [.isV3, .useCheckin]
    static let info = F.v3Info
    static let error = Table.error

    static func reduce(_ phase: Phase, _ input: SwedbankPaySDK.WebPaymentInput) -> (State, [Action]) {
        var flow = Table.flow(phase)
        let actions = flow.reduce(input)
        return (flow.payment, actions)
    }

    /// Checks one cell against the phase after and the actions expected.
    static func expect(
        _ phase: Phase, _ input: SwedbankPaySDK.WebPaymentInput, in table: [Phase: (State, [Action])],
        sourceLocation: SourceLocation = #_sourceLocation
    ) {
        let (after, actions) = reduce(phase, input)
        #expect(after == table[phase]?.0, "\(phase)", sourceLocation: sourceLocation)
        #expect(actions == table[phase]?.1, "\(phase)", sourceLocation: sourceLocation)
    }

    static func menu(_ info: SwedbankPaySDK.ViewPaymentOrderInfo, number: Int, delayed: Bool) -> [Action] {
        [.showPage(.payment(info), number: number, baseURL: info.webViewBaseURL, delayed: delayed), .cancelCheck]
    }

    static func state(_ phase: Phase) -> State { Table.flow(phase).payment }

    // MARK: Abort in each phase

    // DocC of `abortPayment()` and WebPayments "Updating and aborting": the configuration aborts
    // the payment order, then the delegate hears `paymentCanceled()` (`paymentFailed(error:)` if
    // the abort failed); before a payment order exists the payment is canceled at once (5.0.3 did
    // nothing there, §2.3 — this SDK documents the change); an update in progress is cancelled
    // (5.0.3 §2.3: abort begins with `cancelUpdate`). WebPayments "What the delegate hears": once
    // a payment ended nothing changes its outcome (5.0.3's defect Q12 fixed). Before a payment
    // starts there is nothing to abort (5.0.3: no view model yet), and the payment can still be
    // started. A second abort while one is in flight: not documented; decided here that the
    // order is not aborted twice.
    static let abortExpected: [Phase: (State, [Action])] = [
        .idle: (.idle, []),
        .initializingConsumerSession: (
            .canceled(nil), [.cancelCreation, .notify(.canceled), .unregisterFromPaymentURLs]
        ),
        .identifyingConsumer: (.canceled(nil), [.cancelCreation, .notify(.canceled), .unregisterFromPaymentURLs]),
        .creatingPaymentOrder: (.canceled(nil), [.cancelCreation, .notify(.canceled), .unregisterFromPaymentURLs]),
        .paying: (.aborting(info, options: both), [.abort(info)]),
        .updatingPaymentOrder: (.aborting(info, options: both), [.cancelUpdate, .abort(info)]),
        .aborting: (.aborting(info, options: both), []),
        .complete: (.complete(info), []),
        .canceled: (.canceled(info), []),
        .failed: (.failed(info, error), []),
    ]

    @Test(arguments: Phase.allCases)
    func abortDoesWhatTheDocumentationSays(_ phase: Phase) {
        Self.expect(phase, .abortRequested, in: Self.abortExpected)
    }

    @Test func anAbortEndsCanceledOrFailedAsItsAnswer() {
        var flow = Table.flow(.aborting)
        #expect(flow.reduce(.abortSucceeded) == [.notify(.canceled), .unregisterFromPaymentURLs])
        #expect(flow.payment == .canceled(Self.info))
        flow = Table.flow(.aborting)
        #expect(flow.reduce(.abortFailed(Self.error)) == [.notify(.failed(Self.error)), .unregisterFromPaymentURLs])
        #expect(flow.payment == .failed(Self.info, Self.error))
    }

    // MARK: Update in each phase

    // DocC of `updatePaymentOrder(updateInfo:)` and WebPayments "Updating and aborting": the
    // configuration is asked; the menu reloads when it succeeds; a failure goes to
    // `updatePaymentOrderFailed` and the menu stays; a new update replaces one in progress
    // (5.0.3 §2.3: cancel the current update, start a new one); nothing unless the menu is shown
    // (5.0.3 §2.3: any other state is a no-op). While an abort is in flight the order is going
    // away: not documented; decided here that the update is ignored, as in any state without
    // the menu (the DocC says so now).
    static let updateExpected: [Phase: (State, [Action])] = [
        .idle: (.idle, []),
        .initializingConsumerSession: (state(.initializingConsumerSession), []),
        .identifyingConsumer: (state(.identifyingConsumer), []),
        .creatingPaymentOrder: (state(.creatingPaymentOrder), []),
        .paying: (
            .updatingPaymentOrder(info, options: both, update: 1),
            [.startUpdate(update: 1, info, updateInfo: Table.swish)]
        ),
        .updatingPaymentOrder: (
            .updatingPaymentOrder(info, options: both, update: 2),
            [.cancelUpdate, .startUpdate(update: 2, info, updateInfo: Table.swish)]
        ),
        .aborting: (.aborting(info, options: both), []),
        .complete: (.complete(info), []),
        .canceled: (.canceled(info), []),
        .failed: (.failed(info, error), []),
    ]

    @Test(arguments: Phase.allCases)
    func updateDoesWhatTheDocumentationSays(_ phase: Phase) {
        Self.expect(phase, .updateRequested(updateInfo: Table.swish), in: Self.updateExpected)
    }

    @Test func anUpdateReloadsTheMenuOrLeavesItAndTellsTheDelegate() {
        var flow = Table.flow(.updatingPaymentOrder)
        #expect(
            flow.reduce(.updateSucceeded(update: 1, F.updatedInfo))
                == Self.menu(F.updatedInfo, number: 2, delayed: false))
        #expect(flow.payment == .paying(F.updatedInfo, options: Self.both))

        flow = Table.flow(.updatingPaymentOrder)
        #expect(
            flow.reduce(.updateFailed(update: 1, Self.error)) == [
                .notify(.updateFailed(Self.error, updateInfo: Table.swish))
            ])
        #expect(flow.payment == .paying(Self.info, options: Self.both))
        #expect(flow.shownPage?.number == 1)

        // The answer of an update that was replaced is not the payment's (5.0.3 §2.3).
        flow = Table.flow(.updatingPaymentOrder)
        _ = flow.reduce(.updateRequested(updateInfo: Table.swish))
        #expect(flow.reduce(.updateFailed(update: 1, Self.error)) == [])
        #expect(flow.payment == .updatingPaymentOrder(Self.info, options: Self.both, update: 2))
    }

    // MARK: Restoration of each saved state

    // WebPayments "Surviving process death" and DocC of `restorePayment(from:)`: work in flight
    // is done again (a payment order being created is requested again), a shown page is shown
    // again, an ended payment reports its ending; data that cannot be read ends the payment with
    // `StateRestorationError`. 5.0.3 §2.6: on waking, consumers and payment orders are requested
    // again, other states are shown again; an update in flight is saved as `paying` (the update
    // is lost). The architecture document: an abort in flight is asked again. Nothing started:
    // nothing to do, and the payment can still be started.
    static let checkin = F.checkinInfo
    static let restoreExpected: [(saved: State, after: State, actions: [Action])] = [
        (.idle, .idle, []),
        (
            .initializingConsumerSession(options: .useCheckin), .initializingConsumerSession(options: .useCheckin),
            [.registerForPaymentURLs, .createConsumerSession]
        ),
        (
            .identifyingConsumer(checkin, options: .useCheckin), .identifyingConsumer(checkin, options: .useCheckin),
            [
                .registerForPaymentURLs,
                .showPage(
                    .checkin(scriptURL: checkin.viewConsumerIdentification), number: 1, baseURL: checkin.webViewBaseURL,
                    delayed: false),
                .cancelCheck,
            ]
        ),
        (
            .creatingPaymentOrder(consumerProfileRef: "ref", options: .useCheckin),
            .creatingPaymentOrder(consumerProfileRef: "ref", options: .useCheckin),
            [.registerForPaymentURLs, .createPaymentOrder(consumerProfileRef: "ref", options: .useCheckin)]
        ),
        (
            .paying(info, options: .isV3), .paying(info, options: .isV3),
            [.registerForPaymentURLs] + menu(info, number: 1, delayed: false)
        ),
        (
            .updatingPaymentOrder(info, options: .isV3, update: 3), .paying(info, options: .isV3),
            [.registerForPaymentURLs] + menu(info, number: 1, delayed: false)
        ),
        (.aborting(info, options: .isV3), .aborting(info, options: .isV3), [.registerForPaymentURLs, .abort(info)]),
        (.complete(info), .complete(info), [.notify(.complete)]),
        (.canceled(nil), .canceled(nil), [.notify(.canceled)]),
        (.failed(info, error), .failed(info, error), [.notify(.failed(error))]),
    ]

    @Test func eachSavedStateRestoresAsDocumented() {
        #expect(Set(restoreKinds) == Set(Phase.allCases))
        for (saved, after, actions) in Self.restoreExpected {
            var flow = Flow()
            #expect(
                flow.reduce(
                    .restore(.saved(saved, orderKey: Table.key, .init(wasGiven: nil, isGiven: false)), Table.launch))
                    == actions, "\(saved)")
            #expect(flow.payment == after, "\(saved)")
        }
    }

    private var restoreKinds: [Phase] { Self.restoreExpected.map { Table.phase($0.saved) } }

    // DocC of `init(configuration:withCheckin:…)`: a restored payment whose controller cannot
    // know its configuration fails with `nonpersistableConfiguration`, as in 5.0.3 (§2.6); one
    // that ended reports its ending all the same ("an ended payment reports its ending").
    @Test func aPaymentTheControllerCannotGoOnWithFailsAndOneThatEndedReportsItsEnding() {
        let problem = SwedbankPaySDK.WebPaymentError(
            SwedbankPaySDKController.StateRestorationError.nonpersistableConfiguration)
        let givenToTheSavedOnly = SwedbankPaySDK.RestoringConfiguration(wasGiven: true, isGiven: false)
        var flow = Flow()
        #expect(
            flow.reduce(
                .restore(.saved(.paying(Self.info, options: .isV3), orderKey: nil, givenToTheSavedOnly), Table.launch))
                == [.notify(.failed(problem))])
        #expect(flow.payment == .failed(Self.info, problem))

        flow = Flow()
        #expect(
            flow.reduce(.restore(.saved(.complete(Self.info), orderKey: nil, givenToTheSavedOnly), Table.launch)) == [
                .notify(.complete)
            ])
        #expect(flow.payment == .complete(Self.info))

        let unreadable = SwedbankPaySDKController.StateRestorationError.unknown
        flow = Flow()
        #expect(flow.reduce(.restore(.unreadable(unreadable), Table.launch)) == [.notify(.failed(.init(unreadable)))])
        #expect(flow.payment == .failed(nil, .init(unreadable)))
    }

    // Migrating ("A restored payment whose controller had been given its configuration by an
    // initializer fails with `nonpersistableConfiguration` only when the restoring controller was
    // not given one either") and the DocC of `configuration` and `ControllerError` (a controller
    // without any configuration fails with `missingConfiguration`, never stops the app). Which of
    // the two a controller with neither hears was decided here: the saved controller's rule
    // first, as 5.0.3 checks it before anything else (§2.6). Data saved before the fact was
    // recorded (`wasGiven` nil) counts as not given.
    static let configurationExpected:
        [(SwedbankPaySDK.RestoringConfiguration, available: Bool, SwedbankPaySDK.WebPaymentError?)] = {
            let nonpersistable = SwedbankPaySDK.WebPaymentError(
                SwedbankPaySDKController.StateRestorationError.nonpersistableConfiguration)
            let missing = SwedbankPaySDK.WebPaymentError(SwedbankPaySDKController.ControllerError.missingConfiguration)
            return [
                (.init(wasGiven: true, isGiven: false), true, nonpersistable),
                (.init(wasGiven: true, isGiven: false), false, nonpersistable),
                (.init(wasGiven: true, isGiven: true), true, nil),
                (.init(wasGiven: false, isGiven: false), true, nil),
                (.init(wasGiven: false, isGiven: true), true, nil),
                (.init(wasGiven: nil, isGiven: false), true, nil),
                (.init(wasGiven: false, isGiven: false), false, missing),
                (.init(wasGiven: nil, isGiven: false), false, missing),
            ]
        }()

    @Test func whetherTheRestoringControllerCanGoOnIsDecidedByWhoWasGivenTheConfiguration() {
        let goesOn = Self.restoreExpected.first { $0.saved == .paying(Self.info, options: .isV3) }!
        for (configuration, available, problem) in Self.configurationExpected {
            var launch = Table.launch
            if !available { launch.setup = nil }
            var flow = Flow()
            let actions: [Action] = flow.reduce(
                .restore(.saved(.paying(Self.info, options: .isV3), orderKey: nil, configuration), launch))
            if let problem {
                #expect(actions == [.notify(.failed(problem))], "\(configuration)")
                #expect(flow.payment == .failed(Self.info, problem), "\(configuration)")
            } else {
                #expect(actions == goesOn.actions, "\(configuration)")
                #expect(flow.payment == goesOn.after, "\(configuration)")
            }
        }
    }

    // MARK: The stuck prompt

    // WebPayments "What the payer is asked" and 5.0.3 §4.3: under `Default`, when a page opened
    // another app and the payer comes back to a payment that has not moved on, the prompt comes
    // 30 s after the app was opened and at least 3 s after the payer came back; "Continue in
    // browser" switches to `AlwaysUseBrowser` and shows the menu again — at once: 5.0.3 reloads
    // "with no delay", the delay being for a paymentUrl that came back, which none did (the
    // reducer used the paymentUrl's delayed reload; fixed). Any navigation in the web view takes
    // the prompt away; a page opened in the browser gets its notice at once, under any
    // behaviour. A payment that ended has moved on: it is not prompted, and a prompt shown is
    // taken away (the reducer went on watching after the end; fixed).

    static let app = SwedbankPaySDK.WebOpening.app(F.url("bankid://x"))

    @Test func thePromptComesThirtySecondsAfterTheAppAndThreeAfterThePayerCameBack() {
        var flow = Table.flow(.paying)
        let n = Table.navigation
        #expect(
            flow.reduce(.opened(n, Self.app, succeeded: true, at: 0)) == [.scheduleCheck(at: 30), .answer(n, .cancel)])
        #expect(flow.reduce(.appBecameActive(at: 10)) == [.scheduleCheck(at: 30)])
        #expect(flow.reduce(.appBecameActive(at: 29)) == [.scheduleCheck(at: 32)])
        #expect(flow.reduce(.checkDue(at: 32)) == [.presentPrompt(.maybeStuck, number: 1)])
        // "Wait": nothing else happens.
        #expect(flow.reduce(.promptAnswered(number: 1, .maybeStuck, .button(0))) == [])
        #expect(flow.payment == .paying(Self.info, options: Self.both))
    }

    @Test func continuingInTheBrowserShowsTheMenuAgainAtOnce() {
        var flow = Table.flow(.paying)
        _ = flow.reduce(.opened(Table.navigation, Self.app, succeeded: true, at: 0))
        #expect(flow.reduce(.checkDue(at: 30)) == [.presentPrompt(.maybeStuck, number: 1)])
        #expect(
            flow.reduce(.promptAnswered(number: 1, .maybeStuck, .button(1)))
                == [.useBrowserFromNowOn] + Self.menu(Self.info, number: 2, delayed: false))
    }

    @Test func aNavigationInTheWebViewTakesThePromptAway() {
        var flow = Table.flow(.paying)
        let n = Table.navigation
        _ = flow.reduce(.opened(n, Self.app, succeeded: true, at: 0))
        _ = flow.reduce(.checkDue(at: 30))
        // A page of the engine's own (about:blank) is allowed in the web view.
        let blank = SwedbankPaySDK.WebNavigation(
            id: 2,
            request: .init(url: F.url("about:blank"), method: "GET", isMainFrame: true, isNewWindow: false, body: nil))
        #expect(
            flow.reduce(.navigation(blank, configurationMatchesPaymentUrl: false)) == [
                .cancelCheck, .dismissPrompt, .notify(.paymentOrderDidHide), .answer(blank, .allow),
            ])
    }

    @Test func aPageInTheBrowserGetsItsNoticeUnderAnyBehaviourButThePromptOnlyUnderDefault() {
        var flow = Table.flow(.paying)
        let n = Table.navigation
        _ = flow.reduce(.redirectBehaviorSet(.AlwaysUseWebView))
        #expect(flow.reduce(.opened(n, Self.app, succeeded: true, at: 0)) == [.answer(n, .cancel)])
        #expect(flow.reduce(.checkDue(at: 60)) == [])
        #expect(
            flow.reduce(.opened(n, .browser(F.url("https://bank.example/")), succeeded: true, at: 61))
                == [.cancelCheck, .presentPrompt(.continuesInBrowser, number: 1), .answer(n, .cancel)])
    }

    @Test(arguments: [Phase.complete, .canceled, .failed])
    func aPaymentThatEndedIsNotPrompted(_ phase: Phase) {
        var flow = Table.flow(phase)
        let n = Table.navigation
        #expect(flow.reduce(.opened(n, Self.app, succeeded: true, at: 0)) == [.answer(n, .cancel)])
        #expect(flow.reduce(.appBecameActive(at: 40)) == [])
        #expect(flow.reduce(.checkDue(at: 40)) == [])
    }

    @Test func aPromptShownIsTakenAwayWhenThePaymentEnds() {
        var flow = Table.flow(.paying)
        _ = flow.reduce(.opened(Table.navigation, Self.app, succeeded: true, at: 0))
        #expect(flow.reduce(.checkDue(at: 30)) == [.presentPrompt(.maybeStuck, number: 1)])
        #expect(
            flow.reduce(.posted(page: 1, .object(["msg": .string("onPaid")]))) == [
                .notify(.complete), .unregisterFromPaymentURLs, .cancelCheck, .dismissPrompt,
            ])
        // The answer to the prompt taken away is not the payer's.
        #expect(flow.reduce(.promptAnswered(number: 1, .maybeStuck, .button(1))) == [])
    }

    // MARK: The terms page

    // WebPayments "What the payer is asked" and 5.0.3's documented promise (reference §10 Q12):
    // the terms link is refused in the web view, the delegate is offered it
    // (`overrideTermsOfServiceTapped(url:)`, true: the app shows it), else the SDK shows it on a
    // page of its own over the payment. The navigation is answered once that is done. (The
    // delegate's DocC and the article's navigation table said "the browser"; corrected.)
    @Test func theTermsAreOfferedToTheDelegateThenShownByTheSDK() {
        var flow = Table.flow(.paying)
        let n = Table.navigation
        let tos = Self.info.termsOfServiceUrl!
        let terms = SwedbankPaySDK.WebNavigation(
            id: 2, request: .init(url: tos, method: "GET", isMainFrame: true, isNewWindow: false, body: nil))
        #expect(flow.reduce(.navigation(terms, configurationMatchesPaymentUrl: false)) == [.offerTerms(terms, tos)])
        #expect(flow.reduce(.termsOffered(n, url: tos, taken: true)) == [.answer(n, .cancel)])
        #expect(flow.reduce(.termsOffered(n, url: tos, taken: false)) == [.showTerms(n, tos)])
        #expect(flow.reduce(.termsShown(n)) == [.answer(n, .cancel)])
        #expect(flow.payment == .paying(Self.info, options: Self.both))
        #expect(flow.showsPaymentOrder)
    }

    // MARK: The paymentUrl's return

    // WebPayments "Pages, redirects and returning to the menu" and 5.0.3 §4.6: the paymentUrl,
    // in the web view or given to `open(url:)`, reloads the menu, opening the hosted view after
    // 500 ms; "only effective in state paying" (5.0.3 §4.6; an update in flight is a state of its
    // own there, and its result reloads the menu anyway).
    @Test(arguments: Phase.allCases)
    func thePaymentUrlReloadsTheMenuOnlyWhilePaying(_ phase: Phase) {
        let url = Self.info.paymentUrl!
        let (after, actions) = Self.reduce(phase, .paymentURLOpened(url, configurationMatches: false))
        #expect(after == Self.state(phase))
        // Taken by the payment whose paymentUrl it is (one with an order that runs); reloaded
        // only while paying.
        let taken = [Phase.paying, .updatingPaymentOrder, .aborting].contains(phase)
        let reload = phase == .paying ? Self.menu(Self.info, number: 2, delayed: true) : []
        #expect(actions == [.answerPaymentURL(taken: taken)] + reload, "\(phase)")
    }

    @Test func thePaymentUrlInTheWebViewIsRefusedAndReloadsTheMenu() {
        var flow = Table.flow(.paying)
        let back = SwedbankPaySDK.WebNavigation(
            id: 2,
            request: .init(url: Self.info.paymentUrl!, method: "GET", isMainFrame: true, isNewWindow: false, body: nil))
        #expect(
            flow.reduce(.navigation(back, configurationMatchesPaymentUrl: false)) == Self.menu(
                Self.info, number: 2, delayed: true) + [.answer(back, .cancel)])
    }
}
