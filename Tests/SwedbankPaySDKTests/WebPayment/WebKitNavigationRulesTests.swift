import Foundation
import Testing

@testable import SwedbankPaySDK

/// The `WKWebView` adapter's rules (Apple only to carry out, decided here on every platform).
@Suite struct WebKitNavigationRulesTests {
    typealias Rules = SwedbankPaySDK.WebKitNavigationRules
    let menu = URL(string: "https://pay.example.com/menu")!
    let bank = URL(string: "https://bank.example.com/acs")!

    @Test func theSDKsOwnTopLevelLoadIsAllowedWithoutAsking() {
        #expect(Rules.step(url: menu, method: "GET", targetIsMainFrame: true, body: nil, ownLoadURL: menu) == .allowOwnLoad)
    }

    @Test func everythingElseIsAskedAbout() {
        // The same URL in a frame, another URL at the top, no load of the SDK's.
        #expect(
            Rules.step(url: menu, method: "GET", targetIsMainFrame: false, body: nil, ownLoadURL: menu)
                == .ask(SwedbankPaySDK.WebNavigationRequest(url: menu, isMainFrame: false)))
        let form = Data("cres=abc".utf8)
        #expect(
            Rules.step(url: bank, method: "POST", targetIsMainFrame: true, body: form, ownLoadURL: menu)
                == .ask(SwedbankPaySDK.WebNavigationRequest(url: bank, method: "POST", body: form)))
        #expect(
            Rules.step(url: bank, method: "GET", targetIsMainFrame: true, body: nil, ownLoadURL: nil)
                == .ask(SwedbankPaySDK.WebNavigationRequest(url: bank)))
    }

    @Test func anActionWithoutATargetFrameIsANewTopLevelWindow() {
        #expect(
            Rules.step(url: bank, method: nil, targetIsMainFrame: nil, body: nil, ownLoadURL: bank)
                == .ask(SwedbankPaySDK.WebNavigationRequest(url: bank, method: "GET", isMainFrame: true, isNewWindow: true)))
    }

    @Test func anActionWithoutAURLIsAboutBlank() {
        #expect(
            Rules.step(url: nil, method: nil, targetIsMainFrame: true, body: nil, ownLoadURL: nil)
                == .ask(SwedbankPaySDK.WebNavigationRequest(url: URL(string: "about:blank")!)))
    }

    @Test func allowedPopupsLoadInPlaceAndCancelledOnesStop() {
        let popup = SwedbankPaySDK.WebNavigationRequest(url: bank, isNewWindow: true)
        let top = SwedbankPaySDK.WebNavigationRequest(url: bank)
        #expect(Rules.answer(.allow, for: popup) == .cancelAndLoadInPlace)
        #expect(Rules.answer(.allow, for: top) == .allow)
        #expect(Rules.answer(.cancel, for: popup) == .cancel)
        #expect(Rules.answer(.cancel, for: top) == .cancel)
    }

    @MainActor
    @Test func theDeciderIsAskedAndWithoutOneEverythingIsAllowed() async {
        let popup = SwedbankPaySDK.WebNavigationRequest(url: bank, isNewWindow: true)
        let top = SwedbankPaySDK.WebNavigationRequest(url: menu)
        var asked: [SwedbankPaySDK.WebNavigationRequest] = []
        let denyingTheBank: SwedbankPaySDK.WebNavigationDecider = { request in
            asked.append(request)
            return request.url == bank ? .cancel : .allow
        }
        #expect(await Rules.answer(top, by: denyingTheBank) == .allow)
        #expect(await Rules.answer(popup, by: denyingTheBank) == .cancel)
        #expect(asked == [top, popup])
        #expect(await Rules.answer(top, by: nil) == .allow)
        #expect(await Rules.answer(popup, by: nil) == .cancelAndLoadInPlace)
    }

    @Test func onlyCancellationsAndWebKitsInterruptionsEndQuietly() {
        #expect(Rules.isQuietEnd(errorDomain: NSURLErrorDomain, code: NSURLErrorCancelled))
        #expect(Rules.isQuietEnd(errorDomain: "WebKitErrorDomain", code: 102))
        #expect(!Rules.isQuietEnd(errorDomain: NSURLErrorDomain, code: NSURLErrorCannotConnectToHost))
        #expect(!Rules.isQuietEnd(errorDomain: NSURLErrorDomain, code: 102))
        #expect(!Rules.isQuietEnd(errorDomain: "WebKitErrorDomain", code: NSURLErrorCancelled))
        #expect(!Rules.isQuietEnd(errorDomain: "WebKitErrorDomain", code: 101))
    }
}

/// What the `WKWebView` adapter hands back to WebKit for a page's dialog.
@MainActor
@Suite struct WebKitDialogAnswerTests {
    typealias Dialog = SwedbankPaySDK.WebDialog

    @Test func theHandlersAnswerGoesBackAsConfirmsBoolAndPromptsText() async {
        var asked: [Dialog] = []
        let handler: SwedbankPaySDK.WebDialogHandler = { dialog in
            asked.append(dialog)
            switch dialog {
            case .alert: return .dismissed
            case .confirm(let message): return message == "Leave?" ? .accepted : .dismissed
            case .prompt(_, let defaultText): return defaultText.map { .text($0) } ?? .dismissed
            }
        }
        #expect(await Dialog.alert(message: "Hi").answer(by: handler) == .dismissed)
        #expect(await Dialog.confirm(message: "Leave?").answer(by: handler).confirmResult == true)
        #expect(await Dialog.confirm(message: "Stay?").answer(by: handler).confirmResult == false)
        #expect(await Dialog.prompt(message: "Code", defaultText: "12").answer(by: handler).promptResult == "12")
        #expect(await Dialog.prompt(message: "Code", defaultText: nil).answer(by: handler).promptResult == nil)
        #expect(
            asked == [
                .alert(message: "Hi"), .confirm(message: "Leave?"), .confirm(message: "Stay?"),
                .prompt(message: "Code", defaultText: "12"), .prompt(message: "Code", defaultText: nil),
            ])
    }

    @Test func withoutAHandlerDialogsAreAnsweredAsWebKitAnswersThemWithoutAUIDelegate() async {
        #expect(await Dialog.alert(message: "Hi").answer(by: nil) == .accepted)
        #expect(await Dialog.confirm(message: "Leave?").answer(by: nil).confirmResult == false)
        #expect(await Dialog.prompt(message: "Code", defaultText: "12").answer(by: nil).promptResult == nil)
    }

    @Test func anAcceptedPromptWithoutTextAndATextForAConfirmAreNotTakenForOtherAnswers() {
        // `.accepted` answers a confirm only; a prompt needs `.text` (an empty one is "").
        #expect(SwedbankPaySDK.WebDialogAnswer.accepted.promptResult == nil)
        #expect(SwedbankPaySDK.WebDialogAnswer.text("").promptResult == "")
        #expect(SwedbankPaySDK.WebDialogAnswer.text("yes").confirmResult == false)
        #expect(SwedbankPaySDK.WebDialogAnswer.dismissed.confirmResult == false)
    }

    @Test func htmlAtAboutBlankIsGivenToWebKitWithoutABaseURL() {
        #expect(SwedbankPaySDK.WebKitNavigationRules.htmlBaseURL(URL(string: "about:blank")!) == nil)
        let base = URL(string: "https://merchant.example/pay/")!
        #expect(SwedbankPaySDK.WebKitNavigationRules.htmlBaseURL(base) == base)
    }
}

/// The message handlers of a web view adapter: what a page posts reaches the SDK from the
/// top-level document only, as JSON.
@MainActor
@Suite struct WebMessageHandlersTests {
    @Test func onlyTheMainFramesPostsReachTheirHandlerAsJSON() {
        var received: [String: [SwedbankPaySDK.JSONValue]] = [:]
        var handlers = SwedbankPaySDK.WebMessageHandlers()
        handlers["swedbankpay"] = { received["swedbankpay", default: []].append($0) }
        handlers["other"] = { received["other", default: []].append($0) }
        let post: [String: Any] = ["msg": "onPaid", "arg": 1]
        handlers.deliver(name: "swedbankpay", body: post, isMainFrame: false)
        handlers.deliver(name: "unknown", body: post, isMainFrame: true)
        handlers.deliver(name: "swedbankpay", body: post, isMainFrame: true)
        #expect(received == ["swedbankpay": [.object(["msg": .string("onPaid"), "arg": .integer(1)])]])
        handlers["swedbankpay"] = nil
        handlers.deliver(name: "swedbankpay", body: post, isMainFrame: true)
        handlers.removeAll()
        handlers.deliver(name: "other", body: "x", isMainFrame: true)
        #expect(received == ["swedbankpay": [.object(["msg": .string("onPaid"), "arg": .integer(1)])]])
    }
}
