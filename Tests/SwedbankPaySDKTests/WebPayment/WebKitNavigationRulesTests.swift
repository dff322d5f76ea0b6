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

    @Test func onlyCancellationsAndWebKitsInterruptionsEndQuietly() {
        #expect(Rules.isQuietEnd(errorDomain: NSURLErrorDomain, code: NSURLErrorCancelled))
        #expect(Rules.isQuietEnd(errorDomain: "WebKitErrorDomain", code: 102))
        #expect(!Rules.isQuietEnd(errorDomain: NSURLErrorDomain, code: NSURLErrorCannotConnectToHost))
        #expect(!Rules.isQuietEnd(errorDomain: NSURLErrorDomain, code: 102))
        #expect(!Rules.isQuietEnd(errorDomain: "WebKitErrorDomain", code: NSURLErrorCancelled))
        #expect(!Rules.isQuietEnd(errorDomain: "WebKitErrorDomain", code: 101))
    }
}
