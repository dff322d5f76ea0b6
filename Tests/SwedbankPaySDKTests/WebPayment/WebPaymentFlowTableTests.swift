import Foundation
import Testing

@testable import SwedbankPaySDK

/// The web payment's transition table: every phase × every input of `WebPaymentFlow.reduce` has
/// one expected outcome (the phase after and the actions, in short). Keyed by the phases' and the
/// inputs' kinds, so a new phase or input cannot be added without deciding its cells.
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

    /// A flow in each phase, reached through the reducer: page 1 is the checkin or the menu; a
    /// payment in another app (opened at 0) is being watched.
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
        case .restore: .restore(.saved(.paying(F.v2Info, options: []), problem: nil))
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
}
