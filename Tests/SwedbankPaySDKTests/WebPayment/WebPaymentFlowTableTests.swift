import Foundation
import Testing

@testable import SwedbankPaySDK

/// The web payment's transition table: every phase × every input of `WebPaymentFlow.reduce` has
/// one expected outcome (the phase after and the actions, in short). Keyed by the phases' and the
/// inputs' kinds, so a new phase or input cannot be added without deciding its cells.
///
/// The grid was first written down from the reducer's own output, so it guards against change
/// rather than proving the decisions right. The cells that matter most — abort and update in each
/// phase, restoring each saved state, the stuck prompt, the terms page, the paymentUrl's return —
/// are also expected from the documented behaviour, source by source, in
/// `WebPaymentFlowDocumentedTests`; the cells changed by the fixes that review found (no stuck
/// prompt once the payment ended) are marked below.
@Suite struct WebPaymentFlowTableTests {
    typealias F = WebPaymentFixtures
    typealias Flow = SwedbankPaySDK.WebPaymentFlow
    typealias Input = SwedbankPaySDK.WebPaymentInput

    /// The phases by name.
    enum Phase: String, CaseIterable {
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

    static let error = SwedbankPaySDK.WebPaymentError(SwedbankPaySDK.WebViewLoadFailure(url: nil, description: "x"))

    /// A flow in each phase, reached through the reducer: page 1 is the checkin or the menu.
    static func flow(_ phase: Phase) -> Flow {
        var flow = Flow()
        func go(_ inputs: Input...) { for input in inputs { _ = flow.reduce(input) } }
        switch phase {
        case .idle: break
        case .initializingConsumerSession: go(.start(useCheckin: true, isV3: false, configured: true))
        case .identifyingConsumer:
            go(.start(useCheckin: true, isV3: false, configured: true), .payment(.consumerSessionCreated(F.checkinInfo)))
        case .creatingPaymentOrder: go(.start(useCheckin: false, isV3: true, configured: true))
        case .paying, .updatingPaymentOrder, .aborting, .complete, .canceled, .failed:
            go(.start(useCheckin: true, isV3: true, configured: true), .payment(.paymentOrderCreated(F.v3Info)))
            switch phase {
            case .updatingPaymentOrder: go(.payment(.updateRequested))
            case .aborting: go(.payment(.abortRequested))
            case .complete: go(.payment(.completed))
            case .canceled: go(.payment(.canceledByPayer))
            case .failed: go(.payment(.pageFailed(error)))
            default: break
            }
        }
        #expect(Self.phase(flow.payment) == phase)
        return flow
    }

    static let navigation = SwedbankPaySDK.WebNavigation(
        id: 1,
        request: SwedbankPaySDK.WebNavigationRequest(
            url: URL(string: "https://bank.example/")!, method: "GET", isMainFrame: true, isNewWindow: false, body: nil))

    /// One input of each kind.
    static func input(_ kind: Input.Kind) -> Input {
        switch kind {
        case .start: .start(useCheckin: false, isV3: true, configured: true)
        case .restore: .restore(.saved(.paying(F.v2Info, options: []), .available()))
        case .payment: .payment(.abortRequested)
        case .delegateSet: .delegateSet
        case .payerExpanded: .payerExpanded
        case .posted: .posted(page: 1, .object(["msg": .string("onPaid")]))
        case .pageLoaded: .pageLoaded(page: 1)
        case .pageLoadFailed: .pageLoadFailed(page: 1, SwedbankPaySDK.WebViewLoadFailure(url: nil, description: "x"))
        case .webViewFailed: .webViewFailed(error)
        case .navigation: .navigation(navigation, .thirdPartyPage(navigation.request.url, placement: .webView))
        case .termsOffered: .termsOffered(navigation, url: F.url("https://merchant.example/tos"), taken: false)
        case .termsShown: .termsShown(navigation)
        case .opened: .opened(navigation, .app(F.url("bankid://x")), succeeded: true, at: 0)
        case .configurationPlaced: .configurationPlaced(navigation, inWebView: false)
        case .pageDialog: .pageDialog
        case .promptAnswered: .promptAnswered(number: 1, .maybeStuck, button: 1)
        case .promptsAllowed: .promptsAllowed(false)
        case .appBecameActive: .appBecameActive(at: 40)
        case .checkDue: .checkDue(at: 40)
        }
    }

    /// An action in short.
    static func describe(_ action: SwedbankPaySDK.WebPaymentAction) -> String {
        switch action {
        case .configuration(let effect):
            switch effect {
            case .createConsumerSession: return "postConsumers"
            case .createPaymentOrder(let ref, _): return "postPaymentorders(\(ref ?? "-"))"
            case .startUpdate(let update, _): return "update \(update)"
            case .cancelUpdate: return "cancelUpdate"
            case .abort: return "abort"
            case .cancelCreation: return "cancelCreation"
            case .expandPayer: return "expandPayer"
            default: return "\(effect)"
            }
        case .showPage(let page, let number, _, let delayed):
            let name =
                switch page {
                case .checkin: "checkin"
                case .paymentMenu: "paymentMenu"
                case .checkout: "checkout"
                }
            return "show \(name) \(number)" + (delayed ? " delayed" : "")
        case .notify(let notice):
            switch notice {
            case .failed: return "failed"
            case .updateFailed: return "updateFailed"
            case .paymentOrderDidShow: return "didShow"
            case .javaScriptEvent(let name, _): return "event \(name)"
            default: return "\(notice)"
            }
        case .answer(_, let decision): return "answer \(decision)"
        case .offerTerms: return "offerTerms"
        case .showTerms: return "showTerms"
        case .open(_, let opening):
            switch opening {
            case .app: return "open app"
            case .browser: return "open browser"
            case .appLink: return "open appLink"
            }
        case .askConfiguration: return "askConfiguration"
        case .presentPrompt(let prompt, _): return "prompt \(prompt)"
        case .dismissPrompt: return "dismissPrompt"
        case .scheduleCheck(let time): return "check at \(Int(time))"
        case .cancelCheck: return "cancelCheck"
        case .useBrowserFromNowOn: return "useBrowser"
        case .registerForPaymentURLs: return "register"
        case .unregisterFromPaymentURLs: return "unregister"
        }
    }

    static func outcome(_ phase: Phase, _ kind: Input.Kind) -> String {
        var flow = flow(phase)
        let actions = flow.reduce(input(kind))
        return "\(Self.phase(flow.payment)): " + actions.map(describe).joined(separator: ", ")
    }

    /// The table: the phase after and the actions, in short. Rows are phases, columns inputs.
    static let table: [Phase: [Input.Kind: String]] = [
        .idle: [
            .start: "creatingPaymentOrder: register, postPaymentorders(-)",
            .restore: "paying: register, show paymentMenu 1, cancelCheck",
            .payment: "idle: ",
            .delegateSet: "idle: ",
            .payerExpanded: "idle: ",
            .posted: "idle: ",
            .pageLoaded: "idle: ",
            .pageLoadFailed: "idle: ",
            .webViewFailed: "idle: ",
            .navigation: "idle: open appLink",
            .termsOffered: "idle: showTerms",
            .termsShown: "idle: answer cancel",
            .opened: "idle: check at 30, answer cancel",
            .configurationPlaced: "idle: open browser",
            .pageDialog: "idle: ",
            .promptAnswered: "idle: ",
            .promptsAllowed: "idle: cancelCheck",
            .appBecameActive: "idle: ",
            .checkDue: "idle: ",
        ],
        .initializingConsumerSession: [
            .start: "initializingConsumerSession: ",
            .restore: "initializingConsumerSession: ",
            .payment: "canceled: cancelCreation, canceled, unregister",
            .delegateSet: "initializingConsumerSession: ",
            .payerExpanded: "initializingConsumerSession: ",
            .posted: "initializingConsumerSession: ",
            .pageLoaded: "initializingConsumerSession: ",
            .pageLoadFailed: "initializingConsumerSession: ",
            .webViewFailed: "initializingConsumerSession: ",
            .navigation: "initializingConsumerSession: open appLink",
            .termsOffered: "initializingConsumerSession: showTerms",
            .termsShown: "initializingConsumerSession: answer cancel",
            .opened: "initializingConsumerSession: check at 30, answer cancel",
            .configurationPlaced: "initializingConsumerSession: open browser",
            .pageDialog: "initializingConsumerSession: ",
            .promptAnswered: "initializingConsumerSession: ",
            .promptsAllowed: "initializingConsumerSession: cancelCheck",
            .appBecameActive: "initializingConsumerSession: ",
            .checkDue: "initializingConsumerSession: ",
        ],
        .identifyingConsumer: [
            .start: "identifyingConsumer: ",
            .restore: "identifyingConsumer: ",
            .payment: "canceled: cancelCreation, canceled, unregister",
            .delegateSet: "identifyingConsumer: ",
            .payerExpanded: "identifyingConsumer: ",
            .posted: "identifyingConsumer: ",
            .pageLoaded: "identifyingConsumer: ",
            .pageLoadFailed: "failed: failed, unregister",
            .webViewFailed: "failed: failed, unregister",
            .navigation: "identifyingConsumer: open appLink",
            .termsOffered: "identifyingConsumer: showTerms",
            .termsShown: "identifyingConsumer: answer cancel",
            .opened: "identifyingConsumer: check at 30, answer cancel",
            .configurationPlaced: "identifyingConsumer: open browser",
            .pageDialog: "identifyingConsumer: ",
            .promptAnswered: "identifyingConsumer: ",
            .promptsAllowed: "identifyingConsumer: cancelCheck",
            .appBecameActive: "identifyingConsumer: ",
            .checkDue: "identifyingConsumer: ",
        ],
        .creatingPaymentOrder: [
            .start: "creatingPaymentOrder: ",
            .restore: "creatingPaymentOrder: ",
            .payment: "canceled: cancelCreation, canceled, unregister",
            .delegateSet: "creatingPaymentOrder: ",
            .payerExpanded: "creatingPaymentOrder: ",
            .posted: "creatingPaymentOrder: ",
            .pageLoaded: "creatingPaymentOrder: ",
            .pageLoadFailed: "creatingPaymentOrder: ",
            .webViewFailed: "creatingPaymentOrder: ",
            .navigation: "creatingPaymentOrder: open appLink",
            .termsOffered: "creatingPaymentOrder: showTerms",
            .termsShown: "creatingPaymentOrder: answer cancel",
            .opened: "creatingPaymentOrder: check at 30, answer cancel",
            .configurationPlaced: "creatingPaymentOrder: open browser",
            .pageDialog: "creatingPaymentOrder: ",
            .promptAnswered: "creatingPaymentOrder: ",
            .promptsAllowed: "creatingPaymentOrder: cancelCheck",
            .appBecameActive: "creatingPaymentOrder: ",
            .checkDue: "creatingPaymentOrder: ",
        ],
        .paying: [
            .start: "paying: ",
            .restore: "paying: ",
            .payment: "aborting: abort",
            .delegateSet: "paying: ",
            .payerExpanded: "paying: shippingAddressIsKnown",
            .posted: "complete: complete, unregister",
            .pageLoaded: "paying: ",
            .pageLoadFailed: "failed: failed, unregister",
            .webViewFailed: "failed: failed, unregister",
            .navigation: "paying: open appLink",
            .termsOffered: "paying: showTerms",
            .termsShown: "paying: answer cancel",
            .opened: "paying: check at 30, answer cancel",
            .configurationPlaced: "paying: open browser",
            .pageDialog: "paying: ",
            .promptAnswered: "paying: ",
            .promptsAllowed: "paying: cancelCheck",
            .appBecameActive: "paying: ",
            .checkDue: "paying: ",
        ],
        .updatingPaymentOrder: [
            .start: "updatingPaymentOrder: ",
            .restore: "updatingPaymentOrder: ",
            .payment: "aborting: cancelUpdate, abort",
            .delegateSet: "updatingPaymentOrder: ",
            .payerExpanded: "updatingPaymentOrder: ",
            .posted: "complete: cancelUpdate, complete, unregister",
            .pageLoaded: "updatingPaymentOrder: ",
            .pageLoadFailed: "failed: cancelUpdate, failed, unregister",
            .webViewFailed: "failed: cancelUpdate, failed, unregister",
            .navigation: "updatingPaymentOrder: open appLink",
            .termsOffered: "updatingPaymentOrder: showTerms",
            .termsShown: "updatingPaymentOrder: answer cancel",
            .opened: "updatingPaymentOrder: check at 30, answer cancel",
            .configurationPlaced: "updatingPaymentOrder: open browser",
            .pageDialog: "updatingPaymentOrder: ",
            .promptAnswered: "updatingPaymentOrder: ",
            .promptsAllowed: "updatingPaymentOrder: cancelCheck",
            .appBecameActive: "updatingPaymentOrder: ",
            .checkDue: "updatingPaymentOrder: ",
        ],
        .aborting: [
            .start: "aborting: ",
            .restore: "aborting: ",
            .payment: "aborting: ",
            .delegateSet: "aborting: ",
            .payerExpanded: "aborting: ",
            .posted: "complete: complete, unregister",
            .pageLoaded: "aborting: ",
            .pageLoadFailed: "aborting: ",
            .webViewFailed: "aborting: ",
            .navigation: "aborting: open appLink",
            .termsOffered: "aborting: showTerms",
            .termsShown: "aborting: answer cancel",
            .opened: "aborting: check at 30, answer cancel",
            .configurationPlaced: "aborting: open browser",
            .pageDialog: "aborting: ",
            .promptAnswered: "aborting: ",
            .promptsAllowed: "aborting: cancelCheck",
            .appBecameActive: "aborting: ",
            .checkDue: "aborting: ",
        ],
        // An ended payment is not watched for the stuck prompt (`opened`, `promptsAllowed`): the
        // WebPayments article prompts only "a payment that has not moved on".
        .complete: [
            .start: "complete: ",
            .restore: "complete: ",
            .payment: "complete: ",
            .delegateSet: "complete: complete",
            .payerExpanded: "complete: ",
            .posted: "complete: ",
            .pageLoaded: "complete: ",
            .pageLoadFailed: "complete: ",
            .webViewFailed: "complete: ",
            .navigation: "complete: open appLink",
            .termsOffered: "complete: showTerms",
            .termsShown: "complete: answer cancel",
            .opened: "complete: answer cancel",
            .configurationPlaced: "complete: open browser",
            .pageDialog: "complete: ",
            .promptAnswered: "complete: ",
            .promptsAllowed: "complete: ",
            .appBecameActive: "complete: ",
            .checkDue: "complete: ",
        ],
        .canceled: [
            .start: "canceled: ",
            .restore: "canceled: ",
            .payment: "canceled: ",
            .delegateSet: "canceled: canceled",
            .payerExpanded: "canceled: ",
            .posted: "canceled: ",
            .pageLoaded: "canceled: ",
            .pageLoadFailed: "canceled: ",
            .webViewFailed: "canceled: ",
            .navigation: "canceled: open appLink",
            .termsOffered: "canceled: showTerms",
            .termsShown: "canceled: answer cancel",
            .opened: "canceled: answer cancel",
            .configurationPlaced: "canceled: open browser",
            .pageDialog: "canceled: ",
            .promptAnswered: "canceled: ",
            .promptsAllowed: "canceled: ",
            .appBecameActive: "canceled: ",
            .checkDue: "canceled: ",
        ],
        .failed: [
            .start: "failed: ",
            .restore: "failed: ",
            .payment: "failed: ",
            .delegateSet: "failed: failed",
            .payerExpanded: "failed: ",
            .posted: "failed: ",
            .pageLoaded: "failed: ",
            .pageLoadFailed: "failed: ",
            .webViewFailed: "failed: ",
            .navigation: "failed: open appLink",
            .termsOffered: "failed: showTerms",
            .termsShown: "failed: answer cancel",
            .opened: "failed: answer cancel",
            .configurationPlaced: "failed: open browser",
            .pageDialog: "failed: ",
            .promptAnswered: "failed: ",
            .promptsAllowed: "failed: ",
            .appBecameActive: "failed: ",
            .checkDue: "failed: ",
        ],
    ]
    @Test func everyCellIsDecided() {
        for phase in Phase.allCases {
            for input in Input.Kind.allCases {
                #expect(Self.table[phase]?[input] != nil, "no outcome for \(phase) × \(input)")
            }
        }
    }

    @Test(arguments: Phase.allCases)
    func eachPhaseAnswersEveryInputAsTheTableSays(_ phase: Phase) {
        for input in Input.Kind.allCases {
            #expect(Self.outcome(phase, input) == Self.table[phase]?[input], "\(phase) × \(input)")
        }
    }

    /// A third-party page no app claims, placed by the configuration: the web view waits for its
    /// answer through the launch and the configuration's say.
    @Test func aThirdPartyPageGoesThroughTheAppLinkThenTheConfiguration() {
        var flow = Self.flow(.paying)
        let n = Self.navigation
        let url = n.request.url
        #expect(flow.reduce(.navigation(n, .thirdPartyPage(url, placement: .askConfiguration))) == [.open(n, .appLink(url, placement: .askConfiguration))])
        #expect(flow.reduce(.opened(n, .appLink(url, placement: .askConfiguration), succeeded: false, at: 1)) == [.askConfiguration(n)])
        #expect(
            flow.reduce(.configurationPlaced(n, inWebView: true)) == [
                .cancelCheck, .notify(.paymentOrderDidHide), .answer(n, .allow),
            ])
        #expect(!flow.showsPaymentOrder)
    }
}
