import Foundation
import Testing

@testable import SwedbankPaySDK

/// The web payment's transition table: every phase × every input kind of `WebPaymentFlow.reduce`,
/// each cell an exact expectation — the phase after and the effects, as values — written from
/// the documentation (the `WebPayments` article, the DocC of the controller and the delegate,
/// and 5.0.3's behaviour as the reference notes describe it: §2 the state machine, §2.6
/// restoration, §4 navigation, §4.3 the stuck prompt, §4.6 the paymentUrl). Each row says where
/// its cells come from; a cell that cannot happen (the runner cannot produce that input in that
/// phase) is written `unreachable` with the reason, and still expects what the reducer does then.
///
/// `aChangedCellIsReported` shows the table holds: it changes each cell in turn and checks that the
/// comparison names exactly that cell.
@Suite struct WebPaymentFlowTableTests {
    typealias F = WebPaymentFixtures
    typealias Flow = SwedbankPaySDK.WebPaymentFlow
    typealias Input = SwedbankPaySDK.WebPaymentInput
    typealias Effect = SwedbankPaySDK.WebPaymentEffect

    /// The phases by name.
    enum Phase: String, CaseIterable, Sendable {
        case idle, initializingConsumerSession, identifyingConsumer, creatingPaymentOrder, paying
        case updatingPaymentOrder, aborting, complete, canceled, failed
    }

    static func phase(_ state: SwedbankPaySDK.WebPaymentState) -> Phase {
        switch state {
        case .idle: .idle
        case .initializingConsumerSession: .initializingConsumerSession
        case .identifyingConsumer: .identifyingConsumer
        case .creatingPaymentOrder: .creatingPaymentOrder
        case .paying: .paying
        case .updatingPaymentOrder: .updatingPaymentOrder
        case .aborting: .aborting
        case .complete: .complete
        case .canceled: .canceled
        case .failed: .failed
        }
    }

    // MARK: Fixtures

    static let error = SwedbankPaySDK.WebPaymentError(SwedbankPaySDK.WebViewLoadFailure(url: nil, description: "x"))
    static let info = F.v3Info
    static let both: SwedbankPaySDK.VersionOptions = [.isV3, .useCheckin]
    static let key = SwedbankPaySDK.IdempotencyKey("table-key")!
    static let swish = SwedbankPaySDK.AppValue("Swish")
    static let setup = SwedbankPaySDK.WebPaymentSetup(
        configuration: StubWebConfiguration(), webViewHost: nil, appLauncher: SwedbankPaySDK.NoAppLauncher())
    static let launch = SwedbankPaySDK.WebPaymentLaunch(arguments: .init(), setup: setup, newOrderKey: key)

    static let navigation = SwedbankPaySDK.WebNavigation(
        id: 1,
        request: SwedbankPaySDK.WebNavigationRequest(
            url: URL(string: "https://bank.example/")!, method: "GET", isMainFrame: true, isNewWindow: false, body: nil)
    )

    /// A flow in each phase, reached through the reducer. The checkin payment (v2) shows the
    /// checkin as page 1; the v3 payment with checkin shows the menu (the checkout) as page 1 and
    /// keeps it shown after it ended; `creatingPaymentOrder` is a v3 payment with no page yet.
    static func flow(_ phase: Phase) -> Flow {
        var flow = Flow()
        func go(_ inputs: Input...) { for input in inputs { _ = flow.reduce(input) } }
        switch phase {
        case .idle: break
        case .initializingConsumerSession: go(.start(useCheckin: true, isV3: false, launch))
        case .identifyingConsumer:
            go(.start(useCheckin: true, isV3: false, launch), .consumerSessionCreated(F.checkinInfo))
        case .creatingPaymentOrder: go(.start(useCheckin: false, isV3: true, launch))
        case .paying, .updatingPaymentOrder, .aborting, .complete, .canceled, .failed:
            go(.start(useCheckin: true, isV3: true, launch), .paymentOrderCreated(info))
            switch phase {
            case .updatingPaymentOrder: go(.updateRequested(updateInfo: swish))
            case .aborting: go(.abortRequested)
            case .complete: go(.posted(page: 1, .object(["msg": .string("onPaid")])))
            case .canceled: go(.abortRequested, .abortSucceeded)
            case .failed: go(.webViewFailed(error))
            default: break
            }
        }
        #expect(Self.phase(flow.payment) == phase)
        return flow
    }

    /// One input of each kind, its payload chosen so the cell shows the decision.
    static func input(_ kind: Input.Kind) -> Input {
        switch kind {
        case .start: .start(useCheckin: false, isV3: true, launch)
        case .restore:
            .restore(
                .saved(.paying(F.v2Info, options: []), orderKey: key, .init(wasGiven: false, isGiven: false)), launch)
        case .updateRequested: .updateRequested(updateInfo: swish)
        case .abortRequested: .abortRequested
        case .delegateSet: .delegateSet
        case .redirectBehaviorSet: .redirectBehaviorSet(.AlwaysUseWebView)
        case .paymentURLOpened: .paymentURLOpened(info.paymentUrl!, configurationMatches: false)
        case .consumerSessionCreated: .consumerSessionCreated(F.checkinInfo)
        case .paymentOrderCreated: .paymentOrderCreated(info)
        case .creationFailed: .creationFailed(error)
        case .updateSucceeded: .updateSucceeded(update: 1, F.updatedInfo)
        case .updateFailed: .updateFailed(update: 1, error)
        case .abortSucceeded: .abortSucceeded
        case .abortFailed: .abortFailed(error)
        case .payerExpanded: .payerExpanded
        case .configurationPlaced: .configurationPlaced(navigation, .notAsked)
        case .posted: .posted(page: 1, .object(["msg": .string("onError")]))
        case .pageLoaded: .pageLoaded(page: 1)
        case .pageLoadFailed: .pageLoadFailed(page: 1, SwedbankPaySDK.WebViewLoadFailure(url: nil, description: "x"))
        case .webViewFailed: .webViewFailed(error)
        case .navigation: .navigation(navigation, configurationMatchesPaymentUrl: false)
        case .termsNavigation: .termsNavigation(navigation)
        case .termsOffered: .termsOffered(navigation, url: F.url("https://merchant.example/tos"), taken: false)
        case .termsShown: .termsShown(navigation)
        case .opened: .opened(navigation, .app(F.url("bankid://x")), succeeded: true, at: 0)
        case .pageDialog: .pageDialog(id: 1, .alert(message: "hi"), presentable: true)
        case .promptAnswered: .promptAnswered(number: 1, .maybeStuck, .button(1))
        case .appBecameActive: .appBecameActive(at: 40)
        case .checkDue: .checkDue(at: 40)
        }
    }

    // MARK: Cells

    /// What one cell expects.
    struct Cell: Equatable, CustomStringConvertible {
        var after: Phase?
        var effects: [Effect]
        /// Why the input cannot come in this phase, for a cell that cannot happen.
        var unreachable: String?

        var description: String { "\(after.map { "\($0)" } ?? "same phase"): \(effects)" }
    }

    /// Nothing happens: the phase stays, no effects.
    static let ignored = Cell(after: nil, effects: [])
    static func stays(_ effects: Effect...) -> Cell { Cell(after: nil, effects: effects) }
    static func to(_ phase: Phase, _ effects: Effect...) -> Cell { Cell(after: phase, effects: effects) }
    static func stays(_ effects: [Effect]) -> Cell { Cell(after: nil, effects: effects) }
    static func to(_ phase: Phase, _ effects: [Effect]) -> Cell { Cell(after: phase, effects: effects) }
    static func unreachable(_ why: String, _ cell: Cell = ignored) -> Cell {
        Cell(after: cell.after, effects: cell.effects, unreachable: why)
    }

    static let noWebView = "no web view before a page is shown"
    static let notRegistered = "the runner takes paymentUrls only while the payment runs"
    static let notAsked = "the configuration is asked only in this phase's step"
    static let noPrompt = "no prompt was shown"

    static func menu(_ info: SwedbankPaySDK.ViewPaymentOrderInfo, number: Int, delayed: Bool) -> [Effect] {
        [.showPage(.payment(info), number: number, baseURL: info.webViewBaseURL, delayed: delayed), .cancelCheck]
    }

    static func ending(_ notice: SwedbankPaySDK.WebPaymentNotice, cancelling: [Effect] = []) -> [Effect] {
        cancelling + [.notify(notice), .unregisterFromPaymentURLs]
    }

    static let n = navigation
    static let ended: [Phase] = [.complete, .canceled, .failed]

    /// A row whose cells are the same in the ended phases.
    static func row(_ cells: [Phase: Cell], ended cell: Cell) -> [Phase: Cell] {
        cells.merging(ended.map { ($0, cell) }) { mine, _ in mine }
    }

    /// The table, by input kind; each row names every phase.
    static let table: [Input.Kind: [Phase: Cell]] = [
        // WebPayments "Starting a payment": a controller runs one payment, a second start does
        // nothing; v3 creates the order at once (no checkin page before it).
        .start: row(
            [
                .idle: to(
                    .creatingPaymentOrder, .registerForPaymentURLs,
                    .createPaymentOrder(consumerProfileRef: nil, options: .isV3)),
                .initializingConsumerSession: ignored, .identifyingConsumer: ignored, .creatingPaymentOrder: ignored,
                .paying: ignored, .updatingPaymentOrder: ignored, .aborting: ignored,
            ], ended: ignored),
        // "Surviving process death": a saved menu is shown again — into a controller that has not
        // started one (`restorePayment(from:)`'s DocC).
        .restore: row(
            [
                .idle: to(.paying, [.registerForPaymentURLs] + menu(F.v2Info, number: 1, delayed: false)),
                .initializingConsumerSession: ignored, .identifyingConsumer: ignored, .creatingPaymentOrder: ignored,
                .paying: ignored, .updatingPaymentOrder: ignored, .aborting: ignored,
            ], ended: ignored),
        // "Updating and aborting": nothing unless the menu is shown; a new update cancels the one
        // in progress; while an abort is in progress an update does nothing.
        .updateRequested: row(
            [
                .idle: ignored, .initializingConsumerSession: ignored, .identifyingConsumer: ignored,
                .creatingPaymentOrder: ignored,
                .paying: to(.updatingPaymentOrder, .startUpdate(update: 1, info, updateInfo: swish)),
                .updatingPaymentOrder: stays(.cancelUpdate, .startUpdate(update: 2, info, updateInfo: swish)),
                .aborting: ignored,
            ], ended: ignored),
        // "Updating and aborting" and `abortPayment()`'s DocC: the configuration aborts the order;
        // before one exists the payment is canceled at once; before a start, after the end or
        // during an abort, nothing. An update in progress is cancelled (5.0.3 §2.3).
        .abortRequested: row(
            [
                .idle: ignored,
                .initializingConsumerSession: to(.canceled, ending(.canceled, cancelling: [.cancelCreation])),
                .identifyingConsumer: to(.canceled, ending(.canceled, cancelling: [.cancelCreation])),
                .creatingPaymentOrder: to(.canceled, ending(.canceled, cancelling: [.cancelCreation])),
                .paying: to(.aborting, .abort(info)),
                .updatingPaymentOrder: to(.aborting, .cancelUpdate, .abort(info)),
                .aborting: ignored,
            ], ended: ignored),
        // "What the delegate hears": a delegate set after the end hears the ending at once.
        .delegateSet: [
            .idle: ignored, .initializingConsumerSession: ignored, .identifyingConsumer: ignored,
            .creatingPaymentOrder: ignored, .paying: ignored, .updatingPaymentOrder: ignored, .aborting: ignored,
            .complete: stays(.notify(.complete)), .canceled: stays(.notify(.canceled)),
            .failed: stays(.notify(.failed(error))),
        ],
        // `webRedirectBehavior`'s DocC: away from `Default` there is no stuck prompt — its check
        // is cancelled where a page is shown; the setting is kept in any phase.
        .redirectBehaviorSet: row(
            [
                .idle: ignored, .initializingConsumerSession: ignored, .identifyingConsumer: stays(.cancelCheck),
                .creatingPaymentOrder: ignored, .paying: stays(.cancelCheck),
                .updatingPaymentOrder: stays(.cancelCheck),
                .aborting: stays(.cancelCheck),
            ], ended: ignored),
        // "Pages, redirects and returning to the menu": `open(url:)` reloads the menu of the
        // controller whose paymentUrl it is (after 500 ms) and returns false for any other; §4.6:
        // only while paying does it reload.
        .paymentURLOpened: row(
            [
                .idle: unreachable(notRegistered, stays(.answerPaymentURL(taken: false))),
                .initializingConsumerSession: stays(.answerPaymentURL(taken: false)),
                .identifyingConsumer: stays(.answerPaymentURL(taken: false)),
                .creatingPaymentOrder: stays(.answerPaymentURL(taken: false)),
                .paying: stays([.answerPaymentURL(taken: true)] + menu(info, number: 2, delayed: true)),
                .updatingPaymentOrder: stays(.answerPaymentURL(taken: true)),
                .aborting: stays(.answerPaymentURL(taken: true)),
            ], ended: unreachable(notRegistered, stays(.answerPaymentURL(taken: false)))),
        // §2: postConsumers' answer shows the checkin page. An answer in another phase is a late
        // one the reducer ignores.
        .consumerSessionCreated: row(
            [
                .idle: unreachable(notAsked),
                .initializingConsumerSession: to(
                    .identifyingConsumer,
                    .showPage(
                        .checkin(scriptURL: F.checkinInfo.viewConsumerIdentification), number: 1,
                        baseURL: F.checkinInfo.webViewBaseURL, delayed: false),
                    .cancelCheck),
                .identifyingConsumer: unreachable(notAsked), .creatingPaymentOrder: unreachable(notAsked),
                .paying: unreachable(notAsked), .updatingPaymentOrder: unreachable(notAsked),
                .aborting: unreachable(notAsked),
            ], ended: unreachable("a creation in flight is cancelled when the payment ends")),
        // §2: postPaymentorders' answer shows the menu.
        .paymentOrderCreated: row(
            [
                .idle: unreachable(notAsked), .initializingConsumerSession: unreachable(notAsked),
                .identifyingConsumer: unreachable(notAsked),
                .creatingPaymentOrder: to(.paying, menu(info, number: 1, delayed: false)),
                .paying: unreachable(notAsked), .updatingPaymentOrder: unreachable(notAsked),
                .aborting: unreachable(notAsked),
            ], ended: unreachable("a creation in flight is cancelled when the payment ends")),
        // "What the delegate hears": the configuration's own error ends the payment.
        .creationFailed: row(
            [
                .idle: unreachable(notAsked),
                .initializingConsumerSession: to(.failed, ending(.failed(error))),
                .identifyingConsumer: unreachable(notAsked),
                .creatingPaymentOrder: to(.failed, ending(.failed(error))),
                .paying: unreachable(notAsked), .updatingPaymentOrder: unreachable(notAsked),
                .aborting: unreachable(notAsked),
            ], ended: unreachable("a creation in flight is cancelled when the payment ends")),
        // "Updating and aborting": on success the menu reloads from the new info.
        .updateSucceeded: row(
            [
                .idle: unreachable(notAsked), .initializingConsumerSession: unreachable(notAsked),
                .identifyingConsumer: unreachable(notAsked), .creatingPaymentOrder: unreachable(notAsked),
                .paying: unreachable("an update's answer comes while it is in progress"),
                .updatingPaymentOrder: to(.paying, menu(F.updatedInfo, number: 2, delayed: false)),
                .aborting: unreachable("the update is cancelled when the abort starts"),
            ], ended: unreachable("the update is cancelled when the payment ends")),
        // "Updating and aborting": on failure the menu stays and the delegate hears the app's
        // `updateInfo` with the error.
        .updateFailed: row(
            [
                .idle: unreachable(notAsked), .initializingConsumerSession: unreachable(notAsked),
                .identifyingConsumer: unreachable(notAsked), .creatingPaymentOrder: unreachable(notAsked),
                .paying: unreachable("an update's answer comes while it is in progress"),
                .updatingPaymentOrder: to(.paying, .notify(.updateFailed(error, updateInfo: swish))),
                .aborting: unreachable("the update is cancelled when the abort starts"),
            ], ended: unreachable("the update is cancelled when the payment ends")),
        // `abortPayment()`'s DocC: it ends with `paymentCanceled()`...
        .abortSucceeded: row(
            [
                .idle: unreachable(notAsked), .initializingConsumerSession: unreachable(notAsked),
                .identifyingConsumer: unreachable(notAsked), .creatingPaymentOrder: unreachable(notAsked),
                .paying: unreachable(notAsked), .updatingPaymentOrder: unreachable(notAsked),
                .aborting: to(.canceled, ending(.canceled)),
            ], ended: ignored),
        // ... or `paymentFailed(error:)` if the abort failed. Once ended (the page completed
        // first), the abort's answer changes nothing ("nothing after it changes the outcome").
        .abortFailed: row(
            [
                .idle: unreachable(notAsked), .initializingConsumerSession: unreachable(notAsked),
                .identifyingConsumer: unreachable(notAsked), .creatingPaymentOrder: unreachable(notAsked),
                .paying: unreachable(notAsked), .updatingPaymentOrder: unreachable(notAsked),
                .aborting: to(.failed, ending(.failed(error))),
            ], ended: ignored),
        // "Starting a payment": v3 with checkin: `expandPayerAfterIdentified`, then
        // `shippingAddressIsKnown()` — while the menu is shown.
        .payerExpanded: row(
            [
                .idle: unreachable(notAsked), .initializingConsumerSession: unreachable(notAsked),
                .identifyingConsumer: unreachable(notAsked), .creatingPaymentOrder: unreachable(notAsked),
                .paying: stays(.notify(.shippingAddressIsKnown)),
                .updatingPaymentOrder: ignored, .aborting: ignored,
            ], ended: ignored),
        // The navigation table: a page the configuration could not be asked about stays in the web
        // view (5.0.3's default policy), and the menu is hidden.
        .configurationPlaced: row(
            [
                .idle: unreachable(noWebView, stays(.answer(n, .allow))),
                .initializingConsumerSession: unreachable(noWebView, stays(.answer(n, .allow))),
                // The checkin page is not the menu: no `paymentOrderDidHide` (5.0.3's flag was the
                // menu's; the reducer said it of any page of the SDK's — fixed).
                .identifyingConsumer: stays(.cancelCheck, .answer(n, .allow)),
                .creatingPaymentOrder: unreachable(noWebView, stays(.answer(n, .allow))),
                .paying: stays(.cancelCheck, .notify(.paymentOrderDidHide), .answer(n, .allow)),
                .updatingPaymentOrder: stays(.cancelCheck, .notify(.paymentOrderDidHide), .answer(n, .allow)),
                .aborting: stays(.cancelCheck, .notify(.paymentOrderDidHide), .answer(n, .allow)),
            ], ended: stays(.notify(.paymentOrderDidHide), .answer(n, .allow))),
        // "What the delegate hears": the hosted view's `onError` fails the payment with
        // `ScriptError` (an update in progress is cancelled); during an abort, its answer decides;
        // after the end, nothing changes the outcome.
        .posted: row(
            [
                .idle: unreachable(noWebView), .initializingConsumerSession: unreachable(noWebView),
                .identifyingConsumer: to(.failed, ending(.failed(scriptError))),
                .creatingPaymentOrder: unreachable(noWebView),
                .paying: to(.failed, ending(.failed(scriptError))),
                .updatingPaymentOrder: to(.failed, ending(.failed(scriptError), cancelling: [.cancelUpdate])),
                .aborting: ignored,
            ], ended: ignored),
        // "What the delegate hears": `paymentOrderDidShow` when a v2 menu page has loaded; the
        // checkout (v3) reports it by its own event, not its load.
        .pageLoaded: row(
            [
                .idle: unreachable(noWebView), .initializingConsumerSession: unreachable(noWebView),
                .identifyingConsumer: ignored, .creatingPaymentOrder: unreachable(noWebView),
                .paying: ignored, .updatingPaymentOrder: ignored, .aborting: ignored,
            ], ended: ignored),
        // `RedirectFailure`: a page of the payment could not load.
        .pageLoadFailed: row(
            [
                .idle: unreachable(noWebView), .initializingConsumerSession: unreachable(noWebView),
                .identifyingConsumer: to(.failed, ending(.failed(redirectFailure))),
                .creatingPaymentOrder: unreachable(noWebView),
                .paying: to(.failed, ending(.failed(redirectFailure))),
                .updatingPaymentOrder: to(.failed, ending(.failed(redirectFailure), cancelling: [.cancelUpdate])),
                .aborting: ignored,
            ], ended: ignored),
        // `ControllerError.webViewUnavailable` and friends: the controller could not show the page.
        .webViewFailed: row(
            [
                .idle: unreachable(noWebView), .initializingConsumerSession: unreachable(noWebView),
                .identifyingConsumer: to(.failed, ending(.failed(error))),
                .creatingPaymentOrder: ignored,
                .paying: to(.failed, ending(.failed(error))),
                .updatingPaymentOrder: to(.failed, ending(.failed(error), cancelling: [.cancelUpdate])),
                .aborting: ignored,
            ], ended: ignored),
        // The navigation table: an http(s) page replacing the menu is offered as an app link first
        // (`Default` then asks the configuration). Before a payment starts there is no web view.
        .navigation: row(
            [
                .idle: unreachable(noWebView, stays(.answer(n, .cancel))),
                .initializingConsumerSession: unreachable(
                    noWebView, stays(.open(n, .appLink(n.request.url, placement: .askConfiguration)))),
                .identifyingConsumer: stays(.open(n, .appLink(n.request.url, placement: .askConfiguration))),
                .creatingPaymentOrder: stays(.open(n, .appLink(n.request.url, placement: .askConfiguration))),
                .paying: stays(.open(n, .appLink(n.request.url, placement: .askConfiguration))),
                .updatingPaymentOrder: stays(.open(n, .appLink(n.request.url, placement: .askConfiguration))),
                .aborting: stays(.open(n, .appLink(n.request.url, placement: .askConfiguration))),
            ], ended: stays(.open(n, .appLink(n.request.url, placement: .askConfiguration)))),
        // The terms page is a document to read: its own web view goes to http(s) pages only.
        .termsNavigation: row(
            [
                .idle: unreachable("the terms page opens from a payment's page", stays(.answer(n, .allow))),
                .initializingConsumerSession: unreachable(noWebView, stays(.answer(n, .allow))),
                .identifyingConsumer: stays(.answer(n, .allow)), .creatingPaymentOrder: stays(.answer(n, .allow)),
                .paying: stays(.answer(n, .allow)), .updatingPaymentOrder: stays(.answer(n, .allow)),
                .aborting: stays(.answer(n, .allow)),
            ], ended: stays(.answer(n, .allow))),
        // "What the payer is asked": the terms open on a page of the SDK's own unless the delegate
        // takes them — in whatever phase the link is followed.
        .termsOffered: row(
            [
                .idle: unreachable(noWebView, stays(.showTerms(n, F.url("https://merchant.example/tos")))),
                .initializingConsumerSession: unreachable(
                    noWebView, stays(.showTerms(n, F.url("https://merchant.example/tos")))),
                .identifyingConsumer: stays(.showTerms(n, F.url("https://merchant.example/tos"))),
                .creatingPaymentOrder: stays(.showTerms(n, F.url("https://merchant.example/tos"))),
                .paying: stays(.showTerms(n, F.url("https://merchant.example/tos"))),
                .updatingPaymentOrder: stays(.showTerms(n, F.url("https://merchant.example/tos"))),
                .aborting: stays(.showTerms(n, F.url("https://merchant.example/tos"))),
            ], ended: stays(.showTerms(n, F.url("https://merchant.example/tos")))),
        // The terms link is refused in the web view once they are shown.
        .termsShown: row(
            [
                .idle: unreachable(noWebView, stays(.answer(n, .cancel))),
                .initializingConsumerSession: unreachable(noWebView, stays(.answer(n, .cancel))),
                .identifyingConsumer: stays(.answer(n, .cancel)), .creatingPaymentOrder: stays(.answer(n, .cancel)),
                .paying: stays(.answer(n, .cancel)), .updatingPaymentOrder: stays(.answer(n, .cancel)),
                .aborting: stays(.answer(n, .cancel)),
            ], ended: stays(.answer(n, .cancel))),
        // "What the payer is asked": a page that opened another app starts the 30 s watch of a
        // payment that has not moved on — where a page is shown and the payment runs; a payment
        // that ended is not asked about.
        .opened: row(
            [
                .idle: unreachable(noWebView, stays(.answer(n, .cancel))),
                .initializingConsumerSession: unreachable(noWebView, stays(.answer(n, .cancel))),
                .identifyingConsumer: stays(.scheduleCheck(at: 30), .answer(n, .cancel)),
                .creatingPaymentOrder: unreachable(noWebView, stays(.answer(n, .cancel))),
                .paying: stays(.scheduleCheck(at: 30), .answer(n, .cancel)),
                .updatingPaymentOrder: stays(.scheduleCheck(at: 30), .answer(n, .cancel)),
                .aborting: stays(.scheduleCheck(at: 30), .answer(n, .cancel)),
            ], ended: stays(.answer(n, .cancel))),
        // "What the payer is asked": the controller asks the payer through its presenter.
        .pageDialog: row(
            [
                .idle: unreachable(noWebView, stays(.presentDialog(id: 1, .alert(message: "hi")))),
                .initializingConsumerSession: unreachable(
                    noWebView, stays(.presentDialog(id: 1, .alert(message: "hi")))),
                .identifyingConsumer: stays(.presentDialog(id: 1, .alert(message: "hi"))),
                .creatingPaymentOrder: stays(.presentDialog(id: 1, .alert(message: "hi"))),
                .paying: stays(.presentDialog(id: 1, .alert(message: "hi"))),
                .updatingPaymentOrder: stays(.presentDialog(id: 1, .alert(message: "hi"))),
                .aborting: stays(.presentDialog(id: 1, .alert(message: "hi"))),
            ], ended: stays(.presentDialog(id: 1, .alert(message: "hi")))),
        // An answer counts only for the prompt shown (none is, in these phases).
        .promptAnswered: row(
            [
                .idle: unreachable(noPrompt), .initializingConsumerSession: unreachable(noPrompt),
                .identifyingConsumer: unreachable(noPrompt), .creatingPaymentOrder: unreachable(noPrompt),
                .paying: unreachable(noPrompt), .updatingPaymentOrder: unreachable(noPrompt),
                .aborting: unreachable(noPrompt),
            ], ended: unreachable(noPrompt)),
        // The stuck prompt watches only a payment left in another app; none was opened here.
        .appBecameActive: row(
            [
                .idle: ignored, .initializingConsumerSession: ignored, .identifyingConsumer: ignored,
                .creatingPaymentOrder: ignored, .paying: ignored, .updatingPaymentOrder: ignored, .aborting: ignored,
            ], ended: ignored),
        .checkDue: row(
            [
                .idle: unreachable("no check was scheduled"),
                .initializingConsumerSession: unreachable("no check was scheduled"),
                .identifyingConsumer: unreachable("no check was scheduled"),
                .creatingPaymentOrder: unreachable("no check was scheduled"),
                .paying: unreachable("no check was scheduled"),
                .updatingPaymentOrder: unreachable("no check was scheduled"),
                .aborting: unreachable("no check was scheduled"),
            ], ended: unreachable("no check was scheduled")),
    ]

    static let scriptError = SwedbankPaySDK.WebPaymentError(SwedbankPaySDKController.WebContentError.ScriptError(nil))
    static let redirectFailure = Flow.redirectFailure(SwedbankPaySDK.WebViewLoadFailure(url: nil, description: "x"))

    // MARK: Checking

    /// What the reducer does in one cell, as a cell.
    static func actual(_ phase: Phase, _ kind: Input.Kind) -> Cell {
        var flow = flow(phase)
        let effects = flow.reduce(input(kind))
        let after = Self.phase(flow.payment)
        return Cell(after: after == phase ? nil : after, effects: effects)
    }

    /// The cells of `table` the reducer does not do as written, by name.
    static func mismatches(_ table: [Input.Kind: [Phase: Cell]]) -> [String] {
        var found: [String] = []
        for kind in Input.Kind.allCases {
            for phase in Phase.allCases {
                guard var expected = table[kind]?[phase] else {
                    found.append("\(phase) × \(kind): not decided")
                    continue
                }
                expected.unreachable = nil
                let actual = actual(phase, kind)
                if actual != expected { found.append("\(phase) × \(kind): expected \(expected), got \(actual)") }
            }
        }
        return found
    }

    @Test func everyCellIsDecidedAndTheReducerDoesWhatItSays() {
        #expect(Self.mismatches(Self.table) == [])
        #expect(Self.table.count == Input.Kind.allCases.count)
    }

    /// Each cell in turn is changed (to effects no cell has); the comparison reports that cell
    /// and no other, so no cell of the table goes unchecked.
    @Test func aChangedCellIsReported() {
        for kind in Input.Kind.allCases {
            for phase in Phase.allCases {
                var changed = Self.table
                changed[kind]?[phase]?.effects.append(.useBrowserFromNowOn)
                let reported = Self.mismatches(changed)
                #expect(
                    reported.count == 1 && reported.first?.hasPrefix("\(phase) × \(kind):") == true,
                    "\(phase) × \(kind)")
            }
        }
    }

    /// The cells 5.0.3's reference table froze oddly, decided again: before a payment starts no
    /// app can have been opened for it and no navigation is its own — nothing is watched, nothing
    /// opened.
    @Test func beforeAPaymentStartsNothingIsWatchedOrOpened() {
        var flow = Flow()
        #expect(
            flow.reduce(.opened(Self.n, .app(F.url("bankid://x")), succeeded: true, at: 0)) == [
                .answer(Self.n, .cancel)
            ])
        #expect(flow.reduce(.checkDue(at: 60)) == [])
        #expect(flow.reduce(.navigation(Self.n, configurationMatchesPaymentUrl: false)) == [.answer(Self.n, .cancel)])
        #expect(flow.phase == .idle)
    }

    /// A third-party page no app claims, placed by the configuration: the web view waits for its
    /// answer through the launch and the configuration's say.
    @Test func aThirdPartyPageGoesThroughTheAppLinkThenTheConfiguration() {
        var flow = Self.flow(.paying)
        let n = Self.navigation
        let url = n.request.url
        #expect(
            flow.reduce(.navigation(n, configurationMatchesPaymentUrl: false)) == [
                .open(n, .appLink(url, placement: .askConfiguration))
            ])
        #expect(
            flow.reduce(.opened(n, .appLink(url, placement: .askConfiguration), succeeded: false, at: 1)) == [
                .askConfiguration(n)
            ])
        #expect(
            flow.reduce(.configurationPlaced(n, .webView)) == [
                .cancelCheck, .notify(.paymentOrderDidHide), .answer(n, .allow),
            ])
        #expect(!flow.showsPaymentOrder)
    }
}
